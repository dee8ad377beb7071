// Context parallel (core/parallel/ContextParallelView, docs/parallelism.md): Korthikanti et al.'s
// per-layer activations split C ways on GPT-2, the ring attention's key/value buffers, model
// states sharded over data × context ranks, and the settings' errors.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/hf/HfPresets.h"
#include "core/layers/LayerKind.h"
#include "core/parallel/RankEstimator.h"
#include "SmallNets.h"

#include <QtTest>

using namespace netsizer::core;
using netsizer::testing::adamFp32;

class TestContextParallel : public QObject {
    Q_OBJECT
private slots:
    void korthikantiSplitByC_data();
    void korthikantiSplitByC();
    void ringBuffersHoldTheWholeSequencesKeysAndValues_data();
    void ringBuffersHoldTheWholeSequencesKeysAndValues();
    void statesShardOverDataAndContextRanks();
    void settingsErrors_data();
    void settingsErrors();
};

namespace {

// GPT-2 small at sequence length 128 with the tanh GELU (one kept tensor, as Korthikanti et al.
// count it), fp16.
struct Gpt2 {
    Graph graph;
    Analysis analysis;
};
Gpt2 gpt2At128()
{
    HfImportOptions options;
    options.sequenceLength = 128;
    auto model = readHfPreset("gpt2", options);
    Q_ASSERT(model.ok());
    Gpt2 out{std::move(model->graph), {}};
    for (const Layer& l : out.graph.layers())
        if (l.kind->id == "GELU") out.graph.find(l.id)->attrs[static_cast<std::size_t>(l.kind->paramIndex("approximate"))] = std::string("tanh");
    out.analysis = analyze(out.graph);
    return out;
}

TrainingConfig fp16Parallel(std::uint32_t gpus, std::uint32_t tp, std::uint32_t cp)
{
    TrainingConfig c = adamFp32(1);
    c.precision = Precision::Fp16;
    c.parallel.gpus = gpus;
    c.parallel.tensorParallel = tp;
    c.parallel.contextParallel = cp;
    c.parallel.strategy = gpus / tp > 1 ? ParallelStrategy::Ddp : ParallelStrategy::None;
    return c;
}

} // namespace

// Korthikanti et al. 2022 (arXiv 2205.05198), eq. 1/2: one GPT block keeps sbh(34 + 5as/h)
// bytes in fp16 without tensor parallel, sbh(10 + 24/t + 5as/(ht)) with t-way tensor parallel.
// Context parallel gives each rank s/C of the tokens: its queries see all keys, so the score
// terms (a × s/C × s) split by C as the rest do — every term over C. Block 0 of GPT-2 (s 128,
// h 768, a 12), per sample, plus LayerNorm's two float32 statistics per token (2 × 128 × 2 × 4 B,
// which the paper leaves out), split by C too. All terms divide exactly at s = 128.
void TestContextParallel::korthikantiSplitByC_data()
{
    QTest::addColumn<std::uint32_t>("t");
    QTest::addColumn<std::uint32_t>("c");
    QTest::addColumn<std::uint64_t>("formula");
    constexpr std::uint64_t sbh = 128 * 768, attention = 5 * 12 * 128 * 128, layerNorm = 2 * 128 * 2 * 4;
    QTest::newRow("cp 2") << 1u << 2u << (sbh * 34 + attention + layerNorm) / 2;
    QTest::newRow("cp 4") << 1u << 4u << (sbh * 34 + attention + layerNorm) / 4;
    QTest::newRow("tp 2 × cp 2") << 2u << 2u << (sbh * 10 + sbh * 24 / 2 + attention / 2 + layerNorm) / 2;
}

