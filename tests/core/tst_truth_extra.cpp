// NetSizer against PyTorch 1.13 on the eight extra networks of tests/truth/extra_models.py
// (GRU/RNN/bi-LSTM, Conv1D/3D, 1-D pooling, GroupNorm, LayerNorm on conv features, the
// activation zoo, Upsample, ZeroPadding, strided ConvTranspose2d, SE gating, attention with
// need_weights, frozen layers). Measured by ../shared/truth/truth.py into tests/truth/out (in
// this repository, so nothing is skipped); builders in ReferenceExtraNets.cpp; the comparisons
// are the ones tst_truth_cnn makes (TruthChecks.h).
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/layers/LayerKind.h"
#include "tests/core/ReferenceExtraNets.h"
#include "tests/core/TruthChecks.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <set>

using namespace netsizer::core;
using netsizer::testing::ReferenceNet;
using netsizer::testing::truthCount;

class TestTruthExtra : public QObject {
    Q_OBJECT
private slots:
    void network_data();
    void network();
    void finetune_data();
    void finetune();
    void autocastBf16_data();
    void autocastBf16();
    void inference_data();
    void inference();
    void coversTheKinds();
};

namespace {

QJsonObject loadTruth(const std::string& model)
{
    const QJsonObject t = netsizer::testing::loadTruthFile(QStringLiteral(NETSIZER_ROOT "/tests/truth/out/") +
                                                           QString::fromStdString(model) + ".json");
    if (t.isEmpty()) QTest::qFail("tests/truth/out/<model>.json is missing or unreadable", __FILE__, __LINE__);
    return t;
}

void addRows()
{
    QTest::addColumn<QString>("model");
    for (const auto& name : netsizer::testing::extraReferenceNetNames())
        QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

// Differences understood from the truth's storage lists but not modelled yet (docs/accuracy.md).
// Each is an expected failure: the day a kind models it, the test reports XPASS and this entry
// must go.
const char* knownIssue(const QString& model, const char* what)
{
    const std::string m = model.toStdString(), w = what;
    if (m == "x_rnn_bilstm" && w == "fp32")
        return "an LSTM fed by a batch_first recurrent layer keeps that layer's time-major output once; NetSizer "
               "counts a time-major copy per direction (+3,840 B per sample, +3.5 %)";
    if (m == "x_gru_tagger" && w == "bf16")
        return "GRU layer 1's float32 input (the dropped-out float32 output of layer 0) is cast to bf16 once per "
               "direction; NetSizer keeps one copy (-9,216 B per sample, -4.5 %)";
    if (m == "x_rnn_bilstm" && w == "bf16")
        return "nn.LSTM makes its zero h0/c0 in its input's dtype: here the RNN's bf16 output, so the cell chain "
               "stays bf16; NetSizer makes it float32 as for lstm_lm, whose LSTM input is float32 (+35.6 %)";
    if (m == "x_rnn_bilstm" && w == "bf16 fixed")
        return "mm keeps the bf16 copy of a weight only when its input needs a gradient: RNN layer 0's weight_ih "
               "(input = the model input) has none (512 weights, 1,024 B); NetSizer charges every cast weight";
    return "";
}

Analysis analyzeOk(const ReferenceNet& net)
{
    Analysis a = analyze(net.graph);
    if (!a.ok()) QTest::qFail(a.errors[0].describe().c_str(), __FILE__, __LINE__);
    return a;
}

} // namespace

void TestTruthExtra::network_data()
{
    addRows();
}

// Everything exact, activations included (the target allows 1 % in fp32; every rule behind these
// networks was checked against the truth's per-op storage list, so no tolerance is needed).
void TestTruthExtra::network()
{
    QFETCH(QString, model);
    const ReferenceNet net = netsizer::testing::extraReferenceNet(model.toStdString());
    const Analysis a = analyzeOk(net);
    if (QTest::currentTestFailed()) return;
    QCOMPARE(a.paramsTotal, net.publishedParams);
    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) return;
    netsizer::testing::compareTraining(model, a, t, 0, knownIssue(model, "fp32"));
}

void TestTruthExtra::finetune_data()
{
    addRows();
}

void TestTruthExtra::finetune()
{
    QFETCH(QString, model);
    ReferenceNet net = netsizer::testing::extraReferenceNet(model.toStdString());
    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) return;
    netsizer::testing::compareFinetune(std::move(net), t);
}

void TestTruthExtra::autocastBf16_data()
{
    addRows();
}

