#pragma once
// The per-rank estimate the designer shows for a parallel configuration, with the checks the
// settings alone cannot make: tensor parallelism must split every attention layer's heads
// (core::checkTensorParallel) before core::estimateParallel runs. One function, so the
// Document's figures and the sequence-length sweep judge settings alike.

#include "core/analysis/Analysis.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"
#include "core/parallel/RankEstimate.h"
#include "core/util/Result.h"

namespace netsizer::ui {

// `analysis` is the analysis of `graph`; config.parallel is active. O(stages × layers).
core::Result<core::ParallelEstimate> estimateRanks(const core::Graph& graph, const core::Analysis& analysis,
                                                   const core::TrainingConfig& config);

} // namespace netsizer::ui
