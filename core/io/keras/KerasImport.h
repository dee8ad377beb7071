#pragma once
// Keras `model.to_json()` files (Keras 1.x and 2.x, Sequential and functional models, nested
// models inlined) and TF.js layers-format `model.json` files (their `modelTopology` is a Keras
// model config). TF.js graph-model files (a TensorFlow GraphDef) are refused.
//
// Shapes: Keras is channels_last ([H, W, C] per sample) unless a layer says channels_first;
// NetSizer is channels first, so image tensors get their channel axis moved to the front.
// Parameter counts equal Keras's own "Total params": learnable = Keras trainable + frozen,
// buffers = BatchNormalization's moving mean and variance (plus the one int64
// num_batches_tracked counter NetSizer's BatchNorm kind keeps, as PyTorch does).

#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <string>
#include <string_view>

namespace netsizer::core {

// What a .json model file is, decided from its content, not its name.
enum class JsonModelFlavour {
    Native,    // {"format": "netsizer-model", ...}
    Keras,     // {"class_name": ..., "config": ...} (model.to_json())
    TfjsLayers, // {"modelTopology": {...Keras model...}, "weightsManifest": ...}
    TfjsGraph, // {"format": "graph-model", ...} or a modelTopology holding GraphDef nodes
    Unknown,   // not JSON, or none of the above (the native reader reports why)
};

JsonModelFlavour sniffJsonModel(std::string_view text);

// Imports a Keras or TF.js layers model. Errors carry `fileName: <JSON pointer>` as path (the
// pointer names the layer's object, e.g. "/config/layers/12") and the layer's name and class in
// the message. Unsupported layer classes are refused the same way. Notes list what was
// approximated (unknown sequence lengths, weight sharing, merge modes).
Result<ModelFile> readKerasModel(std::string_view json, const std::string& fileName);

} // namespace netsizer::core
