#include "core/parallel/RankEstimator.h"

#include "core/analysis/SequenceLength.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/Precision.h"
#include "core/parallel/ContextParallelView.h"
#include "core/parallel/PipelineStages.h"
#include "core/parallel/TensorParallelView.h"

#include <algorithm>
#include <limits>

namespace netsizer::core {
namespace {

constexpr std::size_t idx(Component c) { return static_cast<std::size_t>(c); }

// v × num / den, the share of a sharded state; saturated sizes stay saturated.
Count scaled(Count v, Count num, Count den)
{
    if (v == kSaturated) return kSaturated;
    if (den == 0 || num == den) return v;
    __extension__ using Wide = unsigned __int128; // v × num needs up to 128 bits
    return static_cast<Count>(static_cast<Wide>(v) * num / den);
}

AffineBytes scaled(const AffineBytes& a, Count num, Count den) { return {scaled(a.fixed, num, den), scaled(a.perSample, num, den)}; }

// The replica's model states and its largest units (by weight bytes), from the engine's rows.
ModelStates modelStates(const MemoryBreakdown& b)
{
    ModelStates m{b[Component::Weights].fixed, b[Component::Gradients].fixed, b[Component::OptimizerState].fixed, 0, 0, 0};
    for (const LayerMemory& l : b.layers) {
        const Count w = l[Component::Weights].fixed;
        if (w > m.largestUnitWeights) {
            m.secondUnitWeights = m.largestUnitWeights;
            m.largestUnitWeights = w;
            m.largestUnitGradients = l[Component::Gradients].fixed;
        } else if (w > m.secondUnitWeights) {
            m.secondUnitWeights = w;
        }
    }
    return m;
}

// Sums the timeline's steady components and each event's total, and the components' maxima,
// after the components changed.
void recomputeTotals(MemoryBreakdown& b)
{
    b.timeline.steadyTotal = {};
    for (const AffineBytes& c : b.timeline.steady) b.timeline.steadyTotal += c;
    for (TimelineEvent& e : b.timeline.events) {
        e.total = b.timeline.steadyTotal;
        for (const AffineBytes& v : e.varying) e.total += v;
    }
    b.componentMaximaSum = {};
    for (const AffineBytes& c : b.components) b.componentMaximaSum += c;
}

// Adds a buffer held all step to the workspace; the band moves with the centre.
void addWorkspace(MemoryBreakdown& b, const AffineBytes& buffer)
{
    if (buffer.fixed == 0 && buffer.perSample == 0) return;
    b.components[idx(Component::Workspace)] += buffer;
    b.timeline.steady[idx(Component::Workspace)] += buffer;
    recomputeTotals(b);
    b.componentMaximaLow += buffer;
    b.componentMaximaHigh += buffer;
}

// Places the model states as `s` says, in the components, the per-layer rows and every event,
// and adds the strategy's buffers to the workspace. The band keeps its width.
void applyStates(MemoryBreakdown& b, const ModelStates& m, const ShardedStates& s)
{
    struct Share {
        Component c;
        Count num, den;
    };
    const Share shares[] = {{Component::Weights, s.weights, m.weights},
                            {Component::Gradients, s.gradients, m.gradients},
                            {Component::OptimizerState, s.optimizerState, m.optimizerState}};
    const AffineBytes before = b.componentMaximaSum;
    const AffineBytes buffers{saturatingAdd(s.gatherBuffer, s.commBuffer), 0};
    for (const Share& sh : shares) {
        AffineBytes& comp = b.components[idx(sh.c)];
        comp = scaled(comp, sh.num, sh.den);
        for (LayerMemory& l : b.layers) l.owned[idx(sh.c)] = scaled(l.owned[idx(sh.c)], sh.num, sh.den);
        const int v = TimelineEvent::varyingIndex(sh.c);
        if (v < 0) {
            b.timeline.steady[idx(sh.c)] = scaled(b.timeline.steady[idx(sh.c)], sh.num, sh.den);
            continue;
        }
        for (TimelineEvent& e : b.timeline.events)
            e.varying[static_cast<std::size_t>(v)] = scaled(e.varying[static_cast<std::size_t>(v)], sh.num, sh.den);
    }
    b.components[idx(Component::Workspace)] += buffers;
    b.timeline.steady[idx(Component::Workspace)] += buffers;
    recomputeTotals(b);
    // The band's excess below and above the centre is that of the overhead lines: unchanged.
    auto shift = [&](AffineBytes& edge) {
        auto move = [](Count e, Count from, Count to) { return e >= from ? saturatingAdd(to, e - from) : to - std::min(to, from - e); };
        edge = {move(edge.fixed, before.fixed, b.componentMaximaSum.fixed), move(edge.perSample, before.perSample, b.componentMaximaSum.perSample)};
    };
    shift(b.componentMaximaLow);
    shift(b.componentMaximaHigh);
}

// (chunks - V) / V earlier micro-batches' activations and inputs alive in forward and backward
// (with V = 1: chunks - 1 micro-batches).
void addInFlight(MemoryBreakdown& b, std::uint32_t chunks, std::uint32_t virtualStages)
{
    if (chunks <= virtualStages) return;
    AffineBytes one = b[Component::Activations];
    one += b[Component::Input];
    const AffineBytes extra = scaled(one, chunks - virtualStages, virtualStages);
    const auto a = static_cast<std::size_t>(TimelineEvent::varyingIndex(Component::Activations));
    for (TimelineEvent& e : b.timeline.events) {
        if (e.phase == StepPhase::Start || e.phase == StepPhase::Optimizer) continue;
        e.varying[a] += extra;
        e.total += extra;
    }
    b.components[idx(Component::Activations)] += extra;
    b.componentMaximaSum += extra;
    b.componentMaximaLow += extra;
    b.componentMaximaHigh += extra;
}

std::string roleName(std::uint32_t stage, std::uint32_t stages)
{
    if (stages == 1) return "every rank";
    std::string r = "stage " + std::to_string(stage + 1) + " of " + std::to_string(stages);
    if (stage == 0) r += " (first)";
    else if (stage + 1 == stages) r += " (last)";
    return r;
}

} // namespace

Result<ParallelEstimate> estimateParallel(const Graph& graph, const Analysis& analysis, const TrainingConfig& config,
                                          std::uint64_t defaultContextBytes)
{
    const ParallelConfig& p = config.parallel;
    if (auto valid = validateParallel(p, config.batch); !valid) return valid.error();
    if (config.mode != Mode::Train || config.framework != Framework::PyTorch)
        return makeError("bad_attribute", "parallel training is modelled for PyTorch (CUDA) training only", "strategy");
    if (p.contextParallel > 1) {
        const std::optional<std::int64_t> tokens = sequenceLength(graph);
        if (!tokens)
            return makeError("bad_attribute", "context parallel splits the tokens of a sequence: the network has no token-id input",
                             "context_parallel");
        const std::int64_t chunks = 2 * std::int64_t{p.contextParallel};
        if (*tokens % chunks != 0)
            return makeError("bad_attribute",
                             "context parallel " + std::to_string(p.contextParallel) + " needs a sequence length divisible by " +
                                 std::to_string(chunks) + " (2 × C chunks, balanced for the causal mask); it is " + std::to_string(*tokens),
                             "context_parallel");
    }
    ParallelEstimate out;
    const std::uint32_t dp = p.dataParallel();
    out.globalBatch = config.batch;
    out.microBatch = config.batch / (std::uint64_t{dp} * p.microbatches);

    TrainingConfig rank = config;
    rank.batch = out.microBatch;
    // Micro-batches of one step accumulate their gradients as gradient accumulation does.
    const std::uint64_t steps = std::uint64_t{config.accumulationSteps} * p.microbatches;
    rank.accumulationSteps = static_cast<std::uint32_t>(std::min<std::uint64_t>(steps, std::numeric_limits<std::uint32_t>::max()));

    Analysis split = analysis;
    applyTensorParallel(split, graph, p.tensorParallel, p.sequenceParallel);
    applyContextParallel(split, p.contextParallel);
    Count ringPerSample = 0;
    if (p.contextParallel > 1) {
        const PrecisionInfo& precision = precisionInfo(config.precision);
        const Count elementBytes = precision.castCopyBytes ? precision.castCopyBytes : precision.activationBytes;
        ringPerSample = saturatingMul(contextParallelRingNumel(graph, analysis, p.tensorParallel), elementBytes);
    }
    std::vector<PipelineStage> stages{{0, split.layers.empty() ? 0 : split.layers.size() - 1}};
    const std::uint32_t virtualStages = p.schedule == PipelineSchedule::Interleaved ? p.virtualStages : 1;
    const std::uint64_t chunkCount = std::uint64_t{p.pipelineParallel} * virtualStages;
    if (p.pipelineParallel > 1) {
        if (split.layers.size() < chunkCount)
            return makeError("bad_attribute",
                             std::to_string(chunkCount) + (virtualStages > 1 ? " model chunks" : " pipeline stages") +
                                 " need at least as many layers (the network has " + std::to_string(split.layers.size()) + ")",
                             virtualStages > 1 ? "virtual_stages" : "pipeline_parallel");
        out.balanceRows = estimate(split, rank, defaultContextBytes).layers;
        stages = balanceStages(out.balanceRows, rank.batch, static_cast<std::uint32_t>(chunkCount));
        out.pipelineChunks = stages;
    }
    out.config = config;
    const std::uint32_t stageCount = p.pipelineParallel > 1 ? p.pipelineParallel : 1;
    for (std::uint32_t s = 0; s < stageCount; ++s) {
        RankEstimate& r = out.ranks.emplace_back();
        r.role = roleName(s, stageCount);
        r.stage = s;
        r.ranks = p.gpus / p.pipelineParallel;
        r.chunks = stageCount > 1 ? chunksOfRank(stages, stageCount, s) : stages;
        r.firstLayer = r.chunks.front().first;
        r.lastLayer = r.chunks.back().last;
        r.inFlight = stageCount > 1 ? p.inFlight(s) : 1;
        r.inFlightChunks = stageCount > 1 ? p.inFlightChunks(s) : 1;
        Analysis view = split;
        if (stageCount > 1) restrictToStage(view, r.chunks);
        r.breakdown = estimate(view, rank, defaultContextBytes);
        addInFlight(r.breakdown, r.inFlightChunks, stageCount > 1 ? virtualStages : 1);
        const ModelStates m = modelStates(r.breakdown);
        r.states = shardModelStates(m, p.strategy, p.offload, p.shardingRanks());
        applyStates(r.breakdown, m, r.states);
        r.contextRingPerSample = ringPerSample;
        addWorkspace(r.breakdown, {0, ringPerSample});
        if (r.breakdown.peakBytes() > out.ranks[out.peakRank].breakdown.peakBytes()) out.peakRank = s;
    }
    return out;
}

std::optional<ParallelEstimate> rebatchParallel(const ParallelEstimate& previous, const TrainingConfig& config)
{
    TrainingConfig same = config;
    same.batch = previous.config.batch;
    if (!(same == previous.config) || previous.ranks.empty()) return std::nullopt;
    const ParallelConfig& p = config.parallel;
    if (!validateParallel(p, config.batch)) return std::nullopt;
    const std::uint64_t micro = config.batch / (std::uint64_t{p.dataParallel()} * p.microbatches);
    if (!previous.pipelineChunks.empty()) {
        const auto chunks = balanceStages(previous.balanceRows, micro, static_cast<std::uint32_t>(previous.pipelineChunks.size()));
        const bool sameCut = std::equal(chunks.begin(), chunks.end(), previous.pipelineChunks.begin(), previous.pipelineChunks.end(),
                                        [](const PipelineStage& a, const PipelineStage& b) { return a.first == b.first && a.last == b.last; });
        if (!sameCut) return std::nullopt;
    }
    ParallelEstimate out = previous;
    out.config = config;
    out.globalBatch = config.batch;
    out.microBatch = micro;
    out.peakRank = 0;
    for (std::size_t s = 0; s < out.ranks.size(); ++s) {
        out.ranks[s].breakdown.config.batch = micro; // every figure is affine in the micro-batch
        if (out.ranks[s].breakdown.peakBytes() > out.ranks[out.peakRank].breakdown.peakBytes()) out.peakRank = s;
    }
    return out;
}

} // namespace netsizer::core
