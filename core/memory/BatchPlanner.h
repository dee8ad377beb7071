#pragma once

#include "core/memory/AffineBytes.h"

#include <cstddef>
#include <cstdint>

namespace netsizer::core {

// The largest batch any estimate considers (TrainingConfig::kMaxBatch is this value): the batch
// controls, the readers and the batch planners stop here.
inline constexpr std::uint64_t kMaxBatchSize = 65536;

// The largest batch b with fixed + b × perSample <= capacity, capped at `cap`
// (TrainingConfig::kMaxBatch by default). 0 when not even one sample fits. O(1).
std::uint64_t largestBatchThatFits(const AffineBytes& total, std::uint64_t capacityBytes,
                                   std::uint64_t cap = kMaxBatchSize);

// The same for a timeline-like set of affine lines: the largest batch where every line fits.
std::uint64_t largestBatchThatFitsAll(const AffineBytes* lines, std::size_t count, std::uint64_t capacityBytes,
                                      std::uint64_t cap = kMaxBatchSize);

} // namespace netsizer::core
