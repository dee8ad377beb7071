#pragma once
// The canvas view: zoom (wheel, around the cursor), pan (middle button or space + drag),
// rubber-band selection, Delete, fit-to-view, and drops of palette mime data (a layer of that
// kind added where it is dropped; dropped onto a connection, inserted into it — one undo step).
// Fit to view shows every layer (down to the minimum zoom, kMinZoom); zoom to selection shows
// the selected layers. A new or opened document (Document's Reset) is fitted once the scene
// has its items, on the next event-loop turn. The background follows the palette (live theme).

#include "ui/document/ChangeEvent.h"

#include <QGraphicsView>

namespace netsizer::ui {

class CanvasKeyboard;
class Document;
class FindLayerBar;
class GraphScene;
class MiniMap;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    // The zoom range (scale factors of the view's transform).
    static constexpr double kMinZoom = 0.02;
    static constexpr double kMaxZoom = 4.0;

    GraphView(Document& doc, GraphScene* scene, QWidget* parent = nullptr);

    double zoom() const { return transform().m11(); }
    // The part of the scene the viewport shows, in scene coordinates.
    QRectF visibleSceneRect() const;

    GraphScene* graphScene() const { return m_scene; }
    Document& document() const { return m_doc; }
    // The overlays this view owns: the minimap (bottom-right, shown by default while the
    // canvas is at least 240 × 160 px) and the find bar (top-right, shown by findLayer()).
    MiniMap* miniMap() const { return m_miniMap; }
    FindLayerBar* findBar() const { return m_find; }
    // The keys that select along connections and connect layers (CanvasKeyboard).
    CanvasKeyboard* keyboard() const { return m_keyboard; }
    // Handles a drop of kind `kindId` at `scenePos` (what dropEvent does; public for tests).
    bool dropKind(const QString& kindId, QPointF scenePos);

public slots:
    void zoomIn();
    void zoomOut();
    void fitAll();
    // Shows the selected layers as large as fits (never above 1:1); nothing selected: fitAll().
    void zoomToSelection();
    // Opens the find bar (Ctrl+F).
    void findLayer();
    void setMiniMapVisible(bool visible);

signals:
    // The visible part of the scene moved or was zoomed (the minimap follows).
    void viewportChanged();

protected:
    // Keeps the canvas keys (CanvasKeyboard) from window shortcuts while the canvas has focus.
    bool event(QEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;
    void changeEvent(QEvent* event) override;
    void scrollContentsBy(int dx, int dy) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void zoomBy(double factor);
    // Shows `r` (scene coordinates) whole, at most at 1:1 and at least at kMinZoom.
    void fitRect(const QRectF& r);
    void onDocumentChanged(const ChangeEvent& e);
    void placeOverlays();

    Document& m_doc;
    GraphScene* m_scene;
    MiniMap* m_miniMap = nullptr;
    FindLayerBar* m_find = nullptr;
    CanvasKeyboard* m_keyboard = nullptr;
    bool m_panning = false;
    bool m_miniMapWanted = true; // View ▸ Minimap; shown when the canvas is large enough
};

} // namespace netsizer::ui
