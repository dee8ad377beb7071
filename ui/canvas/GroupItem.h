#pragma once
// One layer group on the canvas (core::Layer::group). Expanded: a labelled frame drawn behind
// its nodes, the header naming the group and its layer count. Collapsed: one box of a node's
// size showing the name, the layer count, the learnable parameters and the memory its layers own
// at the current batch (weights, gradients, optimizer state, activations kept), its nodes
// hidden and the edges crossing its border drawn to the box. A click on the header band toggles
// (the GraphScene takes it before any edge crossing the band); a double-click elsewhere on the
// frame or box toggles through `onToggle`. The scene's CanvasGroups owns the item. pos() is
// always (0, 0): rect() is in scene coordinates.

#include <QGraphicsItem>
#include <QString>
#include <QStringList>

#include <functional>
#include <string>

namespace netsizer::ui {

class GroupItem : public QGraphicsItem {
public:
    enum { Type = UserType + 3 };
    static constexpr double kHeader = 24; // header band above the frame's nodes, scene units
    static constexpr double kMargin = 14; // frame margin round the nodes, scene units

    explicit GroupItem(std::string path);
    int type() const override { return Type; }
    const std::string& path() const { return m_path; }

    // The frame (expanded) or the box (collapsed), scene coordinates.
    void setRect(const QRectF& rect);
    QRectF rect() const { return m_rect; }
    void setCollapsed(bool collapsed);
    bool collapsed() const { return m_collapsed; }
    // The header line ("layer1.0 · 7 layers") and the collapsed box's figure lines.
    void setText(const QString& header, const QStringList& lines);
    const QString& header() const { return m_header; }
    const QStringList& lines() const { return m_lines; }
    // The band that toggles on a click, scene coordinates.
    QRectF headerRect() const;

    std::function<void(const std::string&)> onToggle;

    QRectF boundingRect() const override;
    void paint(QPainter* painter, const QStyleOptionGraphicsItem* option, QWidget* widget) override;

protected:
    void mouseDoubleClickEvent(QGraphicsSceneMouseEvent* event) override;

private:
    std::string m_path;
    QRectF m_rect;
    bool m_collapsed = false;
    QString m_header;
    QStringList m_lines;
};

} // namespace netsizer::ui
