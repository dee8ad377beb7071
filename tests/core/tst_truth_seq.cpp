// Sequence networks against PyTorch 1.13 ground truth (../shared/truth/out/<model>.json):
// parameters, weights, gradients, the state of all ten optimizers, activations kept for backward
// (per sample and fixed) and the input, for Framework::PyTorchCpu in fp32 — what truth.py
// measured. Builders: ReferenceSeqNets.cpp.
#include "ReferenceSeqNets.h"

#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <cmath>
#include <fstream>
#include <functional>
#include <optional>

using namespace netsizer::core;
using nlohmann::json;

class TestTruthSeq : public QObject {
    Q_OBJECT
private slots:
    void matchesTruth_data();
    void matchesTruth();
    void finetuneLastLinear_data();
    void finetuneLastLinear();
    void autocastBf16_data();
    void autocastBf16();
    void gpt2SmallParams();
    void gpt2ShapedMeasured();
    void lstmLmOnCuda();
    void vitBlockMatchesTruth();
};

namespace {
struct Net {
    const char* truth;
    std::function<Graph()> build;
    const char* lastLinear; // truth's finetune_last_linear.trainable_module
};
const std::vector<Net>& nets()
{
    static const std::vector<Net> all = {
        {"lstm_lm", netsizer::test::lstmLanguageModel, "decoder"},
        {"transformer_encoder_cls", netsizer::test::transformerClassifier, "head"},
    };
    return all;
}

// truth.py's optimizer keys -> our CLI names (../shared/truth/README.md).
const std::vector<std::pair<const char*, const char*>> kOptimizers = {
    {"SGD", "sgd"},
    {"SGD_momentum0.9", "sgd-momentum"},
    {"SGD_nesterov", "nesterov"},
    {"Adam", "adam"},
    {"AdamW", "adamw"},
    {"Adam_amsgrad", "adam-amsgrad"},
    {"Adagrad", "adagrad"},
    {"RMSprop", "rmsprop"},
    {"RMSprop_momentum0.9", "rmsprop-momentum"},
    {"Adadelta", "adadelta"},
};

Count u(const json& j, const char* key) { return static_cast<Count>(j.at(key).get<double>()); }

// The truth file of `n`, or null (the caller skips) when ../shared/truth is absent.
std::optional<json> loadTruth(const Net& n, std::string& path)
{
    path = std::string(NETSIZER_SHARED_DIR) + "/truth/out/" + n.truth + ".json";
    std::ifstream file(path);
    if (!file) return std::nullopt;
    return json::parse(file);
}
} // namespace

void TestTruthSeq::matchesTruth_data()
{
    QTest::addColumn<int>("net");
    for (std::size_t i = 0; i < nets().size(); ++i) QTest::newRow(nets()[i].truth) << static_cast<int>(i);
}

void TestTruthSeq::matchesTruth()
{
    QFETCH(int, net);
    const Net& n = nets()[static_cast<std::size_t>(net)];
    std::string path;
    const auto truth = loadTruth(n, path);
    if (!truth) QSKIP(("no ground truth at " + path + " (../shared/truth not present)").c_str());
    const json& t = *truth;

    const Analysis a = analyze(n.build());
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(a.paramsTotal, u(t, "param_count"));
    QCOMPARE(a.buffers, u(t, "buffer_numel"));

    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.precision = Precision::Fp32;
    cfg.batch = 2;
    for (const auto& [truthKey, ours] : kOptimizers) {
        cfg.optimizer = *parseOptimizer(ours);
        const MemoryBreakdown m = estimate(a, cfg, 0);
        QCOMPARE(m[Component::Weights].fixed, u(t, "param_bytes") + u(t, "buffer_bytes"));
        QCOMPARE(m[Component::Gradients].fixed, u(t, "grad_bytes"));
        const Count state = u(t.at("optimizers").at(truthKey), "state_bytes_total");
        QVERIFY2(m[Component::OptimizerState].fixed == state,
                 (std::string(truthKey) + ": ours " + std::to_string(m[Component::OptimizerState].fixed) + ", truth " +
                  std::to_string(state))
                     .c_str());
    }

    const MemoryBreakdown m = estimate(a, cfg, 0);
    const Count perSample = m[Component::Activations].perSample;
    const Count truthPerSample = u(t, "saved_activation_excl_input_per_sample_bytes");
    qInfo("%s activations per sample: ours %llu B, truth %llu B (%+.3f %%); fixed ours %llu B, truth %.0f B", n.truth,
          static_cast<unsigned long long>(perSample), static_cast<unsigned long long>(truthPerSample),
          100.0 * (static_cast<double>(perSample) - static_cast<double>(truthPerSample)) / static_cast<double>(truthPerSample),
          static_cast<unsigned long long>(m[Component::Activations].fixed), t.at("saved_activation_fixed_bytes").get<double>());
    // Every rule behind these two networks was derived from the truth's storage list: exact.
    QCOMPARE(perSample, truthPerSample);
    QCOMPARE(m[Component::Activations].fixed, u(t, "saved_activation_fixed_bytes"));
    QCOMPARE(m[Component::Input].perSample, u(t, "input_per_sample_bytes"));
}

