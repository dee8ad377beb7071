#include "app/cli/EstimateCommand.h"

#include "app/cli/CheckpointOptions.h"
#include "app/cli/ModelLoading.h"
#include "app/cli/ParallelOptions.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/parallel/ParallelFit.h"
#include "core/parallel/RankEstimator.h"
#include "core/report/SizeOverflowError.h"

#include <algorithm>

namespace netsizer::cli {

core::Result<EstimateReport> runEstimate(const CliOptions& o)
{
    EstimateReport r;
    r.modelPath = o.modelPath;
    r.fitCommand = o.command == Command::Fit;
    r.safe = o.safe;
    auto loaded = loadModel(o);
    if (!loaded) return loaded.error();
    r.model = std::move(loaded).value();
    auto config = configFor(o, r.model);
    if (!config) return config.error();
    if (auto applied = applyCheckpointOptions(o, *config, r.model); !applied) return applied.error();
    if (auto parallel = applyParallelOptions(o, *config); !parallel) return parallel.error();

    r.analysis = core::analyze(r.model.graph);
    if (!r.analysis.ok()) return analysisError(o.modelPath, r.analysis, r.model);
    const std::uint64_t context = core::GpuCatalog::builtin().defaultContextBytes();
    if (config->parallel.active()) {
        core::Result<core::ParallelEstimate> ranks = core::ParallelEstimate{};
        if (r.fitCommand) {
            // The largest global batch at which every rank fits; the report is at that batch.
            auto fit = core::fitParallel(r.model.graph, r.analysis, *config, context, r.safe);
            if (!fit) return parallelError(fit.error());
            auto other = core::fitParallel(r.model.graph, r.analysis, *config, context, !r.safe);
            if (!other) return parallelError(other.error());
            r.fittedBatch = fit->globalBatch;
            r.otherRuleBatch = other->globalBatch;
            ranks = std::move(fit->estimate);
        } else {
            ranks = core::estimateParallel(r.model.graph, r.analysis, *config, context);
        }
        if (!ranks) return parallelError(ranks.error());
        for (const core::RankEstimate& rank : ranks->ranks)
            if (auto overflow = core::sizeOverflowError(rank.breakdown, r.model.graph)) return placedError(o.modelPath, *overflow, r.model);
        r.breakdown = ranks->ranks[ranks->peakRank].breakdown;
        r.parallel = std::move(ranks).value();
        return r;
    }
    r.breakdown = core::estimate(r.analysis, *config, context);
    if (r.fitCommand) {
        // Memory is affine in the batch: moving to the fitted batch re-evaluates nothing.
        const std::uint64_t best = r.breakdown.maxBatch(r.safe).value_or(0);
        r.fittedBatch = best;
        r.breakdown.config.batch = std::max<std::uint64_t>(best, 1);
    }
    // A size beyond 64 bits is an error naming its layer, never a number (exit 2).
    if (auto overflow = core::sizeOverflowError(r.breakdown, r.model.graph)) return placedError(o.modelPath, *overflow, r.model);
    return r;
}

} // namespace netsizer::cli
