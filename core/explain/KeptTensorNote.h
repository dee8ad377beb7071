#pragma once
// What one layer keeps for backward, tensor by tensor, with the reason and where each tensor is
// charged: the analyser charges a storage once, to the first layer (in topological order) that
// keeps it, so a convolution after a ReLU keeps its input but costs nothing — the ReLU kept that
// tensor already. This file says so for the teaching view; the numbers are the analyser's.

#include "core/analysis/Analysis.h"
#include "core/graph/Graph.h"
#include "core/layers/KindResult.h"

#include <optional>
#include <string>
#include <vector>

namespace netsizer::core {

// Why the backward pass needs a tensor, from the autograd attribute it is saved as.
enum class KeptWhy : std::uint8_t {
    OutputGradientMask,    // ReLU: its output says where the gradient passes (y > 0)
    OutputForDerivative,   // tanh, sigmoid, softmax, …: the derivative is computed from the output
    InputForWeightGradient, // convolution, dense, recurrent: weight gradient = input × output gradient
    InputForDerivative,    // the derivative is computed from the input (GELU, average pooling, …)
    PoolIndices,           // max pooling: where each maximum came from
    DropoutMask,           // dropout: which elements were kept
    NormStatistics,        // normalisation: the batch mean and inverse standard deviation
    Other,                 // another tensor the backward formula reads
};

// Where a kept tensor's bytes are counted.
enum class KeptCharge : std::uint8_t {
    Here,        // this layer is the first to keep it: its bytes are this layer's
    EarlierLayer, // another layer kept the same storage first: counted there, once
    ModelInput,  // the mini-batch itself: counted as the input component
    NotSaved,    // the rule's condition does not hold (e.g. no weight gradient is needed)
    NoMemory,    // held by reference (a variable, a constant): no new memory
};

struct KeptTensorNote {
    std::string label;               // the autograd attribute, e.g. "ReluBackward0.result"
    SavedTensor::Ref ref = SavedTensor::Ref::Input;
    int index = 0;                   // input or output port for Input / Output
    Shape shape;                     // Input / Output: the tensor's per-sample shape
    Count numelPerSample = 0;        // elements per sample (Input/Output: the shape's)
    Count numelFixed = 0;            // Extra only: batch-independent elements
    ElemKind elem = ElemKind::Activation;
    KeptWhy why = KeptWhy::Other;
    KeptCharge charge = KeptCharge::Here;
    std::optional<LayerId> chargedTo; // EarlierLayer: the layer that keeps it
    std::string chargedToName;
};

// The tensors layer `id` keeps under `profile`, each with its reason and charge. Empty when the
// layer was not analysed. For Profile::Caffe only the layer's own extras (indices, masks): the
// data + diff of its top blobs are Caffe's generic rule (LayerAnalysis::caffeTopNumel). A layer
// inside a checkpointed segment is described as if it were not checkpointed.
std::vector<KeptTensorNote> keptTensorNotes(const Graph& graph, const Analysis& analysis, LayerId id, Profile profile);

// The reason a tensor saved as `label` is kept (the label's autograd attribute decides).
KeptWhy keptWhy(const SavedTensor& t, bool layerHasWeights);

} // namespace netsizer::core
