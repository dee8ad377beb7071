#pragma once
// Help ▸ Keyboard shortcuts: every action of a window that has a shortcut, generated from the
// actions themselves (never a hand-kept list): the menu path ("Edit ▸ Undo") for actions in the
// menu bar, the action's text for the others (canvas and toolbar actions), and its shortcuts
// in the platform's notation.

#include <QDialog>
#include <QList>
#include <QString>

class QMainWindow;

namespace netsizer::ui {

class ShortcutsDialog : public QDialog {
    Q_OBJECT
public:
    struct Entry {
        QString action;   // "Edit ▸ Undo"
        QString shortcut; // "Ctrl+Z", several joined by ", "
    };
    explicit ShortcutsDialog(QMainWindow* window);

    // The shortcuts of `window`'s actions: menu-bar actions first, in menu order, then the
    // other actions of the window and its children, each action once.
    static QList<Entry> collect(QMainWindow* window);
};

} // namespace netsizer::ui
