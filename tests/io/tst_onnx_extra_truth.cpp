// The ONNX path against PyTorch 1.13 on the networks measured into this repository: every
// tests/truth/onnx/<name>.train.onnx that has a tests/truth/out/<name>.json (tests/truth/README.md:
// the eight extra networks and the torchvision ones). In-repo data, so nothing is skipped.
// Per network, the targets ../shared/tools/onnx-truth-check checks through the CLI:
// - learnable parameters == `param_count`; weights == `param_bytes + buffer_bytes`;
//   gradients == `grad_bytes`; SGD-momentum and Adam state == the truth's state after one step;
// - PyTorch-CPU fp32 activations per sample within 1 % of
//   `saved_activation_excl_input_per_sample_bytes` (corrected by the batch-2..8 fit when batch 1
//   takes another path); an eval-mode fallback export (no dropout in the file) may come out up to
//   15 % low, never more than 1 % high;
// - no Opaque layer.
// A network that falls short is listed in kKnown with the reason and the measured figure, and the
// test asserts that figure: the day it changes (better or worse) the entry must be revisited.
#include "core/analysis/Analysis.h"
#include "core/analysis/LayerFreezing.h"
#include "core/analysis/StatedTraining.h"
#include "core/estimate/Estimator.h"
#include "core/io/ModelReader.h"
#include "core/layers/LayerKind.h"
#include "tests/core/TruthChecks.h"

#include <QDir>
#include <QJsonObject>
#include <QtTest>

#include <cmath>
#include <string>
#include <vector>

using namespace netsizer::core;

class TestOnnxExtraTruth : public QObject {
    Q_OBJECT
private slots:
    void network_data();
    void network();
    void statedByTheUser_data();
    void statedByTheUser();
};

