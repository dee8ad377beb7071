#pragma once
// Where lessons come from: the built-in ones (resources/lessons/*.json, compiled in as
// ":/lessons/<file>") and any lesson file a teacher wrote (File ▸ Open lesson…), and where the
// models they name are found.

#include "core/io/ModelFile.h"
#include "core/lessons/Lesson.h"
#include "core/util/Result.h"

#include <QString>
#include <QStringList>

namespace netsizer::ui {

class LessonLibrary {
public:
    // The built-in lesson files, sorted by file name (their order in Help ▸ Lessons).
    static QStringList builtinPaths();
    // Reads and checks the lesson at `path` (a file or a ":/lessons/…" resource). Errors are
    // located: "<file>:<JSON pointer>" (core::readLesson).
    static core::Result<core::Lesson> load(const QString& path);
    // The model a lesson's settings name ("examples/<file>", "lessons/<file>" built in, any
    // other path relative to the folder of the lesson file at `lessonPath`). Native files are
    // read here (they are small); errors name the model's file.
    static core::Result<core::ModelFile> loadModel(const std::string& model, const QString& lessonPath);
    // The resource or file path `model` resolves to.
    static QString modelPath(const std::string& model, const QString& lessonPath);
};

} // namespace netsizer::ui
