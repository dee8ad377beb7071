#pragma once

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/estimate/TrainingConfig.h"

namespace netsizer::core {

// Turns an analysis into bytes for one configuration. O(layers); never touches the graph.
// `defaultContextBytes` is the CUDA context reserve used when config.gpu is unset (see
// GpuCatalog::defaultContextBytes()).
MemoryBreakdown estimate(const Analysis& analysis, const TrainingConfig& config,
                         std::uint64_t defaultContextBytes);

} // namespace netsizer::core
