#include "core/explain/EstimateGap.h"

namespace netsizer::core {

EstimateGap estimateGap(const HandEstimate& hand, const MemoryBreakdown& breakdown)
{
    EstimateGap g;
    g.hand = hand;
    g.peak = breakdown.peakCompositionAt(hand.batch);
    for (Component c : kAllComponents) {
        const ComponentGap part{c, hand[c], g.peak[c]};
        if (part.rule != 0 || part.engine != 0) g.parts.push_back(part);
    }
    return g;
}

} // namespace netsizer::core
