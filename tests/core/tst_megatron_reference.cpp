// Megatron-LM's published memory figures against the engine's per-rank estimate:
// - megatron/training/theoretical_memory_usage.py's weight-and-optimizer bytes per rank
//   (num_bytes_per_parameter: 18, or 6 + 12 / d with the distributed optimizer), reproduced
//   exactly under its assumptions (linear layers without biases, no learned position table);
// - the functional test gpt3_7b_tp4_pp1_memory_speed (model_config.yaml and its golden values
//   measured on DGX H100 and A100): torch.cuda.max_memory_allocated of a training step, which
//   the estimated peak must match within 5 %, and memory_allocated after the step (the model
//   states), within 2 %.
// Source: NVIDIA/Megatron-LM at commit d98e8a64ddf34856e74b24714e3bedb2f5a39553, paths
// megatron/training/theoretical_memory_usage.py and
// tests/functional_tests/test_cases/gpt/gpt3_7b_tp4_pp1_memory_speed/.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/parallel/RankEstimator.h"
#include "SmallNets.h"

#include <QtTest>

#include <cmath>

using namespace netsizer::core;

class TestMegatronReference : public QObject {
    Q_OBJECT
private slots:
    void theoreticalWeightAndOptimizerBytes_data();
    void theoreticalWeightAndOptimizerBytes();
    void functionalTestTp4Pp1();
    void interleavedInFlight();
    void functionalTestTp1Pp4Interleaved();
    void bf16MasterBytesPerParameter();
};

namespace {

using I = std::int64_t;

// A Megatron-core GPT (megatron/core/models/gpt/gpt_model.py with the Transformer Engine layer
// spec): word embeddings (vocabulary padded to a multiple of 128 × TP), optionally learned
// absolute positions, embedding dropout; per layer LayerNorm + fused QKV linear (grouped-query:
// heads + 2 × groups head slices), flash attention (TE DotProductAttention, causal, its dropout
// inside the kernel), the output projection with bias-dropout-add, LayerNorm + fc1, the fused
// bias-GELU (tanh, keeps its input only), fc2 with bias-dropout-add; a final LayerNorm and an
// untied output layer without bias.
struct GptShape {
    I layers, hidden, heads, groups, ffn, vocab, sequence;
    bool bias = true, learnedPositions = true;
    double dropout = 0.1;
};

Graph megatronGpt(const GptShape& s)
{
    GraphBuilder b;
    const I headDim = s.hidden / s.heads, kv = s.groups * headDim;
    const LayerId ids = b.add("Input", "input_ids", {}, {{"shape", IntList{s.sequence}}, {"dtype", std::string("int64")}});
    LayerId h = b.add("Embedding", "embedding.word_embeddings", {ids}, {{"num_embeddings", s.vocab}, {"embedding_dim", s.hidden}});
    if (s.learnedPositions)
        h = b.add("PositionalEmbedding", "embedding.position_embeddings", {h}, {{"num_positions", s.sequence}, {"lookup", true}});
    h = b.add("Dropout", "embedding.embedding_dropout", {h}, {{"p", s.dropout}});
    for (I i = 0; i < s.layers; ++i) {
        const std::string p = "decoder.layers." + std::to_string(i) + ".";
        const LayerId n1 = b.add("LayerNorm", p + "input_layernorm", {h}, {{"eps", 1e-5}});
        const LayerId qkv = b.add("Dense", p + "self_attention.linear_qkv", {n1}, {{"units", s.hidden + 2 * kv}, {"bias", s.bias}});
        const LayerId q = b.add("Narrow", p + "self_attention.query", {qkv}, {{"axis", I{-1}}, {"start", I{0}}, {"length", s.hidden}});
        const LayerId k = b.add("Narrow", p + "self_attention.key", {qkv}, {{"axis", I{-1}}, {"start", s.hidden}, {"length", kv}});
        const LayerId v = b.add("Narrow", p + "self_attention.value", {qkv}, {{"axis", I{-1}}, {"start", s.hidden + kv}, {"length", kv}});
        const LayerId att = b.add("ScaledDotProductAttention", p + "self_attention.core_attention", {q, k, v},
                                  {{"num_heads", s.heads}, {"num_kv_heads", s.groups}, {"causal", true}, {"dropout", s.dropout},
                                   {"flash", true}});
        const LayerId proj = b.add("Dense", p + "self_attention.linear_proj", {att}, {{"units", s.hidden}, {"bias", s.bias}});
        const LayerId drop = b.add("Dropout", p + "self_attn_bda.dropout", {proj}, {{"p", s.dropout}});
        h = b.add("Add", p + "self_attn_bda.residual", {drop, h});
        const LayerId n2 = b.add("LayerNorm", p + "pre_mlp_layernorm", {h}, {{"eps", 1e-5}});
        const LayerId fc1 = b.add("Dense", p + "mlp.linear_fc1", {n2}, {{"units", s.ffn}, {"bias", s.bias}});
        const LayerId act = b.add("GELU", p + "mlp.activation", {fc1}, {{"approximate", std::string("tanh")}});
        const LayerId fc2 = b.add("Dense", p + "mlp.linear_fc2", {act}, {{"units", s.hidden}, {"bias", s.bias}});
        const LayerId mdrop = b.add("Dropout", p + "mlp_bda.dropout", {fc2}, {{"p", s.dropout}});
        h = b.add("Add", p + "mlp_bda.residual", {h, mdrop});
    }
    const LayerId norm = b.add("LayerNorm", "decoder.final_layernorm", {h}, {{"eps", 1e-5}});
    b.add("Dense", "output_layer", {norm}, {{"units", s.vocab}, {"bias", false}});
    return b.take();
}

// gpt3_7b_tp4_pp1_memory_speed/model_config.yaml: 32 layers, hidden 4096, 32 heads in 8 query
// groups, ffn_hidden_size 4 × hidden (the default), vocabulary 131,073 padded to a multiple of
// 128 × 4 = 131,584, sequence 8,192, add_bias_linear and hidden/attention dropout 0.1 (the
// defaults), learned absolute positions (GPT's default), untied output layer.
constexpr GptShape kGpt3_7b{32, 4096, 32, 8, 16384, 131584, 8192};

// Megatron's --bf16 with Adam(W), PyTorch on CUDA, the given parallel layout and global batch.
TrainingConfig megatronBf16(std::uint64_t globalBatch, std::uint32_t gpus, std::uint32_t tp, std::uint32_t pp,
                            std::uint32_t microbatches, ParallelStrategy strategy)
{
    TrainingConfig c = netsizer::testing::adamFp32(globalBatch);
    c.optimizer = Optimizer::AdamW;
    c.precision = Precision::Bf16Master;
    c.parallel.gpus = gpus;
    c.parallel.tensorParallel = tp;
    c.parallel.pipelineParallel = pp;
    c.parallel.microbatches = microbatches;
    c.parallel.strategy = strategy;
    return c;
}

// Weights + gradients + optimizer state of the peak rank, without the per-tensor step counters
// PyTorch's Adam keeps (4 B per tensor, sharded with the rest of the optimizer state over
// `stateShards` ranks; Megatron's fused Adam keeps one step per parameter group).
std::uint64_t modelStateBytes(const RankEstimate& r, std::uint64_t tensors, std::uint64_t stateShards)
{
    const MemoryBreakdown& b = r.breakdown;
    return b[Component::Weights].fixed + b[Component::Gradients].fixed + b[Component::OptimizerState].fixed -
           4 * tensors / stateShards;
}

} // namespace

