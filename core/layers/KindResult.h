#pragma once
// What a layer kind computes for one layer (core/layers/LayerKind.h). Counts are per sample
// (the batch dimension never appears) and in elements, never bytes: the estimator turns
// elements into bytes for the chosen precision.

#include "core/graph/ElemKind.h"
#include "core/graph/TensorInfo.h"
#include "core/util/Checked.h"
#include "core/util/SmallVector.h"

#include <array>
#include <cstdint>
#include <vector>

namespace netsizer::core {

// One parameter or buffer tensor of a layer, as PyTorch's state_dict lists them.
struct ParamTensor {
    const char* name = "";   // "weight", "bias", "running_mean", "num_batches_tracked", ...
    Count numel = 0;
    bool learnable = true;   // false: a buffer (no gradient, no optimizer state)
    ElemKind elem = ElemKind::Activation; // Activation = the weight dtype; Int64 for counters
    // Mixed precision: autocast casts this weight to half precision for an op of its
    // `lower_precision_fp` list and the op saves the cast copy for backward (conv/linear/matmul
    // weights; not biases — addmm/convolution backward do not need them — nor norm parameters).
    // Set with castByAutocast(); see AutocastRule.
    bool autocastCopy = false;
    // A bookkeeping buffer only PyTorch allocates (BatchNorm's num_batches_tracked): Keras and
    // TensorFlow have no such weight, so Keras' parameter count leaves it out.
    bool pytorchOnly = false;
    // The two innermost dimensions of the tensor's shape: lastDims[0] = shape[-1] (a Linear
    // weight's in_features), lastDims[1] = shape[-2] (its out_features); 0 where the tensor has
    // fewer dimensions or its kind does not state them (then it counts as one-dimensional).
    // Read by optimizers that factor their state by rows and columns (Adafactor) and by weight
    // storage formats with per-row statistics (LLM.int8). Set with matrixShaped().
    std::uint32_t lastDims[2] = {0, 0};
    // The weight of a Linear layer (nn.Linear): what bitsandbytes quantises (transformers'
    // replace_with_bnb_linear replaces nn.Linear modules only).
    bool linearWeight = false;
    bool atLeast2d() const { return lastDims[1] != 0; }
};

// Marks `p` as a weight autocast casts and keeps (ParamTensor::autocastCopy).
inline ParamTensor castByAutocast(ParamTensor p)
{
    p.autocastCopy = true;
    return p;
}

// Marks `p` as having shape [..., rows, cols] (ParamTensor::lastDims). Dimensions beyond 32
// bits are left unstated (the tensor then counts as one-dimensional).
inline ParamTensor matrixShaped(ParamTensor p, Count rows, Count cols)
{
    if (rows > 0 && cols > 0 && rows <= 0xffffffffu && cols <= 0xffffffffu) {
        p.lastDims[0] = static_cast<std::uint32_t>(cols);
        p.lastDims[1] = static_cast<std::uint32_t>(rows);
    }
    return p;
}

// Which framework profile a saved-tensor list belongs to. The analyser fills one list per
// profile; kinds whose rules agree on all PyTorch devices use KindResult::keepPyTorch().
// TensorFlow: what TensorFlow 2's GradientTape keeps for the ops a Keras layer runs, filled by
// keepTensorFlowOp (core/layers/TensorFlowOps.h) from TensorFlow's own exclusion tables.
enum class Profile : std::uint8_t { PyTorchCuda, PyTorchCpu, Caffe, TensorFlow };
inline constexpr int kProfileCount = 4;

// When a tensor is really saved. PyTorch's autograd codegen (tools/autograd/gen_variable_type.py,
// `guard_for`) skips saving a tensor that only one derivative formula needs when that formula's
// output needs no gradient: addmm saves mat1 only when the weight needs a gradient.
enum class SaveWhen : std::uint8_t {
    AnyGrad,        // whenever the op is recorded (some input or parameter needs a gradient)
    ParamsNeedGrad, // only when this layer's learnable parameters are trainable
    InputNeedsGrad, // only when an input needs a gradient: input `index` for Ref::Input, input 0 otherwise
};

// How an op runs under mixed precision (torch.autocast), after the op lists of PyTorch 1.13's
// aten/src/ATen/autocast_mode.cpp (TORCH_LIBRARY_IMPL(aten, Autocast, m) for CUDA,
// TORCH_LIBRARY_IMPL(aten, AutocastCPU, m) for the CPU):
// - Lower: `lower_precision_fp` (CUDA fp16 / CPU bf16 list: conv1d/2d/3d, linear, addmm, mm, bmm,
//   baddbmm, matmul, _convolution, and on CUDA conv_transpose1d/2d/3d, lstm/gru cells): every
//   floating input and weight is cast to half; the output is half. A float input gets a half
//   copy (a new storage, which the op saves when it saves that input).
// - Fp32: `fp32` list (CPU: conv_transpose1d/2d/3d, layer_norm, group_norm, softmax via
//   _softmax's float path, mean as measured; CUDA: layer_norm, group_norm, softmax,
//   log_softmax, sum, ...): half inputs are cast to a float32 copy, the output is float32.
// - Passthrough: not on any list (pooling, BatchNorm, activations, add, cat, dropout, views):
//   runs in the widest dtype of its floating inputs (`promote`), float32 when it has none
//   (an Embedding's lookup of fp32 weights, the model input).
enum class Autocast : std::uint8_t { Passthrough, Lower, Fp32 };

// The dtype of a tensor under autocast, when it is not simply the op's dtype.
// HalfCopyUnderAutocast: a half copy that only autocast makes (`x.to(q.dtype)` of a float32
// result while q is half); without autocast it is the same tensor as another entry, so the
// full-precision accounting skips it.
enum class AutocastDtype : std::uint8_t { Op, Half, Float, HalfCopyUnderAutocast };

// A kind's autocast behaviour on one device. `output` overrides the output dtype for composite
// kinds whose last internal op is not the one that sets the policy (CPU LSTM: linear is
// lowered, but the cell state starts as float32 zeros and promotes h_t to float32).
struct AutocastRule {
    Autocast op = Autocast::Passthrough;
    AutocastDtype output = AutocastDtype::Op;
};

// One tensor the forward pass keeps alive for backward.
struct SavedTensor {
    enum class Ref : std::uint8_t {
        Input,  // the storage of input `index` (no new memory when something else saved it too)
        Output, // the storage of output `index`
        Extra,  // a new tensor of numelPerSample (+ numelFixed) elements: indices, masks, stats
        // Held by reference, no new memory: a variable's value (TensorFlow's ReadVariableOp
        // result shares the variable's buffer, counted as weights), a small constant (an axis,
        // a scale), or a tensor the layer keeps through another entry. Listed so the kept set
        // is complete; never charged.
        Persistent,
    };
    // The one-byte fields first: 32 bytes in all (every layer holds up to 12 of these inline).
    Ref ref = Ref::Input;
    std::uint8_t index = 0;
    ElemKind elem = ElemKind::Activation; // Extra only; Input/Output use the tensor's own kind
    SaveWhen when = SaveWhen::AnyGrad;
    // Extra only, under autocast: the dtype of an ElemKind::Activation extra (Op = the op's dtype).
    AutocastDtype autocast = AutocastDtype::Op;
    Count numelPerSample = 0; // Extra only
    Count numelFixed = 0;     // Extra only: batch-independent part (BatchNorm's saved mean)
    const char* label = "";   // the autograd node attribute, e.g. "MaxPool2DWithIndicesBackward0.indices"
};
static_assert(sizeof(SavedTensor) <= 32, "keep SavedTensor packed");

// The part of a kind's result that outlives the analysis (LayerAnalysis::result): what the
// layer outputs and holds. The saved-tensor rules and autocast policy are read by the analyser
// once and reduced to counts, so they are not kept per layer.
struct LayerResult {
    SmallVector<TensorInfo, 1> outputs; // one per output port (rarely more than one)
    SmallVector<ParamTensor, 2> params;
    Count macs = 0;                   // multiply-accumulates per sample, forward
    // Output 0 shares the storage of input `aliasOf` (a view such as Flatten, or an in-place op
    // such as ReLU(inplace=True)); -1 when it is a new tensor.
    int aliasOf = -1;
    // A fixed scratch buffer in activation elements: the im2col column buffer Caffe's own
    // convolution allocates per layer for one image. 0 for most kinds.
    Count caffeColumnBufferNumel = 0;
};

struct KindResult : LayerResult {
    // Tensors kept for backward, per framework profile. For Profile::Caffe list only what a
    // layer allocates beyond its top blobs (data + diff of every blob are counted generically):
    // max-pool indices, dropout masks, BatchNorm's normalised copy.
    std::array<SmallVector<SavedTensor, 4>, kProfileCount> saved;
    // Mixed precision, indexed by Profile::PyTorchCuda / Profile::PyTorchCpu.
    std::array<AutocastRule, 2> autocast{};
    // The kind states its Profile::TensorFlow list (keepTensorFlowOp or markTensorFlowRule),
    // even when empty. Without it the analyser uses the PyTorch CPU list for that profile and
    // counts the layer in Analysis::tensorflowFallbackLayers.
    bool tensorflowRule = false;

