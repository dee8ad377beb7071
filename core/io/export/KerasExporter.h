#pragma once
// Export to Keras: a Python file (TensorFlow 2.x `tf.keras`, Keras 3 compatible calls) that
// builds the network with the functional API as `build_model()`; run as a script it prints
// model.summary(). Tensors stay channels-first as in NetSizer (data_format="channels_first",
// BatchNormalization(axis=1)), so shapes match NetSizer's layer for layer. Explicit convolution
// and pooling padding becomes a ZeroPadding layer in front.
//
// Trainable parameter counts equal NetSizer's (Keras' count_params() adds BatchNorm's moving
// statistics, which NetSizer counts as buffers). Refused with an error naming the layer:
// recurrent layers (Keras' gate biases differ from PyTorch's), HardSwish, LRN, Crop, Slice,
// Scale, TiedDense, PositionalEmbedding, StochasticDepth, GroupNorm, Mean, 3-D kinds,
// grouped transposed convolutions, non-integral up-sampling, attention returning its weights.

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <string>

namespace netsizer::core {

Result<std::string> exportKeras(const Graph& graph);

} // namespace netsizer::core
