#include "ui/canvas/GraphView.h"

#include "core/layers/KindRegistry.h"
#include "ui/canvas/CanvasAccessible.h"
#include "ui/canvas/CanvasKeyboard.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/FindLayerBar.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/MiniMap.h"
#include "ui/document/Document.h"
#include "ui/palette/KindMimeData.h"

#include <QDragEnterEvent>
#include <QDropEvent>
#include <QKeyEvent>
#include <QScrollBar>
#include <QUndoStack>
#include <QWheelEvent>

namespace netsizer::ui {

GraphView::GraphView(Document& doc, GraphScene* scene, QWidget* parent)
    : QGraphicsView(scene, parent), m_doc(doc), m_scene(scene)
{
    setRenderHints(QPainter::Antialiasing | QPainter::TextAntialiasing);
    setDragMode(QGraphicsView::RubberBandDrag);
    setTransformationAnchor(QGraphicsView::AnchorUnderMouse);
    setViewportUpdateMode(QGraphicsView::BoundingRectViewportUpdate);
    setAcceptDrops(true);
    viewport()->setAcceptDrops(true);
    setFocusPolicy(Qt::StrongFocus);
    setBackgroundBrush(palette().brush(QPalette::Window));
    connect(&doc, &Document::changed, this, &GraphView::onDocumentChanged);
    m_miniMap = new MiniMap(*this);
    m_find = new FindLayerBar(doc, *this);
    m_keyboard = new CanvasKeyboard(doc, *scene, *this);
    setAccessibleName(tr("Canvas"));
    setAccessibleDescription(tr("The network's layers; arrow keys select along connections, C connects"));
    CanvasAccessible::install();
    connect(m_miniMap, &MiniMap::contentChanged, this, &GraphView::placeOverlays);
    placeOverlays();
}

void GraphView::placeOverlays()
{
    constexpr int kMargin = 8;
    const QRect area = viewport()->geometry();
    const QSize map = m_miniMap->sizeWithin(area.size());
    // Hidden while the canvas is too small for it; shown again (if wanted) when it grows.
    m_miniMap->setVisible(m_miniMapWanted && !map.isEmpty());
    if (!map.isEmpty())
        m_miniMap->setGeometry(area.right() - map.width() - kMargin + 1, area.bottom() - map.height() - kMargin + 1, map.width(),
                               map.height());
    const QSize find = m_find->sizeHint();
    const int fw = std::min(std::max(320, find.width()), std::max(0, area.width() - 2 * kMargin));
    m_find->setGeometry(area.right() - fw - kMargin + 1, area.top() + kMargin, fw, find.height());
}

void GraphView::findLayer() { m_find->activate(); }

void GraphView::setMiniMapVisible(bool visible)
{
    m_miniMapWanted = visible;
    placeOverlays();
}

QRectF GraphView::visibleSceneRect() const { return mapToScene(viewport()->rect()).boundingRect(); }

void GraphView::onDocumentChanged(const ChangeEvent& e)
{
    if (!e.what.testFlag(Change::Reset)) return;
    // The scene applies the change on a queued refresh: fit after it, with the new items.
    QMetaObject::invokeMethod(
        this,
        [this] {
            m_scene->refresh();
            fitAll();
        },
        Qt::QueuedConnection);
}

void GraphView::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) setBackgroundBrush(palette().brush(QPalette::Window));
    QGraphicsView::changeEvent(event);
}

void GraphView::scrollContentsBy(int dx, int dy)
{
    QGraphicsView::scrollContentsBy(dx, dy);
    emit viewportChanged();
}

void GraphView::resizeEvent(QResizeEvent* event)
{
    QGraphicsView::resizeEvent(event);
    placeOverlays();
    emit viewportChanged();
}

void GraphView::zoomBy(double factor)
{
    const double current = transform().m11();
    const double next = std::clamp(current * factor, kMinZoom, kMaxZoom);
    scale(next / current, next / current);
    emit viewportChanged();
}

void GraphView::zoomIn() { zoomBy(1.25); }
void GraphView::zoomOut() { zoomBy(1 / 1.25); }

void GraphView::fitRect(const QRectF& r)
{
    if (r.isEmpty()) return;
    fitInView(r, Qt::KeepAspectRatio);
    // Never blow small graphs up beyond 1:1 (text would look oversized).
    const double z = transform().m11();
    if (z > 1.0 || z < kMinZoom) {
        resetTransform();
        const double clamped = std::clamp(z, kMinZoom, 1.0);
        scale(clamped, clamped);
    }
    centerOn(r.center());
    emit viewportChanged();
}

