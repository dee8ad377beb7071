#include "core/advise/ParallelAdvisor.h"

#include "core/analysis/Analysis.h"
#include "core/analysis/SequenceLength.h"
#include "core/checkpoint/CheckpointPlacement.h"
#include "core/estimate/PrecisionSupport.h"
#include "core/parallel/RankEstimator.h"
#include "core/parallel/TensorParallelCheck.h"
#include "core/util/NumberFormat.h"

#include <algorithm>
#include <optional>

namespace netsizer::core {
namespace {

// Any unsigned count with thousands separators (NumberFormat takes 64 bits).
std::string thousands(std::uint64_t n) { return withThousands(n); }

class ParallelSearch {
public:
    ParallelSearch(const Graph& graph, const TrainingConfig& config, const GpuCatalog& catalog)
        : m_graph(graph), m_config(config), m_context(catalog.defaultContextBytes()), m_analysis(analyze(graph))
    {
    }

    Advice run()
    {
        Advice advice;
        if (!m_config.gpu) {
            advice.notes.push_back("no GPU given: nothing to fit");
            return advice;
        }
        if (!m_analysis.ok()) {
            advice.notes.push_back("the model has analysis errors: fix them first");
            return advice;
        }
        const auto base = estimateParallel(m_graph, m_analysis, m_config, m_context);
        if (!base) {
            advice.notes.push_back("the settings cannot be estimated: " + base.error().message);
            return advice;
        }
        const MemoryBreakdown& peak = base->ranks[base->peakRank].breakdown;
        advice.peakBytes = peak.peakBytes();
        advice.fits = peak.fits();
        if (advice.fits) {
            advice.notes.push_back("every GPU already fits " + m_config.gpu->name);
            return advice;
        }
        shardStates(advice);
        microbatches(advice);
        checkpointing(advice);
        modelParallel(advice);
        precision(advice);
        offload(advice);
        moreGpus(advice);
        std::stable_sort(advice.suggestions.begin(), advice.suggestions.end(),
                         [](const Suggestion& a, const Suggestion& b) { return a.rank < b.rank; });
        if (advice.suggestions.empty())
            advice.notes.push_back("no single change makes every GPU fit: combine them, or use GPUs with more memory");
        return advice;
    }

private:
    // Estimates `c` (on `analysis`, default: the model's) and adds it when every rank fits.
    bool tryAdd(Advice& advice, SuggestionKind kind, int rank, const TrainingConfig& c, std::string description,
                std::vector<std::string> changes, const Analysis* analysis = nullptr, const Graph* graph = nullptr)
    {
        const auto e = estimateParallel(graph ? *graph : m_graph, analysis ? *analysis : m_analysis, c, m_context);
        if (!e) return false;
        const MemoryBreakdown& peak = e->ranks[e->peakRank].breakdown;
        if (!peak.fits()) return false;
        Suggestion s;
        s.kind = kind;
        s.config = c;
        s.description = std::move(description);
        s.changes = std::move(changes);
        s.peakBytes = peak.peakBytes();
        s.fits = true;
        s.rank = rank;
        advice.suggestions.push_back(std::move(s));
        return true;
    }

    std::string perRank() const { return thousands(m_config.parallel.dataParallel()) + " data-parallel ranks"; }

    void shardStates(Advice& advice)
    {
        const ParallelConfig& p = m_config.parallel;
        if (p.shardingRanks() < 2) {
            advice.notes.push_back("sharding the model states is not offered: one data-parallel rank has nothing to share them with");
            return;
        }
        struct Stage {
            ParallelStrategy strategy;
            const char* what;
            int rank;
        };
        const Stage stages[] = {
            {ParallelStrategy::Zero1, "the optimizer state; communication as DDP's", 0},
            {ParallelStrategy::Zero2, "the optimizer state and the gradients; communication as DDP's", 0},
            {ParallelStrategy::Zero3, "the optimizer state, the gradients and the weights (gathered one layer at a time in forward "
                                      "and again in backward: 1.5 × DDP's communication)", 2},
        };
        for (const Stage& st : stages) {
            if (static_cast<int>(st.strategy) <= static_cast<int>(p.strategy) || p.strategy == ParallelStrategy::Fsdp ||
                p.strategy == ParallelStrategy::Fsdp2)
                continue;
            TrainingConfig c = m_config;
            c.parallel.strategy = st.strategy;
            if (tryAdd(advice, SuggestionKind::ShardStates, st.rank, c,
                       std::string("Use ") + strategyName(st.strategy) + ": shard " + st.what + " over the " +
                           thousands(p.shardingRanks()) + " ranks. Same training, same numerics.",
                       {"--parallel", strategyName(st.strategy)}))
                return; // the least sharding that fits
        }
    }

