#pragma once
// The per-rank estimate of a parallel run, built on the single-GPU engine: for each distinct
// rank, the analysis is cut to what that rank holds (tensor-parallel split:
// TensorParallelView.h; pipeline stage: PipelineStages.h), estimated by core::estimate at the
// per-rank micro-batch, and its model states are then placed by the strategy
// (ModelStateSharding.h) in the breakdown and every timeline event.
//
// The batch: TrainingConfig::batch is the global batch of one optimizer step over all
// data-parallel ranks (before gradient accumulation); each rank runs batch / (data-parallel
// size × micro-batches) samples per pass. Several micro-batches accumulate gradients as the
// engine's gradient accumulation does (the gradients of earlier micro-batches are alive). A
// pipeline stage holding k chunk forwards in flight (ParallelConfig::inFlightChunks, V model
// chunks per stage) keeps, during forward and backward, (k - V) / V times the activations and
// inputs of one micro-batch through all its layers beside the running one's: the interleaved
// schedule's chunks are taken as equal (balanceStages cuts P × V chunks of equal memory).

#include "core/analysis/Analysis.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"
#include "core/parallel/RankEstimate.h"
#include "core/util/Result.h"

#include <optional>

namespace netsizer::core {

// Errors (path = the ParallelConfig key): inconsistent settings (validateParallel), a profile
// other than PyTorch training, more pipeline stages than layers. O(stages × layers).
Result<ParallelEstimate> estimateParallel(const Graph& graph, const Analysis& analysis, const TrainingConfig& config,
                                          std::uint64_t defaultContextBytes);

// The estimate `previous` (estimateParallel's) re-evaluated at config.batch, when `config` differs
// from previous.config in the batch alone: every figure of a rank is affine in its micro-batch,
// so only the evaluation point moves — unless the pipeline's balance cuts the layers elsewhere
// at the new micro-batch, or the new batch does not divide into the ranks; then nullopt, and
// estimateParallel must run again. Equal to estimateParallel's result whenever it answers.
// O(ranks + layers); O(ranks) without a pipeline.
std::optional<ParallelEstimate> rebatchParallel(const ParallelEstimate& previous, const TrainingConfig& config);

} // namespace netsizer::core
