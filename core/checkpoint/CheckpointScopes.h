#pragma once
// Checkpointed segments set from layer names: what `--checkpoint SCOPE` asks of any model file
// (a native file's "layer2.", an ONNX graph's "/layer2/" module scope). Each changes
// Layer::checkpoint only (core/analysis/CheckpointSegment.h).

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <cstddef>
#include <string_view>

namespace netsizer::core {

// Checkpoints every layer whose name starts with `scope` (model inputs excepted) as the segment
// named `scope`: the analyser makes one segment of each run of them that is consecutive in
// topological order. Returns how many layers it marked; an error naming the scope when it
// matches no layer (code "checkpoint_scope").
Result<std::size_t> checkpointScope(Graph& graph, std::string_view scope);

// Removes every checkpoint. Returns how many layers changed.
std::size_t clearCheckpoints(Graph& graph);

} // namespace netsizer::core
