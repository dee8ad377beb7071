#pragma once
// The canvas view: zoom (wheel, around the cursor), pan (middle button or space + drag),
// rubber-band selection, Delete, fit-to-view, and drops of palette mime data (a layer of that
// kind added where it is dropped; dropped onto a connection, inserted into it — one undo step).

#include <QGraphicsView>

namespace netsizer::ui {

class Document;
class GraphScene;

class GraphView : public QGraphicsView {
    Q_OBJECT
public:
    GraphView(Document& doc, GraphScene* scene, QWidget* parent = nullptr);

    GraphScene* graphScene() const { return m_scene; }
    // Handles a drop of kind `kindId` at `scenePos` (what dropEvent does; public for tests).
    bool dropKind(const QString& kindId, QPointF scenePos);

public slots:
    void zoomIn();
    void zoomOut();
    void fitAll();

protected:
    void wheelEvent(QWheelEvent* event) override;
    void keyPressEvent(QKeyEvent* event) override;
    void keyReleaseEvent(QKeyEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void dragEnterEvent(QDragEnterEvent* event) override;
    void dragMoveEvent(QDragMoveEvent* event) override;
    void dropEvent(QDropEvent* event) override;

private:
    void zoomBy(double factor);

    Document& m_doc;
    GraphScene* m_scene;
    bool m_panning = false;
};

} // namespace netsizer::ui
