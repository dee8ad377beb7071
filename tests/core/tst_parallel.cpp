// Many GPUs (core/parallel, docs/parallelism.md): DeepSpeed's own estimators reproduced by the
// sharding rules, hand-derived bytes per strategy on a two-layer network, tensor-parallel splits
// of an MLP, pipeline stages and the settings' errors.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/hf/HfPresets.h"
#include "core/layers/LayerKind.h"
#include "core/parallel/ModelStateSharding.h"
#include "core/parallel/RankEstimator.h"
#include "SmallNets.h"

#include <QtTest>

#include <algorithm>
#include <cmath>

using namespace netsizer::core;
using netsizer::testing::twoDense;
using netsizer::testing::adamFp32;

class TestParallel : public QObject {
    Q_OBJECT
private slots:
    void deepSpeedZero2_data();
    void deepSpeedZero2();
    void deepSpeedZero3_data();
    void deepSpeedZero3();
    void strategiesHandDerived_data();
    void strategiesHandDerived();
    void tensorParallelMlp();
    void korthikantiPerLayer_data();
    void korthikantiPerLayer();
    void pipelineInFlight();
    void pipelineStagesHandDerived();
    void settingsErrors_data();
    void settingsErrors();
};

namespace {

// DeepSpeed's estimators, transliterated from microsoft/DeepSpeed at commit
// 38327e07f6cd39b63418f60cedd1651b0be3e7c3: deepspeed/runtime/zero/stage_1_and_2.py
// estimate_zero2_model_states_mem_needs (line 2430) and deepspeed/runtime/zero/stage3.py
// estimate_zero3_model_states_mem_needs (line 3008), zero_init=True. Python's float arithmetic
// and int() truncation are kept (double, then a cast). Returns {cpu_mem, gpu_mem}.
struct DeepSpeedFigures {
    std::uint64_t cpu, gpu;
};
DeepSpeedFigures estimateZero2ModelStatesMemNeeds(double totalParams, double gpusPerNode, double nodes, bool cpuOffload)
{
    const double totalGpus = nodes * gpusPerNode, additionalBufferFactor = 1.5;
    double cpu = 0, gpu = 0;
    if (cpuOffload) {
        gpu = 2 * totalParams;
        cpu = totalParams * std::max(4 * totalGpus, 16.0) * additionalBufferFactor;
    } else {
        gpu = 2 * totalParams + std::trunc(18 * totalParams / totalGpus);
        cpu = totalParams * 4 * gpusPerNode * additionalBufferFactor;
    }
    return {static_cast<std::uint64_t>(cpu), static_cast<std::uint64_t>(gpu)};
}
DeepSpeedFigures estimateZero3ModelStatesMemNeeds(double totalParams, double largestLayerParams, double gpusPerNode, double nodes, bool cpuOffload,
                                bool cpuOffloadParams)
{
    const double totalGpus = nodes * gpusPerNode, gpusFactor = 1 / nodes, additionalBufferFactor = 1.5;
    const double largestLayerMemory = 4 * largestLayerParams;
    double cpu = 0, gpu = 0;
    if (cpuOffload) {
        if (cpuOffloadParams) {
            gpu = largestLayerMemory;
            cpu = totalParams * 18 * gpusFactor * additionalBufferFactor;
        } else {
            gpu = largestLayerMemory + std::trunc(2 * totalParams / totalGpus);
            cpu = totalParams * 16 * gpusFactor * additionalBufferFactor;
        }
    } else {
        gpu = largestLayerMemory + std::trunc(18 * totalParams / totalGpus);
        cpu = largestLayerParams * 4 * gpusPerNode * additionalBufferFactor;
    }
    return {static_cast<std::uint64_t>(cpu), static_cast<std::uint64_t>(gpu)};
}

// LLaMA-2-7B's published parameter count and its largest module (the 32,000 × 4,096 embedding).
constexpr std::uint64_t kLlama7b = 6'738'415'616, kLlama7bLargest = 32'000ull * 4'096;

ShardedStates shardOnGpus(const ModelStates& m, ParallelStrategy s, Offload o, std::uint32_t gpus)
{
    return shardModelStates(m, s, o, gpus);
}

std::uint64_t gpuBytes(const ShardedStates& s) { return s.weights + s.gradients + s.optimizerState + s.gatherBuffer + s.commBuffer; }

} // namespace

