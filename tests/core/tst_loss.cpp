// What the loss keeps (core/estimate/LossMemory.h, TrainingConfig::loss).
//
// Measured: every tests/truth/out/*.json whose loss was F.cross_entropy (truth.py make_loss:
// [B, C] outputs, and [B, T, V] flattened to tokens) — NetSizer's cross-entropy bytes per sample
// equal "loss_saved_per_sample_bytes" exactly.
//
// Hand-derived on twoDense (Input[4] -> Dense(3) "d1" -> Dense(2) "d2", PyTorch CPU, fp32, Adam,
// batch 1; tst_timeline's figures: loss event 292 + 44b): the output is [2], 2 classes, 1 row.
//   cross-entropy: log_softmax 2 × 4 + target 8 = 16 B/sample -> loss event 292 + 60b.
//   chunked: targets 8 B/sample, one chunk of min(32, 1) row × 2 × 4 = 8 B -> 300 + 52b.
//   fused (V 2, H 3 = d2's 6 MACs / 2 outputs; chunk next_power_of_2(ceil(1 / ceil(2 / 3))) = 1):
//     fixed grad_weight 6 × 4 + logits chunk 1 × 2 × 4 + chunk @ weight 1 × 3 × 4 + torch.mm
//     product 6 × 4 = 68; per sample grad_input 3 × 4 + loss_1d 4 + target 8 = 24; d2's output
//     (8 B) is never written: forward d2 292 + 28b, loss (292 + 68) + (16 + 12 + 24)b = 360 + 52b.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/estimate/LossMemory.h"
#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
#include "core/io/TextFile.h"
#include "core/io/TrainingConfigJson.h"
#include "core/io/hf/HfConfigImport.h"
#include "core/io/hf/HfPresets.h"
#include "tests/core/ReferenceCheckpointNets.h"
#include "tests/core/ReferenceExtraNets.h"
#include "tests/core/ReferenceNets.h"
#include "tests/core/TruthChecks.h"
#include "SmallNets.h"

#include <nlohmann/json.hpp>

#include <QDir>
#include <QJsonArray>
#include <QJsonDocument>
#include <QtTest>

#include <algorithm>
#include <optional>

using namespace netsizer::core;

class TestLoss : public QObject {
    Q_OBJECT
private slots:
    void crossEntropyMatchesTruth_data();
    void crossEntropyMatchesTruth();
    void handDerivedLossEvents();
    void fusedOnLlama2_7b();
    void namesAndJson();
};

namespace {

// The loss truth.py used, read from its rows ("loss_kind"), or empty.
QString lossKindOf(const QJsonObject& o)
{
    const QByteArray text = QJsonDocument(o).toJson(QJsonDocument::Compact);
    const int at = text.indexOf("\"loss_kind\":\"");
    if (at < 0) return {};
    const int from = at + 13;
    return QString::fromUtf8(text.mid(from, text.indexOf('"', from) - from));
}

// NetSizer's network for a truth file: the code-built reference nets, or the Hugging Face
// config the LLM truth was measured with (LoRA adapters do not change the output), or the
// file's ONNX export.
std::optional<Graph> networkFor(const std::string& name)
{
    auto has = [&](const std::vector<std::string>& names) { return std::find(names.begin(), names.end(), name) != names.end(); };
    if (has(netsizer::testing::referenceNetNames())) return netsizer::testing::referenceNet(name).graph;
    if (has(netsizer::testing::extraReferenceNetNames())) return netsizer::testing::extraReferenceNet(name).graph;
    if (has(netsizer::testing::checkpointReferenceNetNames())) return netsizer::testing::checkpointReferenceNet(name).graph;
    // The torchvision networks measured here were also exported to ONNX (tests/truth/onnx).
    if (auto onnx = readModelFile(std::string(NETSIZER_ROOT "/tests/truth/onnx/") + name + ".train.onnx")) return std::move(onnx).value().graph;
    const std::string config = name.rfind("lora_llama", 0) == 0 ? "llm_llama_gqa" : name;
    auto text = readTextFile(std::string(NETSIZER_ROOT "/tests/truth/hf_configs/") + config + ".json");
    if (!text) return std::nullopt;
    HfImportOptions options;
    options.sequenceLength = 32; // llm_models.py SEQ
    auto file = readHuggingFaceConfig(*text, config + ".json", options);
    if (!file) return std::nullopt;
    return std::move(file).value().graph;
}

TrainingConfig cpuConfig(LossKind loss)
{
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.optimizer = Optimizer::Adam;
    cfg.batch = 1;
    cfg.loss = loss;
    return cfg;
}

} // namespace

