#pragma once

#include "core/graph/ElemKind.h"
#include "core/graph/Shape.h"

namespace netsizer::core {

// One tensor flowing along a connection: its per-sample shape and element kind.
struct TensorInfo {
    Shape shape;
    ElemKind elem = ElemKind::Activation;

    bool operator==(const TensorInfo& o) const { return shape == o.shape && elem == o.elem; }
};

} // namespace netsizer::core