// ZeRO-2 on DeepSpeed's accounting (its comment at stage_1_and_2.py line 2442): 2 bytes of fp16
// weights per parameter, kept whole; 18 bytes sharded = gradients 2 (fp16 partition) + 4 (fp32)
// and optimizer state 4 (fp32 master weights) + 8 (Adam moments). With cpu_offload the step
// runs on the host: the GPU keeps the fp16 weights only and the host the fp32 gradients (4 B),
// master weights and moments (12 B) — 16 B, DeepSpeed's max(4 × total_gpus, 16) × 1.5 while
// 4 × total_gpus ≤ 16 (its 4 × total_gpus term is each process loading an fp32 copy of the
// model, not a training state) with its additional_buffer_factor 1.5.
void TestParallel::deepSpeedZero2_data()
{
    QTest::addColumn<std::uint32_t>("gpusPerNode");
    QTest::addColumn<std::uint32_t>("nodes");
    QTest::addColumn<bool>("offload");
    QTest::newRow("8 gpus") << 8u << 1u << false;
    QTest::newRow("4 gpus x 2 nodes") << 4u << 2u << false;
    QTest::newRow("2 gpus") << 2u << 1u << false;
    QTest::newRow("4 gpus, offload") << 4u << 1u << true;
    QTest::newRow("2 gpus, offload") << 2u << 1u << true;
}