// torch.autocast('cpu', torch.bfloat16): the cast weight copies (fixed) exactly, the saved bytes
// per sample within 3 %.
void TestTruthExtra::autocastBf16()
{
    QFETCH(QString, model);
    const ReferenceNet net = netsizer::testing::extraReferenceNet(model.toStdString());
    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) return;
    const QJsonObject ac = t["autocast_bf16"].toObject();
    // torch 1.13 cannot run GroupNorm under CPU autocast (bf16 input, float32 weight: "expected
    // scalar type BFloat16 but found Float"); truth.py records the error instead of a run.
    if (ac.contains("error")) QSKIP(qPrintable("no autocast truth: " + ac["error"].toString().section(" | ", 0, 0)));
    // Per sample without the model input (the int64 token ids Embedding keeps are NetSizer's
    // input component); the fixed part from the fit of everything saved.
    const QJsonObject fits = ac["fits"].toObject();
    const QJsonObject fit = fits["saved_activation_bytes"].toObject();
    const QJsonObject fitExclInput = fits["saved_activation_excl_input_bytes"].toObject();
    const Analysis a = analyzeOk(net);
    if (QTest::currentTestFailed()) return;
    const MemoryBreakdown m = netsizer::testing::estimatePyTorchCpu(a, Optimizer::Adam, Precision::MixedBf16);
    const double ours = static_cast<double>(m[Component::Activations].perSample);
    const double want = static_cast<double>(netsizer::testing::truthFitCount(fitExclInput, "slope"));
    qInfo("%s autocast per sample: ours %.0f, truth %.0f (%+.3f %%); fixed ours %llu, truth %llu", qPrintable(model), ours,
          want, netsizer::testing::percentOff(ours, want),
          static_cast<unsigned long long>(m[Component::Activations].fixed),
          static_cast<unsigned long long>(netsizer::testing::truthFitCount(fit, "intercept")));
    if (const char* issue = knownIssue(model, "bf16"); *issue) QEXPECT_FAIL("", issue, Continue);
    QVERIFY2(std::abs(ours - want) <= 0.03 * want, "autocast activations per sample off by more than 3 %");
    if (const char* issue = knownIssue(model, "bf16 fixed"); *issue) QEXPECT_FAIL("", issue, Continue);
    QCOMPARE(m[Component::Activations].fixed, netsizer::testing::truthFitCount(fit, "intercept"));
}

void TestTruthExtra::inference_data()
{
    addRows();
}

// model.eval() + torch.no_grad(): autograd keeps nothing (truth: 0 bytes saved at batch 8). In
// inference NetSizer's activations are the peak of live tensors, not kept ones: no gradients,
// no optimizer state, and a working set below what training keeps.
void TestTruthExtra::inference()
{
    QFETCH(QString, model);
    const ReferenceNet net = netsizer::testing::extraReferenceNet(model.toStdString());
    const QJsonObject t = loadTruth(net.truthName);
    if (t.isEmpty()) return;
    const QJsonObject inf = t["inference_eval_no_grad"].toObject();
    QCOMPARE(truthCount(inf, "saved_bytes"), Count{0});
    const Analysis a = analyzeOk(net);
    if (QTest::currentTestFailed()) return;
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.mode = Mode::Inference;
    cfg.batch = static_cast<std::uint64_t>(truthCount(inf, "batch"));
    const MemoryBreakdown m = estimate(a, cfg, 0);
    const MemoryBreakdown train = netsizer::testing::estimatePyTorchCpu(a, Optimizer::Adam);
    QCOMPARE(m[Component::Gradients].fixed, Count{0});
    QCOMPARE(m[Component::OptimizerState].fixed, Count{0});
    QCOMPARE(m[Component::Activations].fixed, Count{0});
    QVERIFY(m[Component::Activations].perSample > 0);
    QVERIFY(m[Component::Activations].perSample < train[Component::Activations].perSample);
}

// The point of these networks: every kind the first truth set left uncovered is in at least one.
void TestTruthExtra::coversTheKinds()
{
    std::set<std::string> seen;
    for (const auto& name : netsizer::testing::extraReferenceNetNames()) {
        // Keep the net alive for the loop: ranging over a member of a temporary would dangle.
        const auto net = netsizer::testing::extraReferenceNet(name);
        for (const auto& layer : net.graph.layers()) seen.insert(layer.kind->id);
    }
    for (const char* kind : {"GRU", "RNN", "LSTM", "Conv1D", "Conv3D", "MaxPool1D", "AvgPool1D", "AdaptiveAvgPool2D",
                             "GlobalAvgPool", "GroupNorm", "LayerNorm", "PReLU", "LeakyReLU", "ELU", "SiLU", "HardSwish",
                             "Tanh", "Sigmoid", "GELU", "Softmax", "Upsample", "ZeroPadding", "ConvTranspose2D",
                             "Multiply", "Concat", "Embedding", "MultiHeadAttention", "Dropout", "Mean"})
        QVERIFY2(seen.count(kind) == 1, kind);
}

QTEST_APPLESS_MAIN(TestTruthExtra)
#include "tst_truth_extra.moc"
