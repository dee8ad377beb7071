#pragma once
// Never losing a person's work: autosaves the Document to this designer's recovery file
// (RecoveryStore) and, at start-up, offers back what designers that were killed or crashed
// left behind.
//
// Contracts:
// - While the document is modified it is written, atomically, after every structural edit
//   (layers, connections, attributes, trainable flags, a reset; once per event-loop turn) and
//   every autosaveSeconds() (Preferences: AppSettings' autosave/intervalSeconds, default 30;
//   0 turns the timer off, structural edits are still written) when
//   anything changed since the last write (the batch, the training settings, positions).
// - A document that becomes unmodified (saved, or replaced by an opened file) has no recovery
//   file; neither has a designer that exited cleanly (RecoveryStore's destructor).
// - offerRestore() asks about each orphan, newest first: Restore replaces the document by the
//   autosaved one (modified, with its file paths, so Save writes where it would have) and
//   deletes the orphan once this designer's own recovery file holds it; Discard deletes it;
//   Later leaves it for the next start. Only one can be restored per window: once one is, the
//   rest are left for later without asking.

#include "ui/files/RecoveryStore.h"

#include <QObject>
#include <QTimer>

#include <functional>

class QWidget;

namespace netsizer::ui {

class Document;
class DocumentFiles;

class DocumentRecovery : public QObject {
    Q_OBJECT
public:
    enum class Answer { Restore, Discard, Later };
    using Question = std::function<Answer(const RecoveredDocument& doc)>;

    // The interval set in the preferences (AppSettings::autosaveIntervalSeconds; 0: off).
    static int autosaveSeconds();

    // `files` must outlive this object. `folder`: the recovery folder (empty = the default).
    DocumentRecovery(Document& doc, DocumentFiles& files, const QString& folder = {}, QObject* parent = nullptr);

    RecoveryStore& store() { return m_store; }
    // Re-reads autosaveSeconds(); called whenever the preference changes.
    void applySettings();

    // Asks `ask` about every orphan (see the contracts). Returns true when one was restored;
    // `error` receives why an orphan chosen for restoring could not be (it is then kept).
    bool offerRestore(const Question& ask, QString* error = nullptr);
    // The designer's question: a message box naming the document and when it was autosaved.
    static Question dialog(QWidget* parent);

    // Writes the recovery file now when the document is modified (removes it when it is not).
    // False when the write failed; the reason goes to the warning() signal once per failure run.
    bool autosaveNow();

signals:
    // A recovery file was written (the path is this designer's recovery file).
    void autosaved(const QString& path);
    // Autosaving failed (disk full, folder not writable): said once until a write succeeds.
    void warning(const QString& text);

private:
    void onChanged(bool structural);

    Document& m_doc;
    DocumentFiles& m_files;
    RecoveryStore m_store;
    QTimer m_timer;
    bool m_dirty = false;      // changed since the last write
    bool m_scheduled = false;  // a structural write is queued for this event-loop turn
    bool m_failing = false;    // the last write failed (warned once)
};

} // namespace netsizer::ui