void TestTruthSeq::finetuneLastLinear_data()
{
    matchesTruth_data();
}

// Everything frozen but the last Linear (truth's finetune_last_linear): what autograd still
// records follows the SaveWhen rules (embedding indices, LSTM/attention internals all vanish).
void TestTruthSeq::finetuneLastLinear()
{
    QFETCH(int, net);
    const Net& n = nets()[static_cast<std::size_t>(net)];
    std::string path;
    const auto truth = loadTruth(n, path);
    if (!truth) QSKIP(("no ground truth at " + path + " (../shared/truth not present)").c_str());
    const json& f = truth->at("finetune_last_linear");
    QCOMPARE(QString::fromStdString(f.at("trainable_module").get<std::string>()), QString(n.lastLinear));

    Graph g = n.build();
    for (const auto& layer : g.layers())
        if (layer.name != n.lastLinear) g.find(layer.id)->trainable = false;
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTrainable, u(f, "trainable_param_count"));
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.optimizer = Optimizer::Adam;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    QCOMPARE(m[Component::Gradients].fixed, u(f, "grad_bytes"));
    QCOMPARE(m[Component::OptimizerState].fixed, u(f.at("adam_state"), "state_bytes_total"));
    QCOMPARE(m[Component::Activations].perSample, u(f, "saved_per_sample_bytes"));
    QCOMPARE(m[Component::Activations].fixed, u(f, "saved_fixed_bytes"));
}

void TestTruthSeq::autocastBf16_data()
{
    matchesTruth_data();
}

// Mixed bf16 against the truth's CPU autocast run: the cast weight copies exactly, the saved
// bytes per sample within 3%. LSTM: float32 cell chain (c0 is float32 zeros);
// Transformer: LayerNorm inputs and statistics float32, everything else bf16.
void TestTruthSeq::autocastBf16()
{
    QFETCH(int, net);
    const Net& n = nets()[static_cast<std::size_t>(net)];
    std::string path;
    const auto truth = loadTruth(n, path);
    if (!truth) QSKIP(("no ground truth at " + path + " (../shared/truth not present)").c_str());
    const json& ac = truth->at("autocast_bf16");
    const Analysis a = analyze(n.build());
    QVERIFY(a.ok());
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.precision = Precision::MixedBf16;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    const double ours = static_cast<double>(m[Component::Activations].perSample);
    const double want = ac.at("saved_per_sample_bytes").get<double>();
    qInfo("%s autocast per sample: ours %.0f, truth %.0f (%+.3f %%); fixed ours %llu, truth %.0f", n.truth, ours, want,
          100.0 * (ours - want) / want, static_cast<unsigned long long>(m[Component::Activations].fixed),
          ac.at("saved_fixed_bytes").get<double>());
    QVERIFY(std::abs(ours - want) <= 0.03 * want);
    QCOMPARE(m[Component::Activations].fixed, u(ac, "saved_fixed_bytes"));
}

void TestTruthSeq::gpt2SmallParams()
{
    const Analysis a = analyze(netsizer::test::gpt2Small());
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    // Hugging Face GPT2LMHeadModel.num_parameters() with lm_head tied to wte.
    QCOMPARE(a.paramsTotal, Count{124439808});
    // wte, wpe; per block 2 LayerNorms × 2, attention 4, MLP 4; ln_f 2. lm_head owns none.
    QCOMPARE(a.trainableTensors, Count{2 + 12 * 12 + 2});
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.optimizer = Optimizer::AdamW;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    QCOMPARE(m[Component::Weights].fixed, Count{124439808} * 4);
    QCOMPARE(m[Component::OptimizerState].fixed, Count{124439808} * 8 + 148 * 4);
    // Fixed activations: wpe's 1,024 int64 position ids, and each attention's float64 1/√d.
    QCOMPARE(m[Component::Activations].fixed, Count{1024 * 8 + 12 * 8});
}

