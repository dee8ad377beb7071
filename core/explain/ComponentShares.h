#pragma once
// A total opened into its parts, for the teaching view: a component the layers own (weights,
// gradients, optimizer state, activations) as the sum of its layers' rows. The sum of the
// shares is the component at its own maximum (MemoryBreakdown::components), which is not what
// is alive of it at the peak instant (PeakComposition) — the view says which is which.

#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"

#include <string>
#include <vector>

namespace netsizer::core {

struct ComponentShare {
    LayerId id{};
    std::string name;
    AffineBytes bytes;
};

// The layers with a non-zero share of component `c`, in the breakdown's (topological) order.
// Empty for the whole-network components (activation gradients, input, workspace, overhead).
std::vector<ComponentShare> componentShares(const Graph& graph, const MemoryBreakdown& breakdown, Component c);

} // namespace netsizer::core