void TestParallel::deepSpeedZero2()
{
    QFETCH(std::uint32_t, gpusPerNode);
    QFETCH(std::uint32_t, nodes);
    QFETCH(bool, offload);
    const std::uint32_t gpus = gpusPerNode * nodes;
    const std::uint64_t p = kLlama7b;
    const ModelStates m{2 * p, (offload ? 4 : 6) * p, 12 * p, 0, 0, 0};
    const ShardedStates ours = shardOnGpus(m, ParallelStrategy::Zero2, offload ? Offload::Optimizer : Offload::None, gpus);
    const DeepSpeedFigures ds = estimateZero2ModelStatesMemNeeds(static_cast<double>(p), gpusPerNode, nodes, offload);
    QCOMPARE(gpuBytes(ours), ds.gpu);
    if (offload) QCOMPARE(static_cast<std::uint64_t>(static_cast<double>(ours.cpu * gpusPerNode) * 1.5), ds.cpu);
    // The figures themselves, by hand: 8 GPUs without offload 2P + 18P/8 = 13,476,831,232 + 15,161,435,136 = 28,638,266,368 B.
    if (gpus == 8) QCOMPARE(gpuBytes(ours), std::uint64_t{28'638'266'368});
}

// ZeRO-3 (stage3.py line 3008): every state sharded — fp16 weights 2 B, fp32 gradients 4 B and
// optimizer state 12 B per parameter, DeepSpeed's 18 — plus the gathered largest layer: its fp16
// weights and fp16 gradients, 4 × largest_layer_params. Offloading the optimizer leaves the
// weight shard and the gathered layer on the GPU and puts 16 B per parameter on the host;
// offloading the parameters too leaves only the gathered layer (18 B on the host).
void TestParallel::deepSpeedZero3_data()
{
    QTest::addColumn<std::uint32_t>("gpusPerNode");
    QTest::addColumn<std::uint32_t>("nodes");
    QTest::addColumn<int>("offload");
    QTest::newRow("8 gpus") << 8u << 1u << int(Offload::None);
    QTest::newRow("8 gpus x 2 nodes") << 8u << 2u << int(Offload::None);
    QTest::newRow("4 gpus, optimizer") << 4u << 1u << int(Offload::Optimizer);
    QTest::newRow("8 gpus x 2 nodes, optimizer") << 8u << 2u << int(Offload::Optimizer);
    QTest::newRow("8 gpus, both") << 8u << 1u << int(Offload::Both);
    QTest::newRow("4 gpus x 2 nodes, both") << 4u << 2u << int(Offload::Both);
}

void TestParallel::deepSpeedZero3()
{
    QFETCH(std::uint32_t, gpusPerNode);
    QFETCH(std::uint32_t, nodes);
    QFETCH(int, offload);
    const auto o = static_cast<Offload>(offload);
    const std::uint64_t p = kLlama7b, l = kLlama7bLargest;
    const ModelStates m{2 * p, 4 * p, 12 * p, 2 * l, 2 * l, 0};
    const ShardedStates ours = shardOnGpus(m, ParallelStrategy::Zero3, o, gpusPerNode * nodes);
    const DeepSpeedFigures ds = estimateZero3ModelStatesMemNeeds(static_cast<double>(p), static_cast<double>(l), gpusPerNode, nodes, o != Offload::None,
                                               o == Offload::Both);
    QCOMPARE(gpuBytes(ours), ds.gpu);
    if (o != Offload::None) QCOMPARE(static_cast<std::uint64_t>(static_cast<double>(ours.cpu * gpusPerNode) * 1.5), ds.cpu);
    // By hand, 8 GPUs without offload: 4 × 131,072,000 + 18 × 6,738,415,616 / 8 = 15,685,723,136 B.
    if (gpusPerNode * nodes == 8 && o == Offload::None) QCOMPARE(gpuBytes(ours), std::uint64_t{15'685'723'136});
}

// Input[4] -> Dense(3) "d1" -> Dense(2) "d2", PyTorch (CUDA), fp32, Adam, no context (0), no
// GPU, global batch 2 on 2 GPUs: one sample per rank. As in tst_timeline:
//   weights 23 params × 4 = 92 B (d1 15 params = 60 B, d2 8 params = 32 B); gradients 92 B;
//   Adam state 2 × 92 + 2 + 2 step tensors × 4 = 200 B; the optimizer step's temporaries 92 B;
//   input 16 B/sample; d2 keeps d1's output, 12 B/sample.
// The single-GPU events at batch 1: start 308, forward d1 320, forward d2 328, loss 336,
// backward d2 92 + 200 + 32 + 48 = 372, backward d1 92 + 200 + 92 + 28 = 412, optimizer
// 92 + 92 + (200 + 92) + 16 = 492: the optimizer step peaks.
// Per strategy on 2 ranks (shard = half):
//   ddp:   492 + the all-reduce buckets (= the gradients, 92) = 584;
//   zero1: state and its temporaries halved (292 -> 146): optimizer 92 + 92 + 146 + 16 = 346;
//   zero2: gradients halved too: optimizer 92 + 46 + 146 + 16 = 300;
//   zero3: weights halved, + d1 gathered (60 weights + 60 gradients): 46 + 46 + 146 + 16 + 120 = 374;
//   fsdp2: + d2's weights prefetched (32): 406;
//   zero2 + optimizer offload: no gradient or state on the GPU: backward d2 92 + 48 = 140 peaks;
//     the host holds 100 (state shard) + 46 (gradient shard) = 146.
void TestParallel::strategiesHandDerived_data()
{
    QTest::addColumn<int>("strategy");
    QTest::addColumn<int>("offload");
    QTest::addColumn<std::uint64_t>("peak");
    QTest::addColumn<std::uint64_t>("cpu");
    QTest::addColumn<QString>("phase");
    QTest::newRow("none, one gpu") << int(ParallelStrategy::None) << int(Offload::None) << std::uint64_t{492} << std::uint64_t{0} << "optimizer";
    QTest::newRow("ddp") << int(ParallelStrategy::Ddp) << int(Offload::None) << std::uint64_t{584} << std::uint64_t{0} << "optimizer";
    QTest::newRow("zero1") << int(ParallelStrategy::Zero1) << int(Offload::None) << std::uint64_t{346} << std::uint64_t{0} << "optimizer";
    QTest::newRow("zero2") << int(ParallelStrategy::Zero2) << int(Offload::None) << std::uint64_t{300} << std::uint64_t{0} << "optimizer";
    QTest::newRow("zero3") << int(ParallelStrategy::Zero3) << int(Offload::None) << std::uint64_t{374} << std::uint64_t{0} << "optimizer";
    QTest::newRow("fsdp") << int(ParallelStrategy::Fsdp) << int(Offload::None) << std::uint64_t{374} << std::uint64_t{0} << "optimizer";
    QTest::newRow("fsdp2") << int(ParallelStrategy::Fsdp2) << int(Offload::None) << std::uint64_t{406} << std::uint64_t{0} << "optimizer";
    QTest::newRow("zero2 offload") << int(ParallelStrategy::Zero2) << int(Offload::Optimizer) << std::uint64_t{140} << std::uint64_t{146}
                                   << "backward";
}

void TestParallel::strategiesHandDerived()
{
    QFETCH(int, strategy);
    QFETCH(int, offload);
    QFETCH(std::uint64_t, peak);
    QFETCH(std::uint64_t, cpu);
    QFETCH(QString, phase);
    const Graph g = twoDense();
    const Analysis a = analyze(g);
    const auto s = static_cast<ParallelStrategy>(strategy);
    TrainingConfig c = adamFp32(s == ParallelStrategy::None ? 1 : 2);
    c.parallel.gpus = s == ParallelStrategy::None ? 1 : 2;
    c.parallel.strategy = s;
    c.parallel.offload = static_cast<Offload>(offload);
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->microBatch, std::uint64_t{1});
    QCOMPARE(r->ranks.size(), std::size_t{1});
    const RankEstimate& rank = r->ranks[0];
    QCOMPARE(rank.breakdown.peakBytes(), peak);
    QCOMPARE(rank.states.cpu, cpu);
    QCOMPARE(QString(stepPhaseName(rank.breakdown.peak().phase)), phase);
    // The composition still adds up to the peak.
    std::uint64_t sum = 0;
    for (std::uint64_t v : rank.breakdown.peakComposition().components) sum += v;
    QCOMPARE(sum, peak);
    if (s == ParallelStrategy::None) {
        // One GPU, nothing set: exactly the single-GPU engine.
        QCOMPARE(rank.breakdown.peakBytes(), estimate(a, adamFp32(1), 0).peakBytes());
    }
}

// Input[8] -> Dense(16) "fc1" -> GELU -> Dense(8) "fc2", fp32, tensor parallel T = 2:
//   fc1 is column-parallel (its input is whole): weight 128 and bias 16 split -> 72 params;
//   fc2 is row-parallel (its input is split): weight 128 split, bias 8 whole -> 72 params;
//   one GPU: 144 + 136 = 280 params = 1,120 B; T = 2: 144 params = 576 B.
// Kept per sample: GELU keeps its input (fc1's output, 16) and fc2 its input (GELU's output,
// 16): 32 elements = 128 B whole, both inside the split region -> 64 B at T = 2. fc1's input is
// the model input (the Input component, whole on every rank: 32 B).
void TestParallel::tensorParallelMlp()
{
    GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", IntList{8}}});
    auto fc1 = b.add("Dense", "fc1", {x}, {{"units", std::int64_t{16}}});
    auto act = b.add("GELU", "act", {fc1});
    b.add("Dense", "fc2", {act}, {{"units", std::int64_t{8}}});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    TrainingConfig c = adamFp32(4);
    const MemoryBreakdown one = estimate(a, c, 0);
    QCOMPARE(one[Component::Weights].fixed, std::uint64_t{1120});
    QCOMPARE(one[Component::Activations].perSample, std::uint64_t{128});
    c.parallel.gpus = 2;
    c.parallel.tensorParallel = 2;
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY(r.ok());
    QCOMPARE(r->microBatch, std::uint64_t{4}); // data-parallel size 1: the whole batch
    const MemoryBreakdown& t2 = r->ranks[0].breakdown;
    QCOMPARE(t2[Component::Weights].fixed, std::uint64_t{576});
    QCOMPARE(t2[Component::Gradients].fixed, std::uint64_t{576});
    QCOMPARE(t2[Component::Activations].perSample, std::uint64_t{64});
    QCOMPARE(t2[Component::Input].perSample, std::uint64_t{32});
    // Sequence parallel splits nothing more here: every kept tensor is already split.
    c.parallel.sequenceParallel = true;
    const auto sp = estimateParallel(g, a, c, 0);
    QVERIFY(sp.ok());
    QCOMPARE(sp->ranks[0].breakdown[Component::Activations].perSample, std::uint64_t{64});
}

// Korthikanti et al. 2022, "Reducing Activation Recomputation in Large Transformer Models"
// (arXiv:2205.05198), section 4: the activations one transformer layer keeps, in bytes, with
// s the sequence length, b the micro-batch, h the hidden size, a the heads, t the
// tensor-parallel size:
//   no parallelism                 sbh (34 + 5as/h)
//   tensor parallel                sbh (10 + 24/t + 5as/(ht))
//   tensor + sequence parallel     sbh/t (34 + 5as/h)
// Their assumptions: 16-bit activations, 1-byte dropout masks, dropout on the attention
// weights, the GELU keeping only its input, and nothing else kept (they neglect LayerNorm's
// per-row mean and rstd). Checked on the gpt2 preset (h = 768, a = 12) at s = 128, b = 1,
// fp16 activations on CUDA, its GELU set to approximate="tanh" (one op keeping its input, as
// Megatron's fused bias-GELU; the preset's gelu_new is a chain of ops keeping more): block 0's
// layers ("transformer.h.0.") add up to the formula plus the two LayerNorms' statistics, 2 × s
// × (mean + rstd) × 4 B = 2,048 B, which sequence parallel splits too. sbh = 98,304 and
// 5as²b = 983,040: 4,325,376 B without parallelism.
void TestParallel::korthikantiPerLayer_data()
{
    QTest::addColumn<std::uint32_t>("t");
    QTest::addColumn<bool>("sp");
    QTest::addColumn<std::uint64_t>("formula");
    constexpr std::uint64_t sbh = 128 * 768, attention = 5 * 12 * 128 * 128;
    QTest::newRow("no parallelism") << 1u << false << sbh * 34 + attention;
    QTest::newRow("tp 2") << 2u << false << sbh * 10 + sbh * 24 / 2 + attention / 2;
    QTest::newRow("tp 4") << 4u << false << sbh * 10 + sbh * 24 / 4 + attention / 4;
    QTest::newRow("tp 2 + sp") << 2u << true << (sbh * 34 + attention) / 2;
    QTest::newRow("tp 4 + sp") << 4u << true << (sbh * 34 + attention) / 4;
}

void TestParallel::korthikantiPerLayer()
{
    QFETCH(std::uint32_t, t);
    QFETCH(bool, sp);
    QFETCH(std::uint64_t, formula);
    HfImportOptions options;
    options.sequenceLength = 128;
    auto model = readHfPreset("gpt2", options);
    QVERIFY(model.ok());
    Graph& g = model->graph;
    int gelus = 0;
    for (const Layer& l : g.layers())
        if (l.kind->id == "GELU") {
            g.find(l.id)->attrs[static_cast<std::size_t>(l.kind->paramIndex("approximate"))] = std::string("tanh");
            ++gelus;
        }
    QCOMPARE(gelus, 12);
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    TrainingConfig c = adamFp32(1);
    c.precision = Precision::Fp16;
    c.parallel.gpus = t;
    c.parallel.tensorParallel = t;
    c.parallel.sequenceParallel = sp;
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    std::uint64_t block = 0;
    int layers = 0;
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        if (g.layers()[a.layers[i].layerIndex].name.starts_with("transformer.h.0.")) {
            block += r->ranks[0].breakdown.layers[i][Component::Activations].perSample;
            ++layers;
        }
    QCOMPARE(layers, 15); // ln_1, c_attn, query, key, value, attention, c_proj, resid_dropout, residual_attn, ln_2, c_fc, act, c_proj, dropout, residual_mlp
    const std::uint64_t layerNormStatistics = 2 * 128 * 2 * 4;
    QCOMPARE(block, formula + (sp ? layerNormStatistics / t : layerNormStatistics));
}

void TestParallel::pipelineInFlight()
{
    ParallelConfig p;
    p.pipelineParallel = 4;
    p.microbatches = 8;
    const std::uint32_t oneFOneB[] = {4, 3, 2, 1};
    for (std::uint32_t s = 0; s < 4; ++s) QCOMPARE(p.inFlight(s), oneFOneB[s]);
    p.microbatches = 2; // fewer micro-batches than stages: never more than M
    QCOMPARE(p.inFlight(0), 2u);
    QCOMPARE(p.inFlight(3), 1u);
    p.schedule = PipelineSchedule::GPipe;
    p.microbatches = 8;
    for (std::uint32_t s = 0; s < 4; ++s) QCOMPARE(p.inFlight(s), 8u);
}

// Input[4] -> Dense(4) "a" -> Dense(4) "b", fp32, SGD (no state, no temporaries), 2 stages,
// 1F1B, 2 micro-batches of 1 sample (global batch 2, one data-parallel rank). Each Dense has
// 20 params: 80 B of weights, 80 B of gradients. Balance at batch 1: "a" weighs 160 B, "b"
// 176 B (its kept input too), so the stages are [x, a] and [b]. The micro-batches accumulate
// their gradients (those of the earlier one are alive all along).
// Stage 1 (first), min(2 - 0, 2) = 2 micro-batches in flight: weights 80, input 16 B/sample,
// gradients 80; "a" keeps nothing of its own (its input is the model input). Events: start
// 80 + 16 + 80 = 176; forward a 176 + 16 (its output) = 192; loss (the output's gradient
// arriving from stage 2) 176 + 16 + 16 = 208; backward a 176 + 16 (a's output gradient) = 192;
// optimizer 176. The other micro-batch in flight adds its input, 16 B, to forward, loss and
// backward: the peak is the loss event, 224 B.
// Stage 2 (last), one micro-batch in flight: weights 80, no model input, gradients 80; "b"
// keeps the received activation, 16 B. Start 160; forward b 160 + 16 + 16 = 192; loss
// 160 + 16 + 16 + 16 = 208; backward b 160 + 16 + (4 + 4) × 4 = 208; optimizer 160. Peak 208:
// the first stage holds the most.
void TestParallel::pipelineStagesHandDerived()
{
    GraphBuilder gb;
    auto x = gb.add("Input", "x", {}, {{"shape", IntList{4}}});
    auto l1 = gb.add("Dense", "a", {x}, {{"units", std::int64_t{4}}});
    gb.add("Dense", "b", {l1}, {{"units", std::int64_t{4}}});
    const Graph g = gb.take();
    const Analysis a = analyze(g);
    TrainingConfig c = adamFp32(2);
    c.optimizer = Optimizer::Sgd;
    c.parallel.gpus = 2;
    c.parallel.pipelineParallel = 2;
    c.parallel.microbatches = 2;
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->ranks.size(), std::size_t{2});
    QCOMPARE(r->ranks[0].role, std::string("stage 1 of 2 (first)"));
    QCOMPARE(r->ranks[1].role, std::string("stage 2 of 2 (last)"));
    QCOMPARE(r->ranks[0].lastLayer, std::size_t{1});
    QCOMPARE(r->ranks[1].firstLayer, std::size_t{2});
    QCOMPARE(r->ranks[0].inFlight, 2u);
    QCOMPARE(r->ranks[1].inFlight, 1u);
    QCOMPARE(r->ranks[0].breakdown[Component::Weights].fixed, std::uint64_t{80});
    QCOMPARE(r->ranks[1].breakdown[Component::Weights].fixed, std::uint64_t{80});
    QCOMPARE(r->ranks[1].breakdown[Component::Input].perSample, std::uint64_t{0});
    QCOMPARE(r->ranks[1].breakdown[Component::Activations].perSample, std::uint64_t{16});
    QCOMPARE(r->ranks[0].breakdown.peakBytes(), std::uint64_t{224});
    QCOMPARE(QString(stepPhaseName(r->ranks[0].breakdown.peak().phase)), QString("loss"));
    QCOMPARE(r->ranks[1].breakdown.peakBytes(), std::uint64_t{208});
    QCOMPARE(r->peakRank, std::size_t{0});
}

void TestParallel::settingsErrors_data()
{
    QTest::addColumn<std::uint32_t>("gpus");
    QTest::addColumn<std::uint32_t>("nodes");
    QTest::addColumn<int>("strategy");
    QTest::addColumn<std::uint32_t>("tp");
    QTest::addColumn<std::uint32_t>("pp");
    QTest::addColumn<bool>("sp");
    QTest::addColumn<int>("offload");
    QTest::addColumn<std::uint64_t>("batch");
    QTest::addColumn<QString>("key"); // empty: valid
    const int ddp = int(ParallelStrategy::Ddp), zero2 = int(ParallelStrategy::Zero2), zero3 = int(ParallelStrategy::Zero3);
    const int none = int(Offload::None);
    QTest::newRow("valid") << 8u << 2u << zero3 << 2u << 2u << true << int(Offload::Both) << std::uint64_t{16} << "";
    QTest::newRow("nodes") << 8u << 3u << ddp << 1u << 1u << false << none << std::uint64_t{16} << "nodes";
    QTest::newRow("tp x pp") << 8u << 1u << ddp << 3u << 1u << false << none << std::uint64_t{16} << "tensor_parallel";
    QTest::newRow("sp without tp") << 8u << 1u << ddp << 1u << 1u << true << none << std::uint64_t{16} << "sequence_parallel";
    QTest::newRow("no strategy") << 8u << 1u << int(ParallelStrategy::None) << 1u << 1u << false << none << std::uint64_t{16}
                                 << "strategy";
    QTest::newRow("params offload zero2") << 8u << 1u << zero2 << 1u << 1u << false << int(Offload::Params) << std::uint64_t{16}
                                          << "offload";
    QTest::newRow("offload ddp") << 8u << 1u << ddp << 1u << 1u << false << int(Offload::Optimizer) << std::uint64_t{16} << "offload";
    QTest::newRow("batch") << 8u << 1u << ddp << 1u << 1u << false << none << std::uint64_t{12} << "batch";
}

void TestParallel::settingsErrors()
{
    QFETCH(std::uint32_t, gpus);
    QFETCH(std::uint32_t, nodes);
    QFETCH(int, strategy);
    QFETCH(std::uint32_t, tp);
    QFETCH(std::uint32_t, pp);
    QFETCH(bool, sp);
    QFETCH(int, offload);
    QFETCH(std::uint64_t, batch);
    QFETCH(QString, key);
    ParallelConfig p;
    p.gpus = gpus;
    p.nodes = nodes;
    p.strategy = static_cast<ParallelStrategy>(strategy);
    p.tensorParallel = tp;
    p.pipelineParallel = pp;
    p.sequenceParallel = sp;
    p.offload = static_cast<Offload>(offload);
    const Status s = validateParallel(p, batch);
    QCOMPARE(s.ok(), key.isEmpty());
    if (!s.ok()) QCOMPARE(QString::fromStdString(s.error().path), key);
}

QTEST_APPLESS_MAIN(TestParallel)
#include "tst_parallel.moc"
