// Average pool 1D over [C, L] inputs; the rules live in PoolCommon.cpp.
#include "core/layers/PoolCommon.h"

namespace netsizer::core::kinds {
LayerKind makeAvgPool1DKind() { return makePoolKind(1, PoolOp::Avg, "AvgPool1D", "Average pool 1D", "[C, L]"); }
} // namespace netsizer::core::kinds
