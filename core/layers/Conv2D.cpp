#include "core/layers/ConvCommon.h"

namespace netsizer::core::kinds {
LayerKind makeConv2DKind() { return makeConvKind(2, "Conv2D", "Conv 2D", "[C, H, W]"); }
}
