#pragma once
// The questions and messages the file workflow needs from the person at the keyboard, as
// replaceable functions: the designer uses modal dialogs (dialogs()), tests install answers
// without any dialog, and `netsizer --screenshot` prints to stderr.

#include "ui/files/ChartExporter.h"

#include <QString>

#include <functional>
#include <optional>

class QWidget;

namespace netsizer::ui {

// The answer to "save the changes to <document>?".
enum class SaveAnswer { Save, Discard, Cancel };

struct FileInteraction {
    // Asked before unsaved changes would be lost (New, Open, a recent/example/dropped file,
    // closing the window). `documentName` is what the title bar shows.
    std::function<SaveAnswer(const QString& documentName)> askSaveChanges;
    // A path to write, or an empty string when the person cancelled. `filter` is a QFileDialog
    // name filter; `suggested` the path proposed (may be a bare file name).
    std::function<QString(const QString& caption, const QString& suggested, const QString& filter)> askSavePath;
    // A file to read, or an empty string when cancelled.
    std::function<QString(const QString& caption, const QString& filter)> askOpenPath;
    // A failure: nothing happened (the document is untouched). `text` names file and place.
    std::function<void(const QString& title, const QString& text)> showError;
    // Done, but with problems worth reading (a model opened with shape errors, importer notes).
    std::function<void(const QString& title, const QString& text)> showWarning;

    // The size, resolution, title and contents of an exported chart, starting from `proposed`;
    // nullopt when cancelled. Unset: the proposed options are used as they are.
    std::function<std::optional<ChartExportOptions>(const ChartExportOptions& proposed)> askChartExport;

    // Modal dialogs (QMessageBox, QFileDialog) parented to `parent`.
    static FileInteraction dialogs(QWidget* parent);
};

} // namespace netsizer::ui
