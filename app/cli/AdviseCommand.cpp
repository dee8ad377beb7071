#include "app/cli/AdviseCommand.h"

#include "app/cli/CheckpointOptions.h"
#include "app/cli/ModelLoading.h"
#include "app/cli/ParallelOptions.h"
#include "core/advise/Advisor.h"
#include "core/advise/ParallelAdvisor.h"
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/report/SizeOverflowError.h"

namespace netsizer::cli {

core::Result<AdviseReport> runAdvise(const CliOptions& o)
{
    AdviseReport r;
    r.modelPath = o.modelPath;
    auto loaded = loadModel(o);
    if (!loaded) return loaded.error();
    r.model = std::move(loaded).value();
    auto config = configFor(o, r.model);
    if (!config) return config.error();
    if (auto applied = applyCheckpointOptions(o, *config, r.model); !applied) return applied.error();
    if (auto parallel = applyParallelOptions(o, *config); !parallel) return parallel.error();
    if (!config->gpu)
        return core::makeError("usage", "needs --gpu NAME or --gpu-memory SIZE (or a \"gpu\" in the model's training section)",
                               "advise");
    r.config = *config;
    const core::Analysis a = core::analyze(r.model.graph);
    if (!a.ok()) return analysisError(o.modelPath, a, r.model);
    // A configuration whose sizes exceed 64 bits is an error naming its layer (exit 2), as in
    // `estimate`: there is no figure to advise from.
    const auto& catalog = core::GpuCatalog::builtin();
    if (auto overflow = core::sizeOverflowError(core::estimate(a, r.config, catalog.defaultContextBytes()), r.model.graph))
        return placedError(o.modelPath, *overflow, r.model);
    // Many GPUs: every rank must fit; the candidates are the parallel settings' (ParallelAdvisor.h).
    r.advice = r.config.parallel.active() ? core::adviseParallel(r.model.graph, r.config, catalog)
                                          : core::advise(r.model.graph, r.config, catalog);
    return r;
}

} // namespace netsizer::cli
