#pragma once
// Automatic placement of checkpointed segments (core/analysis/CheckpointSegment.h).
//
// Segments begin and end at single-tensor cut points (core/checkpoint/CutPoints.h), so each is
// a module with one input, as PyTorch users checkpoint them.
//
// √n (placeSqrt): Chen et al. 2016 ("Training deep nets with sublinear memory cost"): about √n
// segments of about √n layers each, every one but the last checkpointed, as
// torch.utils.checkpoint.checkpoint_sequential does.
//
// For a memory budget (placeForBudget): the placement with the fewest recomputed MACs whose
// simulated peak stays within the budget, by a dynamic programme over the cut points. The
// step's events (core/timeline/Timeline.h) of the network without checkpoints give, per layer
// position k, what its forward and backward events hold besides the activations kept by layers
// 0..k (X_fwd[k], X_bwd[k]: gradients, weights, state, outputs being written…). A placement
// changes only the activations: a plain layer keeps what it kept; a segment (c, d] keeps in
// forward its input tensor (unless a layer before it keeps that already) and its output when a
// later layer saves it (LayerAnalysis::outputFirstSaver / outputLastSaver), and during its
// backward at layer k holds what its layers c+1..k keep (the recomputation). Every event's
// total is then `P'(c) + term(k)`, with P'(c) the forward-kept bytes of the placement up to
// cut c — the DP's state. The DP runs over the cuts in order and keeps, per cut, the Pareto
// front of (P', recomputed MACs): a placement prefix with more kept bytes and more MACs is
// never better. A transition is either the plain layers to the next cut or a segment to any
// later cut, feasible when every event it covers stays within the budget; segment lengths
// are scanned with a running maximum, stopping once the segment's terms alone exceed the
// budget. The answer is the cheapest state at the network's end whose loss event fits.
// A segment whose input a layer before the cut keeps needs no copy of it, unless the previous
// segment recomputes that layer: per cut there are two fronts, for the states whose last
// segment does and for the others. O(cuts² × front) time. On long networks a first pass that lets segments start and end only
// at every (cuts / 32)-th cut finds a placement whose cost bounds the optimum, so the full pass
// drops every state that cannot beat it from the start; the fronts take candidates in batches
// (core/checkpoint/CutFront.h). The recomputation event and the cut tensor's exact dtype are
// not in the model, so checkpointForBudget verifies the placement with the engine and tightens.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace netsizer::core {

struct PlacedSegment {
    std::size_t first = 0, last = 0; // positions in Analysis::layers, inclusive
};

struct CheckpointPlan {
    std::vector<PlacedSegment> segments;
    Count recomputedMacs = 0;      // per sample
    bool feasible = true;          // placeForBudget: some placement is predicted within the budget
    std::uint64_t predictedPeak = 0; // placeForBudget: the DP's peak at the breakdown's batch
};

// `analysis` from `graph`, without checkpoints.
CheckpointPlan placeSqrt(const Graph& graph, const Analysis& analysis);

// `breakdown` = estimate(analysis, config), analysis from `graph` without checkpoints; the
// budget in bytes at breakdown.config.batch. Infeasible: no segments, feasible = false.
CheckpointPlan placeForBudget(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& breakdown, std::uint64_t budget);

// Clears every checkpoint of `graph`, then names the plan's segments "auto.1", "auto.2", ….
void applyPlan(Graph& graph, const Analysis& analysis, const CheckpointPlan& plan);

struct CheckpointedGraph {
    Graph graph;           // with the segments set
    CheckpointPlan plan;
    std::uint64_t peakBytes = 0; // re-estimated by the engine at config.batch
};

// placeSqrt or placeForBudget on `graph` (its checkpoints cleared), applied and re-estimated.
// For a budget, when the engine's peak exceeds it, the DP's budget is lowered by the excess and
// the placement repeated (at most four rounds); the result may still exceed the budget (the
// caller compares peakBytes). Errors: the graph does not analyse.
Result<CheckpointedGraph> checkpointSqrt(const Graph& graph, const TrainingConfig& config, std::uint64_t defaultContextBytes);
Result<CheckpointedGraph> checkpointForBudget(const Graph& graph, const TrainingConfig& config, std::uint64_t budget,
                                              std::uint64_t defaultContextBytes);

} // namespace netsizer::core
