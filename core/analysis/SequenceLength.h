#pragma once
// The sequence length of a language model, as the graph holds it: the length S of its token-id
// inputs (Input layers of dtype int64 and shape [S]). Setting it edits those inputs; everything
// after them follows by shape inference, so a new length needs a new analysis. Used by
// `netsizer-cli estimate --seq-len` and by the designer's sequence control.

#include "core/graph/Graph.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace netsizer::core {

// The token-id inputs, in graph order.
std::vector<LayerId> tokenInputs(const Graph& graph);
// The longest token-id input's length; nullopt when the graph has none.
std::optional<std::int64_t> sequenceLength(const Graph& graph);
// The longest sequence the layers accept: the smallest of the RotaryEmbedding caches
// (max_position_embeddings, when cache_buffers), the PositionalEmbedding tables (num_positions,
// when set) and the causal mask buffers (mask_buffer_positions, when set); nullopt when none
// bounds it.
std::optional<std::int64_t> maxSequenceLength(const Graph& graph);
// Sets every token-id input to `length` tokens (an input already that long is left alone) and
// returns the names of the inputs it changed.
std::vector<std::string> setSequenceLength(Graph& graph, std::int64_t length);

} // namespace netsizer::core
