#pragma once
// A hand rule's figure (NaiveEstimate) beside the engine's peak, the difference opened component
// by component so each part can be named: the optimizer state the rule under-counts (Adam keeps
// two moments, not one cache), what backward really keeps against every forward output, the
// activation gradients (a transient peak, not a copy of every activation), the input batch, the
// workspace and the CUDA context the rule leaves out. The parts' differences sum to the whole
// difference exactly: peak − rule = Σ over components (engine part − rule part), since the
// engine's composition sums to its peak and the rule's parts to its figure.

#include "core/estimate/MemoryBreakdown.h"
#include "core/explain/NaiveEstimate.h"

#include <cstdint>
#include <vector>

namespace netsizer::core {

// One component's two figures.
struct ComponentGap {
    Component component = Component::Weights;
    std::uint64_t rule = 0;   // the hand rule's bytes for it
    std::uint64_t engine = 0; // alive of it at the engine's peak instant (PeakComposition)

    bool engineLarger() const { return engine >= rule; }
    // |engine − rule|; its sign is engineLarger().
    std::uint64_t amount() const { return engineLarger() ? engine - rule : rule - engine; }
};

struct EstimateGap {
    HandEstimate hand;
    PeakComposition peak; // the engine's figure at hand.batch
    // Every component where the rule or the engine has bytes, in Component order.
    std::vector<ComponentGap> parts;

    bool engineLarger() const { return peak.bytes >= hand.bytes; }
    // |peak − rule|; equals |Σ signed part differences|.
    std::uint64_t amount() const { return engineLarger() ? peak.bytes - hand.bytes : hand.bytes - peak.bytes; }
};

// `hand` beside `breakdown`'s peak at hand.batch.
EstimateGap estimateGap(const HandEstimate& hand, const MemoryBreakdown& breakdown);

} // namespace netsizer::core
