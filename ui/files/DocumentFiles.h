#pragma once
// The file workflow of the designer around one Document: new, open (every importable format),
// import, save / save as (native format, atomic), export to the other formats, and the
// "save your changes?" question before anything replaces unsaved work.
//
// Contracts:
// - A file that cannot be read or parsed changes nothing: the current document, its path and
//   its undo history stay as they were; showError names the file and the place (line, JSON
//   pointer, layer).
// - A file that parses but whose layers do not analyse (a shape mismatch, a Dense that cannot
//   take its input) opens; showWarning lists the problems, each naming its layer, and the
//   canvas marks those layers.
// - Only native NetSizer files are ever overwritten by Save. A model opened from another format
//   (Keras, TF.js, ONNX, Caffe), imported, or opened from the built-in examples has no save path:
//   Save asks for a new .json name.
// - Files are read off the UI thread (BackgroundRead): the window keeps painting, a progress
//   dialog (share of the file read, phase) with Cancel appears for slow files; Cancel stops the
//   reader, and a cancelled open changes nothing and shows no error. While one
//   file is being read, another open is refused (returns false).
// - Writes go through QSaveFile: a failed save leaves the previous file intact.

#include "core/io/ModelFile.h"
#include "core/io/ReadProgress.h"
#include "core/io/export/ModelExporter.h"
#include "ui/document/Document.h"
#include "ui/files/FileInteraction.h"

#include <QObject>
#include <QString>

#include <functional>
#include <string>

namespace netsizer::ui {

class Document;
class RecentFiles;

class DocumentFiles : public QObject {
    Q_OBJECT
public:
    // `recent` may be null (no Open Recent bookkeeping). Both must outlive this object.
    DocumentFiles(Document& doc, RecentFiles* recent, FileInteraction interaction, QObject* parent = nullptr);

    void setInteraction(FileInteraction interaction) { m_io = std::move(interaction); }

    // How model files are read: core::readModelFile unless replaced (tests slow it down). It runs
    // on a worker thread (BackgroundRead), so it must not touch UI objects; it reports to
    // `progress` and ends with core::cancelledError once a report returns false (Cancel).
    using ModelReader = std::function<core::Result<core::ModelFile>(const std::string& path, core::ReadProgress& progress)>;
    void setModelReader(ModelReader reader) { m_reader = std::move(reader); }
    const FileInteraction& interaction() const { return m_io; }

    // The native file Save writes to; empty for a new, imported or example document.
    QString savePath() const { return m_savePath; }
    // The file the document came from (native or not); empty for a new document.
    QString sourcePath() const { return m_sourcePath; }
    // What the title bar shows: the file name, else the model's name, else "untitled".
    QString displayName() const;
    // The model as it would be saved (graph, description, training configuration).
    core::ModelFile currentModel() const;
    // The model's name (core::Graph::name) and description (the file's "description").
    const std::string& modelName() const { return m_doc.graph().name; }
    const std::string& description() const { return m_description; }
    // Model ▸ Properties: sets the model's name (core::Graph::name) and description, trimmed,
    // as one step of the Document's undo stack (SetModelPropertiesCommand); false, nothing
    // pushed, when neither changes.
    bool setModelProperties(const QString& name, const QString& description);
    // For SetModelPropertiesCommand only: sets both and emits propertiesChanged.
    void setPropertiesForCommand(const std::string& name, const std::string& description);

    // The "Open…" dialog filter: every readable format, "All supported" first.
    static QString openFilter();
    // True for the extensions readModelFile understands (.json, .onnx, .prototxt, .pbtxt).
    static bool isModelFile(const QString& path);

    // Asks to save unsaved changes. True when the caller may go on (saved, discarded or nothing
    // to save), false when the person cancelled or the save failed.
    bool maybeSave();

    // Each returns true when the document was replaced. They ask maybeSave() first.
    bool newDocument();
    bool open();                         // asks for the file
    bool openFile(const QString& path);  // Open, Open Recent, a dropped file, the command line
    bool import();                       // asks for the file
    bool openExample(const QString& resourcePath); // a built-in example (Qt resource or file)
    // A built-in Hugging Face preset by name (core/io/hf/HfPresets.h), at its default sequence
    // length; a template like an example: Save asks for a name. An unknown name shows an error.
    bool openPreset(const QString& name);

    // Save writes to savePath() or, when there is none, behaves as Save As.
    bool save();
    bool saveAs(); // asks for the path
    // Writes the native file to `path` atomically; on success `path` becomes the save path and
    // the document is clean.
    bool saveTo(const QString& path);

    // Replaces the document with one restored from a recovery file (DocumentRecovery): it gets
    // the paths it had and stays modified (no file holds it), with no undo history. Does not
    // ask maybeSave().
    void restore(core::ModelFile model, const QString& sourcePath, const QString& savePath);
    // Replaces the document with `model` under the paths given, clean or modified as `modified`
    // says, with no undo history; asks nothing and reports nothing (a lesson's model, and the
    // person's own work put back when the lesson ends).
    void replace(core::ModelFile model, const QString& sourcePath, const QString& savePath, bool modified);

    // Export ▸ <format>: asks for a path, then exportTo().
    bool exportAs(core::ExportFormat format);
    // Writes the export of the current model to `path` (Caffe also writes "<stem>_solver.prototxt"
    // beside it). Errors such as a layer the format cannot express are shown naming the layer.
    bool exportTo(const QString& path, core::ExportFormat format);

signals:
    // The save path, source path or display name changed.
    void fileChanged();
    // A one-line message for the status bar.
    void statusMessage(const QString& text);
    // The model's name or description changed (Model ▸ Properties, its undo or redo); a new
    // document announces itself through Document::changed (Change::Reset) instead.
    void propertiesChanged();

private:
    enum class Origin { Native, Foreign, Template };
    bool load(const QString& path, Origin origin);
    // Makes `model` the document; `layout`: its canvas centres when already computed.
    void adopt(core::ModelFile model, const QString& path, Origin origin, Document::LayoutHint layout = {});
    void reportProblems(const QString& path, const core::ModelFile& model);
    QString suggestedPath(const QString& extension) const;

    Document& m_doc;
    RecentFiles* m_recent;
    FileInteraction m_io;
    QString m_savePath;
    QString m_sourcePath;
    std::string m_description;
    ModelReader m_reader;
    bool m_reading = false;
};

} // namespace netsizer::ui
