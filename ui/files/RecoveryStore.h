#pragma once
// Recovery files of the designer: where unsaved work is kept while a designer runs, so that
// the next start can offer it back after a crash or a kill.
//
// Layout, under one folder (by default QStandardPaths::AppDataLocation + "/recovery"):
//   <session>.recovery  the autosaved document (JSON: "netsizer-recovery" version 1, holding the
//                       document's name, source and save paths, the time it was written and
//                       the model as the native file text, so numbers survive byte for byte)
//   <session>.lock      a QLockFile held for as long as the session's designer runs
// <session> is unique per designer start. Contracts:
// - write() is atomic (QSaveFile): a kill during a write leaves the previous recovery file.
// - A session's files belong to the designer holding its lock. orphans() lists only sessions
//   whose lock could be taken — their designer is gone (killed, crashed) — and keeps those
//   locks until discard() or keep() (or this store's end), so two designers running at once
//   never list, restore or delete each other's files.
// - remove() deletes this session's recovery file (the document was saved or closed cleanly);
//   the destructor removes it too and releases the lock: a clean exit leaves nothing behind.

#include <QDateTime>
#include <QList>
#include <QLockFile>
#include <QString>

#include <map>
#include <memory>
#include <optional>

namespace netsizer::ui {

// One autosaved document.
struct RecoveredDocument {
    QString documentName; // what the title bar showed ("vgg16.json", "untitled")
    QString sourcePath;   // the file the document came from; empty for a new document
    QString savePath;     // the native file Save wrote to; empty when it had none
    QDateTime savedAt;    // when the recovery file was written (UTC)
    QString modelText;    // the model, as core::writeNativeModel wrote it
};

class RecoveryStore {
public:
    // A new session in `folder` (created when missing); empty = the default folder. Takes the
    // session's lock at once.
    explicit RecoveryStore(const QString& folder = {});
    ~RecoveryStore();
    RecoveryStore(const RecoveryStore&) = delete;
    RecoveryStore& operator=(const RecoveryStore&) = delete;

    static QString defaultFolder();

    QString folder() const { return m_folder; }
    QString sessionId() const { return m_session; }
    // This session's recovery file (it may not exist).
    QString recoveryPath() const;
    // False when the folder cannot be created or the session's lock cannot be taken; write()
    // then fails and nothing is autosaved.
    bool isUsable() const { return m_usable; }

    // Writes this session's recovery file atomically. On failure `error` (when given) says why.
    bool write(const RecoveredDocument& doc, QString* error = nullptr);
    // Deletes this session's recovery file, if any.
    void remove();

    // Recovery files left by designers that are gone, newest first. Each one's lock is held by
    // this store from now on (until discard() or keep(), or this store's end). A file that is
    // not a recovery file is left alone and not listed.
    struct Orphan {
        QString path;
        RecoveredDocument document;
    };
    QList<Orphan> orphans();
    // Removes an orphan's file and its lock (restored or refused by the person).
    void discard(const QString& orphanPath);
    // Releases an orphan's lock and leaves its file for a later start.
    void keep(const QString& orphanPath);

    // Parses a recovery file's bytes; nullopt (and `error`) when it is not one.
    static std::optional<RecoveredDocument> parse(const QByteArray& bytes, QString* error = nullptr);
    static QByteArray serialize(const RecoveredDocument& doc);

private:
    QString lockPathFor(const QString& session) const;

    QString m_folder;
    QString m_session;
    std::unique_ptr<QLockFile> m_lock;
    bool m_usable = false;
    // Locks of orphaned sessions this store took, by recovery file path.
    std::map<QString, std::unique_ptr<QLockFile>> m_orphanLocks;
};

} // namespace netsizer::ui
