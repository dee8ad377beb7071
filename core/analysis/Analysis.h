#pragma once
// core::analyze(Graph) -> Analysis: everything about a network that does not depend on the
// training configuration. Computed once per structural edit; the estimator turns it into bytes
// for any batch, optimizer, precision and framework without looking at the graph again.

#include "core/analysis/CheckpointSegment.h"
#include "core/analysis/ElemCounts.h"
#include "core/analysis/LayerAnalysis.h"
#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <array>
#include <vector>

namespace netsizer::core {

struct Analysis {
    // One entry per layer, in topological order (inputs first). Layers on a cycle are absent.
    std::vector<LayerAnalysis> layers;
    // Every problem found, each naming its layer in `path`. Non-empty: totals cover only the
    // layers that could be analysed and must not be presented as the network's figures.
    std::vector<Error> errors;

    Count paramsTotal = 0;     // learnable elements, frozen included (PyTorch parameters())
    Count paramsTrainable = 0; // learnable elements of trainable layers
    Count trainableTensors = 0; // learnable tensors of trainable layers (Adam's step counters)
    Count buffers = 0;         // buffer elements (running statistics, counters)
    // Buffer elements only PyTorch allocates (BatchNorm's num_batches_tracked, ParamTensor::
    // pytorchOnly): part of `buffers` and `weights`, absent from a Keras model.
    Count pytorchOnlyBuffers = 0;
    ElemCounts weights;        // fixed: all parameters and buffers by element kind
    ElemCounts trainableWeights; // fixed: learnable elements of trainable layers (Activation kind)
    Count macs = 0;            // forward multiply-accumulates per sample

    // Kept for backward by each profile, model input excluded.
    std::array<ElemCounts, kProfileCount> activations;
    // Layers whose kind states no Profile::TensorFlow rule (KindResult::tensorflowRule): their
    // TensorFlow counts are the PyTorch CPU ones. Model inputs are not counted.
    Count tensorflowFallbackLayers = 0;
    // Kept for backward under mixed precision (LayerAnalysis::keptAutocast summed), and the
    // elements of the half-precision weight copies autocast keeps (a fixed cost); indexed
    // 0 = Profile::PyTorchCuda, 1 = Profile::PyTorchCpu.
    std::array<ElemCounts, 2> activationsAutocast;
    std::array<Count, 2> autocastWeightNumel{};
    // Keras' "Total params": trainable + non-trainable weights (BatchNorm's moving mean and
    // variance included), without PyTorch's num_batches_tracked.
    Count kerasTotalParams() const { return paramsTotal + buffers - pytorchOnlyBuffers; }
    // The model inputs (one mini-batch sample).
    ElemCounts input;
    // Caffe: data + diff of every distinct blob except the model input are 2 × this; per sample.
    Count caffeBlobNumel = 0;
    // Caffe's im2col column buffers, one per convolution layer, for one image (fixed).
    Count caffeColumnBufferNumel = 0;
    // The largest transient activation-gradient set during backward, per sample: the gradient
    // of a layer's outputs plus the gradients of its inputs that need one (Activation elements).
    Count activationGradientPeakNumel = 0;
    // Inference: the largest set of tensors alive at once in a forward pass without autograd
    // (each tensor freed after its last consumer ran), per sample, in bytes for 4-byte and
    // 2-byte activations. Model inputs included.
    Count inferencePeakBytesFp32 = 0;
    Count inferencePeakBytesHalf = 0;

    // Gradient checkpointing (core/analysis/CheckpointSegment.h): the segments in topological
    // order, and what each layer keeps during its segment's recomputation, parallel to `layers`
    // when there is a segment (empty otherwise). `activations` and LayerAnalysis::kept hold
    // what the forward keeps, with the segments applied.
    std::vector<CheckpointSegment> segments;
    std::vector<RecomputedLayer> recomputed;
    Count recomputedMacs = 0; // sum of the segments' MACs per sample

    bool ok() const { return errors.empty(); }
};

// Analyses `graph`. Never throws; problems are reported in Analysis::errors.
Analysis analyze(const Graph& graph);

} // namespace netsizer::core
