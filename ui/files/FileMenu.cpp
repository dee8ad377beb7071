#include "ui/files/FileMenu.h"

#include "ui/charts/BatchCurveChart.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/TimelineChart.h"
#include "ui/commands/SetTrainingConfigCommand.h"
#include "ui/document/Document.h"
#include "ui/files/BreakdownReport.h"
#include "ui/files/CaffeSolverImport.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/ExampleFiles.h"
#include "ui/files/RecentFiles.h"
#include "core/io/hf/HfPresets.h"
#include "core/report/SizeOverflowError.h"
#include "ui/style/DisplayOptions.h"

#include <QAction>
#include <QDir>
#include <QFileInfo>
#include <QMenu>
#include <QSettings>
#include <QUndoStack>
#include <QWidget>

namespace netsizer::ui {
namespace {

// The platform's standard key, or `fallback` where the platform defines none (Save As and Quit
// have no standard binding on some platforms).
QKeySequence standardKey(QKeySequence::StandardKey key, const QKeySequence& fallback)
{
    const QList<QKeySequence> bindings = QKeySequence::keyBindings(key);
    return bindings.isEmpty() ? fallback : bindings.front();
}

} // namespace

FileMenu::FileMenu(QMenu* menu, QWidget* window, Document& doc, DocumentFiles& files, RecentFiles& recent,
                   MemoryView& memory, DisplayOptions& options)
    : QObject(menu), m_window(window), m_doc(doc), m_files(files), m_recent(recent), m_options(options)
{
    menu->addAction(tr("&New"), &files, &DocumentFiles::newDocument)->setShortcut(QKeySequence::New);
    menu->addAction(tr("&Open…"), &files, &DocumentFiles::open)->setShortcut(QKeySequence::Open);
    m_recentMenu = menu->addMenu(tr("Open &Recent"));
    m_examplesMenu = menu->addMenu(tr("E&xamples"));
    for (const QString& path : ExampleFiles::paths())
        m_examplesMenu->addAction(ExampleFiles::label(path), &files, [&files, path] { files.openExample(path); });
    m_examplesMenu->setEnabled(!m_examplesMenu->isEmpty());
    // Published language models as Hugging Face configurations (docs/llm.md).
    m_presetsMenu = menu->addMenu(tr("&Presets (language models)"));
    for (const core::HfPreset& preset : core::hfPresets()) {
        const QString name = QString::fromLatin1(preset.name);
        m_presetsMenu->addAction(name, &files, [&files, name] { files.openPreset(name); });
    }
    menu->addSeparator();
    menu->addAction(tr("&Save"), &files, &DocumentFiles::save)->setShortcut(QKeySequence::Save);
    menu->addAction(tr("Save &As…"), &files, &DocumentFiles::saveAs)
        ->setShortcut(standardKey(QKeySequence::SaveAs, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_S)));
    menu->addSeparator();
    QMenu* importMenu = menu->addMenu(tr("&Import"));
    importMenu->addAction(tr("&Model file…"), &files, &DocumentFiles::import);
    importMenu->addAction(tr("Caffe &solver…"), this, [this] { importCaffeSolver(); })
        ->setStatusTip(tr("Apply a Caffe solver.prototxt's optimizer to the training settings"));

    QMenu* exportMenu = menu->addMenu(tr("&Export"));
    const std::pair<QString, core::ExportFormat> formats[] = {
        {tr("&PyTorch (.py)…"), core::ExportFormat::PyTorch},
        {tr("&Keras (.py)…"), core::ExportFormat::Keras},
        {tr("&Caffe prototxt + solver…"), core::ExportFormat::Caffe},
        {tr("&ONNX (.onnx)…"), core::ExportFormat::Onnx},
        {tr("&NetSizer JSON (.json)…"), core::ExportFormat::Native},
    };
    for (const auto& [label, format] : formats)
        exportMenu->addAction(label, &files, [&files, format] { files.exportAs(format); });

    QMenu* chartMenu = menu->addMenu(tr("Export &chart"));
    addChartMenu(chartMenu, tr("Per-layer &bars"), *memory.barsChart(), QStringLiteral("_layers"), tr("Memory per layer"));
    addChartMenu(chartMenu, tr("&Training step"), *memory.timelineChart(), QStringLiteral("_step"),
                 tr("Memory during one training step"));
    addChartMenu(chartMenu, tr("Memory vs &batch"), *memory.curveChart(), QStringLiteral("_batch"), tr("Memory vs batch size"));

    QMenu* breakdownMenu = menu->addMenu(tr("Export &breakdown"));
    breakdownMenu->addAction(tr("&CSV…"), this, [this] { exportBreakdown(BreakdownFormat::Csv); });
    breakdownMenu->addAction(tr("&Markdown…"), this, [this] { exportBreakdown(BreakdownFormat::Markdown); });

