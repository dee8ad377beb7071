#pragma once
// Everything the teaching view says about one layer under one training configuration: the
// kind's formulas (shape, parameters, MACs), what the layer keeps for backward and why
// (KeptTensorNote), and its four memory components as the estimator counted them, with the
// factors behind each (bytes per element, optimizer state per weight, step tensors). The text
// is the UI's (translated); this holds the numbers and the symbolic formulas only.

#include "core/estimate/MemoryBreakdown.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/explain/KeptTensorNote.h"
#include "core/layers/LayerKind.h"

#include <string>
#include <vector>

namespace netsizer::core {

struct LayerMemoryExplanation {
    LayerId id{};
    std::string name;
    std::string kindName; // the kind's display name, "Conv 2D"
    std::vector<Formula> formulas; // explainLayer(): output shape, parameters, MACs
    // Some output axis rounds its window division up (pooling with ceil_mode; Caffe's rule).
    bool roundsUp = false;

    Count learnableParams = 0;  // trainable or frozen
    Count learnableTensors = 0;
    Count bufferParams = 0;     // running statistics, counters: weights without gradients
    bool trainable = false;     // has learnable parameters and is not frozen
    bool recorded = false;      // autograd records the layer (some input or weight needs a gradient)
    bool checkpointed = false;  // inside a checkpointed segment: keeps its tensors only while recomputed

    // What the layer keeps (for the configured framework's profile) and, for Caffe, its top
    // blobs (data + diff each, the generic rule).
    std::vector<KeptTensorNote> kept;
    Count caffeTopNumel = 0;

    // The factors of the configuration.
    TrainingConfig config;
    PrecisionInfo precision;
    OptimizerInfo optimizer;
    Profile profile = Profile::PyTorchCuda;

    // The layer's row of the breakdown (Weights, Gradients, OptimizerState, Activations).
    LayerMemory memory;

    AffineBytes operator[](Component c) const { return memory[c]; }
    // Bytes of `n`'s elements per sample / fixed under this configuration's precision.
    std::uint64_t bytesPerSample(const KeptTensorNote& n) const;
    std::uint64_t bytesFixed(const KeptTensorNote& n) const;
};

// The explanation of layer `id` of `graph`, analysed as `analysis` and estimated as
// `breakdown`; nullopt when the layer is unknown or was not analysed.
std::optional<LayerMemoryExplanation> explainLayerMemory(const Graph& graph, const Analysis& analysis,
                                                         const MemoryBreakdown& breakdown, LayerId id);

} // namespace netsizer::core
