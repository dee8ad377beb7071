#include "core/explain/ComponentShares.h"

namespace netsizer::core {

std::vector<ComponentShare> componentShares(const Graph& graph, const MemoryBreakdown& breakdown, Component c)
{
    std::vector<ComponentShare> out;
    if (static_cast<std::size_t>(c) >= LayerMemory::kOwnedCount) return out;
    for (const LayerMemory& lm : breakdown.layers) {
        const AffineBytes b = lm[c];
        if (b.fixed == 0 && b.perSample == 0) continue;
        const Layer* l = graph.find(lm.id);
        out.push_back(ComponentShare{lm.id, l ? l->name : std::string(), b});
    }
    return out;
}

} // namespace netsizer::core
