#include "ui/files/ExampleFiles.h"

#include <QDir>
#include <QFileInfo>

namespace netsizer::ui {

QStringList ExampleFiles::paths()
{
    const QDir dir(QString::fromLatin1(kResourceDir));
    QStringList out;
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) out << dir.filePath(name);
    return out;
}

QString ExampleFiles::label(const QString& path) { return QFileInfo(path).completeBaseName(); }

} // namespace netsizer::ui
