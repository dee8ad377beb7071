#pragma once
// Export to ONNX (opset 17, IR version 8): a serialized ModelProto whose graph has one node (or
// a short fixed sequence) per layer, the model inputs and outputs with a symbolic batch axis
// "N", value_info with the shape of every intermediate tensor, and every parameter and buffer as
// an initializer named like PyTorch's state_dict ("conv1.weight", "bn1.running_mean") carrying
// its dims and, unless `zeroWeights`, no data (weightless: all NetSizer needs).
//
// Learnable initializers sum to NetSizer's parameter count; the buffers are the BatchNorm
// running statistics (num_batches_tracked has no ONNX counterpart and is left out).
// Refused, with an error naming the layer: recurrent layers, attention, GELU (opset 20),
// GroupNorm (opset 18), TiedDense, PositionalEmbedding, StochasticDepth, Crop, non-affine
// BatchNorm, AdaptiveAvgPool2D whose input is not a multiple of its output.

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <string>

namespace netsizer::core {

struct OnnxExportOptions {
    bool zeroWeights = false; // write zero-filled initializer data (a loadable model)
};

// The serialized ModelProto (binary protobuf).
Result<std::string> exportOnnx(const Graph& graph, const OnnxExportOptions& options = {});

} // namespace netsizer::core
