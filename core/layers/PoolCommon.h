#pragma once
// The N-dimensional max and average pooling shared by MaxPool1D/2D and AvgPool1D/2D (one file
// each), like ConvCommon for the convolutions.

#include "core/layers/LayerKind.h"

namespace netsizer::core::kinds {

enum class PoolOp { Max, Avg };

// Builds the descriptor of an N-d pooling kind (n = 1 or 2). Attributes: kernel_size, stride
// (0 = the kernel size, PyTorch's default), padding (n values, or n begins then n ends),
// ceil_mode (Caffe always rounds up, so its importer sets it).
LayerKind makePoolKind(int n, PoolOp op, const char* id, const char* displayName, const char* layout);

} // namespace netsizer::core::kinds
