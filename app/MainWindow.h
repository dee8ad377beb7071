#pragma once
// The designer window: creates the views (canvas as central widget; palette, properties,
// training controls, memory view and layer table as docks), the actions and menus, and wires
// them to the Document it is given, including the selection shared by canvas, table and
// property panel. Owns no domain state (ARCHITECTURE.md rule 13).

#include <QList>
#include <QMainWindow>

class QDockWidget;
class QMenu;

namespace netsizer::ui {
class Document;
class DisplayOptions;
class GraphScene;
class GraphView;
class LayerPalette;
class LayerTableView;
class MemoryView;
class PropertyPanel;
class DocumentFiles;
class RecentFiles;
} // namespace netsizer::ui

namespace netsizer::app {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(ui::Document& doc, ui::DisplayOptions& options, QWidget* parent = nullptr);
    // Disconnects the scene first: deleting its items deselects them, and the selection
    // handlers must not rebuild panels that are being destroyed.
    ~MainWindow() override;

    ui::GraphView* canvas() const { return m_view; }
    ui::MemoryView* memoryView() const { return m_memory; }
    // The file workflow (open, save, export, the save-changes question; ui/files/).
    ui::DocumentFiles* files() const { return m_files; }
    // The Edit menu (main() adds Preferences… to it).
    QMenu* editMenu() const { return m_editMenu; }
    // Restores / saves dock layout and geometry through QSettings.
    void restoreLayout();
    void saveLayout() const;

protected:
    void closeEvent(QCloseEvent* event) override;

private:
    QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* widget, Qt::DockWidgetArea area);
    void createActions();
    void wireSelection();
    void appendKind(const QString& kindId);
    void updateTitle();

    ui::Document& m_doc;
    ui::DisplayOptions& m_options;
    ui::GraphScene* m_scene = nullptr;
    ui::GraphView* m_view = nullptr;
    ui::MemoryView* m_memory = nullptr;
    ui::LayerTableView* m_table = nullptr;
    ui::PropertyPanel* m_properties = nullptr;
    ui::LayerPalette* m_palette = nullptr;
    QList<QDockWidget*> m_docks; // listed in the View menu
    ui::RecentFiles* m_recent = nullptr;
    ui::DocumentFiles* m_files = nullptr;
    QMenu* m_editMenu = nullptr;
};

} // namespace netsizer::app
