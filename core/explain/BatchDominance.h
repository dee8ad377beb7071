#pragma once
// What dominates the memory at a batch, for the sentence under the Compare view ("at batch 1
// the weights and the optimizer state dominate; at batch 128 the activations do"), and the
// batches its chart samples.

#include "core/estimate/MemoryBreakdown.h"

#include <cstdint>
#include <vector>

namespace netsizer::core {

// The fewest components, largest first, whose bytes at the peak instant together exceed half
// the peak (`peak`'s composition), at most `maxCount`; ties keep Component order. Empty when the
// peak is 0.
std::vector<Component> dominantComponents(const PeakComposition& peak, std::size_t maxCount = 3);

// The batches a memory-against-batch chart samples around `configured`: the powers of two from
// 1 to the larger of 256 and 4 × configured (capped at kMaxBatchSize), with `configured` itself
// inserted in order.
std::vector<std::uint64_t> batchSamples(std::uint64_t configured);

// The smallest batch in 1 .. kMaxBatchSize at which what grows with the batch at the peak
// (activations, activation gradients, the input) is at least what does not (weights,
// gradients, optimizer state, workspace, overhead); 0 when not even kMaxBatchSize gets there.
// Found by bisection: each event of the step is affine in the batch with non-negative slopes,
// so the growing share of the peak does not shrink as the batch grows.
std::uint64_t batchWhereActivationsOutweigh(const MemoryBreakdown& breakdown);

} // namespace netsizer::core
