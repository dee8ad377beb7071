#pragma once
// One connection on the canvas: a curve from the source's output port to the target's input
// port, selectable (for deletion), with a generous hit area. Holds the connection value and
// the two node items it joins (both owned by the same scene, which deletes edges first).

#include "core/graph/Connection.h"

#include <QGraphicsPathItem>

namespace netsizer::ui {

class NodeItem;

class EdgeItem : public QGraphicsPathItem {
public:
    enum { Type = UserType + 2 };
    EdgeItem(const core::Connection& c, NodeItem* from, NodeItem* to);
    int type() const override { return Type; }
    const core::Connection& connection() const { return m_connection; }

    void updatePath();
    QPainterPath shape() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    core::Connection m_connection;
    NodeItem* m_from;
    NodeItem* m_to;
};

} // namespace netsizer::ui
