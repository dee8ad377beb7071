#pragma once
// The canvas's editing and view actions, with icons and the platform's standard shortcuts:
// Cut / Copy / Paste (QKeySequence::Cut, Copy, Paste), Duplicate (Ctrl+D), Delete
// (QKeySequence::Delete), Select all (QKeySequence::SelectAll), Zoom in / out
// (QKeySequence::ZoomIn, ZoomOut), Fit to view (Ctrl+0), Zoom to selection (Ctrl+E), Auto
// layout (Ctrl+L), Find layer (QKeySequence::Find, Ctrl+F), Minimap (Ctrl+M, checkable,
// on), Group (Ctrl+G: asks a name for the selected layers), Ungroup (Ctrl+Shift+G) and Group by
// module names (every layer by its name's module scopes, one undo step).
// The editing actions are added to the view with Qt::WidgetWithChildrenShortcut, so their keys
// act on the canvas only while it has focus (Ctrl+C in a property editor still copies text);
// menus and toolbars that show them trigger them from anywhere. Owned by `parent`.

#include <QObject>

class QAction;

namespace netsizer::ui {

class GraphView;

class CanvasActions : public QObject {
    Q_OBJECT
public:
    CanvasActions(GraphView& view, QObject* parent = nullptr);

    QAction* cut() const { return m_cut; }
    QAction* copy() const { return m_copy; }
    QAction* paste() const { return m_paste; }
    QAction* duplicate() const { return m_duplicate; }
    QAction* remove() const { return m_remove; }
    QAction* selectAll() const { return m_selectAll; }
    QAction* zoomIn() const { return m_zoomIn; }
    QAction* zoomOut() const { return m_zoomOut; }
    QAction* fitToView() const { return m_fit; }
    QAction* autoLayout() const { return m_layout; }
    QAction* zoomToSelection() const { return m_zoomSelection; }
    QAction* find() const { return m_find; }
    QAction* miniMap() const { return m_miniMap; }
    QAction* group() const { return m_group; }
    QAction* ungroup() const { return m_ungroup; }
    QAction* groupByModules() const { return m_groupByModules; }

private:
    QAction* m_cut;
    QAction* m_copy;
    QAction* m_paste;
    QAction* m_duplicate;
    QAction* m_remove;
    QAction* m_selectAll;
    QAction* m_zoomIn;
    QAction* m_zoomOut;
    QAction* m_fit;
    QAction* m_layout;
    QAction* m_zoomSelection;
    QAction* m_find;
    QAction* m_miniMap;
    QAction* m_group;
    QAction* m_ungroup;
    QAction* m_groupByModules;
};

} // namespace netsizer::ui
