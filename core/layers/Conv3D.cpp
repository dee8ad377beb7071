#include "core/layers/ConvCommon.h"

namespace netsizer::core::kinds {
LayerKind makeConv3DKind() { return makeConvKind(3, "Conv3D", "Conv 3D", "[C, D, H, W]"); }
}
