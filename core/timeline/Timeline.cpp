#include "core/timeline/Timeline.h"

#include <algorithm>

namespace netsizer::core {

const char* stepPhaseName(StepPhase p)
{
    switch (p) {
    case StepPhase::Start: return "start";
    case StepPhase::Forward: return "forward";
    case StepPhase::Loss: return "loss";
    case StepPhase::Backward: return "backward";
    case StepPhase::Optimizer: return "optimizer";
    case StepPhase::Recompute: return "recompute";
    }
    return "";
}

TimelinePeak Timeline::peakAt(std::uint64_t batch) const
{
    TimelinePeak p;
    for (std::size_t i = 0; i < events.size(); ++i) {
        const std::uint64_t b = events[i].total.at(batch);
        if (i == 0 || b > p.bytes) {
            p.bytes = b;
            p.phase = events[i].phase;
            p.layer = events[i].layer;
            p.event = i;
        }
    }
    return p;
}

} // namespace netsizer::core
