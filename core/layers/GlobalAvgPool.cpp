// GlobalAvgPool: the mean over every spatial axis, [C, ...] -> [C] (or [C, 1, ...] with
// keepdims). PyTorch computes it as x.mean(spatial dims); torch 1.13's MeanBackward1 keeps
// `self` (../shared/truth resnet18/mobilenet_v2: MeanBackward1.self is the pooled input).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kKeepDims };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 2)
        return makeError("shape", "expects an input of rank >= 2 ([C, spatial...] per sample), got " + in.toString());
    KindResult r;
    TensorInfo out;
    out.elem = ctx.in().elem;
    out.shape.push(in[0]);
    if (ctx.b(kKeepDims))
        for (int i = 1; i < in.rank(); ++i) out.shape.push(1);
    r.outputs.push_back(out);
    r.macs = in.numel().value(); // one accumulate per input element
    r.keepPyTorch(savedInput(0, "MeanBackward1.self"));
    // TensorFlow (Keras GlobalAveragePooling, backend.mean): Mean(x, axes) keeps the input and
    // its output (its gradient reads both shapes).
    keepTensorFlowOp(r, TfOp::Mean, {tfIn(0), tfHeld()}, {tfOut(0)});
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const Shape& in = ctx.in().shape;
    IntList spatial;
    for (int i = 1; i < in.rank(); ++i) spatial.push_back(in[i]);
    f.push_back(countFormula("MACs", "C × spatial elements", timesJoin({in[0]}) + " × " + timesJoin(spatial), r.macs));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeGlobalAvgPoolKind()
{
    LayerKind k;
    k.id = "GlobalAvgPool";
    k.displayName = "Global average pool";
    k.category = "Pooling";
    k.description = "Mean over all spatial positions of each channel (ResNet, MobileNet heads). Keeps its input for backward in PyTorch.";
    k.aliases = {"GlobalAveragePooling2D", "GlobalAveragePool"};
    k.params = {boolParam("keepdims", false, "Keep the spatial axes as size 1 ([C, 1, 1]) instead of dropping them ([C])")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
