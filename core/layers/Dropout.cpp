// Dropout: zeroes elements with probability p during training and scales the rest by 1/(1-p).
// What backward keeps differs by device, which is why it is a profile-specific rule:
// - PyTorch CPU (aten/src/ATen/native/Dropout.cpp, _dropout_impl): noise = bernoulli(1-p)/(1-p)
//   as a float tensor of the input's size, output = input * noise; MulBackward0 keeps `other`
//   (the noise). ../shared/truth: VGG16's classifier keeps "2 dropout noise, 2 dropout outputs".
// - PyTorch CUDA (native_dropout, fused kernel): keeps a 1-byte bool mask (result1).
// - Caffe (DropoutLayer::rand_vec_): an unsigned int per element, beside data + diff blobs.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kP, kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    KindResult r;
    r.outputs.push_back(ctx.in());
    if (ctx.f(kP) == 0.0) { // F.dropout returns its input unchanged for p = 0
        r.aliasOf = 0;
        markTensorFlowRule(r); // Keras' Dropout returns its input too
        return r;
    }
    if (ctx.b(kInplace)) r.aliasOf = 0;
    const Count n = ctx.in().shape.numel().value();
    r.keep(Profile::PyTorchCpu, savedExtra(ElemKind::Activation, n, 0, "MulBackward0.other (dropout noise)"));
    r.keep(Profile::PyTorchCuda, savedExtra(ElemKind::Bool, n, 0, "NativeDropoutBackward0.result1 (mask)"));
    r.keep(Profile::Caffe, savedExtra(ElemKind::Int32, n, 0, "DropoutLayer.rand_vec_"));
    // TensorFlow (Keras Dropout, tf.nn.dropout's _dropout in TF 2.x): ret = Mul(x, scale), then
    // Mul(ret, Cast(keep_mask, float)): the first keeps x, the second x × scale and the float
    // mask, two new tensors of the input's size (the Cast of the unwatched mask is not recorded).
    keepTensorFlowOp(r, TfOp::Mul, {tfIn(0), tfHeld()}, {tfNew(n)});
    keepTensorFlowOp(r, TfOp::Mul, {tfNew(n), tfNew(n)}, {tfOut(0)});
    return r;
}
} // namespace

LayerKind makeDropoutKind()
{
    LayerKind k;
    k.id = "Dropout";
    k.displayName = "Dropout";
    k.category = "Regularization";
    k.description = "Randomly zeroes activations while training. Keeps a mask for backward: a float noise tensor on "
                    "PyTorch's CPU path, a 1-byte mask on CUDA, a 4-byte mask in Caffe.";
    k.params = {
        floatParam("p", 0.5, 0.0, 0.999999, "Probability of zeroing an element"),
        boolParam("inplace", false, "Overwrite the input instead of allocating an output (Caffe's top == bottom)"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) { return basicFormulas(r); };
    return k;
}

} // namespace netsizer::core::kinds
