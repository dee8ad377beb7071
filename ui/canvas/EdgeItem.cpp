#include "ui/canvas/EdgeItem.h"

#include "ui/canvas/NodeItem.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPathStroker>
#include <QPalette>
#include <QStyleOptionGraphicsItem>
#include <QtMath>

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

void EdgeItem::updatePath()
{
    const QPointF a = m_from->outputPortPos();
    const QPointF port = m_to->inputPortPos(m_connection.to.port);
    // Input ports sit on the node's top edge and the curve enters them vertically from above:
    // stop on the vertical through the port centre, just above the port's circle.
    const QPointF b = port - QPointF(0, NodeItem::kPortRadius + kTipGap);
    const double dy = std::max(40.0, std::abs(b.y() - a.y()) / 2);
    prepareGeometryChange();
    QPainterPath path(a);
    path.cubicTo(a + QPointF(0, dy), b - QPointF(0, dy), b);
    setPath(path);
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

QPolygonF EdgeItem::arrowHead() const
{
    constexpr double kLength = 9, kHalfWidth = 5;
    const QPainterPath& p = path();
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
    QColor c = selected ? pal.color(QPalette::Highlight) : pal.color(QPalette::Text);
    if (!selected) c.setAlpha(150);
    p->setPen(QPen(c, selected ? 2.5 : 1.6));
    p->setBrush(Qt::NoBrush);
    p->drawPath(path());
    // Arrow head just above the input port.
    p->setBrush(c);
    p->setPen(Qt::NoPen);
    p->drawPolygon(arrowHead());
}

} // namespace netsizer::ui
