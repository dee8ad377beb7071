#pragma once
// Export to PyTorch: a runnable Python file (torch >= 1.13) that defines the network as an
// `nn.Module` subclass `Model` and can measure one real training step.
//
// Contract of the generated file:
// - every layer is a module attribute (or a functional call) named after the layer
//   (ExportGraph::ident); forward() follows the graph in topological order, takes one argument
//   per Input layer and returns the tensor of every layer nothing consumes (a tuple when several);
//   each line carries the per-sample output shape in a comment;
// - sum(p.numel() for p in Model().parameters()) equals NetSizer's learnable parameter count;
// - `python3 FILE --params-only` prints that count (one integer line);
// - `python3 FILE [--batch B --optimizer O --precision P --device D --out M.json]` runs measure():
//   one training step on random data, printing real memory next to NetSizer's estimate and
//   writing the measurement in the format of docs/measurement-format.md.
// Kinds with no PyTorch equivalent are refused with an "export_unsupported" error naming the layer.

#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <string>

namespace netsizer::core {

Result<std::string> exportPyTorch(const Graph& graph, const TrainingConfig& config);

} // namespace netsizer::core