    void microbatches(Advice& advice)
    {
        const ParallelConfig& p = m_config.parallel;
        for (std::uint64_t m = std::uint64_t{p.microbatches} * 2; m <= ParallelConfig::kMaxMicrobatches; m *= 2) {
            if (m_config.batch % (std::uint64_t{p.dataParallel()} * m) != 0) return;
            TrainingConfig c = m_config;
            c.parallel.microbatches = static_cast<std::uint32_t>(m);
            const std::uint64_t micro = m_config.batch / (std::uint64_t{p.dataParallel()} * m);
            if (tryAdd(advice, SuggestionKind::Accumulation, 1, c,
                       "Run " + thousands(m) + " micro-batches of " + thousands(micro) +
                           " per step on each rank: the same " + thousands(m_config.batch) +
                           " samples per optimizer step, smaller passes (gradients accumulate; with a pipeline, a "
                           "smaller bubble too). No extra compute.",
                       {"--microbatches", std::to_string(m)}))
                return;
        }
    }

    void checkpointing(Advice& advice)
    {
        if (!m_analysis.segments.empty()) return; // the user's own segments
        TrainingConfig one = m_config;
        one.parallel = {};
        auto placed = checkpointSqrt(m_graph, one, m_context);
        if (!placed || placed->plan.segments.empty()) return;
        const Analysis a = analyze(placed->graph);
        if (!a.ok()) return;
        std::size_t layers = 0;
        for (const CheckpointSegment& seg : a.segments) layers += seg.last - seg.first + 1;
        if (!tryAdd(advice, SuggestionKind::Checkpointing, 3, m_config,
                    "Checkpoint " + thousands(static_cast<std::uint64_t>(a.segments.size())) + " segments of " +
                        thousands(static_cast<std::uint64_t>(layers)) +
                        " layers (√n placement, torch.utils.checkpoint): their activations are recomputed in backward. "
                        "Same training; the step runs part of the forward again.",
                    {"--checkpoint-auto", "sqrt"}, &a, &placed->graph))
            return;
        for (const Layer& l : placed->graph.layers())
            if (!l.checkpoint.empty()) advice.suggestions.back().graphChange.checkpoint.emplace_back(l.id, l.checkpoint);
    }

    void modelParallel(Advice& advice)
    {
        const ParallelConfig& p = m_config.parallel;
        if (p.tensorParallel > 1 && !p.sequenceParallel) {
            TrainingConfig c = m_config;
            c.parallel.sequenceParallel = true;
            tryAdd(advice, SuggestionKind::ModelParallel, 3, c,
                   "Turn on sequence parallel: the norms' and dropouts' activations split over the " +
                       thousands(p.tensorParallel) + " tensor-parallel ranks too (the all-reduces become "
                       "reduce-scatter + all-gather, the same traffic).",
                   {"--sp"});
        }
        if (p.dataParallel() % 2 != 0) {
            advice.notes.push_back("splitting the model further on the same GPUs is not offered: " + perRank() +
                                   " do not halve");
            return;
        }
        const std::uint32_t perNode = p.gpus / p.nodes;
        {
            TrainingConfig c = m_config;
            c.parallel.tensorParallel *= 2;
            if (checkTensorParallel(m_graph, c.parallel.tensorParallel))
                tryAdd(advice, SuggestionKind::ModelParallel, 4, c,
                       "Double tensor parallel to " + thousands(c.parallel.tensorParallel) +
                           " on the same GPUs (" + thousands(c.parallel.dataParallel()) +
                           " data-parallel ranks): each GPU holds half as much of every Linear and attention layer; an "
                           "all-reduce inside every block" +
                           (c.parallel.tensorParallel > perNode ? std::string(" — across nodes, which is slow") : std::string()) +
                           ".",
                       {"--tp", std::to_string(c.parallel.tensorParallel)});
        }
        {
            TrainingConfig c = m_config;
            c.parallel.pipelineParallel *= 2;
            c.parallel.microbatches = std::max(c.parallel.microbatches, 2 * c.parallel.pipelineParallel);
            if (m_config.batch % (std::uint64_t{c.parallel.dataParallel()} * c.parallel.microbatches) != 0)
                c.parallel.microbatches = m_config.parallel.microbatches;
            std::vector<std::string> changes{"--pp", std::to_string(c.parallel.pipelineParallel)};
            if (c.parallel.microbatches != m_config.parallel.microbatches)
                changes.insert(changes.end(), {"--microbatches", std::to_string(c.parallel.microbatches)});
            tryAdd(advice, SuggestionKind::ModelParallel, 4, c,
                   "Cut the layers into " + thousands(c.parallel.pipelineParallel) + " pipeline stages on the same GPUs (" +
                       thousands(c.parallel.dataParallel()) + " data-parallel ranks, " +
                       thousands(c.parallel.microbatches) +
                       " micro-batches): each GPU holds its stage's layers; the pipeline's bubble idles part of the step.",
                   changes);
        }
        if (const auto tokens = sequenceLength(m_graph)) {
            TrainingConfig c = m_config;
            c.parallel.contextParallel *= 2;
            if (*tokens % (2 * std::int64_t{c.parallel.contextParallel}) == 0)
                tryAdd(advice, SuggestionKind::ModelParallel, 4, c,
                       "Use context parallel " + thousands(c.parallel.contextParallel) + " on the same GPUs: each holds " +
                           "1/" + thousands(c.parallel.contextParallel) +
                           " of every sequence's tokens (ring attention passes keys and values round).",
                       {"--cp", std::to_string(c.parallel.contextParallel)});
        }
    }

