#pragma once

#include "core/analysis/CompactCounts.h"
#include "core/graph/LayerId.h"
#include "core/layers/KindResult.h"
#include "core/util/Result.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>

namespace netsizer::core {

// The analysis of one layer (see Analysis). Counts are elements, per sample unless named fixed.
// Kept small (about a third of a kilobyte): analysing a network writes one per layer, and those
// writes dominate the time of a 1,000-layer analysis (docs/benchmarks.md).
struct LayerAnalysis {
    // Initialises the members only. The implicit constructor would be value-initialised by
    // vector::emplace_back(), zeroing the whole object — the inline storage of the small
    // vectors included — before running the member initialisers.
    LayerAnalysis() {}

    LayerId id{};
    std::size_t layerIndex = 0; // index into Graph::layers()
    bool analysed = false;      // false: this layer or one feeding it has an error
    // This layer's own error (null for upstream errors). Shared, not inline: almost no layer
    // has one, and an inline std::optional<Error> took a hundred bytes of every layer.
    std::shared_ptr<const Error> error;

    LayerResult result;         // outputs, parameter tensors, MACs

    Count learnableParams = 0;  // elements of learnable parameter tensors (trainable or frozen)
    Count learnableTensors = 0;
    Count bufferParams = 0;     // elements of buffers (running statistics, counters)
    CompactCounts weights;      // fixed element counts of parameters and buffers
    bool paramsTrainable = false; // has learnable params and the layer is not frozen
    bool outputNeedsGrad = false; // autograd records this layer (PyTorch profiles)
    bool modelInput = false;      // a source layer (Input): its outputs are the mini-batch
    // Index into Analysis::segments of the checkpointed segment holding this layer, or -1.
    std::int32_t segment = -1;
    // The first and last layer (positions in Analysis::layers) that save output 0 for backward
    // under the PyTorch CUDA rules, checkpointing included, or -1: what automatic checkpoint
    // placement needs to know which cut tensors a segment adds to the forward.
    std::int32_t outputFirstSaver = -1;
    std::int32_t outputLastSaver = -1;
    // Gradients flowing through this layer in backward, per sample, Activation elements: its
    // outputs' gradients plus those of its inputs that need one (the timeline's backward step).
    Count activationGradientNumel = 0;
    // This layer's outputs, per sample: elements of ElemKind::Activation (sized by the
    // precision) and bytes of the other kinds (fixed sizes). Computed once here so that the
    // estimator's timeline does not recount every output shape.
    Count outputActivationNumel = 0;
    Count outputOtherBytes = 0;

    // Tensors this layer is the first to keep for backward, per profile (the model input
    // excluded: it is the `input` component).
    std::array<CompactCounts, kProfileCount> kept;
    // Mixed precision (torch.autocast), indexed 0 = Profile::PyTorchCuda, 1 = PyTorchCpu: what
    // the layer is the first to keep, Float32 for tensors autocast leaves in float32 and
    // Activation for half ones; and the elements of the half weight copies it keeps.
    std::array<CompactCounts, 2> keptAutocast;
    std::array<Count, 2> autocastWeightNumel{};
    // Caffe: this layer's own top blobs (new storages; in-place tops share the bottom's blob).
    Count caffeTopNumel = 0;
};

} // namespace netsizer::core
