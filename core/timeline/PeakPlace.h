#pragma once
// Where in the training step an event sits, in words the designer and the CLI share
// ("peak at the start of backward, layer conv5_3"). Only the position inside the phase is
// described here; the caller appends the layer's name (the core timeline holds ids).

#include "core/timeline/Timeline.h"

#include <cstddef>
#include <string>

namespace netsizer::core {

// "at the start of backward", "during forward", "at the end of forward", "at the loss",
// "in the optimizer step", "recomputing a checkpointed segment in backward", "before the step" (the Start event; also the single event of
// Caffe and inference timelines: "for the whole step"). A phase of one event is its start.
// `event` must index t.events.
std::string eventPlace(const Timeline& t, std::size_t event);

} // namespace netsizer::core
