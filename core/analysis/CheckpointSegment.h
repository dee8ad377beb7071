#pragma once
// Gradient checkpointing as the analyser sees it (torch.utils.checkpoint.checkpoint(module, x),
// torch 1.13, reentrant and non-reentrant alike):
// - forward: the segment's layers keep nothing for backward; the segment keeps its inputs (the
//   tensors its layers read from outside it) and the RNG state (a few bytes, not counted).
//   What later layers save of the segment's outputs they keep as usual;
// - backward, when autograd reaches the segment: its forward is run again with autograd on, so
//   everything its layers save is alive again (new storages: the recomputed tensors), and it is
//   released layer by layer as the segment's backward runs (core/timeline/Timeline.h).
// Modelled for the PyTorch profiles; Caffe and TensorFlow keep every layer as without
// checkpointing (Caffe has none; TensorFlow's recompute_grad is not modelled).

#include "core/analysis/CompactCounts.h"

#include <array>
#include <cstddef>
#include <string>

namespace netsizer::core {

// One checkpointed segment: layers, consecutive in Analysis::layers (topological order), that
// carry the same Layer::checkpoint name.
struct CheckpointSegment {
    std::string name;      // Layer::checkpoint of its layers
    std::size_t first = 0; // positions in Analysis::layers, inclusive
    std::size_t last = 0;
    Count macs = 0;        // forward MACs of its layers per sample: what recomputing it costs
};

// What one checkpointed layer keeps during its segment's recomputation (the counterpart of
// LayerAnalysis::kept / keptAutocast / autocastWeightNumel, which hold only what it keeps in
// forward: the segment's inputs, charged to the first layer reading each). Indexed
// 0 = Profile::PyTorchCuda, 1 = Profile::PyTorchCpu. Zero for layers outside a segment.
struct RecomputedLayer {
    std::array<CompactCounts, 2> kept;
    std::array<CompactCounts, 2> keptAutocast;
    std::array<Count, 2> autocastWeightNumel{};
};

} // namespace netsizer::core
