#pragma once
// Context parallelism (Megatron-LM --context-parallel-size, ring attention in Transformer
// Engine's attention with context parallel) applied to an analysis: each of C ranks holds 1/C of
// every sequence's tokens. Every per-sample tensor a layer keeps, outputs or receives a gradient
// for carries the token dimension, so all of them divide by C (rounding up), the token ids of
// the model input included; fixed tensors (scalars, buffers) and weights stay whole.
//
// Attention needs every token's keys and values: the ranks pass their K and V chunks round a
// ring. Transformer Engine's AttnFuncWithCPAndKVP2P (transformer_engine/pytorch/attention.py)
// allocates one receive buffer per ring step into a list that lives until the layer's forward
// ends — C chunks, the whole sequence's K and V — and keeps each step's partial output until it
// combines them, the size of the layer's output (its per-step softmax statistics, heads × s
// float32, are left out). contextParallelRingNumel gives that transient per sample for the
// largest attention layer.

#include "core/analysis/Analysis.h"
#include "core/graph/Graph.h"

#include <cstdint>

namespace netsizer::core {

// Rewrites `view` in place to one context-parallel rank's share of the per-sample tensors.
// C = 1 leaves it unchanged.
void applyContextParallel(Analysis& view, std::uint32_t contextParallel);

// Elements per sample of the largest attention layer's keys, values and output over the whole
// sequence (ScaledDotProductAttention: its key and value inputs; MultiHeadAttention: 2 × S_kv ×
// E; plus the output), as one tensor-parallel rank holds them (heads split by T). 0 when the
// graph has no attention.
Count contextParallelRingNumel(const Graph& graph, const Analysis& analysis, std::uint32_t tensorParallel);

} // namespace netsizer::core
