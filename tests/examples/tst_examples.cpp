// The shipped examples (resources/examples/*.json): exactly what the reference builders produce,
// published parameter counts, the pytorch-cpu profile against ../shared/truth for every example
// the truth measured, and the founding VGG16 question on a 4 GB GRID K520 in Caffe.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/NativeFormat.h"
#include "core/report/PeakHeadline.h"
#include "tests/examples/ExampleModels.h"

#include <QFile>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <cmath>

using namespace netsizer::core;
using netsizer::testing::ExampleModel;

class TestExamples : public QObject {
    Q_OBJECT
private slots:
    void shippedFilesAreGenerated_data();
    void shippedFilesAreGenerated();
    void againstTruth_data();
    void againstTruth();
    void vgg16CaffeOnGridK520();
    void headlineIsThePeak_data();
    void headlineIsThePeak();
    void everyExampleIsShipped();
};

namespace {

QString examplePath(const std::string& file) { return QStringLiteral(NETSIZER_ROOT "/resources/examples/") + QString::fromStdString(file); }

Result<ModelFile> loadExample(const std::string& file) { return readNativeModelFile(examplePath(file).toStdString()); }

void addRows(bool truthOnly)
{
    QTest::addColumn<int>("index");
    const auto all = netsizer::testing::exampleModels();
    for (std::size_t i = 0; i < all.size(); ++i)
        if (!truthOnly || !all[i].truthName.empty()) QTest::newRow(all[i].fileName.c_str()) << int(i);
}

QJsonObject loadTruth(const std::string& model)
{
    QFile f(QStringLiteral(NETSIZER_SHARED_DIR "/truth/out/") + QString::fromStdString(model) + ".json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

Count count(const QJsonValue& v)
{
    const double d = v.toDouble(-1);
    if (!v.isDouble() || d < 0) {
        QTest::qFail("truth field missing or not a count", __FILE__, __LINE__);
        return 0;
    }
    return static_cast<Count>(std::llround(d));
}

} // namespace

void TestExamples::shippedFilesAreGenerated_data() { addRows(false); }

void TestExamples::shippedFilesAreGenerated()
{
    QFETCH(int, index);
    const ExampleModel e = netsizer::testing::exampleModels()[static_cast<std::size_t>(index)];
    QFile f(examplePath(e.fileName));
    QVERIFY2(f.open(QIODevice::ReadOnly), qPrintable(f.fileName() + " is missing: run netsizer-make-examples resources/examples"));
    QCOMPARE(QString::fromUtf8(f.readAll()), QString::fromStdString(writeNativeModel(e.model)));
    auto m = loadExample(e.fileName);
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY2(a.ok(), a.ok() ? "" : a.errors[0].describe().c_str());
    if (e.publishedParams) QCOMPARE(a.paramsTotal, e.publishedParams);
    if (e.fileName == "cnn_180x50.json") // conv 320 + 18,496 + 73,856; fc 16,896·1,024 + 1,024; 1,024·36 + 36
        QCOMPARE(a.paramsTotal, Count{320 + 18496 + 73856 + 17302528 + 36900});
}

void TestExamples::againstTruth_data() { addRows(true); }

// The example file itself, estimated for PyTorch on the CPU in fp32, against what PyTorch 1.13
// measured: weights, gradients and all ten optimizers' state to the byte, activations kept for
// backward within 1%, the input to the byte.
void TestExamples::againstTruth()
{
    QFETCH(int, index);
    const ExampleModel e = netsizer::testing::exampleModels()[static_cast<std::size_t>(index)];
    const QJsonObject t = loadTruth(e.truthName);
    if (t.isEmpty()) QSKIP("../shared/truth/out is absent: nothing to compare with");
    auto m = loadExample(e.fileName);
    QVERIFY(m.ok());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTotal, count(t["param_count"]));
    const std::pair<const char*, Optimizer> optimizers[] = {
        {"SGD", Optimizer::Sgd}, {"SGD_momentum0.9", Optimizer::SgdMomentum}, {"SGD_nesterov", Optimizer::Nesterov},
        {"Adam", Optimizer::Adam}, {"AdamW", Optimizer::AdamW}, {"Adam_amsgrad", Optimizer::AdamAmsgrad},
        {"Adagrad", Optimizer::Adagrad}, {"RMSprop", Optimizer::RmsProp}, {"RMSprop_momentum0.9", Optimizer::RmsPropMomentum},
        {"Adadelta", Optimizer::Adadelta}};
    for (const auto& [key, optimizer] : optimizers) {
        TrainingConfig cfg;
        cfg.framework = Framework::PyTorchCpu;
        cfg.optimizer = optimizer;
        const MemoryBreakdown b = estimate(a, cfg, 0);
        QCOMPARE(b[Component::Weights].fixed, count(t["param_bytes"]) + count(t["buffer_bytes"]));
        QCOMPARE(b[Component::Gradients].fixed, count(t["grad_bytes"]));
        QCOMPARE(b[Component::OptimizerState].fixed, count(t["optimizers"][key]["state_bytes_total"]));
        QCOMPARE(b[Component::Input].perSample, count(t["input_per_sample_bytes"]));
        const double measured = t["saved_activation_excl_input_per_sample_bytes"].toDouble();
        const double ours = static_cast<double>(b[Component::Activations].perSample);
        QVERIFY2(std::fabs(ours - measured) <= 0.01 * measured,
                 qPrintable(QString("activations %1 B/sample vs measured %2").arg(ours, 0, 'f', 0).arg(measured, 0, 'f', 0)));
        QCOMPARE(double(b[Component::Activations].fixed), t["saved_activation_fixed_bytes"].toDouble());
    }
}

// `netsizer-cli estimate resources/examples/vgg16.json --framework caffe --optimizer sgd-momentum
// --gpu "GRID K520"` fits at batch 10 and not at 50.
void TestExamples::vgg16CaffeOnGridK520()
{
    auto m = loadExample("vgg16.json");
    QVERIFY(m.ok());
    TrainingConfig cfg;
    cfg.framework = Framework::Caffe;
    cfg.optimizer = Optimizer::SgdMomentum;
    cfg.gpu = GpuCatalog::builtin().find("GRID K520");
    cfg.batch = 10;
    const MemoryBreakdown b = estimate(analyze(m->graph), cfg, GpuCatalog::builtin().defaultContextBytes());
    QVERIFY(b.fits());
    QVERIFY(b.peakAt(50) > cfg.gpu->memoryBytes);
    // parameters × 3 (data, diff, momentum history) of 138,357,544 fp32 parameters
    QCOMPARE(b[Component::Weights].fixed + b[Component::Gradients].fixed + b[Component::OptimizerState].fixed,
             Count{138357544} * 4 * 3);
    QVERIFY(*b.maxBatch() > 10 && *b.maxBatch() < 50);
}

void TestExamples::headlineIsThePeak_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<int>("framework");
    QTest::addColumn<bool>("train");
    for (const ExampleModel& e : netsizer::testing::exampleModels())
        for (const FrameworkInfo& f : allFrameworks())
            for (bool train : {true, false})
                QTest::newRow((e.fileName + " " + f.name + (train ? " train" : " inference")).c_str())
                    << QString::fromStdString(e.fileName) << static_cast<int>(f.framework) << train;
}

