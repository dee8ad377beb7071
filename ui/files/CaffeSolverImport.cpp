#include "ui/files/CaffeSolverImport.h"

#include "core/io/TextFile.h"
#include "core/io/caffe/CaffeImport.h"

#include <QFile>
#include <QFileInfo>

namespace netsizer::ui {

core::Result<CaffeSolverImport> CaffeSolverImport::read(const QString& path, const core::TrainingConfig& current)
{
    auto text = core::readTextFile(QFile::encodeName(path).toStdString());
    if (!text) return text.error();
    CaffeSolverImport result;
    result.config = current;
    if (auto s = core::applyCaffeSolver(*text, QFileInfo(path).fileName().toStdString(), result.config, result.notes); !s)
        return s.error();
    result.config.framework = core::Framework::Caffe;
    result.frameworkChanged = current.framework != core::Framework::Caffe;
    return result;
}

} // namespace netsizer::ui
