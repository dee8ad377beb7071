#include "ui/canvas/GroupItem.h"

#include <QApplication>
#include <QGraphicsSceneMouseEvent>
#include <QPainter>
#include <QPalette>
#include <QWidget>

namespace netsizer::ui {

GroupItem::GroupItem(std::string path) : m_path(std::move(path))
{
    setZValue(-1); // behind nodes (0..) and edges
    setAcceptedMouseButtons(Qt::LeftButton);
}

void GroupItem::setRect(const QRectF& rect)
{
    if (rect == m_rect) return;
    prepareGeometryChange();
    m_rect = rect;
}

void GroupItem::setCollapsed(bool collapsed)
{
    if (collapsed == m_collapsed) return;
    m_collapsed = collapsed;
    // Collapsed, the box stands in for its nodes and paints at their level.
    setZValue(collapsed ? 1 : -1);
    update();
}

void GroupItem::setText(const QString& header, const QStringList& lines)
{
    m_header = header;
    m_lines = lines;
    const QString tip = lines.isEmpty() ? header : header + QLatin1Char('\n') + lines.join(QLatin1Char('\n'));
    setToolTip(tip + QLatin1Char('\n') +
               (m_collapsed ? QObject::tr("Click the header or double-click to expand") : QObject::tr("Click the header to collapse")));
    update();
}

QRectF GroupItem::headerRect() const
{
    return QRectF(m_rect.left(), m_rect.top(), m_rect.width(), kHeader);
}

QRectF GroupItem::boundingRect() const { return m_rect.adjusted(-2, -2, 2, 2); }

void GroupItem::paint(QPainter* p, const QStyleOptionGraphicsItem*, QWidget* widget)
{
    const QPalette pal = widget ? widget->palette() : QApplication::palette();
    p->setRenderHint(QPainter::Antialiasing);
    QColor accent = pal.color(QPalette::Highlight);
    QColor fill = accent;
    fill.setAlphaF(m_collapsed ? 0.22f : 0.07f);
    QPen pen(accent, m_collapsed ? 2.0 : 1.4, m_collapsed ? Qt::SolidLine : Qt::DashLine);
    p->setPen(pen);
    p->setBrush(m_collapsed ? pal.color(QPalette::Base) : fill);
    p->drawRoundedRect(m_rect, 10, 10);
    if (m_collapsed) {
        p->setPen(Qt::NoPen);
        p->setBrush(fill);
        p->drawRoundedRect(m_rect, 10, 10);
    }
    // Header: a disclosure triangle and the name.
    const QRectF head = QRectF(m_rect.left(), m_rect.top(), m_rect.width(), kHeader);
    QPolygonF tri;
    const QPointF c(head.left() + 14, head.center().y());
    if (m_collapsed) tri << c + QPointF(-3, -5) << c + QPointF(4, 0) << c + QPointF(-3, 5);
    else tri << c + QPointF(-5, -3) << c + QPointF(5, -3) << c + QPointF(0, 4);
    p->setBrush(pal.color(QPalette::Text));
    p->drawPolygon(tri);
    QFont bold = p->font();
    bold.setBold(true);
    p->setFont(bold);
    p->setPen(pal.color(QPalette::Text));
    p->drawText(head.adjusted(26, 0, -8, 0), Qt::AlignVCenter | Qt::AlignLeft,
                p->fontMetrics().elidedText(m_header, Qt::ElideRight, int(head.width() - 34)));
    if (!m_collapsed) return;
    QFont normal = p->font();
    normal.setBold(false);
    p->setFont(normal);
    const double lineHeight = p->fontMetrics().height();
    double y = head.bottom();
    for (const QString& line : m_lines) {
        const QRectF r(m_rect.left() + 10, y, m_rect.width() - 20, lineHeight);
        if (r.bottom() > m_rect.bottom() - 2) break;
        p->drawText(r, Qt::AlignVCenter | Qt::AlignLeft, p->fontMetrics().elidedText(line, Qt::ElideRight, int(r.width())));
        y += lineHeight;
    }
}

void GroupItem::mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event)
{
    if (onToggle && !headerRect().contains(event->scenePos())) {
        event->accept();
        onToggle(m_path);
        return;
    }
    event->ignore();
}

} // namespace netsizer::ui
