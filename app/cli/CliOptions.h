#pragma once
// What the command line asked for, after parsing and before any file is read. Flags that were
// not given stay unset so the model file's own "training" section can supply them.

#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/Shape.h"
#include "core/parallel/ParallelConfig.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace netsizer::cli {

enum class Command { Help, Estimate, Fit, Validate, Layers, Gpus, Advise };
enum class OutputFormat { Table, Json, Csv };

// One --input-shape: a per-sample shape (no batch axis) for the input named `name`, or for the
// model's only input when `name` is empty.
struct InputShapeOption {
    std::string name;
    core::Shape shape;
};

struct CliOptions {
    Command command = Command::Help;
    std::string modelPath;       // estimate / fit / validate
    std::string measurementPath; // validate only

    std::optional<std::uint64_t> batch; // 1 .. TrainingConfig::kMaxBatch
    std::optional<core::Optimizer> optimizer;
    std::optional<core::Precision> precision;
    std::optional<core::Framework> framework;
    std::optional<core::Mode> mode;
    std::optional<std::string> gpuName;         // --gpu: a preset name (GpuCatalog::find)
    std::optional<std::uint64_t> gpuMemoryBytes; // --gpu-memory: a custom GPU of this size
    OutputFormat format = OutputFormat::Table;

    // Overhead settings (TrainingConfig::OverheadSettings); unset keeps the file's or the default.
    std::optional<std::uint64_t> contextBytes;      // --context SIZE
    std::optional<std::uint64_t> workspaceCapBytes; // --workspace-cap SIZE
    std::optional<bool> allocatorRounding;          // --allocator-rounding / --no-allocator-rounding
    std::optional<double> fragmentation;            // --fragmentation PCT, stored as a fraction 0..1
    bool safe = false;                              // fit --safe: the top of the error band must fit
    std::optional<std::uint32_t> accumulationSteps; // --accumulate K: micro-batches per optimizer step
    std::optional<core::LossKind> loss; // --loss NAME: the loss after the last layer

    // Which weights train (core/analysis/LayerFreezing.h), applied to the model after reading.
    std::vector<std::string> freeze;       // --freeze SUBSTRING, repeatable: freeze matching layers
    std::vector<std::string> trainOnly;    // --train-only SUBSTRING, repeatable: freeze all others
    std::vector<std::pair<std::string, double>> dropouts; // --dropout LAYER=p, repeatable: a Dropout after LAYER
    std::vector<std::string> inplace;      // --inplace LAYER, repeatable: LAYER runs in place
    std::optional<std::size_t> trainLast;  // --train-last N: fine-tune the last N layers with weights

    // Gradient checkpointing (core/checkpoint), applied after the configuration is known.
    std::vector<std::string> checkpoint; // --checkpoint SCOPE, repeatable: layers named SCOPE…
    enum class CheckpointAuto { Sqrt, Budget };
    std::optional<CheckpointAuto> checkpointAuto; // --checkpoint-auto sqrt|budget
    std::optional<std::uint64_t> budgetBytes;     // --budget BYTES (with --checkpoint-auto budget)

    // Sequence models (app/cli/SequenceOptions.h): --seq-len N sets the length of token-id
    // inputs (a Hugging Face config.json is imported at that length); --attention eager|flash
    // sets every ScaledDotProductAttention layer's FlashAttention option.
    std::optional<std::int64_t> seqLen;
    std::optional<bool> flashAttention;

    // Many GPUs (app/cli/ParallelOptions.h, core::ParallelConfig), estimate only; unset keeps
    // the model file's settings.
    std::optional<std::uint32_t> gpus, nodes, tensorParallel, pipelineParallel, microbatches, virtualStages, contextParallel;
    std::optional<core::ParallelStrategy> parallelStrategy;
    std::optional<core::PipelineSchedule> pipelineSchedule;
    std::optional<core::Offload> offload;
    bool sequenceParallel = false; // --sp

    // LoRA adapters and frozen-weight storage (app/cli/LoraOptions.h): --lora-rank adds
    // adapters after the model is read; unset storage options keep the model file's.
    std::optional<std::int64_t> loraRank;
    std::optional<double> loraAlpha, loraDropout;
    std::vector<std::string> loraTargets;
    std::optional<core::WeightFormat> baseDtype, quantize;
    bool doubleQuant = false; // --double-quant

    // Import options (core::ImportOptions).
    std::optional<std::string> solverPath;   // --solver FILE (Caffe nets only)
    std::vector<InputShapeOption> inputShapes; // --input-shape, repeatable
};

} // namespace netsizer::cli