// theoretical_memory_usage.py compute_weight_and_optimizer_memory for a dense GPT without MoE
// or MTP, pipeline 1, untied embeddings: the rank holds (attention + MLP) × layers / t plus
// 2 × embedding / t (sharded) and the LayerNorms (replicated); self_attn_term = 2h² × (1 + g/a)
// with kv_channels × heads = h, dense_mlp = 2 × h × ffn, layernorm = 2 × h × 2 per layer, final
// 2h, embedding = h × padded vocabulary; bytes = params × (18, or 6 + 12 / d distributed).
// The formula counts no linear biases and no learned position table, so the graph has neither.
void TestMegatronReference::theoreticalWeightAndOptimizerBytes_data()
{
    QTest::addColumn<std::uint32_t>("tp");
    QTest::addColumn<std::uint32_t>("dp");
    QTest::addColumn<bool>("distributed");
    QTest::newRow("tp4 dp2 distributed optimizer") << 4u << 2u << true;
    QTest::newRow("tp4 dp2 plain DDP") << 4u << 2u << false;
    QTest::newRow("tp1 dp8 distributed optimizer") << 1u << 8u << true;
    QTest::newRow("tp8 dp1 distributed optimizer") << 8u << 1u << true;
}

void TestMegatronReference::theoreticalWeightAndOptimizerBytes()
{
    QFETCH(std::uint32_t, tp);
    QFETCH(std::uint32_t, dp);
    QFETCH(bool, distributed);
    GptShape s = kGpt3_7b;
    s.bias = false;
    s.learnedPositions = false;
    s.sequence = 256; // the model states do not depend on it
    const Graph g = megatronGpt(s);
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    const TrainingConfig c = megatronBf16(2 * dp, tp * dp, tp, 1, 1, distributed ? ParallelStrategy::Zero1 : ParallelStrategy::Ddp);
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());

    const double h = 4096, heads = 32, groups = 8, ffn = 16384, vocab = 131584, layers = 32;
    const double attention = 2 * h * h * (1 + groups / heads), mlp = 2 * h * ffn, layernorm = 2 * h * 2;
    const double embedding = h * vocab;
    const double sharded = (attention + mlp) * layers / tp + embedding / tp + embedding / tp; // untied, pp = 1
    const double replicated = layernorm * layers + 2 * h;
    const double bytesPerParameter = distributed ? 6 + 12.0 / dp : 18;
    const double megatron = (sharded + replicated) * bytesPerParameter;
    // Tensors per rank: per layer 2 LayerNorms × 2 + qkv, proj, fc1, fc2; final LayerNorm 2;
    // word embeddings and output layer.
    const std::uint64_t tensors = 32 * 8 + 2 + 2;
    const RankEstimate& rank = r->ranks[r->peakRank];
    // DDP's bucket copies are NetSizer's addition (PyTorch DDP); Megatron's DDP reduces in its
    // contiguous main_grad buffer, so compare the states themselves.
    QCOMPARE(static_cast<double>(modelStateBytes(rank, tensors, distributed ? dp : 1)), megatron);
}

