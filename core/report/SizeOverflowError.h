#pragma once
// A breakdown whose sizes exceed 64 bits at its batch (MemoryBreakdown::overflowAt), as one
// located error for the CLI and the designer: code "overflow", path the layer's name (as the
// analyser's errors), message naming the layer, the batch and the step.

#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <optional>

namespace netsizer::core {

// nullopt when every size of `breakdown` at its configured batch is exact. `graph` is the one
// it was estimated from (to name the layer).
std::optional<Error> sizeOverflowError(const MemoryBreakdown& breakdown, const Graph& graph);

} // namespace netsizer::core
