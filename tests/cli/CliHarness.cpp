#include "CliHarness.h"

#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"

#include <QDebug>
#include <QFile>
#include <QJsonDocument>
#include <QProcess>

CliHarness::Run CliHarness::cli(const QStringList& args) const
{
    QProcess p;
    p.setWorkingDirectory(m_dir.path()); // file names in errors are then the names we gave
    p.start(NETSIZER_CLI_PATH, args);
    Run r;
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit) return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString CliHarness::writeModel(const QString& fileName, const QByteArray& json) const
{
    QFile f(m_dir.filePath(fileName));
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size()) return {};
    return fileName;
}

QJsonObject CliHarness::estimateJson(const QStringList& args) const
{
    const Run r = cli(args + QStringList{"--format", "json"});
    if (r.code != 0) {
        qWarning() << "exit" << r.code << r.err;
        return {};
    }
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
    if (e.error != QJsonParseError::NoError) qWarning() << e.errorString();
    return d.object();
}

QString CliHarness::writeMeasurement(const QString& fileName, const QJsonObject& measurement) const
{
    return writeModel(fileName, QJsonDocument(measurement).toJson());
}

netsizer::core::MemoryBreakdown coreBreakdown(const QString& path, const netsizer::core::TrainingConfig& config,
                                                     netsizer::core::ModelFile* modelOut)
{
    using namespace netsizer::core;
    auto model = readModelFile(path.toStdString());
    if (!model) qFatal("cannot read %s: %s", qPrintable(path), model.error().describe().c_str());
    const Analysis a = analyze(model->graph);
    if (modelOut) *modelOut = *model;
    return estimate(a, config, GpuCatalog::builtin().defaultContextBytes());
}

netsizer::core::TrainingConfig vggConfig(std::uint64_t batch)
{
    using namespace netsizer::core;
    TrainingConfig c;
    c.batch = batch;
    c.optimizer = Optimizer::Adam;
    c.precision = Precision::Fp32;
    c.framework = Framework::PyTorch;
    c.gpu = *GpuCatalog::builtin().find("GRID K520");
    return c;
}
