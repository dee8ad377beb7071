#pragma once
// The canvas minimap: the whole network drawn small in a corner of the GraphView, with the
// part the canvas shows outlined. Pressing or dragging on the minimap centres the canvas
// there. It shows the same scene (no copy of the items) and never edits it: it ignores every
// interaction except that navigation. It refits the network when the scene's rect changes
// (layers added, removed, laid out) and redraws the outline when the canvas scrolls or zooms.
// Owned by its GraphView, which places it (bottom-right of the viewport) at sizeWithin(): the
// network's own aspect ratio inside a box of a quarter of the canvas's width and 60 % of its
// height, so a tall network gets a tall, narrow map.

#include <QGraphicsView>

namespace netsizer::ui {

class GraphView;

class MiniMap : public QGraphicsView {
    Q_OBJECT
public:
    explicit MiniMap(GraphView& canvas);

    // The canvas's visible rect in scene coordinates (the outline drawn).
    QRectF outlineRect() const;
    // The map's widget coordinates of scene point `p` and back (tests click through these).
    QPoint mapPoint(QPointF scenePos) const { return mapFromScene(scenePos); }

    // The map's size for a canvas area of `area`: the network's aspect ratio inside at most a
    // quarter of the width (≤ 240 px) and 60 % of the height (≤ 360 px), at least 48 px a side;
    // an empty QSize when the area is too small to hold a useful map (under 240 × 160 px).
    QSize sizeWithin(QSize area) const;

signals:
    // The network's bounding rect changed shape: the owner re-places the map.
    void contentChanged();

public slots:
    // Shows the whole network again (normally called on scene-rect changes).
    void refit();

protected:
    void drawForeground(QPainter* painter, const QRectF& rect) override;
    void mousePressEvent(QMouseEvent* event) override;
    void mouseMoveEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    void wheelEvent(QWheelEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;
    void showEvent(QShowEvent* event) override;

private:
    void centreCanvasAt(QPoint widgetPos);

    GraphView& m_canvas;
    bool m_dragging = false;
    QSizeF m_fitted; // the network's size at the last refit
};

} // namespace netsizer::ui