// The measured step: 8 H100s, TP 4, data parallel 2, micro-batch 2, global batch 8 (two
// micro-batches accumulate per step), the distributed optimizer (optimizer state and fp32 master
// sharded over the 2 data-parallel ranks), bf16. Golden values at step 2 onwards (after the first
// optimizer step created the Adam state): golden_values_dev_dgx_h100.json
// mem-max-allocated-bytes 57,143,791,616 and mem-allocated-bytes 20,663,519,232;
// golden_values_dev_dgx_a100.json 58,188,115,968 and 20,634,103,808.
void TestMegatronReference::functionalTestTp4Pp1()
{
    const Graph g = megatronGpt(kGpt3_7b);
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    const TrainingConfig c = megatronBf16(8, 8, 4, 1, 2, ParallelStrategy::Zero1);
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->microBatch, std::uint64_t{2});
    const MemoryBreakdown& b = r->ranks[r->peakRank].breakdown;
    const PeakComposition peak = b.peakComposition();
    const double states = static_cast<double>(b[Component::Weights].fixed + b[Component::Gradients].fixed +
                                              b[Component::OptimizerState].fixed);
    qInfo("estimated peak %.0f B (H100 57,143,791,616: %+.2f %%; A100 58,188,115,968: %+.2f %%)", double(peak.bytes),
          100.0 * (double(peak.bytes) / 57143791616.0 - 1), 100.0 * (double(peak.bytes) / 58188115968.0 - 1));
    qInfo("model states %.0f B (H100 after the step 20,663,519,232: %+.2f %%)", states, 100.0 * (states / 20663519232.0 - 1));
    for (std::size_t i = 0; i < kComponentCount; ++i)
        qInfo("  %-16s %15llu", componentName(static_cast<Component>(i)), static_cast<unsigned long long>(peak.components[i]));
    QVERIFY(std::abs(double(peak.bytes) / 57143791616.0 - 1) < 0.05);
    QVERIFY(std::abs(double(peak.bytes) / 58188115968.0 - 1) < 0.05);
    QVERIFY(std::abs(states / 20663519232.0 - 1) < 0.02);
}

// Megatron's interleaved schedule (megatron/core/pipeline_parallel/schedules.py
// get_pp_rank_microbatches, microbatch_group_size_per_vp_stage = P): rank s runs
// 2 (P - s - 1) + (V - 1) P warm-up chunk forwards, all M × V when that reaches them, and holds
// one more at its first backward.
void TestMegatronReference::interleavedInFlight()
{
    ParallelConfig p;
    p.pipelineParallel = 4;
    p.schedule = PipelineSchedule::Interleaved;
    p.virtualStages = 8;
    p.microbatches = 4; // 32 chunk forwards in all: every rank runs them all first
    QCOMPARE(p.inFlightChunks(0), 32u);
    QCOMPARE(p.inFlightChunks(3), 29u); // 28 warm-up + 1
    QCOMPARE(p.inFlight(3), 4u);
    p.microbatches = 16;
    QCOMPARE(p.inFlightChunks(0), 35u); // 6 + 28 + 1
    QCOMPARE(p.inFlightChunks(1), 33u);
    QCOMPARE(p.inFlight(0), 5u);
    p.virtualStages = 1;
    QVERIFY(!validateParallel(p, 16).ok()); // interleaved needs 2 or more chunks per stage
    p.schedule = PipelineSchedule::OneFOneB;
    QCOMPARE(p.inFlightChunks(0), 4u);
}

