#pragma once
// The tensorflow profile (Profile::TensorFlow): what TensorFlow 2's GradientTape keeps for the
// ops a Keras layer runs. When the tape records an op it keeps every input and output the op's
// gradient function reads; TensorFlow lists the ones it does not read in
// tensorflow/python/eager/pywrap_gradient_exclusions.cc (generated from python/ops/*_grad.py).
// Those rows live in resources/tensorflow/gradient_exclusions.json (compiled in, source commit
// named there); a kind describes its layer as TensorFlow ops and keepTensorFlowOp keeps what
// the table does not exclude. docs/tensorflow.md lists each kind's ops.

#include "core/layers/KindResult.h"

#include <initializer_list>
#include <span>

namespace netsizer::core {

// The TensorFlow ops the profile's kinds lower to; one row each in the exclusion data.
enum class TfOp : std::uint8_t {
    AddV2, AvgPool, BiasAdd, ConcatV2, Conv2D, Conv2DBackpropInput, Conv3D, DepthwiseConv2dNative, Elu,
    ExpandDims, FusedBatchNormV3, LeakyRelu, MatMul, MaxPool, Mean, Mul, Pad, Relu, Relu6, Reshape,
    ResizeBilinear, ResizeNearestNeighbor, ResourceGather, Rsqrt, Sigmoid, Softmax, SquaredDifference,
    Squeeze, Sub, Tanh,
};
inline constexpr int kTfOpCount = static_cast<int>(TfOp::Tanh) + 1;

const char* tfOpName(TfOp op); // "MatMul", as TensorFlow registers it

// One op's row of the exclusion tables.
struct TfGradientRule {
    // How the op appears in one table: absent (every index kept), without indices (none kept),
    // or with the unused indices (the rest kept).
    enum class Listed : std::uint8_t { Absent, All, Some };
    Listed inputs = Listed::Absent;
    Listed outputs = Listed::Absent;
    std::uint32_t unusedInputs = 0;  // bit i: input i unused (Listed::Some)
    std::uint32_t unusedOutputs = 0; // bit i: output i unused (Listed::Some)

    bool keepsInput(int i) const { return keeps(inputs, unusedInputs, i); }
    bool keepsOutput(int i) const { return keeps(outputs, unusedOutputs, i); }

private:
    static bool keeps(Listed l, std::uint32_t unused, int i)
    {
        if (l == Listed::Absent) return true;
        if (l == Listed::All) return false;
        return i >= 32 || !((unused >> i) & 1u);
    }
};

// The compiled-in row of `op` (parsed once, on first use).
const TfGradientRule& tfGradientRule(TfOp op);

// One input or output of a TensorFlow op, as the layer kind sees it.
struct TfOperand {
    SavedTensor::Ref ref = SavedTensor::Ref::Input;
    std::uint8_t index = 0;                 // Input/Output: the layer's port
    ElemKind elem = ElemKind::Activation;  // Extra only
    Count numelPerSample = 0;               // Extra only
    Count numelFixed = 0;                   // Extra only
};
// The layer's input `i` (the same storage when another op already keeps it).
inline TfOperand tfIn(int i) { return {SavedTensor::Ref::Input, static_cast<std::uint8_t>(i)}; }
// The layer's output `i`.
inline TfOperand tfOut(int i) { return {SavedTensor::Ref::Output, static_cast<std::uint8_t>(i)}; }
// A tensor the layer's ops create between them (Keras dropout's x × scale): new memory when kept.
inline TfOperand tfNew(Count perSample, Count fixed = 0, ElemKind elem = ElemKind::Activation)
{
    return {SavedTensor::Ref::Extra, 0, elem, perSample, fixed};
}
// Kept by reference, no new memory: a variable's value, a constant, or a tensor another op of
// the same layer already keeps (a StopGradient or Squeeze of a kept Mean output).
inline TfOperand tfHeld() { return {SavedTensor::Ref::Persistent, 0}; }

// Records one TensorFlow op of the layer in r's Profile::TensorFlow list: every operand the
// op's row does not exclude, labelled "MatMul.inputs[0]" / "FusedBatchNormV3.outputs[3]"
// (index = the op's own argument index). Marks the kind's TensorFlow rule as stated.
void keepTensorFlowOp(KindResult& r, TfOp op, std::span<const TfOperand> inputs, std::span<const TfOperand> outputs);
inline void keepTensorFlowOp(KindResult& r, TfOp op, std::initializer_list<TfOperand> inputs,
                             std::initializer_list<TfOperand> outputs)
{
    keepTensorFlowOp(r, op, std::span<const TfOperand>(inputs.begin(), inputs.size()),
                     std::span<const TfOperand>(outputs.begin(), outputs.size()));
}

// States that the layer runs no TensorFlow op the tape records (an identity, dropout at rate 0).
inline void markTensorFlowRule(KindResult& r) { r.tensorflowRule = true; }

} // namespace netsizer::core
