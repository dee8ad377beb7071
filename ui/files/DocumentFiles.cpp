#include "ui/files/DocumentFiles.h"

#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
#include "core/io/TextFile.h"
#include "core/io/hf/HfPresets.h"
#include "core/io/keras/KerasImport.h"
#include "ui/canvas/GraphLayout.h"
#include "ui/document/Document.h"
#include "ui/files/BackgroundRead.h"
#include "ui/files/SetModelPropertiesCommand.h"
#include "ui/files/RecentFiles.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QSaveFile>
#include <QUndoStack>

#include <memory>

namespace netsizer::ui {
namespace {

// At most this many analysis problems are listed in the message; the canvas marks them all.
constexpr int kListedProblems = 12;

QString fromStd(const std::string& s) { return QString::fromStdString(s); }

struct FormatInfo {
    const char* label;
    const char* extension; // with the dot
};

FormatInfo formatInfo(core::ExportFormat f)
{
    switch (f) {
    case core::ExportFormat::Native: return {"NetSizer model", ".json"};
    case core::ExportFormat::PyTorch: return {"PyTorch script", ".py"};
    case core::ExportFormat::Keras: return {"Keras script", ".py"};
    case core::ExportFormat::Caffe: return {"Caffe prototxt", ".prototxt"};
    case core::ExportFormat::Onnx: return {"ONNX model", ".onnx"};
    }
    return {"", ""};
}

} // namespace

DocumentFiles::DocumentFiles(Document& doc, RecentFiles* recent, FileInteraction interaction, QObject* parent)
    : QObject(parent), m_doc(doc), m_recent(recent), m_io(std::move(interaction))
{
}

QString DocumentFiles::displayName() const
{
    if (!m_savePath.isEmpty()) return QFileInfo(m_savePath).fileName();
    if (!m_sourcePath.isEmpty()) return QFileInfo(m_sourcePath).fileName();
    if (!m_doc.graph().name.empty()) return fromStd(m_doc.graph().name);
    return tr("untitled");
}

core::ModelFile DocumentFiles::currentModel() const
{
    core::ModelFile m;
    m.graph = m_doc.graph();
    m.description = m_description;
    m.training = m_doc.config();
    return m;
}

bool DocumentFiles::setModelProperties(const QString& name, const QString& description)
{
    std::string n = name.trimmed().toStdString(), d = description.trimmed().toStdString();
    if (n == m_doc.graph().name && d == m_description) return false;
    m_doc.undoStack()->push(new SetModelPropertiesCommand(*this, std::move(n), std::move(d)));
    return true;
}

void DocumentFiles::setPropertiesForCommand(const std::string& name, const std::string& description)
{
    m_doc.graphForCommand().name = name;
    m_description = description;
    emit propertiesChanged();
}

QString DocumentFiles::openFilter()
{
    return tr("All supported models (*.json *.onnx *.prototxt *.pbtxt);;"
              "NetSizer, Keras or TF.js JSON (*.json);;"
              "ONNX models (*.onnx);;"
              "Caffe prototxt (*.prototxt *.pbtxt);;"
              "All files (*)");
}

bool DocumentFiles::isModelFile(const QString& path)
{
    const QString ext = QFileInfo(path).suffix().toLower();
    return ext == QLatin1String("json") || ext == QLatin1String("onnx") || ext == QLatin1String("prototxt") ||
           ext == QLatin1String("pbtxt");
}

bool DocumentFiles::maybeSave()
{
    if (!m_doc.isModified()) return true;
    switch (m_io.askSaveChanges ? m_io.askSaveChanges(displayName()) : SaveAnswer::Cancel) {
    case SaveAnswer::Save: return save();
    case SaveAnswer::Discard: return true;
    case SaveAnswer::Cancel: return false;
    }
    return false;
}

bool DocumentFiles::newDocument()
{
    if (!maybeSave()) return false;
    core::ModelFile empty;
    empty.training = m_doc.config(); // a new model keeps the training settings and the GPU
    adopt(std::move(empty), {}, Origin::Template);
    emit statusMessage(tr("New model"));
    return true;
}

bool DocumentFiles::open()
{
    if (!maybeSave()) return false;
    const QString path = m_io.askOpenPath ? m_io.askOpenPath(tr("Open model"), openFilter()) : QString();
    return !path.isEmpty() && load(path, Origin::Native);
}

bool DocumentFiles::openFile(const QString& path)
{
    if (!maybeSave()) return false;
    return load(path, Origin::Native);
}

bool DocumentFiles::import()
{
    if (!maybeSave()) return false;
    const QString path = m_io.askOpenPath ? m_io.askOpenPath(tr("Import model"), openFilter()) : QString();
    return !path.isEmpty() && load(path, Origin::Foreign);
}

bool DocumentFiles::openExample(const QString& resourcePath)
{
    if (!maybeSave()) return false;
    QFile file(resourcePath);
    const QString name = QFileInfo(resourcePath).fileName();
    if (!file.open(QIODevice::ReadOnly)) {
        if (m_io.showError) m_io.showError(tr("Cannot open example"), tr("%1: %2").arg(name, file.errorString()));
        return false;
    }
    const QByteArray bytes = file.readAll();
    auto model = core::readNativeModel(std::string_view(bytes.constData(), static_cast<std::size_t>(bytes.size())));
    if (!model) {
        if (m_io.showError)
            m_io.showError(tr("Cannot open example"), name + QStringLiteral(": ") + fromStd(model.error().describe()));
        return false;
    }
    adopt(std::move(*model), resourcePath, Origin::Template);
    emit statusMessage(tr("Opened example %1").arg(name));
    reportProblems(resourcePath, currentModel());
    return true;
}

bool DocumentFiles::openPreset(const QString& name)
{
    if (!maybeSave()) return false;
    auto model = core::readHfPreset(name.toStdString());
    if (!model) {
        if (m_io.showError) m_io.showError(tr("Cannot open preset"), fromStd(model.error().describe()));
        return false;
    }
    adopt(std::move(*model), name, Origin::Template);
    emit statusMessage(tr("Opened preset %1 (Save writes a new NetSizer .json file)").arg(name));
    reportProblems(name, currentModel());
    return true;
}

bool DocumentFiles::load(const QString& path, Origin origin)
{
    const QString native = QDir::toNativeSeparators(path);
    if (m_reading) return false;
    m_reading = true;
    ModelReader reader = m_reader ? m_reader : ModelReader([](const std::string& p, core::ReadProgress& progress) {
        return core::readModelFile(p, {}, &progress);
    });
    // The worker lays the graph out too (Graphviz on a 5,000-layer chain takes seconds): the
    // canvas then only places its nodes. Shared, so an abandoned read writes into its own memory.
    auto layout = std::make_shared<Document::LayoutHint>();
    auto read = BackgroundRead::run(
        [reader, layout, file = std::string(QFile::encodeName(path).toStdString())](core::ReadProgress& progress) {
            auto model = reader(file, progress);
            if (!model) return model;
            if (!progress.begin(core::ReadPhase::LayingOut)) return core::Result<core::ModelFile>(core::cancelledError(file));
            *layout = GraphLayout::unplaced(model->graph);
            return model;
        },
        QFileInfo(path).fileName());
    m_reading = false;
    if (!read || (!*read && core::isCancelled(read->error()))) {
        emit statusMessage(tr("Opening %1 cancelled").arg(native));
        return false;
    }
    auto model = std::move(*read);
    if (!model) {
        if (m_recent && !QFileInfo::exists(path)) m_recent->remove(path);
        if (m_io.showError)
            m_io.showError(tr("Cannot open %1").arg(QFileInfo(path).fileName()), fromStd(model.error().describe()));
        return false;
    }
    // Only a native NetSizer file may be overwritten by Save.
    if (origin == Origin::Native && QFileInfo(path).suffix().toLower() != QLatin1String("json")) origin = Origin::Foreign;
    if (origin == Origin::Native) {
        auto text = core::readTextFile(QFile::encodeName(path).toStdString());
        if (!text || core::sniffJsonModel(*text) != core::JsonModelFlavour::Native) origin = Origin::Foreign;
    }
    const std::vector<std::string> notes = model->notes;
    adopt(std::move(*model), path, origin, std::move(*layout));
    if (m_recent) m_recent->add(path);
    emit statusMessage(origin == Origin::Native ? tr("Opened %1").arg(native)
                                                : tr("Imported %1 (Save writes a new NetSizer .json file)").arg(native));
    core::ModelFile shown = currentModel();
    shown.notes = notes;
    reportProblems(path, shown); // after the "opened" message: the problems stay in the status bar
    return true;
}

void DocumentFiles::adopt(core::ModelFile model, const QString& path, Origin origin, Document::LayoutHint layout)
{
    // The file's own training settings when it has them, else the engine's defaults (those of
    // `netsizer-cli estimate`), so the window and the CLI show the same figures for a file.
    core::TrainingConfig config = model.training.value_or(core::TrainingConfig{});
    m_description = model.description;
    m_sourcePath = origin == Origin::Template ? QString() : QFileInfo(path).absoluteFilePath();
    m_savePath = origin == Origin::Native ? m_sourcePath : QString();
    m_doc.reset(std::move(model.graph), std::move(config), std::move(layout));
    emit fileChanged();
}

void DocumentFiles::restore(core::ModelFile model, const QString& sourcePath, const QString& savePath)
{
    replace(std::move(model), sourcePath, savePath, true);
    emit statusMessage(tr("Restored the autosaved %1 (not saved yet)").arg(displayName()));
}

void DocumentFiles::replace(core::ModelFile model, const QString& sourcePath, const QString& savePath, bool modified)
{
    core::TrainingConfig config = model.training.value_or(core::TrainingConfig{});
    m_description = model.description;
    m_sourcePath = sourcePath;
    m_savePath = savePath;
    m_doc.reset(std::move(model.graph), std::move(config));
    if (modified) m_doc.undoStack()->resetClean(); // modified: no clean state to return to
    emit fileChanged();
}

void DocumentFiles::reportProblems(const QString& path, const core::ModelFile& model)
{
    const core::Analysis& a = m_doc.analysis();
    if (a.errors.empty() && model.notes.empty()) return;
    const QString name = QFileInfo(path).fileName();
    QStringList lines;
    if (!a.errors.empty()) {
        const int count = static_cast<int>(a.errors.size());
        lines << (count == 1 ? tr("%1 opened, but one layer problem keeps its memory figures incomplete:").arg(name)
                             : tr("%1 opened, but %2 layer problems keep its memory figures incomplete:").arg(name).arg(count));
        for (std::size_t i = 0; i < a.errors.size() && i < kListedProblems; ++i)
            lines << QStringLiteral("  • ") + fromStd(a.errors[i].describe());
        if (a.errors.size() > kListedProblems) lines << tr("  … and %1 more").arg(a.errors.size() - kListedProblems);
        lines << tr("The layers concerned are outlined in red on the canvas.");
        emit statusMessage(tr("%1: %2 layer problem(s) (outlined in red), first: %3")
                               .arg(name)
                               .arg(count)
                               .arg(fromStd(a.errors.front().describe())));
    }
    if (!model.notes.empty()) {
        if (!lines.isEmpty()) lines << QString();
        lines << tr("Notes from the importer:");
        for (std::size_t i = 0; i < model.notes.size() && i < kListedProblems; ++i)
            lines << QStringLiteral("  • ") + fromStd(model.notes[i]);
        if (model.notes.size() > kListedProblems) lines << tr("  … and %1 more").arg(model.notes.size() - kListedProblems);
    }
    if (m_io.showWarning) m_io.showWarning(a.errors.empty() ? tr("Imported with notes") : tr("Model has errors"), lines.join('\n'));
}

bool DocumentFiles::save()
{
    if (m_savePath.isEmpty()) return saveAs();
    return saveTo(m_savePath);
}

bool DocumentFiles::saveAs()
{
    QString path = m_io.askSavePath ? m_io.askSavePath(tr("Save model as"), suggestedPath(QStringLiteral(".json")),
                                                       tr("NetSizer models (*.json)"))
                                    : QString();
    if (path.isEmpty()) return false;
    if (QFileInfo(path).suffix().isEmpty()) path += QStringLiteral(".json");
    return saveTo(path);
}

bool DocumentFiles::saveTo(const QString& path)
{
    const std::string bytes = core::writeNativeModel(currentModel());
    QSaveFile file(path);
    bool ok = file.open(QIODevice::WriteOnly);
    ok = ok && file.write(bytes.data(), static_cast<qint64>(bytes.size())) == static_cast<qint64>(bytes.size());
    ok = ok && file.commit();
    if (!ok) {
        if (m_io.showError)
            m_io.showError(tr("Cannot save"), tr("%1: %2").arg(QDir::toNativeSeparators(path), file.errorString()));
        return false;
    }
    m_savePath = QFileInfo(path).absoluteFilePath();
    m_sourcePath = m_savePath;
    m_doc.undoStack()->setClean();
    if (m_recent) m_recent->add(m_savePath);
    emit fileChanged();
    emit statusMessage(tr("Saved %1").arg(QDir::toNativeSeparators(m_savePath)));
    return true;
}

QString DocumentFiles::suggestedPath(const QString& extension) const
{
    QString dir, stem;
    if (!m_sourcePath.isEmpty()) {
        const QFileInfo info(m_sourcePath);
        dir = info.absolutePath();
        stem = info.completeBaseName();
    }
    if (stem.isEmpty()) stem = m_doc.graph().name.empty() ? QStringLiteral("model") : fromStd(m_doc.graph().name);
    const QString file = stem + extension;
    return dir.isEmpty() ? file : QDir(dir).filePath(file);
}

bool DocumentFiles::exportAs(core::ExportFormat format)
{
    const FormatInfo info = formatInfo(format);
    const QString ext = QString::fromLatin1(info.extension);
    const QString suffix = format == core::ExportFormat::Keras ? QStringLiteral("_keras") : QString();
    QString path = m_io.askSavePath ? m_io.askSavePath(tr("Export as %1").arg(tr(info.label)), suggestedPath(suffix + ext),
                                                       tr("%1 (*%2)").arg(tr(info.label), ext))
                                    : QString();
    if (path.isEmpty()) return false;
    if (!path.endsWith(ext, Qt::CaseInsensitive)) path += ext;
    return exportTo(path, format);
}

bool DocumentFiles::exportTo(const QString& path, core::ExportFormat format)
{
    const QString title = tr("Cannot export to %1").arg(tr(formatInfo(format).label));
    auto files = core::exportModel(currentModel(), QFile::encodeName(path).toStdString(), format);
    if (!files) {
        if (m_io.showError) m_io.showError(title, fromStd(files.error().describe()));
        return false;
    }
    if (auto written = core::writeExportedFiles(*files); !written) {
        if (m_io.showError) m_io.showError(title, fromStd(written.error().describe()));
        return false;
    }
    QStringList names;
    for (const auto& f : *files) names << QDir::toNativeSeparators(QFile::decodeName(f.path.c_str()));
    emit statusMessage(tr("Exported %1").arg(names.join(tr(" and "))));
    return true;
}

} // namespace netsizer::ui
