#pragma once
// How one training step is spread over many GPUs (docs/parallelism.md). Part of TrainingConfig:
// saved with the model and set by `netsizer-cli estimate --gpus N --parallel …`.

#include "core/util/Result.h"

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace netsizer::core {

// How the data-parallel ranks hold the model states (weights, gradients, optimizer state).
// None: one replica and no data parallelism (tensor / pipeline parallel alone may still be set).
enum class ParallelStrategy : std::uint8_t { None, Ddp, Zero1, Zero2, Zero3, Fsdp, Fsdp2 };
// Which micro-batches a pipeline stage holds activations of (ParallelConfig::inFlightChunks).
enum class PipelineSchedule : std::uint8_t { GPipe, OneFOneB, Interleaved };
// What CPU offload moves to host memory (DeepSpeed offload_optimizer / offload_param, FSDP
// CPUOffload).
enum class Offload : std::uint8_t { None, Optimizer, Params, Both };

const char* strategyName(ParallelStrategy s); // "zero2"
const char* scheduleName(PipelineSchedule s); // "1f1b", "interleaved"
const char* offloadName(Offload o);           // "optimizer"
std::optional<ParallelStrategy> parseStrategy(std::string_view name);
std::optional<PipelineSchedule> parseSchedule(std::string_view name);
std::optional<Offload> parseOffload(std::string_view name);
std::string strategyNameList(); // "none, ddp, zero1, …" for messages
// ZeRO-3, FSDP and FSDP2 shard the weights too.
bool shardsParams(ParallelStrategy s);

struct ParallelConfig {
    static constexpr std::uint32_t kMaxGpus = 65536;
    static constexpr std::uint32_t kMaxMicrobatches = 65536;

    std::uint32_t gpus = 1;  // in all: tensorParallel × pipelineParallel × data-parallel size
    std::uint32_t nodes = 1; // gpus is a multiple of nodes (the GPUs of a node are gpus / nodes)
    ParallelStrategy strategy = ParallelStrategy::None;
    std::uint32_t tensorParallel = 1;   // Megatron tensor-parallel size T
    std::uint32_t pipelineParallel = 1; // pipeline stages P
    bool sequenceParallel = false;      // Megatron sequence parallel (needs T > 1)
    // Context parallel size C (Megatron --context-parallel-size, ring attention): each of C ranks
    // holds 1/C of every sequence's tokens, so every activation is split C ways; weights are
    // replicated and their gradients and distributed-optimizer shards span data × context ranks.
    std::uint32_t contextParallel = 1;
    std::uint32_t microbatches = 1;     // per optimizer step and data-parallel rank (pipeline)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    // Model chunks per pipeline rank V (Megatron's virtual pipeline stages): the interleaved
    // schedule cuts the layers into P × V chunks and gives rank s chunks s, s + P, s + 2P, …
    // 1 for GPipe and 1F1B; at least 2 for interleaved.
    std::uint32_t virtualStages = 1;
    Offload offload = Offload::None;

    // gpus / (T × P × C): the ranks that each hold a slice of the batch. Valid after validate().
    std::uint32_t dataParallel() const { return gpus / (tensorParallel * pipelineParallel * contextParallel); }
    // The ranks one copy of the model states is sharded over: data × context parallel (Megatron's
    // distributed optimizer and gradient buffers use the data-and-context-parallel group).
    std::uint32_t shardingRanks() const { return dataParallel() * contextParallel; }
    // Anything but one GPU with nothing set.
    bool active() const { return *this != ParallelConfig{}; }
    // Forward passes of one model chunk (1/V of the stage's layers) whose activations stage
    // `stage` (0-based) holds at its peak. GPipe runs every forward first: M × V. 1F1B
    // (PipeDream-Flush, Narayanan et al. 2021) starts P - stage forwards before its first
    // backward: min(P - stage, M). Interleaved 1F1B (Megatron-LM, megatron/core/pipeline_parallel/
    // schedules.py get_pp_rank_microbatches) runs 2 (P - stage - 1) + (V - 1) P warm-up chunk
    // forwards, then one more before its first backward: min(that + 1, M × V). The first stage
    // holds the most.
    std::uint32_t inFlightChunks(std::uint32_t stage) const;
    // Micro-batches with activations alive on `stage` at its peak: inFlightChunks / V rounded up.
    std::uint32_t inFlight(std::uint32_t stage) const;

    bool operator==(const ParallelConfig&) const = default;
};

// The settings' own consistency and that `globalBatch` (TrainingConfig::batch, the batch of all
// data-parallel ranks together) divides into dataParallel() × microbatches. The error's path is
// the settings' key in the native format ("tensor_parallel", "offload", …).
Status validateParallel(const ParallelConfig& p, std::uint64_t globalBatch);

} // namespace netsizer::core
