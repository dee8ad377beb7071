#pragma once
// One layer on the canvas: a rounded box with the layer's name, kind, output shape, parameter
// count and a memory badge (its total at the configured batch, plus a thin stacked bar of its
// components in ComponentStyle colours). Input ports on the top edge, one output port at the
// bottom. Red outline and the message as tooltip when the layer has a shape error. The item's
// pos() is the layer's centre in scene units (core::Layer::x/y). Owned by the GraphScene.

#include "core/memory/Component.h"
#include "core/graph/LayerId.h"

#include <QGraphicsItem>
#include <QString>

#include <array>
#include <optional>
#include <vector>

namespace netsizer::ui {

class EdgeItem;

class NodeItem : public QGraphicsItem {
public:
    static constexpr double kWidth = 200;
    static constexpr double kHeight = 78;
    static constexpr double kPortRadius = 6;
    enum { Type = UserType + 1 };

    struct Info {
        QString name, kind, shape, params, memory;
        QString buffers; // "129 buffers", empty without buffers (tooltip only)
        std::array<double, core::kComponentCount> parts{}; // bytes per component (badge bar)
        QString error;     // empty: no error
        bool trainable = true;
        int inputPorts = 1; // ports drawn on the top edge
        bool hasOutput = true;
        QString tooltip;
    };

    explicit NodeItem(core::LayerId id);
    int type() const override { return Type; }
    core::LayerId layerId() const { return m_id; }

    void setInfo(const Info& info);
    // Replaces only the memory badge (text, bar, tooltip): what a batch or configuration change
    // alters. Repaints the node without a geometry change.
    void setMemory(const QString& memory, const std::array<double, core::kComponentCount>& parts, const QString& tooltip);
    const Info& info() const { return m_info; }
    // The Step through panel's mark: a wide accent outline and `tag` ("forward", "backward") in
    // a label above the box, while the layer is the one being computed; empty: no mark.
    void setStepMark(const QString& tag);
    const QString& stepMark() const { return m_stepMark; }

    QRectF boundingRect() const override;
    // The box (kWidth × kHeight round pos(), ports excluded) in scene coordinates: what edges
    // are routed round.
    QRectF sceneBox() const { return mapRectToScene(QRectF(-kWidth / 2, -kHeight / 2, kWidth, kHeight)); }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

    // Port centres in scene coordinates.
    QPointF inputPortPos(int port) const;
    QPointF outputPortPos() const;
    // The port under `scenePos` (within a small radius): {isInput, index}.
    struct Port {
        bool input;
        int index;
    };
    std::optional<Port> portAt(QPointF scenePos) const;

    // Edges attached to this node; they re-route when the node moves.
    void addEdge(EdgeItem* e) { m_edges.push_back(e); }

protected:
    QVariant itemChange(GraphicsItemChange change, const QVariant& value) override;

private:
    static constexpr double kStepTagHeight = 16;
    void paintStepMark(QPainter* p, const QRectF& box) const;

    core::LayerId m_id;
    Info m_info;
    QString m_stepMark;
    std::vector<EdgeItem*> m_edges;
};

} // namespace netsizer::ui
