#pragma once
// The Help menu of the designer window: Keyboard shortcuts (ShortcutsDialog, generated from
// the window's actions), Documentation (opens the docs folder: installed beside the program,
// else the source tree's docs/ the build came from) and About NetSizer (AboutText).

#include <QObject>
#include <QString>

class QAction;
class QMainWindow;
class QMenu;

namespace netsizer::ui {

class HelpMenu : public QObject {
    Q_OBJECT
public:
    // Fills `menu` (owned by `window`'s menu bar).
    HelpMenu(QMenu* menu, QMainWindow* window);

    QAction* shortcuts() const { return m_shortcuts; }
    QAction* documentation() const { return m_documentation; }
    QAction* about() const { return m_about; }
    // The documentation folder found for this installation, or empty.
    static QString documentationFolder();

private:
    QMainWindow* m_window;
    QAction* m_shortcuts = nullptr;
    QAction* m_documentation = nullptr;
    QAction* m_about = nullptr;
};

} // namespace netsizer::ui
