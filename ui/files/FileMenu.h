#pragma once
// Fills the designer's File menu and runs its actions: New, Open…, Open Recent, Examples, Save,
// Save As…, Import ▸ (Model file…, Caffe solver…), Export ▸ (model formats), Export chart ▸
// (the per-layer bars, the training step and memory vs batch, each as PNG, PDF, SVG, after
// asking for size, DPI and title: FileInteraction::askChartExport), Export breakdown ▸ (CSV, Markdown), Close, Quit. Model
// files go through DocumentFiles; solvers through CaffeSolverImport; charts through
// ChartExporter; the breakdown through BreakdownReport. Close closes the document, not the
// window: after the save-changes question an empty, untitled canvas remains (the training
// settings stay); Quit closes the window. Every dialog goes through
// DocumentFiles::interaction(), so tests can drive the actions without modal dialogs.

#include "ui/files/ChartExporter.h"

#include <QObject>

class QAction;
class QCustomPlot;
class QMenu;
class QWidget;

namespace netsizer::ui {

class DisplayOptions;
class Document;
class DocumentFiles;
class MemoryView;
class RecentFiles;

class FileMenu : public QObject {
    Q_OBJECT
public:
    enum class BreakdownFormat { Csv, Markdown };

    // Adds the actions to `menu`; `window` is closed by Quit. Everything given must
    // outlive this object (all are owned by the window).
    FileMenu(QMenu* menu, QWidget* window, Document& doc, DocumentFiles& files, RecentFiles& recent,
             MemoryView& memory, DisplayOptions& options);

    QMenu* recentMenu() const { return m_recentMenu; }
    QMenu* examplesMenu() const { return m_examplesMenu; }
    QMenu* presetsMenu() const { return m_presetsMenu; }

    // File ▸ Close: asks to save unsaved changes, then leaves an empty untitled document. False
    // (nothing changed) when the person cancels or the save fails.
    bool closeDocument();

    // Export chart / Export breakdown: ask for a path, write, report errors. A chart export
    // first asks for its options (FileInteraction::askChartExport), proposing the last size
    // and DPI used (QSettings chartExport/width, height, dpi; 1600 × 1000 px at 144 dpi at
    // first), `title` with the model's name, and the configuration line.
    bool exportChart(QCustomPlot& plot, const QString& stem, ChartExporter::Format format, const QString& title = {});
    bool exportBreakdown(BreakdownFormat format);

    // Import ▸ Caffe solver…: asks for the file, then applyCaffeSolver().
    bool importCaffeSolver();
    // Applies the solver at `path` to the document's training configuration as one undoable
    // step ("Import Caffe solver <file>"), says what it set (optimizer, a framework switch) in the
    // status bar and what the configuration cannot hold (iter_size, CPU mode) through
    // showWarning. A solver that cannot be read changes nothing and showError names the file and
    // line. True when the solver was read (even if nothing changed).
    bool applyCaffeSolver(const QString& path);

private:
    void rebuildRecent();
    void addChartMenu(QMenu* parent, const QString& label, QCustomPlot& plot, const QString& stem, const QString& title);
    QString suggested(const QString& stemSuffix, const QString& extension) const;

    QWidget* m_window;
    Document& m_doc;
    DocumentFiles& m_files;
    RecentFiles& m_recent;
    DisplayOptions& m_options;
    QMenu* m_recentMenu = nullptr;
    QMenu* m_examplesMenu = nullptr;
    QMenu* m_presetsMenu = nullptr;
};

} // namespace netsizer::ui
