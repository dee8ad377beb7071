#include "core/estimate/MemoryBreakdown.h"

#include "core/estimate/BatchPlanner.h"

namespace netsizer::core {

bool MemoryBreakdown::fits() const
{
    return config.gpu && totalBytes() <= config.gpu->memoryBytes;
}

std::optional<std::uint64_t> MemoryBreakdown::maxBatch() const
{
    if (!config.gpu) return std::nullopt;
    return largestBatchThatFits(total, config.gpu->memoryBytes, TrainingConfig::kMaxBatch);
}

} // namespace netsizer::core
