#pragma once
// The designer window: creates the views as central widget and docks, the actions and menus,
// and wires them to the Document it is given. Owns no domain state (ARCHITECTURE.md rule 13).

#include <QMainWindow>
#include <QList>

class QDockWidget;

namespace netsizer::ui {
class Document;
class DisplayOptions;
class MemoryView;
} // namespace netsizer::ui

namespace netsizer::app {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(ui::Document& doc, ui::DisplayOptions& options, QWidget* parent = nullptr);

private:
    void createActions();
    void updateTitle();

    ui::Document& m_doc;
    ui::DisplayOptions& m_options;
    ui::MemoryView* m_memory = nullptr;
    QList<QDockWidget*> m_viewMenuDocks; // listed in the View menu
};

} // namespace netsizer::app
