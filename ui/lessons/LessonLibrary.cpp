#include "ui/lessons/LessonLibrary.h"

#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
#include "core/lessons/LessonReader.h"

#include <QDir>
#include <QFile>
#include <QFileInfo>

namespace netsizer::ui {

namespace {
core::Result<QByteArray> readAll(const QString& path)
{
    QFile file(path);
    if (!file.open(QIODevice::ReadOnly))
        return core::makeError("io", file.errorString().toStdString(), QFileInfo(path).fileName().toStdString());
    return file.readAll();
}
} // namespace

QStringList LessonLibrary::builtinPaths()
{
    QStringList out;
    const QDir dir(QStringLiteral(":/lessons"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        out << dir.filePath(name);
    return out;
}

core::Result<core::Lesson> LessonLibrary::load(const QString& path)
{
    auto bytes = readAll(path);
    if (!bytes) return bytes.error();
    return core::readLesson(std::string_view(bytes->constData(), static_cast<std::size_t>(bytes->size())),
                            QFileInfo(path).fileName().toStdString());
}

QString LessonLibrary::modelPath(const std::string& model, const QString& lessonPath)
{
    const QString m = QString::fromStdString(model);
    if (m.startsWith(QLatin1String("examples/")) || m.startsWith(QLatin1String("lessons/"))) return QStringLiteral(":/") + m;
    if (QFileInfo(m).isAbsolute()) return m;
    return QFileInfo(lessonPath).dir().filePath(m);
}

core::Result<core::ModelFile> LessonLibrary::loadModel(const std::string& model, const QString& lessonPath)
{
    const QString path = modelPath(model, lessonPath);
    if (!path.startsWith(QLatin1Char(':'))) return core::readModelFile(path.toStdString());
    auto bytes = readAll(path);
    if (!bytes) return bytes.error();
    return core::readNativeModelText(std::string_view(bytes->constData(), static_cast<std::size_t>(bytes->size())),
                                     QFileInfo(path).fileName().toStdString());
}

} // namespace netsizer::ui