    void setAutocast(Autocast a) { autocast[0].op = autocast[1].op = a; }

    // Adds `t` to both PyTorch profiles (CUDA and CPU keep the same tensor).
    void keepPyTorch(const SavedTensor& t)
    {
        saved[static_cast<int>(Profile::PyTorchCuda)].push_back(t);
        saved[static_cast<int>(Profile::PyTorchCpu)].push_back(t);
    }
    void keep(Profile p, const SavedTensor& t) { saved[static_cast<int>(p)].push_back(t); }
};

// Short builders for the common saved tensors.
inline SavedTensor savedInput(int index, const char* label, SaveWhen when = SaveWhen::AnyGrad)
{
    SavedTensor t;
    t.ref = SavedTensor::Ref::Input;
    t.index = static_cast<std::uint8_t>(index);
    t.when = when;
    t.label = label;
    return t;
}
inline SavedTensor savedOutput(int index, const char* label, SaveWhen when = SaveWhen::AnyGrad)
{
    SavedTensor t;
    t.ref = SavedTensor::Ref::Output;
    t.index = static_cast<std::uint8_t>(index);
    t.when = when;
    t.label = label;
    return t;
}
// `t` with its autocast dtype set (SavedTensor::autocast).
inline SavedTensor underAutocast(SavedTensor t, AutocastDtype d)
{
    t.autocast = d;
    return t;
}
inline SavedTensor savedExtra(ElemKind elem, Count perSample, Count fixed, const char* label,
                              SaveWhen when = SaveWhen::AnyGrad)
{
    SavedTensor t;
    t.ref = SavedTensor::Ref::Extra;
    t.elem = elem;
    t.numelPerSample = perSample;
    t.numelFixed = fixed;
    t.when = when;
    t.label = label;
    return t;
}

} // namespace netsizer::core