    menu->addSeparator();
    menu->addAction(tr("&Close"), this, [this] { closeDocument(); })->setShortcut(QKeySequence::Close);
    menu->addAction(tr("&Quit"), window, &QWidget::close)
        ->setShortcut(standardKey(QKeySequence::Quit, QKeySequence(Qt::CTRL | Qt::Key_Q)));

    connect(&recent, &RecentFiles::changed, this, &FileMenu::rebuildRecent);
    // Pruned when shown, so a file deleted meanwhile never appears.
    connect(m_recentMenu, &QMenu::aboutToShow, this, &FileMenu::rebuildRecent);
    rebuildRecent();
}

bool FileMenu::closeDocument()
{
    const QString name = m_files.displayName();
    if (!m_files.newDocument()) return false;
    emit m_files.statusMessage(tr("Closed %1").arg(name));
    return true;
}

void FileMenu::rebuildRecent()
{
    m_recentMenu->clear();
    const QStringList list = m_recent.files();
    int index = 1;
    for (const QString& path : list) {
        const QString label = index < 10 ? QStringLiteral("&%1  %2").arg(index).arg(QFileInfo(path).fileName())
                                         : QStringLiteral("%1  %2").arg(index).arg(QFileInfo(path).fileName());
        QAction* a = m_recentMenu->addAction(label, &m_files, [this, path] { m_files.openFile(path); });
        a->setToolTip(QDir::toNativeSeparators(path));
        a->setStatusTip(QDir::toNativeSeparators(path));
        ++index;
    }
    if (!list.isEmpty()) m_recentMenu->addSeparator();
    QAction* clear = m_recentMenu->addAction(tr("&Clear list"), &m_recent, &RecentFiles::clear);
    clear->setEnabled(!list.isEmpty());
}

void FileMenu::addChartMenu(QMenu* parent, const QString& label, QCustomPlot& plot, const QString& stem, const QString& title)
{
    QMenu* sub = parent->addMenu(label);
    const std::pair<QString, ChartExporter::Format> formats[] = {
        {tr("&PNG image…"), ChartExporter::Format::Png},
        {tr("P&DF document…"), ChartExporter::Format::Pdf},
        {tr("&SVG drawing…"), ChartExporter::Format::Svg},
    };
    for (const auto& [label, format] : formats)
        sub->addAction(label, this, [this, &plot, stem, format, title] { exportChart(plot, stem, format, title); });
}

QString FileMenu::suggested(const QString& stemSuffix, const QString& extension) const
{
    const QString source = m_files.sourcePath();
    QString stem = source.isEmpty() ? QString::fromStdString(m_doc.graph().name) : QFileInfo(source).completeBaseName();
    if (stem.isEmpty()) stem = QStringLiteral("model");
    const QString name = stem + stemSuffix + extension;
    return source.isEmpty() ? name : QFileInfo(source).absoluteDir().filePath(name);
}

