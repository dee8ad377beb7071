#include "core/timeline/PeakPlace.h"

#include <cassert>

namespace netsizer::core {

std::string eventPlace(const Timeline& t, std::size_t event)
{
    assert(event < t.events.size());
    const StepPhase phase = t.events[event].phase;
    switch (phase) {
    case StepPhase::Start: return t.events.size() == 1 ? "for the whole step" : "before the step";
    case StepPhase::Loss: return "at the loss";
    case StepPhase::Optimizer: return "in the optimizer step";
    case StepPhase::Recompute: return "recomputing a checkpointed segment in backward";
    case StepPhase::Forward:
    case StepPhase::Backward: break;
    }
    // A recomputation is part of backward.
    auto part = [](StepPhase p) { return p == StepPhase::Recompute ? StepPhase::Backward : p; };
    const bool first = event == 0 || part(t.events[event - 1].phase) != phase;
    const bool last = event + 1 == t.events.size() || part(t.events[event + 1].phase) != phase;
    const std::string name = stepPhaseName(phase);
    if (first) return "at the start of " + name;
    if (last) return "at the end of " + name;
    return "during " + name;
}

} // namespace netsizer::core
