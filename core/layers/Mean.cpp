// Mean: average over one axis (PyTorch numbering: axis 0 is the batch and cannot be reduced
// per sample), e.g. TransformerClassifier's `x.mean(dim=1)` in ../shared/truth models.py.
// PyTorch 1.13 keeps the whole input for backward: derivatives.yaml's mean.dim formula reads
// self.numel(), which its codegen cannot save as a plain number, so MeanBackward1 saves `self`
// (truth transformer_encoder_cls: "<root> MeanBackward1.self [2, 128, 512]"; later PyTorch
// versions save only the sizes). Caffe's Reduction layer keeps nothing extra.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis, kKeepdims };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    const int full = in.rank() + 1;
    std::int64_t axis = ctx.i(kAxis);
    if (axis < 0) axis += full;
    if (axis < 1 || axis >= full)
        return makeError("attribute", "axis " + std::to_string(ctx.i(kAxis)) + " is not a per-sample axis of " +
                                          in.toString() + " (axis 0 is the batch)");
    TensorInfo out;
    out.elem = ctx.in().elem;
    for (int a = 1; a < full; ++a) {
        if (a != axis) out.shape.push(in[a - 1]);
        else if (ctx.b(kKeepdims)) out.shape.push(1);
    }
    if (out.shape.rank() == 0) out.shape.push(1); // a per-sample scalar is shape [1]
    KindResult r;
    r.outputs.push_back(out);
    r.macs = in.numel().value(); // one accumulation per input element
    // Autocast: mean is on no list (passthrough). In the truth's Transformer it saves float32
    // because its input, the last LayerNorm's output, is float32.
    r.keepPyTorch(savedInput(0, "MeanBackward1.self"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(countFormula("saved for backward", "the input (PyTorch 1.13 MeanBackward1.self)",
                             ctx.in().shape.toString(), ctx.in().shape.numel().value()));
    return f;
}
} // namespace

LayerKind makeMeanKind()
{
    LayerKind k;
    k.id = "Mean";
    k.displayName = "Mean";
    k.category = "Shape";
    k.description = "Averages over one axis (e.g. mean pooling over a sequence). PyTorch 1.13 keeps its input for backward.";
    k.aliases = {"ReduceMean"};
    k.params = {
        intParam("axis", 1, -7, 6, "", "Axis to average; 0 is the batch axis, as in PyTorch, -1 the last"),
        boolParam("keepdims", false, "Keep the reduced axis with length 1"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