bool FileMenu::exportChart(QCustomPlot& plot, const QString& stem, ChartExporter::Format format, const QString& title)
{
    const FileInteraction& io = m_files.interaction();
    QSettings settings;
    ChartExportOptions options;
    options.pixels = QSize(settings.value(QStringLiteral("chartExport/width"), ChartExportOptions::kDefaultWidth).toInt(),
                           settings.value(QStringLiteral("chartExport/height"), ChartExportOptions::kDefaultHeight).toInt());
    options.dpi = settings.value(QStringLiteral("chartExport/dpi"), ChartExportOptions::kDefaultDpi).toInt();
    // A stored value out of range (edited by hand) falls back to the default.
    if (options.pixels.width() < ChartExportOptions::kMinPixels || options.pixels.width() > ChartExportOptions::kMaxPixels ||
        options.pixels.height() < ChartExportOptions::kMinPixels || options.pixels.height() > ChartExportOptions::kMaxPixels)
        options.pixels = QSize(ChartExportOptions::kDefaultWidth, ChartExportOptions::kDefaultHeight);
    if (options.dpi < ChartExportOptions::kMinDpi || options.dpi > ChartExportOptions::kMaxDpi) options.dpi = ChartExportOptions::kDefaultDpi;
    const QString model = m_files.displayName();
    options.title = title.isEmpty() ? model : QStringLiteral("%1 — %2").arg(model, title);
    options.configLine = ChartExporter::configurationLine(m_doc.config(), m_options.units());
    if (io.askChartExport) {
        const auto answer = io.askChartExport(options);
        if (!answer) return false;
        options = *answer;
    }
    const QString ext = ChartExporter::extension(format);
    QString path = io.askSavePath ? io.askSavePath(tr("Export chart"), suggested(stem, ext), ChartExporter::filter(format))
                                  : QString();
    if (path.isEmpty()) return false;
    if (!path.endsWith(ext, Qt::CaseInsensitive)) path += ext;
    QString error;
    if (!ChartExporter::save(plot, path, format, options, &error)) {
        if (io.showError) io.showError(tr("Cannot export chart"), error);
        return false;
    }
    settings.setValue(QStringLiteral("chartExport/width"), options.pixels.width());
    settings.setValue(QStringLiteral("chartExport/height"), options.pixels.height());
    settings.setValue(QStringLiteral("chartExport/dpi"), options.dpi);
    emit m_files.statusMessage(tr("Exported chart to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileMenu::exportBreakdown(BreakdownFormat format)
{
    const FileInteraction& io = m_files.interaction();
    // A size beyond 64 bits has no figure to write: refused with the located reason, as
    // `netsizer-cli estimate` exits 2 with it.
    if (const auto overflow = core::sizeOverflowError(m_doc.breakdown(), m_doc.graph())) {
        if (io.showError) io.showError(tr("Cannot export breakdown"), QString::fromStdString(overflow->message));
        return false;
    }
    const bool csv = format == BreakdownFormat::Csv;
    const QString ext = csv ? QStringLiteral(".csv") : QStringLiteral(".md");
    QString path = io.askSavePath ? io.askSavePath(tr("Export memory breakdown"), suggested(QStringLiteral("_memory"), ext),
                                                   csv ? tr("CSV tables (*.csv)") : tr("Markdown documents (*.md)"))
                                  : QString();
    if (path.isEmpty()) return false;
    if (!path.endsWith(ext, Qt::CaseInsensitive)) path += ext;
    const QString source = m_files.sourcePath();
    const BreakdownReport report(m_doc.graph(), m_doc.analysis(), m_doc.breakdown(),
                                 source.isEmpty() ? std::string() : QFileInfo(source).fileName().toStdString());
    QString error;
    if (!BreakdownReport::write(path, csv ? report.csv() : report.markdown(m_options.units()), &error)) {
        if (io.showError) io.showError(tr("Cannot export breakdown"), error);
        return false;
    }
    emit m_files.statusMessage(tr("Exported memory breakdown to %1").arg(QDir::toNativeSeparators(path)));
    return true;
}

bool FileMenu::importCaffeSolver()
{
    const FileInteraction& io = m_files.interaction();
    const QString path =
        io.askOpenPath ? io.askOpenPath(tr("Import Caffe solver"), tr("Caffe solvers (*.prototxt *.pbtxt);;All files (*)")) : QString();
    return !path.isEmpty() && applyCaffeSolver(path);
}

bool FileMenu::applyCaffeSolver(const QString& path)
{
    const FileInteraction& io = m_files.interaction();
    const QString name = QFileInfo(path).fileName();
    auto solver = CaffeSolverImport::read(path, m_doc.config());
    if (!solver) {
        if (io.showError)
            io.showError(tr("Cannot import Caffe solver"),
                         tr("%1\n\nThe training settings are unchanged.").arg(QString::fromStdString(solver.error().describe())));
        return false;
    }
    QString settings = tr("optimizer %1").arg(QString::fromUtf8(core::optimizerInfo(solver->config.optimizer).label));
    if (solver->frameworkChanged)
        settings += tr(", framework %1 (was %2)")
                        .arg(QString::fromUtf8(core::frameworkInfo(solver->config.framework).label),
                             QString::fromUtf8(core::frameworkInfo(m_doc.config().framework).label));
    if (solver->config == m_doc.config()) {
        emit m_files.statusMessage(tr("Caffe solver %1: the training settings already match (%2)").arg(name, settings));
    } else {
        auto* command = new SetTrainingConfigCommand(m_doc, solver->config, false);
        command->setText(tr("Import Caffe solver %1").arg(name));
        m_doc.undoStack()->push(command); // one undoable step
        emit m_files.statusMessage(tr("Applied Caffe solver %1: %2").arg(name, settings));
    }
    // iter_size and the like outlive a status-bar message: worth a message of their own.
    if (!solver->notes.empty() && io.showWarning) {
        QStringList notes;
        for (const std::string& note : solver->notes) notes << QStringLiteral("• ") + QString::fromStdString(note);
        io.showWarning(tr("Caffe solver %1").arg(name),
                       tr("Besides its optimizer, the solver says:\n%1").arg(notes.join(QLatin1Char('\n'))));
    }
    return true;
}

} // namespace netsizer::ui
