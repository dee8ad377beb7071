#pragma once
// A Keras tensor as the importer tracks it: the graph output holding it, its per-sample type,
// and how NetSizer's shape relates to Keras's.

#include "core/graph/Connection.h"
#include "core/graph/AttrValue.h"
#include "core/graph/TensorInfo.h"

#include <string>

namespace netsizer::core::keras {

struct KerasTensor {
    PortRef port;
    TensorInfo info; // NetSizer's per-sample shape and element kind
    // true: info.shape is Keras's shape with its last axis (channels_last) moved to the front,
    // e.g. Keras [H, W, C] held as [C, H, W]. Always false for rank < 2.
    bool permuted = false;
};

// Keras's view of a tensor's shape (channels back at the end).
IntList kerasShape(const KerasTensor& t);
// Keras order -> channels first: the last axis moves to the front (rank >= 2).
IntList channelsFirst(IntList keras);
std::string shapeText(const IntList& l);
// A Keras axis (counted with the batch axis, negative from the end) as a per-sample index in
// [0, rank); out of range throws KerasConfigError.
int sampleAxis(std::int64_t axis, int rank);

} // namespace netsizer::core::keras
