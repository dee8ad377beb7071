#pragma once
// The "Open Recent" list: most recent first, at most kMaxFiles absolute paths, kept in QSettings
// under `settingsKey`. Files that no longer exist are pruned whenever the list is read.

#include <QObject>
#include <QStringList>

namespace netsizer::ui {

class RecentFiles : public QObject {
    Q_OBJECT
public:
    static constexpr int kMaxFiles = 10;

    explicit RecentFiles(QString settingsKey = QStringLiteral("files/recent"), QObject* parent = nullptr);

    // The existing files, most recent first (prunes and stores the list when some vanished).
    QStringList files();
    // Moves `path` (made absolute) to the front; drops the oldest beyond kMaxFiles.
    void add(const QString& path);
    void remove(const QString& path);
    void clear();

signals:
    // Fires after the stored list changed.
    void changed();

private:
    QStringList load() const;
    void store(const QStringList& files);

    QString m_key;
};

} // namespace netsizer::ui
