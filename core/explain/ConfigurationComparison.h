#pragma once
// The same network under every optimizer × precision a configuration's framework and GPU allow,
// each estimated by the engine (core::estimate) on one GPU with everything else of the
// configuration unchanged, for the designer's Compare view. Precisions are those
// precisionUnavailableReason accepts for the framework and GPU; optimizers are all of
// allOptimizers() in training, and only the configured one for inference (no optimizer runs).

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/estimate/TrainingConfig.h"

#include <cstdint>
#include <vector>

namespace netsizer::core {

struct OptimizerPrecision {
    Optimizer optimizer = Optimizer::Adam;
    Precision precision = Precision::Fp32;
    bool operator==(const OptimizerPrecision&) const = default;
};

// The combinations to compare for `config`, optimizer-major (allOptimizers() order, then
// allPrecisions() order).
std::vector<OptimizerPrecision> comparableCombinations(const TrainingConfig& config);

struct ComparedConfiguration {
    OptimizerPrecision combination;
    MemoryBreakdown breakdown; // core::estimate with the combination; its config.batch is config's
};

// One estimate per comparableCombinations(config), in that order. O(combinations × layers);
// `defaultContextBytes` as for core::estimate.
std::vector<ComparedConfiguration> compareConfigurations(const Analysis& analysis, const TrainingConfig& config,
                                                         std::uint64_t defaultContextBytes);

} // namespace netsizer::core