namespace {

const QString kDir = QStringLiteral(NETSIZER_ROOT "/tests/truth");

QJsonObject truthOf(const QString& model) { return netsizer::testing::loadTruthFile(kDir + "/out/" + model + ".json"); }

// What one network falls short by, and why. `what` names the figure: "opaque" (value: the number
// of Opaque layers), "activations" (value: the error in %, to 0.01), "weights", "gradients",
// "sgd-momentum state", "adam state" (value: NetSizer's bytes).
struct Known {
    const char* model;
    const char* what;
    double value;
    const char* reason;
};
const std::vector<Known> kKnown = {
    // x_frozen_mlp freezes fc1 and fc3 (requires_grad_(False)), which an ONNX file cannot record;
    // stated with --freeze every figure is exact (statedByTheUser).
    {"x_frozen_mlp", "gradients", 233'256, "ONNX cannot record requires_grad=False (fc1, fc3 frozen): truth 68,648 B"},
    {"x_frozen_mlp", "sgd-momentum state", 233'256, "fc1 and fc3 frozen in PyTorch: truth 68,648 B"},
    {"x_frozen_mlp", "adam state", 466'544, "fc1 and fc3 frozen in PyTorch: truth 137,312 B"},
    {"x_frozen_mlp", "activations", 114.29, "frozen fc1 (fed by the input) keeps nothing in PyTorch: ours 3,840 B, truth 1,792 B"},
    // The harness's loss reads the first output only ("out"): the aux head's 3,851 parameters get
    // no gradient in its step (a real DeepLabV3 training adds the aux loss). With the head stated
    // frozen the figures are exact (statedByTheUser).
    {"tv_deeplabv3_mobilenet_v3_large", "gradients", 44'117'312, "aux_classifier outside the loss: truth 44,101,908 B"},
    {"tv_deeplabv3_mobilenet_v3_large", "sgd-momentum state", 44'117'312, "aux_classifier outside the loss: truth 44,101,908 B"},
    {"tv_deeplabv3_mobilenet_v3_large", "adam state", 88'235'416, "aux_classifier outside the loss: truth 88,204,588 B"},
};

const Known* known(const QString& model, const char* what)
{
    for (const Known& k : kKnown)
        if (model == k.model && std::string(what) == k.what) return &k;
    return nullptr;
}

struct Figures {
    std::uint64_t weights = 0, gradients = 0, sgdState = 0, adamState = 0;
    Count params = 0;
    double activationsPerSample = 0;
    int opaque = 0;
};

Figures figuresOf(const Graph& g)
{
    const Analysis a = analyze(g);
    if (!a.ok()) QTest::qFail(a.errors[0].describe().c_str(), __FILE__, __LINE__);
    Figures f;
    f.params = a.paramsTotal;
    for (const auto& l : g.layers()) f.opaque += l.kind->id == "Opaque" ? 1 : 0;
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.precision = Precision::Fp32;
    cfg.batch = 1;
    cfg.optimizer = Optimizer::SgdMomentum;
    const MemoryBreakdown sgd = estimate(a, cfg, 0);
    f.weights = sgd.bytes(Component::Weights);
    f.gradients = sgd.bytes(Component::Gradients);
    f.sgdState = sgd.bytes(Component::OptimizerState);
    // The slope between batch 1 and 8, as onnx-truth-check takes it from the CLI.
    cfg.batch = 8;
    const double a8 = double(estimate(a, cfg, 0).bytes(Component::Activations));
    f.activationsPerSample = (a8 - double(sgd.bytes(Component::Activations))) / 7.0;
    cfg.optimizer = Optimizer::Adam;
    f.adamState = estimate(a, cfg, 0).bytes(Component::OptimizerState);
    return f;
}

// The truth's activations per sample without the model input; when batch 1 takes another path
// (the 4-point fit has a residual), the batch-2..8 slope less the input.
double truthActivations(const QJsonObject& t)
{
    double want = t["saved_activation_excl_input_per_sample_bytes"].toDouble();
    if (t["saved_activation_per_sample_bytes_b2to8"].isDouble())
        want = t["saved_activation_per_sample_bytes_b2to8"].toDouble() - (t["saved_activation_per_sample_bytes"].toDouble() - want);
    return want;
}

bool evalFallback(const QJsonObject& t)
{
    return t["onnx"].toObject()["train"].toObject().contains("training_mode_error");
}

// QCOMPARE of one exact figure, unless kKnown lists it: then the figure must be the listed one.
void compareExact(const QString& model, const char* what, std::uint64_t ours, double theirs)
{
    if (const Known* k = known(model, what)) {
        qInfo("%s %s: known shortfall (%s): ours %llu, truth %.0f", qPrintable(model), what, k->reason,
              static_cast<unsigned long long>(ours), theirs);
        QCOMPARE(double(ours), k->value);
        return;
    }
    QVERIFY2(double(ours) == theirs, qPrintable(QString("%1 %2: ours %3, truth %4").arg(model, what).arg(ours).arg(theirs, 0, 'f', 0)));
}

} // namespace

void TestOnnxExtraTruth::network_data()
{
    QTest::addColumn<QString>("model");
    const QDir onnx(kDir + "/onnx");
    int rows = 0;
    for (const QString& file : onnx.entryList({"*.train.onnx"}, QDir::Files, QDir::Name)) {
        const QString model = file.chopped(int(qstrlen(".train.onnx")));
        if (!QFileInfo::exists(kDir + "/out/" + model + ".json")) continue;
        QTest::newRow(qPrintable(model)) << model;
        ++rows;
    }
    QVERIFY2(rows >= 17, "tests/truth/onnx holds the exports of the extra and torchvision networks");
}

void TestOnnxExtraTruth::network()
{
    QFETCH(QString, model);
    const QJsonObject t = truthOf(model);
    QVERIFY(!t.isEmpty());
    auto m = readModelFile((kDir + "/onnx/" + model + ".train.onnx").toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Figures f = figuresOf(m->graph);

    QCOMPARE(double(f.params), t["param_count"].toDouble());
    compareExact(model, "weights", f.weights, t["param_bytes"].toDouble() + t["buffer_bytes"].toDouble());
    compareExact(model, "gradients", f.gradients, t["grad_bytes"].toDouble());
    const QJsonObject opts = t["optimizers"].toObject();
    compareExact(model, "sgd-momentum state", f.sgdState, opts["SGD_momentum0.9"].toObject()["state_bytes_total"].toDouble());
    compareExact(model, "adam state", f.adamState, opts["Adam"].toObject()["state_bytes_total"].toDouble());

    const double want = truthActivations(t);
    QVERIFY(want > 0);
    const double err = 100.0 * (f.activationsPerSample - want) / want;
    const bool fallback = evalFallback(t);
    qInfo("%s: activations per sample ours %.0f B, truth %.0f B (%+.2f %%)%s; %d Opaque", qPrintable(model), f.activationsPerSample,
          want, err, fallback ? " (eval-mode fallback export)" : "", f.opaque);
    if (const Known* k = known(model, "activations")) {
        qInfo("  known shortfall: %s", k->reason);
        QCOMPARE(std::round(err * 100) / 100, k->value);
    } else {
        QVERIFY2(fallback ? (err >= -16.0 && err <= 1.0) : std::abs(err) <= 1.0,
                 qPrintable(QString("activations per sample %1 B vs %2 B (%3 %)").arg(f.activationsPerSample).arg(want).arg(err)));
    }
    if (const Known* k = known(model, "opaque")) {
        qInfo("  known Opaque layers: %s", k->reason);
        QCOMPARE(double(f.opaque), k->value);
    } else {
        QCOMPARE(f.opaque, 0);
    }
}

// What an ONNX file cannot say and the user states (the core of --freeze): then every figure is
// exact, activations included.
void TestOnnxExtraTruth::statedByTheUser_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QStringList>("frozen");
    QTest::addColumn<QStringList>("dropouts"); // LAYER=P: a Dropout after LAYER (--dropout)
    QTest::newRow("x_frozen_mlp") << "x_frozen_mlp" << QStringList{"fc1", "fc3"} << QStringList{};
    QTest::newRow("tv_deeplabv3_mobilenet_v3_large") << "tv_deeplabv3_mobilenet_v3_large" << QStringList{"aux_classifier"}
                                                     << QStringList{};
    // The eval-mode export lost Dropout(0.1) after the embedding and the GRU's inter-layer
    // dropout(0.2); stated, the activations are the measurement (331,776 B per sample on 2..8).
    QTest::newRow("x_gru_tagger") << "x_gru_tagger" << QStringList{} << QStringList{"/embed/Gather=0.1", "/gru/Reshape=0.2"};
}

void TestOnnxExtraTruth::statedByTheUser()
{
    QFETCH(QString, model);
    QFETCH(QStringList, frozen);
    QFETCH(QStringList, dropouts);
    const QJsonObject t = truthOf(model);
    QVERIFY(!t.isEmpty());
    auto m = readModelFile((kDir + "/onnx/" + model + ".train.onnx").toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    for (const QString& d : dropouts) {
        const auto stated = insertDropoutAfter(m->graph, d.section('=', 0, 0).toStdString(), d.section('=', 1).toDouble());
        QVERIFY2(stated.ok(), qPrintable(d));
    }
    std::vector<std::string> patterns;
    for (const QString& f : frozen) patterns.push_back(f.toStdString());
    QVERIFY(patterns.empty() || freezeMatching(m->graph, patterns) > 0);
    const Figures f = figuresOf(m->graph);
    QCOMPARE(double(f.gradients), t["grad_bytes"].toDouble());
    const QJsonObject opts = t["optimizers"].toObject();
    QCOMPARE(double(f.sgdState), opts["SGD_momentum0.9"].toObject()["state_bytes_total"].toDouble());
    QCOMPARE(double(f.adamState), opts["Adam"].toObject()["state_bytes_total"].toDouble());
    QCOMPARE(double(f.weights), t["param_bytes"].toDouble() + t["buffer_bytes"].toDouble());
    const double want = truthActivations(t), err = 100.0 * (f.activationsPerSample - want) / want;
    const bool stated = !dropouts.isEmpty();
    QVERIFY2(evalFallback(t) && !stated ? (err >= -16.0 && err <= 1.0) : std::abs(err) <= 1.0, qPrintable(QString("activations %1 %").arg(err)));
}

QTEST_APPLESS_MAIN(TestOnnxExtraTruth)
#include "tst_onnx_extra_truth.moc"
