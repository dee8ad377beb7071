#pragma once
// Megatron-LM tensor parallelism (Shoeybi et al. 2019) and sequence parallelism (Korthikanti et
// al. 2022, "Reducing Activation Recomputation in Large Transformer Models") applied to an
// analysis: what one tensor-parallel rank holds, as an Analysis the estimator reads unchanged.
//
// Which tensors are split is found by propagating a "split" mark through the graph in
// topological order:
// - a Dense whose input is whole is column-parallel: its weight and bias are split by T and its
//   output is split (Megatron ColumnParallelLinear: QKV, fc1 / gate / up, the vocabulary head);
// - a Dense whose input is split is row-parallel: its weight is split by T, its bias is whole and
//   its output is whole again after the all-reduce (RowParallelLinear: the attention output
//   projection, fc2 / down);
// - Embedding and TiedDense split their vocabulary (VocabParallelEmbedding): weights by T, the
//   embedding's output whole, the tied head's logits split;
// - MultiHeadAttention holds its own projections: its weights and what it keeps are split by T
//   (its heads), its output is whole;
// - every other layer passes the mark on (split if any input is split) and keeps its weights
//   whole (LayerNorm / RMSNorm).
// What a layer keeps for backward is split when any of its inputs is split (the attention
// scores, softmax, GELU / SiLU inputs, the row-parallel input), and whole otherwise (LayerNorm
// inputs, dropout masks after the block's all-reduce, the column-parallel input) — Korthikanti
// et al.'s sbh(10 + 24/t + 5as/(ht)) per layer. With sequence parallelism every kept tensor,
// output and gradient is split by T as well (sbh/t × (34 + 5as/h)). Counts divide rounding up.
// The model input (token ids) stays whole on every rank.

#include "core/analysis/Analysis.h"
#include "core/graph/Graph.h"

#include <cstdint>

namespace netsizer::core {

// Rewrites `view` (a copy of the analysis of `graph`) in place to one tensor-parallel rank's
// share: per-layer weights, parameter counts, kept tensors, outputs and gradients, and the
// network totals the estimator reads. T = 1 without sequence parallel leaves it unchanged.
void applyTensorParallel(Analysis& view, const Graph& graph, std::uint32_t tensorParallel, bool sequenceParallel);

} // namespace netsizer::core
