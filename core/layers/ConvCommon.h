#pragma once
// The N-dimensional convolution shared by Conv1D, Conv2D and Conv3D (one file each).

#include "core/layers/LayerKind.h"

namespace netsizer::core::kinds {

// Builds the descriptor of an N-d convolution kind (n = 1, 2 or 3).
LayerKind makeConvKind(int n, const char* id, const char* displayName, const char* layout);

} // namespace netsizer::core::kinds
