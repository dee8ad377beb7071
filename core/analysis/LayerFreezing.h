#pragma once
// Which weights train, set from layer names or positions: what `--freeze`, `--train-only` and
// `--train-last` ask of any model file (an ONNX or Caffe file does not say which weights the
// user trains), and what the advisor tries. Each changes Layer::trainable only.

#include "core/analysis/Analysis.h"
#include "core/graph/Graph.h"

#include <cstddef>
#include <string>
#include <vector>

namespace netsizer::core {

// Freezes every layer whose name contains one of `substrings`. Returns how many layers changed.
std::size_t freezeMatching(Graph& graph, const std::vector<std::string>& substrings);

// Freezes every layer whose name contains none of `substrings`. Returns how many changed.
std::size_t trainOnlyMatching(Graph& graph, const std::vector<std::string>& substrings);

// Keeps the last `count` layers with learnable weights trainable (in the analysis' topological
// order, from the output side) and freezes the others: fine-tuning the last `count` layers.
// `analysis` must come from `graph`. Returns how many layers changed.
std::size_t trainLastLayers(Graph& graph, const Analysis& analysis, std::size_t count);

// The layers with learnable weights, in the analysis' topological order.
std::vector<LayerId> layersWithWeights(const Analysis& analysis);

} // namespace netsizer::core
