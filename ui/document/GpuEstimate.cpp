#include "ui/document/GpuEstimate.h"

#include "core/estimate/GpuCatalog.h"
#include "core/parallel/RankEstimator.h"
#include "core/parallel/TensorParallelCheck.h"

namespace netsizer::ui {

core::Result<core::ParallelEstimate> estimateRanks(const core::Graph& graph, const core::Analysis& analysis,
                                                   const core::TrainingConfig& config)
{
    if (auto tp = core::checkTensorParallel(graph, config.parallel.tensorParallel); !tp) return tp.error();
    return core::estimateParallel(graph, analysis, config, core::GpuCatalog::builtin().defaultContextBytes());
}

} // namespace netsizer::ui
