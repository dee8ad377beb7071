#pragma once
// The model the designer opens when no file is given, and generated graphs for tests and
// benchmarks.

#include "core/graph/Graph.h"
#include "core/io/ModelFile.h"

#include <cstddef>

namespace netsizer::ui {

// The default model: resources/examples/vgg16.json as compiled into the binary (the same file
// File ▸ Examples ▸ vgg16 opens, torchvision's VGG-16 with its own training settings and no GPU).
inline constexpr const char* kDefaultModelPath = ":/examples/vgg16.json";
// Reads kDefaultModelPath. The file is checked by the tests; an unreadable one asserts and
// yields an empty model.
core::ModelFile defaultModel();

// A plain chain of `layers` layers (Input, then Dense/ReLU pairs of `width` units), with
// canvas positions unset: for benchmarks and layout tests.
core::Graph denseChain(std::size_t layers, std::int64_t width = 256);

} // namespace netsizer::ui
