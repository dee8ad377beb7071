#pragma once
// What the command line asked for, after parsing and before any file is read. Flags that were
// not given stay unset so the model file's own "training" section can supply them.

#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/estimate/TrainingConfig.h"

#include <cstdint>
#include <optional>
#include <string>

namespace netsizer::cli {

enum class Command { Help, Estimate, Fit, Layers, Gpus };
enum class OutputFormat { Table, Json, Csv };

struct CliOptions {
    Command command = Command::Help;
    std::string modelPath; // estimate / fit only

    std::optional<std::uint64_t> batch; // 1 .. TrainingConfig::kMaxBatch
    std::optional<core::Optimizer> optimizer;
    std::optional<core::Precision> precision;
    std::optional<core::Framework> framework;
    std::optional<core::Mode> mode;
    std::optional<std::string> gpuName;         // --gpu: a preset name (GpuCatalog::find)
    std::optional<std::uint64_t> gpuMemoryBytes; // --gpu-memory: a custom GPU of this size
    OutputFormat format = OutputFormat::Table;
};

} // namespace netsizer::cli
