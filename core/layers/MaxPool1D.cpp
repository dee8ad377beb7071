// Max pool 1D over [C, L] inputs; the rules live in PoolCommon.cpp.
#include "core/layers/PoolCommon.h"

namespace netsizer::core::kinds {
LayerKind makeMaxPool1DKind() { return makePoolKind(1, PoolOp::Max, "MaxPool1D", "Max pool 1D", "[C, L]"); }
} // namespace netsizer::core::kinds