void TestTruthSeq::gpt2ShapedMeasured()
{
    // The same blocks at toy size, measured with torch 1.13 on the CPU (saved_tensors_hooks,
    // distinct non-parameter storages, batch 2 vs 4): nn.Embedding wte/wpe(arange), pre-norm
    // blocks with nn.MultiheadAttention(batch_first, dropout 0.1, bool causal mask), GELU('tanh'),
    // F.linear(ln_f(x), wte.weight). 29,696 parameters; 105,088 B per sample; 144 B fixed
    // (16 int64 position ids + one float64 1/√d per block).
    const Analysis a = analyze(netsizer::test::gpt2({100, 32, 16, 32, 4, 2}));
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(a.paramsTotal, Count{29696});
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    QCOMPARE(m[Component::Activations].perSample, Count{105088});
    QCOMPARE(m[Component::Activations].fixed, Count{144});
}

// No CUDA truth exists: the cuDNN rule of RecurrentCommon.cpp, derived by hand, so that a change
// to it is deliberate. Bytes per sample, fp32:
//   drop_in bool mask 35 × 256                                   8,960
//   LSTM input (drop_in output) 35 × 256 × 4                    35,840
//   hx + cx zeros 2 × (2 layers × 512) × 4                        8,192
//   output 35 × 512 × 4                                          71,680
//   reserve ≈ 2 layers × 35 × (4 gates + c + h) × 512 × 4       860,160
//     + inter-layer dropout mask 35 × 512 × 4                    71,680
//   drop_out bool mask 35 × 512                                  17,920
//   decoder input (drop_out output) 35 × 512 × 4                 71,680
//                                                             1,146,112
void TestTruthSeq::lstmLmOnCuda()
{
    const Analysis a = analyze(netsizer::test::lstmLanguageModel());
    QVERIFY(a.ok());
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorch;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    QCOMPARE(m[Component::Activations].perSample, Count{1146112});
    QCOMPARE(m[Component::Activations].fixed, Count{0});
}

// ViT-B/16 needs kinds this branch does not add (class token concat), so one of its encoder
// blocks is checked on its own: the bytes our layers of the second block keep equal the bytes the
// truth charges to encoder_layer_1's modules (LayerNorm, GELU, MHA without dropout).
void TestTruthSeq::vitBlockMatchesTruth()
{
    const std::string path = std::string(NETSIZER_SHARED_DIR) + "/truth/out/vit_b_16.json";
    std::ifstream file(path);
    if (!file) QSKIP(("no ground truth at " + path).c_str());
    const json t = json::parse(file);
    double truthPerSample = 0, truthFixed = 0;
    Count truthParams = 0;
    const std::string prefix = "encoder.layers.encoder_layer_1.";
    for (const auto& l : t.at("layers"))
        if (l.at("name").get<std::string>().rfind(prefix, 0) == 0) {
            truthPerSample += l.at("saved_per_sample").get<double>();
            truthFixed += l.at("saved_fixed").get<double>();
            truthParams += l.at("params").get<Count>();
        }

    GraphBuilder b;
    auto x = b.add("Input", "patches", {}, {{"shape", IntList{197, 768}}});
    auto h = b.add("Dense", "stem", {x}, {{"units", std::int64_t{768}}}); // the first block's input is no model input
    h = netsizer::test::vitEncoderBlock(b, h, "block0", 768, 12, 3072);
    netsizer::test::vitEncoderBlock(b, h, "block1", 768, 12, 3072);
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    Count perSample = 0, fixed = 0, params = 0;
    for (const auto& la : a.layers)
        if (g.layers()[la.layerIndex].name.rfind("block1.", 0) == 0) {
            perSample += la.kept[static_cast<int>(Profile::PyTorchCpu)].bytesPerSample(4);
            fixed += la.kept[static_cast<int>(Profile::PyTorchCpu)].bytesFixed(4);
            params += la.learnableParams;
        }
    // The truth lists modules that were called; MHA uses out_proj's weights functionally, so its
    // out_proj (768 × 768 + 768) has no entry of its own.
    QCOMPARE(params, truthParams + 768 * 768 + 768);
    QCOMPARE(perSample, static_cast<Count>(truthPerSample)); // 11,548,928 B
    QCOMPARE(fixed, static_cast<Count>(truthFixed));
}

QTEST_APPLESS_MAIN(TestTruthSeq)
#include "tst_truth_seq.moc"