void GraphView::fitAll()
{
    const QRectF items = scene()->itemsBoundingRect();
    if (items.isEmpty()) {
        // Nothing to show (a new model): 1:1 around the origin, where a first layer lands.
        resetTransform();
        centerOn(0, 0);
        emit viewportChanged();
        return;
    }
    fitRect(items.adjusted(-20, -20, 20, 20));
}

void GraphView::zoomToSelection()
{
    QRectF r;
    for (QGraphicsItem* item : scene()->selectedItems()) r |= item->sceneBoundingRect();
    if (r.isEmpty()) {
        fitAll();
        return;
    }
    fitRect(r.adjusted(-40, -40, 40, 40));
}

void GraphView::wheelEvent(QWheelEvent* event)
{
    if (event->modifiers() & Qt::ShiftModifier) {
        QGraphicsView::wheelEvent(event);
        return;
    }
    zoomBy(std::pow(1.0015, event->angleDelta().y()));
    event->accept();
}

bool GraphView::event(QEvent* event)
{
    if (event->type() == QEvent::ShortcutOverride) {
        const auto* key = static_cast<QKeyEvent*>(event);
        if (CanvasKeyboard::isCanvasKey(key) || (key->key() == Qt::Key_Escape && m_keyboard->pendingSource())) {
            event->accept();
            return true;
        }
    }
    return QGraphicsView::event(event);
}

void GraphView::keyPressEvent(QKeyEvent* event)
{
    if (m_keyboard->handle(event)) return;
    if (event->matches(QKeySequence::Delete) || event->key() == Qt::Key_Backspace) {
        m_scene->deleteSelection();
        return;
    }
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        setDragMode(QGraphicsView::ScrollHandDrag);
        return;
    }
    QGraphicsView::keyPressEvent(event);
}

void GraphView::keyReleaseEvent(QKeyEvent* event)
{
    if (event->key() == Qt::Key_Space && !event->isAutoRepeat()) {
        setDragMode(QGraphicsView::RubberBandDrag);
        return;
    }
    QGraphicsView::keyReleaseEvent(event);
}

void GraphView::mousePressEvent(QMouseEvent* event)
{
    if (event->button() == Qt::MiddleButton) {
        // Pan with the middle button: replay as a left press in hand-drag mode.
        m_panning = true;
        setDragMode(QGraphicsView::ScrollHandDrag);
        QMouseEvent fake(event->type(), event->position(), event->globalPosition(), Qt::LeftButton, Qt::LeftButton,
                         event->modifiers());
        QGraphicsView::mousePressEvent(&fake);
        return;
    }
    QGraphicsView::mousePressEvent(event);
}

void GraphView::mouseReleaseEvent(QMouseEvent* event)
{
    if (m_panning && event->button() == Qt::MiddleButton) {
        QMouseEvent fake(event->type(), event->position(), event->globalPosition(), Qt::LeftButton, Qt::NoButton,
                         event->modifiers());
        QGraphicsView::mouseReleaseEvent(&fake);
        setDragMode(QGraphicsView::RubberBandDrag);
        m_panning = false;
        return;
    }
    QGraphicsView::mouseReleaseEvent(event);
}

void GraphView::dragEnterEvent(QDragEnterEvent* event)
{
    if (!kindIdFromMime(event->mimeData()).isEmpty()) event->acceptProposedAction();
    else QGraphicsView::dragEnterEvent(event);
}

void GraphView::dragMoveEvent(QDragMoveEvent* event)
{
    if (!kindIdFromMime(event->mimeData()).isEmpty()) event->acceptProposedAction();
    else QGraphicsView::dragMoveEvent(event);
}

void GraphView::dropEvent(QDropEvent* event)
{
    const QString id = kindIdFromMime(event->mimeData());
    if (id.isEmpty()) {
        QGraphicsView::dropEvent(event);
        return;
    }
    if (dropKind(id, mapToScene(event->position().toPoint()))) event->acceptProposedAction();
}

bool GraphView::dropKind(const QString& kindId, QPointF scenePos)
{
    const core::LayerKind* kind = core::KindRegistry::builtin().find(kindId.toStdString());
    if (!kind) return false;
    EdgeItem* edge = nullptr;
    for (QGraphicsItem* item : scene()->items(scenePos))
        if (item->type() == EdgeItem::Type) {
            edge = static_cast<EdgeItem*>(item);
            break;
        }
    if (!edge || kind->maxInputs == 0) return m_doc.addLayer(*kind, scenePos.x(), scenePos.y()).has_value();
    const core::Connection c = edge->connection();
    m_doc.undoStack()->beginMacro(tr("Insert %1").arg(QString::fromStdString(kind->displayName)));
    const auto id = m_doc.addLayer(*kind, scenePos.x(), scenePos.y());
    if (id) m_doc.insertIntoConnection(*id, c);
    m_doc.undoStack()->endMacro();
    return id.has_value();
}

} // namespace netsizer::ui