// For every example × framework × mode at three batches: the peak is the largest timeline event
// (scanned here independently), what is alive at that instant adds up to it exactly, each
// component at the peak is at most its own maximum, the band brackets the peak, the headline
// names it, and a one-event step (Caffe, inference) peaks at the sum of the component maxima.
// The same holds for every framework profile registered (allFrameworks()).
void TestExamples::headlineIsThePeak()
{
    QFETCH(QString, file);
    QFETCH(int, framework);
    QFETCH(bool, train);
    auto m = loadExample(file.toStdString());
    QVERIFY(m.ok());
    TrainingConfig cfg;
    cfg.framework = static_cast<Framework>(framework);
    cfg.mode = train ? Mode::Train : Mode::Inference;
    cfg.optimizer = Optimizer::Adam;
    cfg.gpu = GpuCatalog::builtin().find("RTX 3090");
    const Analysis a = analyze(m->graph);
    for (std::uint64_t batch : {1u, 32u, 500u}) {
        cfg.batch = batch;
        const MemoryBreakdown b = estimate(a, cfg, GpuCatalog::builtin().defaultContextBytes());
        std::uint64_t scanned = 0;
        for (const auto& e : b.timeline.events) scanned = std::max(scanned, e.total.at(batch));
        const PeakComposition p = b.peakComposition();
        QCOMPARE(p.bytes, scanned);
        QCOMPARE(p.bytes, b.peakBytes());
        std::uint64_t sum = 0;
        for (Component c : kAllComponents) sum += p[c];
        // Alive all along: the weights, the input batch, the workspace and the overheads are at
        // their maximum at every instant; the gradients never exceed theirs.
        for (Component c : {Component::Weights, Component::Input, Component::Workspace, Component::Overhead})
            QCOMPARE(p[c], b.bytes(c));
        QVERIFY(p[Component::Gradients] <= b.bytes(Component::Gradients));
        QCOMPARE(sum, p.bytes);
        QVERIFY(p.low <= p.bytes && p.bytes <= p.high);
        QCOMPARE(p.high, b.peakHighAt(batch));
        if (b.timeline.events.size() == 1) QCOMPARE(p.bytes, b.componentMaximaSumAt(batch));
        QVERIFY(peakHeadline(b).starts_with("Needs " + formatBytes(static_cast<double>(p.bytes))));
        QVERIFY(peakHeadline(b).ends_with(" at batch " + withThousands(batch)));
        QCOMPARE(b.fits(), p.bytes <= cfg.gpu->memoryBytes);
    }
    // Caffe keeps every blob from the start: one event, the peak is the sum, and it says so.
    if (cfg.framework == Framework::Caffe) {
        const MemoryBreakdown b = estimate(a, cfg, GpuCatalog::builtin().defaultContextBytes());
        QCOMPARE(b.timeline.events.size(), std::size_t{1});
        const std::string place = peakPlaceText(b, "");
        QVERIFY2(place.find(train ? "Caffe allocates every blob" : "inference keeps nothing") != std::string::npos, place.c_str());
    }
}

void TestExamples::everyExampleIsShipped()
{
    const char* required[] = {"lenet5.json", "alexnet.json", "vgg16.json", "resnet18.json", "resnet50.json", "mobilenet_v2.json",
                              "unet_small.json", "lstm_lm.json", "transformer_encoder.json", "gpt2_small.json", "cnn_180x50.json"};
    for (const char* f : required) QVERIFY2(QFile::exists(examplePath(f)), f);
}

QTEST_APPLESS_MAIN(TestExamples)
#include "tst_examples.moc"
