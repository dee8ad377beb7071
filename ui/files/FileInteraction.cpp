#include "ui/files/FileInteraction.h"

#include "ui/files/ChartExportDialog.h"

#include <QFileDialog>
#include <QMessageBox>
#include <QPointer>

namespace netsizer::ui {

FileInteraction FileInteraction::dialogs(QWidget* parent)
{
    QPointer<QWidget> owner(parent);
    FileInteraction f;
    f.askSaveChanges = [owner](const QString& documentName) {
        const auto answer = QMessageBox::question(
            owner, QObject::tr("Unsaved changes"),
            QObject::tr("Save the changes to \"%1\" before continuing?").arg(documentName),
            QMessageBox::Save | QMessageBox::Discard | QMessageBox::Cancel, QMessageBox::Save);
        if (answer == QMessageBox::Save) return SaveAnswer::Save;
        if (answer == QMessageBox::Discard) return SaveAnswer::Discard;
        return SaveAnswer::Cancel;
    };
    f.askSavePath = [owner](const QString& caption, const QString& suggested, const QString& filter) {
        return QFileDialog::getSaveFileName(owner, caption, suggested, filter);
    };
    f.askOpenPath = [owner](const QString& caption, const QString& filter) {
        return QFileDialog::getOpenFileName(owner, caption, QString(), filter);
    };
    f.askChartExport = [owner](const ChartExportOptions& proposed) { return ChartExportDialog::ask(proposed, owner); };
    f.showError = [owner](const QString& title, const QString& text) { QMessageBox::critical(owner, title, text); };
    f.showWarning = [owner](const QString& title, const QString& text) { QMessageBox::warning(owner, title, text); };
    return f;
}

} // namespace netsizer::ui
