#pragma once

#include "core/estimate/Framework.h"
#include "core/estimate/GpuSpec.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"

#include <cstdint>
#include <optional>
#include <string_view>

namespace netsizer::core {

enum class Mode { Train, Inference };
const char* modeName(Mode m); // "train" / "inference"
std::optional<Mode> parseMode(std::string_view name);

// Everything about *how* a network is run that changes its memory. Part of the document (saved
// with the model).
struct TrainingConfig {
    static constexpr std::uint64_t kMaxBatch = 65536;

    std::uint64_t batch = 32; // 1 .. kMaxBatch
    Mode mode = Mode::Train;
    Optimizer optimizer = Optimizer::Adam;
    Precision precision = Precision::Fp32;
    Framework framework = Framework::PyTorch;
    std::optional<GpuSpec> gpu; // none: no capacity to compare with

    bool operator==(const TrainingConfig& o) const
    {
        return batch == o.batch && mode == o.mode && optimizer == o.optimizer && precision == o.precision &&
               framework == o.framework && gpu.has_value() == o.gpu.has_value() &&
               (!gpu || (gpu->name == o.gpu->name && gpu->memoryBytes == o.gpu->memoryBytes &&
                         gpu->contextBytes == o.gpu->contextBytes));
    }
};

} // namespace netsizer::core
