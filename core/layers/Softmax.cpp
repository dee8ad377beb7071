// Softmax over one axis. PyTorch keeps its result (derivatives.yaml `_softmax: self:
// _softmax_backward_data(grad, result, dim, self.scalar_type())`). Caffe's SoftmaxLayer::Reshape
// adds scale_, the input's shape with the softmax axis set to 1 (per sample), and
// sum_multiplier_ of the axis length (fixed).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis };

// The per-sample axis index (0-based, batch excluded) of the `axis` attribute, which counts
// the batch as axis 0 like PyTorch's `dim`; -1 when it does not name a non-batch axis.
int sampleAxis(const LayerContext& ctx)
{
    const int full = ctx.in().shape.rank() + 1;
    std::int64_t a = ctx.i(kAxis);
    if (a < 0) a += full;
    return a >= 1 && a < full ? static_cast<int>(a - 1) : -1;
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    const Shape& in = ctx.in().shape;
    const int axis = sampleAxis(ctx);
    if (axis < 0)
        return makeError("attribute", "axis " + std::to_string(ctx.i(kAxis)) + " does not name an axis of " +
                                          in.toString() + " (axis 0 is the batch)");
    // softmax: on CUDA's fp32_set_opt_dtype list (float32 result); on no CPU list in torch 1.13
    // (the truth's Transformer keeps its attention weights in bf16).
    r->autocast[static_cast<int>(Profile::PyTorchCuda)].op = Autocast::Fp32;
    r->keepPyTorch(savedOutput(0, "SoftmaxBackward0.result"));
    keepTensorFlowOp(*r, TfOp::Softmax, {tfIn(0)}, {tfOut(0)}); // TensorFlow: keeps its output
    const Count numel = in.numel().value();
    r->keep(Profile::Caffe, savedExtra(ElemKind::Activation, numel / static_cast<Count>(in[axis]),
                                       static_cast<Count>(in[axis]), "SoftmaxLayer.scale_ + sum_multiplier_"));
    return r;
}
} // namespace

LayerKind makeSoftmaxKind()
{
    LayerKind k;
    k.id = "Softmax";
    k.displayName = "Softmax";
    k.category = "Activation";
    k.description = "Normalised exponentials along one axis. Its backward needs only its output.";
    k.params = {intParam("axis", -1, -7, 6, "", "Axis to normalise; 0 is the batch axis as in PyTorch's dim, -1 the last")};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
