#pragma once
// Models built in code with core::GraphBuilder, shown when no file is given (until example
// files can be read) and used by tests and benchmarks.

#include "core/graph/Graph.h"

#include <cstddef>

namespace netsizer::ui {

// VGG-16 (Simonyan & Zisserman, configuration D) on 3×224×224 inputs with 1000 classes.
// Uses MaxPool2D when the registry has it; otherwise each 2×2 pool is stood in for by a
// depthwise 2×2 stride-2 Conv2D without bias (same output shape, 4 × C extra weights), named
// "poolN" all the same.
core::Graph vgg16();

// A plain chain of `layers` layers (Input, then Dense/ReLU pairs of `width` units), with
// canvas positions unset: for benchmarks and layout tests.
core::Graph denseChain(std::size_t layers, std::int64_t width = 256);

} // namespace netsizer::ui
