#include "ui/canvas/MiniMap.h"

#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/style/StatusColors.h"

#include <QMouseEvent>
#include <QPainter>

namespace netsizer::ui {

MiniMap::MiniMap(GraphView& canvas) : QGraphicsView(canvas.scene(), &canvas), m_canvas(canvas)
{
    setObjectName(QStringLiteral("MiniMap"));
    setInteractive(false);
    setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setVerticalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    setRenderHints(QPainter::Antialiasing);
    setFrameShape(QFrame::Box);
    setFocusPolicy(Qt::NoFocus);
    setCursor(Qt::PointingHandCursor);
    setToolTip(tr("Minimap: click or drag to move the canvas there"));
    setAttribute(Qt::WA_NoMousePropagation);
    connect(scene(), &QGraphicsScene::sceneRectChanged, this, &MiniMap::refit);
    connect(&canvas, &GraphView::viewportChanged, viewport(), [this] { viewport()->update(); });
}

QSize MiniMap::sizeWithin(QSize area) const
{
    if (area.width() < 240 || area.height() < 160) return {};
    const QSizeF box(std::min(240.0, area.width() / 4.0), std::min(360.0, area.height() * 0.6));
    QRectF r = scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30);
    if (r.isEmpty()) r = QRectF(0, 0, 4, 3);
    QSizeF s = r.size().scaled(box, Qt::KeepAspectRatio);
    s = s.expandedTo(QSizeF(48, 48)).boundedTo(box);
    const int frame = 2 * frameWidth();
    return QSize(static_cast<int>(s.width()) + frame, static_cast<int>(s.height()) + frame);
}

void MiniMap::refit()
{
    const QRectF r = scene()->itemsBoundingRect().adjusted(-30, -30, 30, 30);
    if (r.isEmpty()) return;
    const QSizeF shape = r.size();
    fitInView(r, Qt::KeepAspectRatio);
    viewport()->update();
    if (shape != m_fitted) {
        m_fitted = shape;
        emit contentChanged();
    }
}

QRectF MiniMap::outlineRect() const { return m_canvas.visibleSceneRect(); }

void MiniMap::drawForeground(QPainter* painter, const QRectF& rect)
{
    QGraphicsView::drawForeground(painter, rect);
    // At a minimap's scale a node's own painting is a faint smudge: mark each node with a solid
    // block at least 3 px high (selected ones in the highlight colour, failing ones in the
    // error colour), so a long network reads as its column of layers.
    painter->save();
    painter->setPen(Qt::NoPen);
    const double minHeight = 3.0 / std::max(1e-6, transform().m22());
    QColor ink = palette().color(QPalette::Text);
    ink.setAlpha(150);
    const QColor selected = palette().color(QPalette::Highlight);
    const QColor failing = StatusColors::error(palette());
    for (QGraphicsItem* item : scene()->items(rect)) {
        if (item->type() != NodeItem::Type) continue;
        const auto* node = static_cast<const NodeItem*>(item);
        QRectF r = node->sceneBoundingRect();
        if (r.height() < minHeight) r.setHeight(minHeight);
        painter->setBrush(node->isSelected() ? selected : node->info().error.isEmpty() ? ink : failing);
        painter->drawRect(r);
    }
    painter->restore();
    const QRectF outline = outlineRect();
    QColor fill = palette().color(QPalette::Highlight);
    fill.setAlpha(40);
    painter->save();
    // A cosmetic pen: two pixels wide whatever the map's scale.
    QPen pen(palette().color(QPalette::Highlight), 2);
    pen.setCosmetic(true);
    painter->setPen(pen);
    painter->setBrush(fill);
    painter->drawRect(outline);
    painter->restore();
}

void MiniMap::centreCanvasAt(QPoint widgetPos) { m_canvas.centerOn(mapToScene(widgetPos)); }

void MiniMap::mousePressEvent(QMouseEvent* event)
{
    if (event->button() != Qt::LeftButton) return;
    m_dragging = true;
    centreCanvasAt(event->position().toPoint());
    event->accept();
}

void MiniMap::mouseMoveEvent(QMouseEvent* event)
{
    if (m_dragging) centreCanvasAt(event->position().toPoint());
    event->accept();
}

void MiniMap::mouseReleaseEvent(QMouseEvent* event)
{
    m_dragging = false;
    event->accept();
}

void MiniMap::wheelEvent(QWheelEvent* event) { event->accept(); } // the map itself never scrolls

void MiniMap::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    refit();
}

void MiniMap::showEvent(QShowEvent* event)
{
    QGraphicsView::showEvent(event);
    refit();
}

} // namespace netsizer::ui
