#include "ui/files/RecentFiles.h"

#include <QFileInfo>
#include <QSettings>

namespace netsizer::ui {

RecentFiles::RecentFiles(QString settingsKey, QObject* parent) : QObject(parent), m_key(std::move(settingsKey)) {}

QStringList RecentFiles::load() const { return QSettings().value(m_key).toStringList(); }

void RecentFiles::store(const QStringList& files)
{
    QSettings().setValue(m_key, files);
    emit changed();
}

QStringList RecentFiles::files()
{
    const QStringList stored = load();
    QStringList existing;
    for (const QString& f : stored)
        if (QFileInfo(f).isFile() && !existing.contains(f)) existing.push_back(f);
    while (existing.size() > kMaxFiles) existing.removeLast();
    if (existing != stored) store(existing);
    return existing;
}

void RecentFiles::add(const QString& path)
{
    const QString absolute = QFileInfo(path).absoluteFilePath();
    QStringList list = load();
    list.removeAll(absolute);
    list.prepend(absolute);
    while (list.size() > kMaxFiles) list.removeLast();
    store(list);
}

void RecentFiles::remove(const QString& path)
{
    QStringList list = load();
    if (list.removeAll(QFileInfo(path).absoluteFilePath()) > 0) store(list);
}

void RecentFiles::clear()
{
    if (!load().isEmpty()) store({});
}

} // namespace netsizer::ui
