#pragma once

#include "core/estimate/MemoryBreakdown.h"
#include "core/parallel/ModelStateSharding.h"
#include "core/parallel/PipelineStages.h"

#include <cstdint>
#include <string>
#include <vector>

namespace netsizer::core {

// One distinct kind of GPU rank of a parallel run: every rank when there is no pipeline, else
// one pipeline stage (its ranks differ only in their slice of the batch and of the shards).
struct RankEstimate {
    std::string role;          // "every rank", "stage 1 of 4 (first)", "stage 4 of 4 (last)"
    std::uint32_t stage = 0;   // 0-based pipeline stage
    std::uint32_t ranks = 1;   // GPUs in this role: gpus / pipeline stages
    std::size_t firstLayer = 0, lastLayer = 0; // the stage's layers, positions in Analysis::layers
    std::uint32_t inFlight = 1; // micro-batches whose activations the stage holds at its peak
    std::uint32_t inFlightChunks = 1; // forwards of one model chunk held (ParallelConfig::inFlightChunks)
    // The stage's layer ranges: [firstLayer, lastLayer] alone, or its interleaved model chunks.
    std::vector<PipelineStage> chunks;
    // The engine's breakdown of one GPU of this role at the per-rank micro-batch
    // (breakdown.config.batch): its timeline, peak and verdict are this rank's. The buffers the
    // strategy adds (states.gatherBuffer + states.commBuffer) are part of Component::Workspace.
    MemoryBreakdown breakdown;
    ShardedStates states; // where the model states went; states.cpu is the host memory it needs
    // Context parallel: the ring's buffers of the largest attention layer per sample (the whole
    // sequence's keys, values and output), part of Component::Workspace. 0 otherwise.
    Count contextRingPerSample = 0;
    // Those buffers at this rank's micro-batch (breakdown.config.batch).
    Count contextRingBytes() const { return saturatingMul(contextRingPerSample, breakdown.config.batch); }
};

// A training step spread over many GPUs (core/parallel/RankEstimator.h).
struct ParallelEstimate {
    std::uint64_t globalBatch = 1;   // TrainingConfig::batch: all data-parallel ranks, one step
    std::uint64_t microBatch = 1;    // samples one rank runs per forward/backward pass
    std::vector<RankEstimate> ranks; // by stage
    std::size_t peakRank = 0;        // index into `ranks` of the role whose peak is the highest
    // What a batch change needs to re-evaluate the estimate without estimating again
    // (rebatchParallel): the settings it was made for, the pipeline's chunks (P × V, in order;
    // empty without a pipeline) and the rows the chunks were balanced by.
    TrainingConfig config;
    std::vector<PipelineStage> pipelineChunks;
    std::vector<LayerMemory> balanceRows;
};

} // namespace netsizer::core
