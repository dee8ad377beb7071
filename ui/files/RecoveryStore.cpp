#include "ui/files/RecoveryStore.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>
#include <QSaveFile>
#include <QStandardPaths>
#include <QUuid>

#include <algorithm>

namespace netsizer::ui {
namespace {

const QString kFormat = QStringLiteral("netsizer-recovery");
constexpr int kVersion = 1;
const QString kRecoverySuffix = QStringLiteral(".recovery");
const QString kLockSuffix = QStringLiteral(".lock");

// A lock whose owner is alive is never stale, however old: a designer may run for days. A lock
// whose process is gone is stale at once (QLockFile checks the PID and the program's name).
std::unique_ptr<QLockFile> makeLock(const QString& path)
{
    auto lock = std::make_unique<QLockFile>(path);
    lock->setStaleLockTime(0);
    return lock;
}

} // namespace

RecoveryStore::RecoveryStore(const QString& folder)
    : m_folder(folder.isEmpty() ? defaultFolder() : folder),
      m_session(QUuid::createUuid().toString(QUuid::WithoutBraces))
{
    if (!QDir().mkpath(m_folder)) return;
    m_lock = makeLock(lockPathFor(m_session));
    m_usable = m_lock->tryLock(0);
}

RecoveryStore::~RecoveryStore()
{
    remove();
    m_orphanLocks.clear(); // unlocks: an orphan neither restored nor discarded stays for the next start
    if (m_lock) m_lock->unlock();
}

QString RecoveryStore::defaultFolder()
{
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) + QStringLiteral("/recovery");
}

QString RecoveryStore::recoveryPath() const { return QDir(m_folder).filePath(m_session + kRecoverySuffix); }

QString RecoveryStore::lockPathFor(const QString& session) const { return QDir(m_folder).filePath(session + kLockSuffix); }

bool RecoveryStore::write(const RecoveredDocument& doc, QString* error)
{
    if (!m_usable) {
        if (error) *error = QStringLiteral("%1: the recovery folder cannot be used").arg(QDir::toNativeSeparators(m_folder));
        return false;
    }
    const QByteArray bytes = serialize(doc);
    QSaveFile file(recoveryPath());
    bool ok = file.open(QIODevice::WriteOnly);
    ok = ok && file.write(bytes) == bytes.size();
    ok = ok && file.commit();
    if (!ok && error) *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(recoveryPath()), file.errorString());
    return ok;
}

void RecoveryStore::remove()
{
    if (m_usable) QFile::remove(recoveryPath());
}

QList<RecoveryStore::Orphan> RecoveryStore::orphans()
{
    QList<Orphan> found;
    const QDir dir(m_folder);
    const auto files = dir.entryInfoList({QStringLiteral("*") + kRecoverySuffix}, QDir::Files);
    for (const QFileInfo& info : files) {
        const QString session = info.completeBaseName();
        if (session == m_session) continue;
        const QString path = info.absoluteFilePath();
        if (!m_orphanLocks.count(path)) {
            auto lock = makeLock(lockPathFor(session));
            if (!lock->tryLock(0)) continue; // its designer still runs
            m_orphanLocks.emplace(path, std::move(lock));
        }
        QFile file(path);
        std::optional<RecoveredDocument> doc;
        if (file.open(QIODevice::ReadOnly)) doc = parse(file.readAll());
        if (!doc) {
            // Not readable as a recovery file: left where it is for a person to look at.
            keep(path);
            continue;
        }
        found.push_back({path, std::move(*doc)});
    }
    // A designer killed before it autosaved anything leaves only its lock.
    const auto locks = dir.entryInfoList({QStringLiteral("*") + kLockSuffix}, QDir::Files);
    for (const QFileInfo& info : locks) {
        const QString session = info.completeBaseName();
        if (session == m_session || QFileInfo::exists(dir.filePath(session + kRecoverySuffix))) continue;
        auto lock = makeLock(info.absoluteFilePath());
        if (lock->tryLock(0)) lock->unlock(); // unlock() deletes the lock file
    }
    std::sort(found.begin(), found.end(),
              [](const Orphan& a, const Orphan& b) { return a.document.savedAt > b.document.savedAt; });
    return found;
}

void RecoveryStore::discard(const QString& orphanPath)
{
    if (!m_orphanLocks.count(orphanPath)) return;
    QFile::remove(orphanPath);
    keep(orphanPath);
}

void RecoveryStore::keep(const QString& orphanPath)
{
    m_orphanLocks.erase(orphanPath); // QLockFile's destructor unlocks and deletes the lock file
}

QByteArray RecoveryStore::serialize(const RecoveredDocument& doc)
{
    QJsonObject o;
    o.insert(QStringLiteral("format"), kFormat);
    o.insert(QStringLiteral("version"), kVersion);
    o.insert(QStringLiteral("document"), doc.documentName);
    o.insert(QStringLiteral("source_path"), doc.sourcePath);
    o.insert(QStringLiteral("save_path"), doc.savePath);
    o.insert(QStringLiteral("saved_at"), doc.savedAt.toUTC().toString(Qt::ISODateWithMs));
    o.insert(QStringLiteral("model"), doc.modelText);
    return QJsonDocument(o).toJson(QJsonDocument::Indented);
}

std::optional<RecoveredDocument> RecoveryStore::parse(const QByteArray& bytes, QString* error)
{
    auto fail = [&](const QString& why) -> std::optional<RecoveredDocument> {
        if (error) *error = why;
        return std::nullopt;
    };
    QJsonParseError pe;
    const QJsonDocument json = QJsonDocument::fromJson(bytes, &pe);
    if (pe.error != QJsonParseError::NoError) return fail(QStringLiteral("offset %1: %2").arg(pe.offset).arg(pe.errorString()));
    if (!json.isObject()) return fail(QStringLiteral("not a JSON object"));
    const QJsonObject o = json.object();
    if (o.value(QStringLiteral("format")).toString() != kFormat) return fail(QStringLiteral("/format: not \"%1\"").arg(kFormat));
    const int version = o.value(QStringLiteral("version")).toInt(-1);
    if (version != kVersion)
        return fail(QStringLiteral("/version: recovery format version %1 is not supported (this NetSizer reads %2)")
                        .arg(version)
                        .arg(kVersion));
    if (!o.value(QStringLiteral("model")).isString()) return fail(QStringLiteral("/model: must be the model file's text"));
    RecoveredDocument doc;
    doc.documentName = o.value(QStringLiteral("document")).toString();
    doc.sourcePath = o.value(QStringLiteral("source_path")).toString();
    doc.savePath = o.value(QStringLiteral("save_path")).toString();
    doc.savedAt = QDateTime::fromString(o.value(QStringLiteral("saved_at")).toString(), Qt::ISODateWithMs);
    doc.modelText = o.value(QStringLiteral("model")).toString();
    return doc;
}

} // namespace netsizer::ui
