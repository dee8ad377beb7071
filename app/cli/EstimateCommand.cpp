#include "app/cli/EstimateCommand.h"

#include "app/cli/CheckpointOptions.h"
#include "app/cli/ModelLoading.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
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

    r.analysis = core::analyze(r.model.graph);
    if (!r.analysis.ok()) return analysisError(o.modelPath, r.analysis, r.model);
    r.breakdown = core::estimate(r.analysis, *config, core::GpuCatalog::builtin().defaultContextBytes());
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