void TestLoss::crossEntropyMatchesTruth_data()
{
    QTest::addColumn<QString>("file");
    const QDir dir(QStringLiteral(NETSIZER_ROOT "/tests/truth/out"));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    if (files.isEmpty()) QSKIP("tests/truth/out has no measurements");
    for (const QString& f : files) QTest::newRow(f.toUtf8().constData()) << dir.filePath(f);
}

void TestLoss::crossEntropyMatchesTruth()
{
    QFETCH(QString, file);
    const QJsonObject t = netsizer::testing::loadTruthFile(file);
    if (t.isEmpty() || !t.contains("loss_saved_per_sample_bytes")) QSKIP("no loss measurement in this file");
    if (!lossKindOf(t).startsWith("cross_entropy")) QSKIP("the loss was not cross-entropy");
    const std::string name = QFileInfo(file).completeBaseName().toStdString();
    const std::optional<Graph> g = networkFor(name);
    QVERIFY2(g.has_value(), ("no NetSizer network for " + name).c_str());
    const Analysis a = analyze(*g);
    QVERIFY(a.ok());
    const LossMemory m = lossMemory(a, cpuConfig(LossKind::CrossEntropy));
    const Count truth = netsizer::testing::truthFitCount(t, "loss_saved_per_sample_bytes");
    qInfo("%s: cross-entropy keeps %llu B/sample (%llu rows × %llu classes), measured %llu", name.c_str(),
          qulonglong(m.kept.perSample), qulonglong(m.rows), qulonglong(m.classes), qulonglong(truth));
    QCOMPARE(m.kept.perSample, truth);
    QCOMPARE(m.kept.fixed, Count{0});
    // Charged at the loss only: the loss event holds it on top of the "none" figure.
    const MemoryBreakdown none = estimate(a, cpuConfig(LossKind::None), 0);
    const MemoryBreakdown ce = estimate(a, cpuConfig(LossKind::CrossEntropy), 0);
    for (std::size_t i = 0; i < ce.timeline.events.size(); ++i) {
        const Count extra = ce.timeline.events[i].phase == StepPhase::Loss ? truth : 0;
        QCOMPARE(ce.timeline.events[i].total.perSample, none.timeline.events[i].total.perSample + extra);
    }
}

void TestLoss::handDerivedLossEvents()
{
    const Analysis a = analyze(netsizer::testing::twoDense());
    struct Want {
        LossKind kind;
        AffineBytes forwardLast, loss;
    };
    for (const Want& w : {Want{LossKind::None, {292, 36}, {292, 44}}, Want{LossKind::CrossEntropy, {292, 36}, {292, 60}},
                          Want{LossKind::ChunkedCrossEntropy, {292, 36}, {300, 52}},
                          Want{LossKind::FusedLinearCrossEntropy, {292, 28}, {360, 52}}}) {
        const MemoryBreakdown m = estimate(a, cpuConfig(w.kind), 0);
        const auto& ev = m.timeline.events;
        QCOMPARE(ev.size(), std::size_t{7});
        QCOMPARE(ev[2].total, w.forwardLast);
        QCOMPARE(ev[3].phase, StepPhase::Loss);
        QCOMPARE(ev[3].total, w.loss);
        // Released before the last layer's backward: backward d2 is tst_timeline's 324 + 48b.
        QCOMPARE(ev[4].total, (AffineBytes{324, 48}));
        // The loss event within the components' maxima but for the output written at the loss
        // and its gradient, as without a loss (what the loss keeps is in the Activations maximum).
        const Count outputAndGrad = w.kind == LossKind::FusedLinearCrossEntropy ? 0 : 16;
        QVERIFY(ev[3].total.at(1) <= m.componentMaximaSumAt(1) + outputAndGrad);
        QCOMPARE(m[Component::Activations], (AffineBytes{0, 12} += lossMemory(a, m.config).kept));
    }
    const MemoryBreakdown caffe = [&] {
        TrainingConfig c = cpuConfig(LossKind::CrossEntropy);
        c.framework = Framework::Caffe;
        return estimate(a, c, 0);
    }();
    QCOMPARE(lossMemory(a, caffe.config).kept, AffineBytes{}); // PyTorch only
}

