#include "ui/files/DocumentRecovery.h"

#include "core/io/NativeFormat.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/settings/AppSettings.h"

#include <QLocale>
#include <QMessageBox>
#include <QPushButton>
#include <QSettings>

#include <algorithm>

namespace netsizer::ui {

int DocumentRecovery::autosaveSeconds() { return AppSettings::instance().autosaveIntervalSeconds(); }

DocumentRecovery::DocumentRecovery(Document& doc, DocumentFiles& files, const QString& folder, QObject* parent)
    : QObject(parent), m_doc(doc), m_files(files), m_store(folder)
{
    connect(&m_doc, &Document::changed, this, [this](const ChangeEvent& e) { onChanged(e.needsAnalysis()); });
    connect(&m_doc, &Document::modifiedChanged, this, [this](bool modified) {
        if (!modified) autosaveNow(); // removes the recovery file: what it held is on disk now
    });
    connect(&m_timer, &QTimer::timeout, this, [this] {
        if (m_dirty) autosaveNow();
    });
    connect(&AppSettings::instance(), &AppSettings::autosaveIntervalChanged, this, &DocumentRecovery::applySettings);
    applySettings();
}

void DocumentRecovery::applySettings()
{
    const int seconds = autosaveSeconds();
    if (seconds <= 0) {
        m_timer.stop();
        return;
    }
    m_timer.start(seconds * 1000);
}

void DocumentRecovery::onChanged(bool structural)
{
    m_dirty = true;
    if (!structural || m_scheduled) return;
    m_scheduled = true;
    // After the edit's other listeners ran; several edits in one turn make one write.
    QTimer::singleShot(0, this, [this] {
        m_scheduled = false;
        if (m_dirty) autosaveNow();
    });
}

bool DocumentRecovery::autosaveNow()
{
    m_dirty = false;
    if (!m_doc.isModified()) {
        m_store.remove();
        return true;
    }
    RecoveredDocument r;
    r.documentName = m_files.displayName();
    r.sourcePath = m_files.sourcePath();
    r.savePath = m_files.savePath();
    r.savedAt = QDateTime::currentDateTimeUtc();
    r.modelText = QString::fromStdString(core::writeNativeModel(m_files.currentModel()));
    QString error;
    if (!m_store.write(r, &error)) {
        m_dirty = true; // try again at the next tick
        if (!m_failing) emit warning(tr("Autosave failed, unsaved changes are not protected: %1").arg(error));
        m_failing = true;
        return false;
    }
    m_failing = false;
    emit autosaved(m_store.recoveryPath());
    return true;
}

bool DocumentRecovery::offerRestore(const Question& ask, QString* error)
{
    bool restored = false;
    for (const RecoveryStore::Orphan& orphan : m_store.orphans()) {
        if (restored) {
            m_store.keep(orphan.path);
            continue;
        }
        switch (ask ? ask(orphan.document) : Answer::Later) {
        case Answer::Later: m_store.keep(orphan.path); break;
        case Answer::Discard: m_store.discard(orphan.path); break;
        case Answer::Restore: {
            const std::string text = orphan.document.modelText.toStdString();
            auto model = core::readNativeModel(text);
            if (!model) {
                if (error)
                    *error = tr("%1 (autosaved in %2) cannot be restored: %3")
                                 .arg(orphan.document.documentName, orphan.path, QString::fromStdString(model.error().describe()));
                m_store.keep(orphan.path);
                break;
            }
            m_files.restore(std::move(*model), orphan.document.sourcePath, orphan.document.savePath);
            // The restored work is in this designer's recovery file before the orphan goes.
            if (autosaveNow()) m_store.discard(orphan.path);
            else m_store.keep(orphan.path);
            restored = true;
            break;
        }
        }
    }
    return restored;
}

DocumentRecovery::Question DocumentRecovery::dialog(QWidget* parent)
{
    return [parent](const RecoveredDocument& doc) {
        QMessageBox box(parent);
        box.setIcon(QMessageBox::Question);
        box.setWindowTitle(tr("Recover unsaved work"));
        const QString when = QLocale().toString(doc.savedAt.toLocalTime(), QLocale::LongFormat);
        box.setText(tr("NetSizer did not close properly. Unsaved changes to “%1” were autosaved on %2.")
                        .arg(doc.documentName.isEmpty() ? tr("untitled") : doc.documentName, when));
        box.setInformativeText(doc.sourcePath.isEmpty() ? tr("Restore them, or discard them?")
                                                        : tr("The document came from %1. Restore the changes, or discard them?")
                                                              .arg(doc.sourcePath));
        QPushButton* restore = box.addButton(tr("&Restore"), QMessageBox::AcceptRole);
        QPushButton* discard = box.addButton(tr("&Discard"), QMessageBox::DestructiveRole);
        box.addButton(tr("Ask &Later"), QMessageBox::RejectRole);
        box.setDefaultButton(restore);
        box.exec();
        if (box.clickedButton() == restore) return Answer::Restore;
        if (box.clickedButton() == discard) return Answer::Discard;
        return Answer::Later;
    };
}

} // namespace netsizer::ui