// The interleaved test: 8 H100s, pipeline 4 with one layer per virtual stage (V = 32 / 4 = 8),
// data parallel 2, micro-batch 1, global batch 8 (four micro-batches per step: every rank runs
// all 32 chunk forwards before its first backward), the distributed optimizer, bf16. Golden
// values from step 2: golden_values_dev_dgx_h100.json mem-max-allocated-bytes 60,720,852,992 and
// mem-allocated-bytes 24,808,996,864; golden_values_dev_dgx_a100.json 60,489,064,448 and
// 24,510,808,064 (gpt3_7b_tp1_pp4_memory_speed). torch.cuda memory figures are per process, so
// each is the rank that peaks.
void TestMegatronReference::functionalTestTp1Pp4Interleaved()
{
    const Graph g = megatronGpt(kGpt3_7b);
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    TrainingConfig c = megatronBf16(8, 8, 1, 4, 4, ParallelStrategy::Zero1);
    c.parallel.schedule = PipelineSchedule::Interleaved;
    c.parallel.virtualStages = 8;
    const auto r = estimateParallel(g, a, c, 0);
    QVERIFY2(r.ok(), r.ok() ? "" : r.error().message.c_str());
    QCOMPARE(r->microBatch, std::uint64_t{1});
    for (const RankEstimate& rank : r->ranks) {
        const MemoryBreakdown& b = rank.breakdown;
        qInfo("%s: chunks %zu, in flight %u chunk forwards, states %llu B, peak %llu B", rank.role.c_str(), rank.chunks.size(),
              rank.inFlightChunks,
              static_cast<unsigned long long>(b[Component::Weights].fixed + b[Component::Gradients].fixed +
                                              b[Component::OptimizerState].fixed),
              static_cast<unsigned long long>(b.peakBytes()));
    }
    const MemoryBreakdown& b = r->ranks[r->peakRank].breakdown;
    const double peak = static_cast<double>(b.peakBytes());
    std::uint64_t states = 0;
    for (const RankEstimate& rank : r->ranks)
        states = std::max(states, rank.breakdown[Component::Weights].fixed + rank.breakdown[Component::Gradients].fixed +
                                      rank.breakdown[Component::OptimizerState].fixed);
    qInfo("estimated peak %.0f B (H100 60,720,852,992: %+.2f %%; A100 60,489,064,448: %+.2f %%); largest model states %llu B "
          "(H100 24,808,996,864: %+.2f %%)",
          peak, 100.0 * (peak / 60720852992.0 - 1), 100.0 * (peak / 60489064448.0 - 1), static_cast<unsigned long long>(states),
          100.0 * (double(states) / 24808996864.0 - 1));
    QVERIFY(std::abs(peak / 60720852992.0 - 1) < 0.05);
    QVERIFY(std::abs(peak / 60489064448.0 - 1) < 0.05);
    QVERIFY(std::abs(double(states) / 24808996864.0 - 1) < 0.05);
}

// The precision's own bytes per parameter on two Dense layers (23 parameters, 4 tensors) with
// Adam and one GPU: weights bf16 2 B, gradients fp32 4 B, state 2 × 4 B moments + 4 B master,
// plus PyTorch Adam's 4 B step per tensor.
void TestMegatronReference::bf16MasterBytesPerParameter()
{
    const Graph g = netsizer::testing::twoDense();
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    TrainingConfig c = netsizer::testing::adamFp32(1);
    c.precision = Precision::Bf16Master;
    const MemoryBreakdown b = estimate(a, c, 0);
    QCOMPARE(b[Component::Weights].fixed, std::uint64_t{23 * 2});
    QCOMPARE(b[Component::Gradients].fixed, std::uint64_t{23 * 4});
    QCOMPARE(b[Component::OptimizerState].fixed, std::uint64_t{23 * 12 + 4 * 4});
    // The gradient buffer persists (Megatron's main_grad): alive at every event of the step,
    // where PyTorch's own .grad tensors appear only in backward.
    for (const TimelineEvent& e : b.timeline.events)
        QCOMPARE(e.varying[static_cast<std::size_t>(TimelineEvent::varyingIndex(Component::Gradients))].fixed, std::uint64_t{23 * 4});
}

QTEST_APPLESS_MAIN(TestMegatronReference)
#include "tst_megatron_reference.moc"
