#pragma once
// Pipeline parallelism: the network's layers cut into P contiguous stages (in topological
// order), and one stage's share of an analysis.

#include "core/analysis/Analysis.h"
#include "core/memory/LayerMemory.h"

#include <cstdint>
#include <vector>

namespace netsizer::core {

// Layers [first, last] of Analysis::layers (positions, inclusive).
struct PipelineStage {
    std::size_t first = 0;
    std::size_t last = 0;
};

// Cuts the layers into `stages` contiguous stages balanced by memory: each layer weighs its own
// bytes at `batch` (LayerMemory::total: weights, gradients, optimizer state, what it keeps), and
// stage s ends at the first layer where the running sum reaches (s + 1) / stages of the whole,
// every stage keeping at least one layer. `stages` must not exceed the number of layers.
std::vector<PipelineStage> balanceStages(const std::vector<LayerMemory>& layers, std::uint64_t batch, std::uint32_t stages);

// The layer ranges of pipeline rank `stage` (0-based) when the layers are cut into
// `chunks.size()` = P × V contiguous chunks (balanceStages) and the interleaved schedule gives
// rank s chunks s, s + P, s + 2P, … (Megatron-LM's virtual pipeline); with V = 1, the stage itself.
std::vector<PipelineStage> chunksOfRank(const std::vector<PipelineStage>& chunks, std::uint32_t pipelineRanks, std::uint32_t stage);

// Rewrites `view` to one stage, the layers of `ranges` (one range, or a rank's interleaved
// chunks): layers outside them are left out of the estimate (analysed = false), and the totals
// the estimator reads are the stage's. The model input belongs to the stage holding layer 0. The activations a later stage receives from the one before are charged where its
// layers keep them for backward (the receiving layer's kept tensors, as any kept input); one
// that no layer keeps is freed after its forward use and counts only as that layer's input.
void restrictToStage(Analysis& view, const std::vector<PipelineStage>& ranges);

} // namespace netsizer::core
