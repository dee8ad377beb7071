#pragma once
// `fit` with many GPUs: the largest global batch at which every distinct rank's peak fits its GPU.

#include "core/analysis/Analysis.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"
#include "core/parallel/RankEstimate.h"
#include "core/util/Result.h"

#include <cstdint>

namespace netsizer::core {

struct ParallelFit {
    // The largest global batch that fits: a multiple of dataParallel × microbatches (one sample
    // per rank and pass) no larger than TrainingConfig::kMaxBatch; 0 when not even one sample
    // per rank and pass fits.
    std::uint64_t globalBatch = 0;
    // The ranks at that batch (at one sample per rank and pass when nothing fits).
    ParallelEstimate estimate;
};

// Every candidate batch is estimated in full (estimateParallel: the pipeline stages are balanced
// at its micro-batch), so the answer is the estimate's own verdict, not an extrapolation; a rank
// fits when its peak (`conservative`: the top of its error band) is within config.gpu's memory
// (MemoryBreakdown::fits). The peak grows with the batch, so a binary search over the
// micro-batch takes O(log kMaxBatch) estimates. Errors: those of estimateParallel, and no GPU set
// (path "gpu").
Result<ParallelFit> fitParallel(const Graph& graph, const Analysis& analysis, const TrainingConfig& config,
                                std::uint64_t defaultContextBytes, bool conservative);

} // namespace netsizer::core