void TestContextParallel::korthikantiSplitByC()
{
    QFETCH(std::uint32_t, t);
    QFETCH(std::uint32_t, c);
    QFETCH(std::uint64_t, formula);
    const Gpt2 m = gpt2At128();
    QVERIFY(m.analysis.ok());
    const auto r = estimateParallel(m.graph, m.analysis, fp16Parallel(t * c, t, c), 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    std::uint64_t block = 0;
    for (std::size_t i = 0; i < m.analysis.layers.size(); ++i)
        if (m.graph.layers()[m.analysis.layers[i].layerIndex].name.starts_with("transformer.h.0."))
            block += r->ranks[0].breakdown.layers[i][Component::Activations].perSample;
    QCOMPARE(block, formula);
    // The token ids (int64, 128 per sample) are split as well: 1,024 B / C.
    QCOMPARE(r->ranks[0].breakdown[Component::Input].perSample, std::uint64_t{128 * 8} / c);
}

// Transformer Engine's ring attention (AttnFuncWithCPAndKVP2P) receives the other ranks' key and
// value chunks into buffers that live until the layer's forward ends — the whole sequence's K and
// V — beside each step's partial output (one output in all). GPT-2's attention takes k and v as
// [12 heads, 128, 64] per sample and outputs the same shape: 3 × 98,304 elements, 2 B each in
// fp16 = 589,824 B per sample; tensor parallel splits the heads (÷ t). One sample per rank and
// pass here (batch 1 over one data-parallel rank). The buffer is workspace.
void TestContextParallel::ringBuffersHoldTheWholeSequencesKeysAndValues_data()
{
    QTest::addColumn<std::uint32_t>("t");
    QTest::addColumn<std::uint32_t>("c");
    QTest::addColumn<std::uint64_t>("ring");
    QTest::newRow("cp 1") << 1u << 1u << std::uint64_t{0};
    QTest::newRow("cp 2") << 1u << 2u << std::uint64_t{589'824};
    QTest::newRow("cp 4") << 1u << 4u << std::uint64_t{589'824};
    QTest::newRow("tp 2 × cp 2") << 2u << 2u << std::uint64_t{294'912};
}

void TestContextParallel::ringBuffersHoldTheWholeSequencesKeysAndValues()
{
    QFETCH(std::uint32_t, t);
    QFETCH(std::uint32_t, c);
    QFETCH(std::uint64_t, ring);
    const Gpt2 m = gpt2At128();
    const TrainingConfig config = fp16Parallel(t * c, t, c);
    const auto r = estimateParallel(m.graph, m.analysis, config, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->ranks[0].contextRingBytes(), ring);
    // Without the context split the same rank has no ring: the workspace differs by the buffer.
    TrainingConfig whole = config;
    whole.parallel.gpus = t;
    whole.parallel.contextParallel = 1;
    whole.parallel.strategy = ParallelStrategy::None;
    const auto w = estimateParallel(m.graph, m.analysis, whole, 0);
    QVERIFY(w.ok());
    QCOMPARE(r->ranks[0].breakdown[Component::Workspace].perSample - w->ranks[0].breakdown[Component::Workspace].perSample, ring);
    QCOMPARE(r->ranks[0].breakdown[Component::Workspace].fixed - w->ranks[0].breakdown[Component::Workspace].fixed,
             r->ranks[0].states.commBuffer);
}

// Megatron-LM shards the distributed optimizer and the gradient buffers over the data-parallel
// group with context parallel (param_and_grad_buffer.py: get_data_and_context_parallel_group(
// with_context_parallel=True)), NVIDIA/Megatron-LM d98e8a64ddf34856e74b24714e3bedb2f5a39553):
// 8 GPUs at C = 2 are 4 data-parallel ranks, and ZeRO-2 splits the states 8 ways — as 8 plain
// data-parallel ranks do.
void TestContextParallel::statesShardOverDataAndContextRanks()
{
    const Gpt2 m = gpt2At128();
    TrainingConfig cp = adamFp32(8);
    cp.parallel.gpus = 8;
    cp.parallel.contextParallel = 2;
    cp.parallel.strategy = ParallelStrategy::Zero2;
    QCOMPARE(cp.parallel.dataParallel(), 4u);
    QCOMPARE(cp.parallel.shardingRanks(), 8u);
    TrainingConfig dp = cp;
    dp.parallel.contextParallel = 1;
    dp.batch = 8;
    const auto a = estimateParallel(m.graph, m.analysis, cp, 0), b = estimateParallel(m.graph, m.analysis, dp, 0);
    QVERIFY2(a.ok(), a.ok() ? "" : a.error().message.c_str());
    QVERIFY(b.ok());
    QCOMPARE(a->microBatch, std::uint64_t{2}); // 8 samples over 4 data-parallel ranks
    QCOMPARE(a->ranks[0].states.optimizerState, b->ranks[0].states.optimizerState);
    QCOMPARE(a->ranks[0].states.gradients, b->ranks[0].states.gradients);
    // GPT-2 small, 124,439,808 parameters (OpenAI's release, as HF counts with the tied head),
    // Adam in fp32: 8 B of moments per parameter, sharded 8 ways, rounding up, plus the steps.
    QVERIFY(a->ranks[0].states.optimizerState >= std::uint64_t{124'439'808} * 8 / 8);
    QVERIFY(a->ranks[0].states.optimizerState < std::uint64_t{124'439'808} * 8 / 8 + 4096);
}

void TestContextParallel::settingsErrors_data()
{
    QTest::addColumn<bool>("cnn");
    QTest::addColumn<std::uint32_t>("gpus");
    QTest::addColumn<std::uint32_t>("cp");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<QString>("key");
    QTest::addColumn<QString>("message");
    const int ddp = int(ParallelStrategy::Ddp), none = int(ParallelStrategy::None);
    QTest::newRow("valid") << false << 4u << 2u << ddp << "" << "";
    QTest::newRow("no tokens") << true << 2u << 2u << ddp << "context_parallel" << "no token-id input";
    QTest::newRow("sequence not divisible") << false << 3u << 3u << ddp << "context_parallel" << "divisible by 6";
    QTest::newRow("gpus not divisible") << false << 3u << 2u << ddp << "context_parallel" << "must divide the 3 GPUs";
    QTest::newRow("no strategy") << false << 2u << 2u << none << "strategy" << "2 data- and context-parallel ranks";
}

void TestContextParallel::settingsErrors()
{
    QFETCH(bool, cnn);
    QFETCH(std::uint32_t, gpus);
    QFETCH(std::uint32_t, cp);
    QFETCH(int, strategy);
    QFETCH(QString, key);
    QFETCH(QString, message);
    Gpt2 m;
    if (cnn) {
        GraphBuilder gb;
        auto x = gb.add("Input", "x", {}, {{"shape", IntList{4}}});
        gb.add("Dense", "fc", {x}, {{"units", std::int64_t{4}}});
        m.graph = gb.take();
        m.analysis = analyze(m.graph);
    } else {
        m = gpt2At128();
    }
    TrainingConfig c = adamFp32(gpus);
    c.parallel.gpus = gpus;
    c.parallel.contextParallel = cp;
    c.parallel.strategy = static_cast<ParallelStrategy>(strategy);
    const auto r = estimateParallel(m.graph, m.analysis, c, 0);
    QCOMPARE(r.ok(), key.isEmpty());
    if (r.ok()) return;
    QCOMPARE(QString::fromStdString(r.error().path), key);
    QVERIFY2(QString::fromStdString(r.error().message).contains(message), r.error().message.c_str());
}

QTEST_APPLESS_MAIN(TestContextParallel)
#include "tst_context_parallel.moc"
