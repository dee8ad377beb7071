// NetSizer against PyTorch itself: the reference CNNs of tests/core/ReferenceNets.h, estimated
// for PyTorch on the CPU in fp32, compared with what ../shared/truth measured in torch 1.13
// (out/<model>.json; field meanings in ../shared/truth/README.md, "How NetSizer's breakdown
// maps onto these fields"). Expected values are read from the measurement, never typed in,
// except the published parameter counts.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "tests/core/ReferenceNets.h"

#include <QFile>
#include <QJsonDocument>
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

// The truth file of `model`, or a null object when ../shared is absent.
QJsonObject loadTruth(const std::string& model)
{
    QFile f(QStringLiteral(NETSIZER_SHARED_DIR "/truth/out/") + QString::fromStdString(model) + ".json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// A non-negative integral number field of `o`; records a test failure (and returns 0) when the
// field is missing or not a byte/element count, so a renamed field cannot pass silently.
Count num(const QJsonObject& o, const char* key)
{
    const QJsonValue v = o[QLatin1String(key)];
    const double d = v.toDouble(-1.0);
    if (!v.isDouble() || d < 0 || d != static_cast<double>(static_cast<Count>(d))) {
        QTest::qFail(qPrintable(QStringLiteral("truth field '%1' is missing or not a count").arg(key)), __FILE__, __LINE__);
        return 0;
    }
    return static_cast<Count>(d);
}

// The truth's optimizer keys and NetSizer's names for them.
const std::pair<const char*, Optimizer> kOptimizers[] = {
    {"SGD", Optimizer::Sgd},
    {"SGD_momentum0.9", Optimizer::SgdMomentum},
    {"SGD_nesterov", Optimizer::Nesterov},
    {"Adam", Optimizer::Adam},
    {"AdamW", Optimizer::AdamW},
    {"Adam_amsgrad", Optimizer::AdamAmsgrad},
    {"Adagrad", Optimizer::Adagrad},
    {"RMSprop", Optimizer::RmsProp},
    {"RMSprop_momentum0.9", Optimizer::RmsPropMomentum},
    {"Adadelta", Optimizer::Adadelta},
};

MemoryBreakdown estimateCpu(const Analysis& a, Optimizer o)
{
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.precision = Precision::Fp32;
    cfg.optimizer = o;
    cfg.batch = 2;
    return estimate(a, cfg, 0);
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
    QCOMPARE(a.paramsTotal, num(t, "param_count"));
    QCOMPARE(a.buffers, num(t, "buffer_numel"));

    const QJsonObject optimizers = t["optimizers"].toObject();
    for (const auto& [key, optimizer] : kOptimizers) {
        const MemoryBreakdown m = estimateCpu(a, optimizer);
        QCOMPARE(m[Component::Weights].fixed, num(t, "param_bytes") + num(t, "buffer_bytes"));
        QCOMPARE(m[Component::Weights].perSample, Count{0});
        QCOMPARE(m[Component::Gradients].fixed, num(t, "grad_bytes"));
        const Count state = num(optimizers[key].toObject(), "state_bytes_total");
        if (m[Component::OptimizerState].fixed != state) qWarning("optimizer %s", key);
        QCOMPARE(m[Component::OptimizerState].fixed, state);
    }
    const MemoryBreakdown m = estimateCpu(a, Optimizer::Adam);
    const Count truthPerSample = num(t, "saved_activation_excl_input_per_sample_bytes");
    const Count ours = m[Component::Activations].perSample;
    qInfo("%s activations per sample: ours %llu, truth %llu (%+.4f%%)", qPrintable(model),
          static_cast<unsigned long long>(ours), static_cast<unsigned long long>(truthPerSample),
          100.0 * (static_cast<double>(ours) - static_cast<double>(truthPerSample)) / static_cast<double>(truthPerSample));
    QCOMPARE(ours, truthPerSample);
    QCOMPARE(m[Component::Activations].fixed, num(t, "saved_activation_fixed_bytes"));
    QCOMPARE(m[Component::Input].perSample, num(t, "input_per_sample_bytes"));
    QCOMPARE(m[Component::Input].fixed, Count{0});
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
    const QJsonObject ft = t["finetune_last_linear"].toObject();
    netsizer::testing::freezeAllBut(net.graph, net.lastTrainable);
    const Analysis a = analyze(net.graph);
    QVERIFY2(a.ok(), firstError(a).constData());
    QCOMPARE(a.paramsTrainable, num(ft, "trainable_param_count"));
    QCOMPARE(a.paramsTotal, net.publishedParams); // frozen weights still count as weights

    const MemoryBreakdown m = estimateCpu(a, Optimizer::Adam);
    QCOMPARE(m[Component::Weights].fixed, num(t, "param_bytes") + num(t, "buffer_bytes"));
    QCOMPARE(m[Component::Gradients].fixed, num(ft, "grad_bytes"));
    QCOMPARE(m[Component::OptimizerState].fixed, num(ft["adam_state"].toObject(), "state_bytes_total"));
    const QJsonObject fit = ft["fits"].toObject()["saved_activation_excl_input_bytes"].toObject();
    QCOMPARE(m[Component::Activations].perSample, num(fit, "slope"));
    QCOMPARE(m[Component::Activations].fixed, num(ft, "saved_fixed_bytes"));
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
    const Count truthFixed = num(ac, "saved_fixed_bytes"), truthPerSample = num(ac, "saved_per_sample_bytes");
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
