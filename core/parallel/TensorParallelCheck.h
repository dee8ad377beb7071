#pragma once
// What tensor parallelism needs of a network that the settings alone cannot say: Megatron-LM
// splits attention by heads, so every attention layer's query heads (and, with grouped-query
// attention, its key/value heads) must divide by the tensor-parallel size T. The estimator
// itself rounds a split up (TensorParallelView.h); this check says why such a split is not a
// real configuration.

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <cstdint>

namespace netsizer::core {

// Ok for T = 1 and for a network whose attention heads all divide by T; otherwise an error
// (path "tensor_parallel") naming the first layer and its head count. O(layers).
Status checkTensorParallel(const Graph& graph, std::uint32_t tensorParallel);

} // namespace netsizer::core
