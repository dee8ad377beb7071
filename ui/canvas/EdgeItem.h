#pragma once
// One connection on the canvas: a curve from the source's output port to the target's input
// port, selectable (for deletion), with a generous hit area. The curve stops kTipGap outside
// the input port's circle (nodes paint above edges) and ends in an arrowhead that points along
// the curve's last tangent, so the head is never hidden under the port. An edge never runs
// hidden under a node: when the direct curve would cross another node (or the target sits above
// the source), it detours along a vertical lane beside the nodes in the way, and one that still
// crosses a node is drawn above the nodes. Holds the connection value and the two node items it
// joins (both owned by the same scene, which deletes edges first). Its tooltip names the
// tensor it carries: the source output's per-sample shape and its bytes at the batch.

#include "core/graph/Connection.h"

#include <QGraphicsPathItem>

#include <cstdint>
#include <optional>
#include <vector>

namespace netsizer::ui {

class NodeItem;
class NodeRectIndex;

class EdgeItem : public QGraphicsPathItem {
public:
    enum { Type = UserType + 2 };
    EdgeItem(const core::Connection& c, NodeItem* from, NodeItem* to);
    int type() const override { return Type; }
    const core::Connection& connection() const { return m_connection; }

    // Distance of the arrow's tip from the rim of the target's input port circle, scene units.
    static constexpr double kTipGap = 1.5;
    // Space kept between a routed edge and the nodes it passes, scene units.
    static constexpr double kClearance = 10;

    // The colour of an unselected edge on `palette`: opaque, between Text and Window (the
    // canvas background).
    static QColor ink(const QPalette& palette);

    // Re-routes the edge. `nodes`: the boxes of the visible nodes for a pass over many edges
    // (GraphScene::routeEdges); without it the scene's items are asked.
    void updatePath(const NodeRectIndex* nodes = nullptr);
    // Ends other than the ports: a collapsed group's box stands in for a hidden node (start: the
    // box's bottom centre, end: its top centre). nullopt = the node's port. Re-routes.
    void setEnds(std::optional<QPointF> start, std::optional<QPointF> end);

    // "features.0 → features.1: [64, 224, 224] · 12.25 MiB at batch 32", the hover text;
    // `bytes` is the tensor's size at `batch` as `sizeText` formats it. An empty shape (the
    // source is not analysed) says so instead.
    static QString tensorText(const QString& from, const QString& to, const QString& shape, const QString& sizeText,
                              std::uint64_t batch);
    QPainterPath shape() const override;
    QRectF boundingRect() const override;
    // The arrowhead triangle in scene coordinates: tip first, at the end of path(). Computed once
    // per route (boundingRect() asks for it constantly, and finding a curve's end tangent means
    // measuring the curve).
    const QPolygonF& arrowHead() const { return m_head; }
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

private:
    // Sets the curve and its arrowhead together; every route change goes through here.
    void setRoute(const QPainterPath& route);
    static QPolygonF headOf(const QPainterPath& route);
    // Boxes of the nodes other than the two ends that `path` passes within kClearance of.
    std::vector<QRectF> obstaclesHit(const QPainterPath& path, const NodeRectIndex* nodes) const;

    core::Connection m_connection;
    QPolygonF m_head;
    NodeItem* m_from;
    NodeItem* m_to;
    std::optional<QPointF> m_start, m_end;
};

} // namespace netsizer::ui
