// Average pool 2D over [C, H, W] inputs; the rules live in PoolCommon.cpp.
#include "core/layers/PoolCommon.h"

namespace netsizer::core::kinds {
LayerKind makeAvgPool2DKind() { return makePoolKind(2, PoolOp::Avg, "AvgPool2D", "Average pool 2D", "[C, H, W]"); }
} // namespace netsizer::core::kinds
