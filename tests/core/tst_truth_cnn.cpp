// NetSizer against PyTorch itself: the reference CNNs of tests/core/ReferenceNets.h, estimated
// for PyTorch on the CPU in fp32, compared with what ../shared/truth measured in torch 1.13
// (out/<model>.json; field meanings in ../shared/truth/README.md, "How NetSizer's breakdown
// maps onto these fields"). Expected values are read from the measurement, never typed in,
// except the published parameter counts.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "tests/core/ReferenceNets.h"
#include "tests/core/TruthChecks.h"

#include <QJsonObject>
#include <QtTest>

using namespace netsizer::core;
using netsizer::testing::ReferenceNet;

class TestTruthCnn : public QObject {
    Q_OBJECT
private slots:
    void network_data();
    void network();
    void finetune_data();
    void finetune();
    void autocastBf16_data();
    void autocastBf16();
};

namespace {

using netsizer::testing::truthCount;

// The truth file of `model`, or a null object when ../shared is absent.
QJsonObject loadTruth(const std::string& model)
{
    return netsizer::testing::loadTruthFile(QStringLiteral(NETSIZER_SHARED_DIR "/truth/out/") +
                                            QString::fromStdString(model) + ".json");
}

MemoryBreakdown estimateCpu(const Analysis& a, Optimizer o)
{
    return netsizer::testing::estimatePyTorchCpu(a, o);
}

QByteArray firstError(const Analysis& a)
{
    return a.errors.empty() ? QByteArray() : QByteArray::fromStdString(a.errors[0].describe());
}

void addRows()
{
    QTest::addColumn<QString>("model");
    for (const auto& name : netsizer::testing::referenceNetNames())
        QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

} // namespace

void TestTruthCnn::network_data()
{
    addRows();
}

void TestTruthCnn::network()
{
    QFETCH(QString, model);
    ReferenceNet net = netsizer::testing::referenceNet(model.toStdString());
    const Analysis a = analyze(net.graph);
    QVERIFY2(a.ok(), firstError(a).constData());
    QCOMPARE(a.paramsTotal, net.publishedParams);

    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) QSKIP("../shared/truth/out/<model>.json is absent: nothing to compare with");
    netsizer::testing::compareTraining(model, a, t);
}

void TestTruthCnn::finetune_data()
{
    addRows();
}

void TestTruthCnn::finetune()
{
    QFETCH(QString, model);
    ReferenceNet net = netsizer::testing::referenceNet(model.toStdString());
    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) QSKIP("../shared/truth/out/<model>.json is absent: nothing to compare with");
    netsizer::testing::compareFinetune(std::move(net), t);
}

void TestTruthCnn::autocastBf16_data()
{
    addRows();
}

// Mixed bf16 against the truth's CPU autocast run (torch.autocast('cpu', torch.bfloat16)),
// exactly. What it takes (Autocast rules in core/layers/KindResult.h, the analyser's autocast
// pass): bf16 copies of conv/linear *weights* only (no biases, no BatchNorm affine, no
// ConvTranspose2d); the first conv's bf16 copy of the fp32 model input; ConvTranspose2d, fp32
// under CPU autocast, keeps a float32 copy of its bf16 input (UNet-small: 983,040 B per sample).
// These were QEXPECT_FAILs with exactly these corrections before the autocast pass existed.
void TestTruthCnn::autocastBf16()
{
    QFETCH(QString, model);
    ReferenceNet net = netsizer::testing::referenceNet(model.toStdString());
    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) QSKIP("../shared/truth/out/<model>.json is absent: nothing to compare with");
    const QJsonObject ac = t["autocast_bf16"].toObject();
    const Analysis a = analyze(net.graph);
    QVERIFY(a.ok());
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.precision = Precision::MixedBf16;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    const Count truthFixed = truthCount(ac, "saved_fixed_bytes"), truthPerSample = truthCount(ac, "saved_per_sample_bytes");
    QCOMPARE(m[Component::Activations].fixed, truthFixed);
    QCOMPARE(m[Component::Activations].perSample, truthPerSample);

    // The fixed part is the cast weights plus the float32 BatchNorm statistics: independent check.
    Count autocastWeights = 0;
    for (const auto& la : a.layers) {
        const std::string& kind = net.graph.layers()[la.layerIndex].kind->id;
        if (kind == "Conv1D" || kind == "Conv2D" || kind == "Conv3D" || kind == "Dense")
            autocastWeights += la.result.params.at(0).numel; // "weight"
    }
    const MemoryBreakdown fp32 = estimateCpu(a, Optimizer::Adam);
    QCOMPARE(m[Component::Activations].fixed, 2 * autocastWeights + fp32[Component::Activations].fixed);
}

QTEST_APPLESS_MAIN(TestTruthCnn)
#include "tst_truth_cnn.moc"
