#pragma once

#include "core/estimate/Framework.h"
#include "core/estimate/FrozenWeights.h"
#include "core/estimate/GpuSpec.h"
#include "core/estimate/LossKind.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/memory/BatchPlanner.h"
#include "core/parallel/ParallelConfig.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace netsizer::core {

enum class Mode { Train, Inference };

// The overheads beside the tensors, each its own line of the breakdown
// (MemoryBreakdown::overheadLines). Unset optional settings use the defaults below; a setting
// that is set enters the centre estimate, an unset allocator/fragmentation line only widens the
// error band (total_low/total_high), so the centre stays what the tensors and the context need.
struct OverheadSettings {
    // CUDA context bytes; unset: the GPU preset's (resources/gpus.json, per generation) or the
    // catalogue default.
    std::optional<std::uint64_t> contextBytes;
    // Convolution workspace cap in bytes: the scratch the largest convolution may take at once.
    // Default 8 MiB = Caffe's CuDNNConvolutionLayer workspace_limit_bytes (8*1024*1024,
    // src/caffe/layers/cudnn_conv_layer.cpp). PyTorch sets no cap (cuDNN picks within free
    // memory), so for PyTorch the line is uncertain: band 0 .. 4 × the cap.
    std::optional<std::uint64_t> convWorkspaceCapBytes;
    static constexpr std::uint64_t kDefaultConvWorkspaceCap = 8ull << 20;
    // Model PyTorch's caching-allocator rounding (c10/cuda/CUDACachingAllocator.cpp): every
    // block rounded up to kMinBlockSize = 512 B; requests <= kSmallSize (1 MiB) carved from
    // kSmallBuffer (2 MiB) segments, larger ones from kLargeBuffer (20 MiB) segments up to
    // kMinLargeAlloc (10 MiB), beyond that segments rounded to kRoundLarge (2 MiB). Modelled
    // as 256 B expected rounding per tensor alive at the peak (0..512 B) plus half a free small
    // and half a free large segment (1 + 10 MiB; band 0 .. 2 + 20 MiB).
    std::optional<bool> allocatorRounding;
    // Fragmentation reserve as a fraction of the peak's tensor bytes. Default 0 in the centre,
    // band up to 0.10: PyTorch's reserved-minus-allocated slack after the first steps is
    // typically a few percent to ~10% (a judgement from memory_summary() reports, no
    // published constant).
    std::optional<double> fragmentationFraction;
    static constexpr double kFragmentationHigh = 0.10;

    bool operator==(const OverheadSettings&) const = default;
};
const char* modeName(Mode m); // "train" / "inference"
std::optional<Mode> parseMode(std::string_view name);

// Everything about *how* a network is run that changes its memory. Part of the document (saved
// with the model).
struct TrainingConfig {
    static constexpr std::uint64_t kMaxBatch = kMaxBatchSize;

    static constexpr std::uint32_t kMaxAccumulationSteps = 4096;

    // The micro-batch one forward/backward pass holds: 1 .. kMaxBatch. With data or pipeline
    // parallelism (`parallel`) it is the global batch of all data-parallel ranks, which each run
    // batch / (data-parallel size × micro-batches) per pass (core/parallel/RankEstimator.h).
    std::uint64_t batch = 32;
    // Gradient accumulation: micro-batches of `batch` whose gradients add up before one
    // optimizer step (PyTorch: several backward() calls before step(); Caffe: iter_size), so the
    // effective batch is batch × accumulationSteps. 1: none. 1 .. kMaxAccumulationSteps.
    std::uint32_t accumulationSteps = 1;
    Mode mode = Mode::Train;
    Optimizer optimizer = Optimizer::Adam;
    Precision precision = Precision::Fp32;
    Framework framework = Framework::PyTorch;
    std::optional<GpuSpec> gpu; // none: no capacity to compare with
    OverheadSettings overheads;
    ParallelConfig parallel; // many GPUs (core/parallel); the default is one GPU
    FrozenWeights frozenWeights; // storage of frozen weights (base dtype, NF4 / int8)
    // The loss after the last layer and what it keeps (core/estimate/LossMemory.h); None keeps
    // nothing beyond the output and its gradient.
    LossKind loss = LossKind::None;

    std::uint64_t effectiveBatch() const { return batch * accumulationSteps; }

    bool operator==(const TrainingConfig& o) const
    {
        return batch == o.batch && accumulationSteps == o.accumulationSteps && mode == o.mode && optimizer == o.optimizer && precision == o.precision &&
               framework == o.framework && gpu.has_value() == o.gpu.has_value() &&
               (!gpu || (gpu->name == o.gpu->name && gpu->memoryBytes == o.gpu->memoryBytes &&
                         gpu->contextBytes == o.gpu->contextBytes)) &&
               overheads == o.overheads && parallel == o.parallel && frozenWeights == o.frozenWeights &&
               loss == o.loss;
    }
};

} // namespace netsizer::core
