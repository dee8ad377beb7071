#include "ui/canvas/EdgeItem.h"

#include "ui/canvas/NodeItem.h"
#include "ui/canvas/NodeRectIndex.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPathStroker>
#include <QGraphicsScene>
#include <QPalette>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

#include <algorithm>
#include <cmath>

namespace netsizer::ui {

EdgeItem::EdgeItem(const core::Connection& c, NodeItem* from, NodeItem* to) : m_connection(c), m_from(from), m_to(to)
{
    setFlags(ItemIsSelectable);
    setZValue(0);
    from->addEdge(this);
    to->addEdge(this);
    updatePath();
}

namespace {

// The S-curve between two points, leaving `from` and reaching `to` vertically (downwards).
// The control points never reach past the other end (dy ≤ the drop), so y only grows along the
// curve: a short drop between offset ports makes a shallow S, never a loop.
void sCurve(QPainterPath& path, QPointF from, QPointF to)
{
    const double drop = to.y() - from.y();
    const double dy = drop > 0 ? std::min(std::max(40.0, drop / 2), drop) : 40.0;
    path.cubicTo(from + QPointF(0, dy), to - QPointF(0, dy), to);
}

} // namespace

QColor EdgeItem::ink(const QPalette& palette)
{
    // Opaque (no alpha): the text colour a fifth of the way to the canvas background (Window),
    // quieter than text yet at least 4.5:1 against the canvas on light and dark palettes.
    const QColor t = palette.color(QPalette::Text), b = palette.color(QPalette::Window);
    return QColor::fromRgbF(t.redF() * 0.8f + b.redF() * 0.2f, t.greenF() * 0.8f + b.greenF() * 0.2f,
                            t.blueF() * 0.8f + b.blueF() * 0.2f);
}

std::vector<QRectF> EdgeItem::obstaclesHit(const QPainterPath& path, const NodeRectIndex* nodes) const
{
    std::vector<QRectF> hit;
    if (!scene()) return hit;
    // Candidates by rectangles first (an index, no shapes): a chain's edge between two nodes one
    // above the other meets none, and is done without stroking the curve. The stroke lies inside
    // `reach`, so a box outside it cannot be hit.
    const QRectF reach = path.boundingRect().adjusted(-kClearance, -kClearance, kClearance, kClearance);
    std::vector<QRectF> candidates;
    if (nodes) {
        for (const NodeRectIndex::Entry& e : nodes->intersecting(reach))
            if (e.node != m_from && e.node != m_to) candidates.push_back(e.box);
    } else {
        for (QGraphicsItem* item : scene()->items(reach, Qt::IntersectsItemBoundingRect)) {
            if (item->type() != NodeItem::Type || item == m_from || item == m_to || !item->isVisible()) continue;
            candidates.push_back(static_cast<NodeItem*>(item)->sceneBox());
        }
    }
    if (candidates.empty()) return hit;
    QPainterPathStroker stroker;
    stroker.setWidth(2 * kClearance);
    const QPainterPath wide = stroker.createStroke(path);
    for (const QRectF& box : candidates)
        if (wide.intersects(box)) hit.push_back(box);
    return hit;
}

void EdgeItem::updatePath(const NodeRectIndex* nodes)
{
    const QPointF a = m_start ? *m_start : m_from->outputPortPos();
    const QPointF port = m_end ? *m_end : m_to->inputPortPos(m_connection.to.port);
    // Input ports sit on the node's top edge and the curve enters them vertically from above:
    // stop on the vertical through the port centre, just above the port's circle.
    const QPointF b = port - QPointF(0, (m_end ? 0 : NodeItem::kPortRadius) + kTipGap);
    prepareGeometryChange();
    QPainterPath direct(a);
    sCurve(direct, a, b);
    // Upwards (the target above the source) the direct curve would double back through both
    // nodes: go round them instead.
    const bool upwards = b.y() < a.y() + 2 * kClearance;
    std::vector<QRectF> around = obstaclesHit(direct, nodes);
    if (!upwards && around.empty()) {
        setRoute(direct);
        setZValue(0);
        return;
    }
    if (upwards) {
        around.push_back(m_from->sceneBoundingRect());
        around.push_back(m_to->sceneBoundingRect());
    }
    // A vertical lane beside everything in the way, on the side that is the shorter detour;
    // the obstacles the detour itself meets join in, a few rounds at most.
    QPainterPath detour;
    for (int round = 0; round < 4; ++round) {
        double left = std::min(a.x(), b.x()), right = std::max(a.x(), b.x());
        for (const QRectF& r : around) {
            left = std::min(left, r.left());
            right = std::max(right, r.right());
        }
        const double lx = left - 2 * kClearance, rx = right + 2 * kClearance;
        const double lane = std::abs(lx - a.x()) + std::abs(lx - b.x()) <= std::abs(rx - a.x()) + std::abs(rx - b.x()) ? lx : rx;
        const QPointF q1(lane, a.y() + 3 * kClearance), q2(lane, b.y() - 3 * kClearance);
        detour = QPainterPath(a);
        sCurve(detour, a, q1);
        detour.lineTo(q2); // downwards, or upwards past both nodes when the target is above
        sCurve(detour, q2, b);
        const auto more = obstaclesHit(detour, nodes);
        bool added = false;
        for (const QRectF& r : more)
            if (std::find(around.begin(), around.end(), r) == around.end()) {
                around.push_back(r);
                added = true;
            }
        if (!added) break;
    }
    setRoute(detour);
    // Nodes paint over edges; one that still crosses a node is drawn above it, never hidden.
    setZValue(obstaclesHit(detour, nodes).empty() ? 0 : 2);
}

void EdgeItem::setEnds(std::optional<QPointF> start, std::optional<QPointF> end)
{
    if (start == m_start && end == m_end) return;
    m_start = start;
    m_end = end;
    updatePath();
}

QString EdgeItem::tensorText(const QString& from, const QString& to, const QString& shape, const QString& sizeText,
                             std::uint64_t batch)
{
    const QString ends = QStringLiteral("%1 → %2").arg(from, to);
    if (shape.isEmpty()) return QObject::tr("%1: shape unknown (the source is not analysed)").arg(ends);
    return QObject::tr("%1: %2 · %3 at batch %4").arg(ends, shape, sizeText).arg(batch);
}

QPainterPath EdgeItem::shape() const
{
    QPainterPathStroker s;
    s.setWidth(12);
    QPainterPath stroke = s.createStroke(path());
    stroke.addPolygon(arrowHead());
    return stroke;
}

QRectF EdgeItem::boundingRect() const
{
    // The head is wider than the curve's stroke where the curve ends vertically.
    return QGraphicsPathItem::boundingRect().united(arrowHead().boundingRect().adjusted(-1, -1, 1, 1));
}

void EdgeItem::setRoute(const QPainterPath& route)
{
    prepareGeometryChange(); // the old bounds (curve and head) are repainted and re-indexed
    m_head = headOf(route);
    setPath(route);
}

QPolygonF EdgeItem::headOf(const QPainterPath& p)
{
    constexpr double kLength = 9, kHalfWidth = 5;
    if (p.isEmpty()) return {};
    const QPointF tip = p.pointAtPercent(1.0);
    // angleAtPercent: degrees, counter-clockwise, with y pointing up; scene y points down.
    const double rad = qDegreesToRadians(p.angleAtPercent(1.0));
    const QPointF dir(std::cos(rad), -std::sin(rad));
    const QPointF normal(-dir.y(), dir.x());
    const QPointF base = tip - dir * kLength;
    return QPolygonF{} << tip << base + normal * kHalfWidth << base - normal * kHalfWidth;
}

void EdgeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const QPalette pal = widget ? widget->palette() : QApplication::palette();
    const bool selected = option->state & QStyle::State_Selected;
    p->setRenderHint(QPainter::Antialiasing);
    const QColor c = selected ? pal.color(QPalette::Highlight) : ink(pal);
    p->setPen(QPen(c, selected ? 2.5 : 1.8));
    p->setBrush(Qt::NoBrush);
    p->drawPath(path());
    // Arrow head just above the input port.
    p->setBrush(c);
    p->setPen(Qt::NoPen);
    p->drawPolygon(arrowHead());
}

} // namespace netsizer::ui
