#include "ui/canvas/GraphView.h"

#include "core/layers/KindRegistry.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/GraphScene.h"
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
}

void GraphView::zoomBy(double factor)
{
    const double current = transform().m11();
    const double next = std::clamp(current * factor, 0.05, 4.0);
    scale(next / current, next / current);
}

void GraphView::zoomIn() { zoomBy(1.25); }
void GraphView::zoomOut() { zoomBy(1 / 1.25); }

void GraphView::fitAll()
{
    const QRectF r = scene()->itemsBoundingRect().adjusted(-20, -20, 20, 20);
    if (r.isEmpty()) return;
    fitInView(r, Qt::KeepAspectRatio);
    // Never blow small graphs up beyond 1:1 (text would look oversized), and never shrink
    // nodes below legibility: a long network then shows its start (the inputs), readable.
    constexpr double kMinReadable = 0.5;
    if (transform().m11() > 1.0) {
        resetTransform();
        centerOn(r.center());
    } else if (transform().m11() < kMinReadable) {
        resetTransform();
        scale(kMinReadable, kMinReadable);
        const QSizeF visible = QSizeF(viewport()->size()) / kMinReadable;
        centerOn(QPointF(r.center().x(), r.top() + visible.height() / 2));
    }
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

void GraphView::keyPressEvent(QKeyEvent* event)
{
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
