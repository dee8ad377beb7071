#pragma once
// core::adviseParallel: what to change so that every GPU of a parallel run fits
// (TrainingConfig::parallel active, docs/parallelism.md). Each candidate is the settings with one
// change, estimated in full by core::estimateParallel (stages re-balanced, every rank), and is
// suggested only when every rank then fits its GPU — never a rule of thumb. The candidates:
// - shard the model states further: ZeRO-1, ZeRO-2, then ZeRO-3 (no extra communication for
//   stages 1 and 2 against DDP's all-reduce; ZeRO-3 gathers the weights in forward and again in
//   backward, 1.5 × the traffic — Rajbhandari et al. 2020, §7);
// - more micro-batches per step (the same samples per step, smaller passes);
// - gradient checkpointing of √n segments (core::checkpointSqrt);
// - sequence parallel where tensor parallel is on; twice the tensor-parallel, pipeline or
//   context-parallel size on the same GPUs (the data-parallel size halves);
// - 16-bit weights with an fp32 master copy (bf16-master) or mixed precision, where the GPU and
//   framework support it;
// - CPU offload of the optimizer state (a sharded strategy), then of the parameters (ZeRO-3);
// - twice and four times the GPUs (the same global batch over more data-parallel ranks).
// Ranked by what they cost: sharding and micro-batches first (same numerics, no extra compute),
// then recomputation, then splitting the model (communication inside every layer), precision,
// offload (the optimizer step on the host), more hardware.

#include "core/advise/Advice.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/Graph.h"

namespace netsizer::core {

// `config.parallel` must be active and `config.gpu` set; `graph` must analyse without errors
// (otherwise the advice says why in its notes). Advice::peakBytes and fits are those of the rank
// that peaks; each suggestion's peakBytes is its own peak rank's. O(candidates × estimateParallel).
Advice adviseParallel(const Graph& graph, const TrainingConfig& config, const GpuCatalog& catalog);

} // namespace netsizer::core
