#pragma once
// The designer window: creates the views (canvas as central widget; palette, properties and
// training controls docked left; the memory view, headed by the model's name and description,
// above the Explain panel right; the layer table under the canvas), the actions and menus (Help
// included, ui/help), and wires them to the Document it is given, including the selection
// shared by canvas, table, layer bars, property panel and Explain panel. Owns no domain state
// (ARCHITECTURE.md rule 13).

#include <QList>
#include <QMainWindow>

class QAction;
class QDockWidget;
class QMenu;

namespace netsizer::ui {
class Document;
class DisplayOptions;
class ExplainPanel;
class ModelHeader;
class GraphScene;
class GraphView;
class LayerPalette;
class LayerTableView;
class MemoryView;
class PropertyPanel;
class DocumentFiles;
class LessonMenu;
class LessonPlayer;
class RecentFiles;
class StepPanel;
} // namespace netsizer::ui

namespace netsizer::app {

class MainWindow : public QMainWindow {
    Q_OBJECT
public:
    MainWindow(ui::Document& doc, ui::DisplayOptions& options, QWidget* parent = nullptr);
    // Disconnects the scene and the Step through panel first: deleting the scene's items
    // deselects them, and the selection and step handlers must not reach views being destroyed.
    ~MainWindow() override;

    ui::GraphView* canvas() const { return m_view; }
    ui::MemoryView* memoryView() const { return m_memory; }
    ui::LayerPalette* palette() const { return m_palette; }
    ui::PropertyPanel* properties() const { return m_properties; }
    ui::LayerTableView* layerTable() const { return m_table; }
    ui::ExplainPanel* explainPanel() const { return m_explain; }
    ui::ModelHeader* modelHeader() const { return m_header; }
    // Lessons (ui/lessons): the player in its dock (shown while a lesson runs, over the Explain
    // panel) and the menus that start one.
    ui::LessonPlayer* lessonPlayer() const { return m_lessonPlayer; }
    ui::LessonMenu* lessonMenu() const { return m_lessonMenu; }
    // View ▸ Step through (Ctrl+T): the panel that plays two training iterations event by event,
    // in a dock tabbed with the Explain panel, hidden until asked for.
    ui::StepPanel* stepPanel() const { return m_step; }
    QDockWidget* stepDock() const { return m_stepDock; }
    // Shows the Step through dock in front of its tab group, gives it room and the focus, and
    // brings the memory view's training-step chart (which shows the panel's cursor) to the front.
    void showStepThrough();
    // The file workflow (open, save, export, the save-changes question; ui/files/).
    ui::DocumentFiles* files() const { return m_files; }
    // The Edit menu (main() adds Preferences… to it).
    QMenu* editMenu() const { return m_editMenu; }
    // Edit ▸ Fine-tune the last layers…: asks N, then trains only the last N layers with weights
    // (one undo step, ui::fineTuneLastLayers).
    QAction* fineTuneAction() const { return m_fineTune; }
    // Restores / saves dock layout and geometry through QSettings.
    void restoreLayout();
    void saveLayout() const;
    // Sizes the docks for the window's current size: side columns by a share of the width
    // (left 20 %, 240–320 px; right 40 %, 320–760 px), so the canvas keeps at least a third of
    // the width from 1366×768 up. Runs on first show (unless a saved layout was restored) and
    // whenever the canvas has fallen below a third of the width after a resize.
    void arrangeDocks();

protected:
    void closeEvent(QCloseEvent* event) override;
    void showEvent(QShowEvent* event) override;
    void resizeEvent(QResizeEvent* event) override;

private:
    QDockWidget* addDock(const QString& title, const QString& objectName, QWidget* widget, Qt::DockWidgetArea area);
    void createActions();
    void wireSelection();
    void appendKind(const QString& kindId);
    void askFineTuneLastLayers();
    void updateTitle();
    // Model ▸ Properties…: the name and description dialog (one undo step).
    void editModelProperties();

    ui::Document& m_doc;
    ui::DisplayOptions& m_options;
    ui::GraphScene* m_scene = nullptr;
    ui::GraphView* m_view = nullptr;
    ui::MemoryView* m_memory = nullptr;
    ui::LayerTableView* m_table = nullptr;
    ui::PropertyPanel* m_properties = nullptr;
    ui::LayerPalette* m_palette = nullptr;
    QDockWidget* m_paletteDock = nullptr;
    QDockWidget* m_propertiesDock = nullptr;
    QDockWidget* m_trainingDock = nullptr;
    QDockWidget* m_memoryDock = nullptr;
    QDockWidget* m_tableDock = nullptr;
    ui::ExplainPanel* m_explain = nullptr;
    ui::ModelHeader* m_header = nullptr;
    QDockWidget* m_explainDock = nullptr;
    ui::LessonPlayer* m_lessonPlayer = nullptr;
    ui::LessonMenu* m_lessonMenu = nullptr;
    QDockWidget* m_lessonDock = nullptr;
    ui::StepPanel* m_step = nullptr;
    QDockWidget* m_stepDock = nullptr;
    bool m_arranged = false;
    bool m_restoredState = false;
    bool m_rearrangeQueued = false;
    QList<QDockWidget*> m_docks; // listed in the View menu
    ui::RecentFiles* m_recent = nullptr;
    ui::DocumentFiles* m_files = nullptr;
    QMenu* m_editMenu = nullptr;
    QAction* m_fineTune = nullptr;
};

} // namespace netsizer::app
