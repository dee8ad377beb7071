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
// Which micro-batches a pipeline stage holds activations of (ParallelConfig::inFlight).
enum class PipelineSchedule : std::uint8_t { GPipe, OneFOneB };
// What CPU offload moves to host memory (DeepSpeed offload_optimizer / offload_param, FSDP
// CPUOffload).
enum class Offload : std::uint8_t { None, Optimizer, Params, Both };

const char* strategyName(ParallelStrategy s); // "zero2"
const char* scheduleName(PipelineSchedule s); // "1f1b"
const char* offloadName(Offload o);           // "optimizer"
std::optional<ParallelStrategy> parseStrategy(std::string_view name);
std::optional<PipelineSchedule> parseSchedule(std::string_view name);
std::optional<Offload> parseOffload(std::string_view name);
std::string strategyNameList(); // "none, ddp, zero1, …" for messages

struct ParallelConfig {
    static constexpr std::uint32_t kMaxGpus = 65536;
    static constexpr std::uint32_t kMaxMicrobatches = 65536;

    std::uint32_t gpus = 1;  // in all: tensorParallel × pipelineParallel × data-parallel size
    std::uint32_t nodes = 1; // gpus is a multiple of nodes (the GPUs of a node are gpus / nodes)
    ParallelStrategy strategy = ParallelStrategy::None;
    std::uint32_t tensorParallel = 1;   // Megatron tensor-parallel size T
    std::uint32_t pipelineParallel = 1; // pipeline stages P
    bool sequenceParallel = false;      // Megatron sequence parallel (needs T > 1)
    std::uint32_t microbatches = 1;     // per optimizer step and data-parallel rank (pipeline)
    PipelineSchedule schedule = PipelineSchedule::OneFOneB;
    Offload offload = Offload::None;

    // gpus / (T × P): the ranks that each hold a slice of the batch. Valid after validate().
    std::uint32_t dataParallel() const { return gpus / (tensorParallel * pipelineParallel); }
    // Anything but one GPU with nothing set.
    bool active() const { return *this != ParallelConfig{}; }
    // Micro-batches whose activations stage `stage` (0-based) holds at its peak: GPipe runs every
    // forward first (all M); 1F1B (PipeDream-Flush, Narayanan et al. 2021) starts P - stage
    // forwards before its first backward, so min(P - stage, M) — the first stage holds the most.
    std::uint32_t inFlight(std::uint32_t stage) const;

    bool operator==(const ParallelConfig&) const = default;
};

// The settings' own consistency and that `globalBatch` (TrainingConfig::batch, the batch of all
// data-parallel ranks together) divides into dataParallel() × microbatches. The error's path is
// the settings' key in the native format ("tensor_parallel", "offload", …).
Status validateParallel(const ParallelConfig& p, std::uint64_t globalBatch);

} // namespace netsizer::core