    void precision(Advice& advice)
    {
        if (precisionInfo(m_config.precision).weightBytes < 4 || m_config.precision != Precision::Fp32) return;
        for (Precision p : {Precision::Bf16Master, Precision::MixedBf16, Precision::MixedFp16}) {
            if (!precisionUnavailableReason(p, m_config.framework, m_config.gpu).empty()) continue;
            TrainingConfig c = m_config;
            c.precision = p;
            if (tryAdd(advice, SuggestionKind::MixedPrecision, 5, c,
                       std::string("Train in ") + precisionInfo(p).label +
                           ": 16-bit activations; the numerics change (an fp32 master copy keeps the updates exact).",
                       {"--precision", precisionInfo(p).name}))
                return;
        }
    }

    void offload(Advice& advice)
    {
        const ParallelConfig& p = m_config.parallel;
        if (p.offload == Offload::Both) return;
        if (p.strategy == ParallelStrategy::None || p.strategy == ParallelStrategy::Ddp) {
            advice.notes.push_back("CPU offload is not offered: it needs a sharded strategy (zero1 or above)");
            return;
        }
        for (Offload o : {Offload::Optimizer, Offload::Both}) {
            if (static_cast<int>(o) <= static_cast<int>(p.offload)) continue;
            if (o == Offload::Both && !shardsParams(p.strategy)) return;
            TrainingConfig c = m_config;
            c.parallel.offload = o;
            if (tryAdd(advice, SuggestionKind::Offload, 6, c,
                       std::string(o == Offload::Optimizer ? "Offload the optimizer state and its gradient shard"
                                                           : "Offload the optimizer state and the weight shards") +
                           " to host memory: the optimizer step runs on the CPU, the step is slower and each node needs "
                           "the host memory the per-GPU figures show.",
                       {"--offload", offloadName(o)}))
                return;
        }
    }

    void moreGpus(Advice& advice)
    {
        const ParallelConfig& p = m_config.parallel;
        for (std::uint32_t factor : {2u, 4u}) {
            const std::uint64_t gpus = std::uint64_t{p.gpus} * factor;
            if (gpus > ParallelConfig::kMaxGpus) return;
            TrainingConfig c = m_config;
            c.parallel.gpus = static_cast<std::uint32_t>(gpus);
            c.parallel.nodes = p.nodes * factor;
            if (c.parallel.strategy == ParallelStrategy::None) c.parallel.strategy = ParallelStrategy::Ddp;
            if (tryAdd(advice, SuggestionKind::DataParallel, 7, c,
                       "Use " + thousands(gpus) + " GPUs (" + thousands(c.parallel.nodes) + " nodes): the same " +
                           thousands(m_config.batch) + " samples per step over " +
                           thousands(c.parallel.dataParallel()) + " data-parallel ranks, fewer per GPU.",
                       {"--gpus", std::to_string(gpus), "--nodes", std::to_string(c.parallel.nodes), "--parallel",
                        strategyName(c.parallel.strategy)}))
                return;
        }
    }

    const Graph& m_graph;
    const TrainingConfig& m_config;
    std::uint64_t m_context;
    Analysis m_analysis;
};

} // namespace

Advice adviseParallel(const Graph& graph, const TrainingConfig& config, const GpuCatalog& catalog)
{
    return ParallelSearch(graph, config, catalog).run();
}

} // namespace netsizer::core
