#pragma once
// Where one data-parallel rank keeps its model states under each strategy (docs/parallelism.md):
// a pure function of byte totals, so the rules can be checked against DeepSpeed's own
// estimators (tests/core/tst_parallel.cpp) on the accounting DeepSpeed states.

#include "core/parallel/ParallelConfig.h"
#include "core/util/Checked.h"

namespace netsizer::core {

// The model states of one replica (after tensor / pipeline splits), in bytes, and the largest
// units a fully sharded strategy gathers (a unit is one layer: DeepSpeed's
// largest_layer_params counts each module's own parameters, recurse=False).
struct ModelStates {
    Count weights = 0;
    Count gradients = 0;
    Count optimizerState = 0; // the optimizer step's temporaries follow it (scaled alike)
    Count largestUnitWeights = 0;
    Count largestUnitGradients = 0;
    Count secondUnitWeights = 0; // the second largest unit's weights (FSDP2 prefetch)
};

// What one rank holds: on the GPU, each state and the buffers the strategy adds; on the host,
// the offloaded shards.
struct ShardedStates {
    Count weights = 0, gradients = 0, optimizerState = 0; // on the GPU
    // ZeRO-3 / FSDP: the gathered unit — its full weights and its full gradients before the
    // reduce-scatter (DeepSpeed's 4 × largest_layer_params at 2 bytes each); FSDP2 also keeps the
    // next unit's weights, prefetched during forward (torch.distributed.fsdp.fully_shard,
    // reshard_after_forward with forward prefetch of one unit).
    Count gatherBuffer = 0;
    // DDP: the all-reduce buckets. PyTorch's Reducer copies every gradient into bucket buffers
    // of bucket_cap_mb = 25 MiB each (torch/nn/parallel/distributed.py), which together are as
    // large as the gradients unless gradient_as_bucket_view=True (the default is False; pytorch
    // commit 97d594b9f7, which added it, measured the saving as the gradients' size).
    Count commBuffer = 0;
    Count cpu = 0; // host bytes of this rank's offloaded shards
};

// ZeRO stage 1 shards the optimizer state over the `dataParallel` ranks, stage 2 also the
// gradients, stage 3 / FSDP / FSDP2 also the weights (each shard = ceil(bytes / ranks)).
// Offloading the optimizer moves its state and the gradients it reads to the host (DeepSpeed
// ZeRO-Offload runs the step on the CPU); offloading the parameters moves the weight shards.
ShardedStates shardModelStates(const ModelStates& m, ParallelStrategy strategy, Offload offload, std::uint32_t dataParallel);

} // namespace netsizer::core
