// Scale: a learnable per-channel multiplier (and optional bias), Caffe's ScaleLayer that
// follows a BatchNorm without affine parameters. y = x · γ_c (+ β_c).
// PyTorch equivalent (x * weight.view(C,1,1) + bias) keeps x for γ's gradient (MulBackward0
// self). Caffe, in place, copies its bottom into `temp_` for backward.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kBias, kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1) return makeError("shape", "expects [C, ...] per sample, got a scalar");
    KindResult r;
    r.outputs.push_back(ctx.in());
    const Count c = static_cast<Count>(in[0]);
    r.params.push_back({"weight", c, true});
    if (ctx.b(kBias)) r.params.push_back({"bias", c, true});
    r.macs = in.numel().value();
    if (ctx.b(kInplace)) r.aliasOf = 0;
    r.keepPyTorch(savedInput(0, "MulBackward0.self", SaveWhen::ParamsNeedGrad));
    if (ctx.b(kInplace)) r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, in.numel().value(), 0, "ScaleLayer.temp_"));
    // TensorFlow: Mul(x, gamma) keeps x; a bias adds AddV2(x * gamma, beta), which keeps the
    // product. (A Keras BatchNormalization with only γ or β, imported as BatchNorm + Scale, is
    // one FusedBatchNormV3 in TensorFlow: there this overstates by the kept x.)
    const Count n = in.numel().value();
    keepTensorFlowOp(r, TfOp::Mul, {tfIn(0), tfHeld()}, {ctx.b(kBias) ? tfNew(n) : tfOut(0)});
    if (ctx.b(kBias)) keepTensorFlowOp(r, TfOp::AddV2, {tfNew(n), tfHeld()}, {tfOut(0)});
    return r;
}
} // namespace

LayerKind makeScaleKind()
{
    LayerKind k;
    k.id = "Scale";
    k.displayName = "Scale (per channel)";
    k.category = "Normalization";
    k.description = "Learnable per-channel scale and optional shift, as Caffe's Scale layer after a BatchNorm.";
    k.params = {
        boolParam("bias", true, "Adds a learnable shift per channel (Caffe bias_term)"),
        boolParam("inplace", false, "Overwrite the input (Caffe's top == bottom)"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext& ctx, const KindResult& r) {
        auto f = basicFormulas(r);
        f.push_back(countFormula("weights", "channels", withThousands(ctx.in().shape[0]), r.params[0].numel));
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
