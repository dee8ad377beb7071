#include "ui/canvas/EdgeItem.h"

#include "ui/canvas/NodeItem.h"

#include <QApplication>
#include <QPainter>
#include <QPainterPathStroker>
#include <QPalette>
#include <QStyleOptionGraphicsItem>

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
    const QPointF b = m_to->inputPortPos(m_connection.to.port);
    const double dy = std::max(40.0, std::abs(b.y() - a.y()) / 2);
    QPainterPath path(a);
    path.cubicTo(a + QPointF(0, dy), b - QPointF(0, dy), b);
    setPath(path);
}

QPainterPath EdgeItem::shape() const
{
    QPainterPathStroker s;
    s.setWidth(12);
    return s.createStroke(path());
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
    // Arrow head at the input port.
    const QPointF tip = path().pointAtPercent(1.0);
    p->setBrush(c);
    p->setPen(Qt::NoPen);
    QPolygonF head;
    head << tip << tip + QPointF(-5, -9) << tip + QPointF(5, -9);
    p->drawPolygon(head);
}

} // namespace netsizer::ui
