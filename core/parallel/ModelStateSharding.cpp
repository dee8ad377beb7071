#include "core/parallel/ModelStateSharding.h"

namespace netsizer::core {
namespace {
Count shard(Count bytes, Count ranks) { return bytes / ranks + (bytes % ranks != 0); }
} // namespace

ShardedStates shardModelStates(const ModelStates& m, ParallelStrategy strategy, Offload offload, std::uint32_t dataParallel)
{
    const Count d = dataParallel < 1 ? 1 : dataParallel;
    ShardedStates s{m.weights, m.gradients, m.optimizerState, 0, 0, 0};
    switch (strategy) {
    case ParallelStrategy::None: return s;
    case ParallelStrategy::Ddp: s.commBuffer = m.gradients; return s;
    case ParallelStrategy::Zero1: s.optimizerState = shard(m.optimizerState, d); break;
    case ParallelStrategy::Zero2:
        s.optimizerState = shard(m.optimizerState, d);
        s.gradients = shard(m.gradients, d);
        break;
    case ParallelStrategy::Zero3:
    case ParallelStrategy::Fsdp:
    case ParallelStrategy::Fsdp2:
        s.optimizerState = shard(m.optimizerState, d);
        s.gradients = shard(m.gradients, d);
        s.weights = shard(m.weights, d);
        s.gatherBuffer = saturatingAdd(m.largestUnitWeights, m.largestUnitGradients);
        if (strategy == ParallelStrategy::Fsdp2) s.gatherBuffer = saturatingAdd(s.gatherBuffer, m.secondUnitWeights);
        break;
    }
    if (offload == Offload::Optimizer || offload == Offload::Both) {
        // The gradient shard the host optimizer reads (stage 1 reduces into shards too).
        const Count gradientShard = shard(m.gradients, d);
        s.cpu = saturatingAdd(s.optimizerState, gradientShard);
        s.optimizerState = 0;
        s.gradients = 0;
    }
    if (offload == Offload::Params || offload == Offload::Both) {
        s.cpu = saturatingAdd(s.cpu, s.weights);
        s.weights = 0;
    }
    return s;
}

} // namespace netsizer::core
