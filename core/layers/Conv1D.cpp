#include "core/layers/ConvCommon.h"

namespace netsizer::core::kinds {
LayerKind makeConv1DKind() { return makeConvKind(1, "Conv1D", "Conv 1D", "[C, L]"); }
}