// LLaMA-2-7B (resources/presets/llama-2-7b.json: V 32,000, H 4,096) at 4,096 tokens, batch 1,
// mixed bf16, by hand from Liger's fused_linear_cross_entropy_forward: inc_factor =
// ceil(32,000 / 4,096) = 8, chunk_size = next_power_of_2(ceil(4,096 / 8)) = 512.
//   fixed: grad_weight zeros_like(weight) fp32 32,000 × 4,096 × 4 = 524,288,000; logits chunk
//   512 × 32,000 × 2 = 32,768,000; chunk @ weight 512 × 4,096 × 2 = 4,194,304 (no torch.mm
//   product: autocast takes the addmm path) -> 561,250,304 B.
//   per sample: grad_input 4,096 × 4,096 × 2 = 33,554,432 + loss_1d and targets 4,096 × 12 =
//   49,152 -> 33,603,584 B.
// Plain cross-entropy on the same: 4,096 × 32,000 × 4 + 4,096 × 8 = 524,320,768 B per sample.
void TestLoss::fusedOnLlama2_7b()
{
    HfImportOptions o;
    o.sequenceLength = 4096;
    auto file = readHfPreset("llama-2-7b", o);
    QVERIFY(file.ok());
    const Analysis a = analyze(file.value().graph);
    QVERIFY(a.ok());
    TrainingConfig cfg;
    cfg.batch = 1;
    cfg.precision = Precision::MixedBf16;
    cfg.loss = LossKind::FusedLinearCrossEntropy;
    const LossMemory fused = lossMemory(a, cfg);
    QCOMPARE(fused.chunkRows, Count{512});
    QCOMPARE(fused.kept, (AffineBytes{561250304, 33603584}));
    QVERIFY(fused.dropsOutput);
    cfg.loss = LossKind::CrossEntropy;
    QCOMPARE(lossMemory(a, cfg).kept, (AffineBytes{0, 524320768}));
    cfg.loss = LossKind::ChunkedCrossEntropy; // 32 × 32,000 × 4 fixed, the targets per sample
    QCOMPARE(lossMemory(a, cfg).kept, (AffineBytes{4096000, 32768}));
}

void TestLoss::namesAndJson()
{
    for (LossKind k : {LossKind::None, LossKind::CrossEntropy, LossKind::ChunkedCrossEntropy, LossKind::FusedLinearCrossEntropy})
        QCOMPARE(parseLossKind(lossKindName(k)), std::optional(k));
    QVERIFY(!parseLossKind("softmax"));
    const GpuCatalog& gpus = GpuCatalog::builtin();
    TrainingConfig cfg;
    QVERIFY(!trainingConfigToJson(cfg).contains("loss")); // none: files stay as before
    cfg.loss = LossKind::ChunkedCrossEntropy;
    const nlohmann::json j = trainingConfigToJson(cfg);
    QCOMPARE(QString::fromStdString(j.at("loss").get<std::string>()), QString("chunked-cross-entropy"));
    const auto back = trainingConfigFromJson(j, "/training", gpus);
    QVERIFY(back.ok());
    QVERIFY(back.value() == cfg);
    // The native format keeps it.
    ModelFile file;
    file.graph = netsizer::testing::twoDense();
    file.training = cfg;
    const auto read = readNativeModel(writeNativeModel(file));
    QVERIFY(read.ok());
    QVERIFY(read.value().training);
    QCOMPARE(read.value().training->loss, LossKind::ChunkedCrossEntropy);
    const auto bad = trainingConfigFromJson(nlohmann::json{{"loss", "mse"}}, "/training", gpus);
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().path), QString("/training/loss"));
}

QTEST_APPLESS_MAIN(TestLoss)
#include "tst_loss.moc"
