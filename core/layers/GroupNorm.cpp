// GroupNorm: normalises each of `groups` channel groups per sample, [C, ...] in and out.
// Parameters (affine): weight and bias of C; no buffers. derivatives.yaml native_group_norm
// (torch 1.13, one formula for input, weight, bias) keeps the input and its result1/result2,
// the mean and reciprocal std of each (sample, group): G values each per sample, in the
// input's dtype.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kGroups, kEps, kAffine };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1) return makeError("shape", "expects an input of rank >= 1 ([C, ...] per sample), got a scalar");
    const std::int64_t groups = ctx.i(kGroups);
    if (in[0] % groups != 0)
        return makeError("attribute", "groups = " + std::to_string(groups) + " must divide the channel count " +
                                          std::to_string(in[0]));
    const auto c = static_cast<Count>(in[0]);
    KindResult r;
    r.outputs.push_back(ctx.in());
    if (ctx.b(kAffine)) {
        r.params.push_back({"weight", c, true});
        r.params.push_back({"bias", c, true});
    }
    r.macs = in.numel().value() * (ctx.b(kAffine) ? 2 : 1);
    r.setAutocast(Autocast::Fp32); // group_norm: fp32 list (CUDA and CPU)
    r.keepPyTorch(savedInput(0, "NativeGroupNormBackward0.input"));
    r.keepPyTorch(savedExtra(ElemKind::Activation, 2 * static_cast<Count>(groups), 0,
                             "NativeGroupNormBackward0.result1 + result2 (mean, rstd)"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t c = ctx.in().shape[0];
    f.push_back(Formula{"channels per group", "C / groups", std::to_string(c) + " / " + std::to_string(ctx.i(kGroups)),
                        std::to_string(c / ctx.i(kGroups))});
    if (ctx.b(kAffine)) f.push_back(countFormula("weights", "weight + bias = 2 × C", timesJoin({2, c}), static_cast<Count>(2 * c)));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeGroupNormKind()
{
    LayerKind k;
    k.id = "GroupNorm";
    k.displayName = "Group norm";
    k.category = "Normalization";
    k.description = "Normalises groups of channels within each sample (independent of the batch). Keeps its input and "
                    "a mean and std per group for backward.";
    k.params = {
        intParam("groups", 32, 1, 1e9, "", "Number of channel groups; must divide the channels"),
        floatParam("eps", 1e-5, 0.0, 1.0, "Added to the variance for numerical stability"),
        boolParam("affine", true, "Learn a per-channel scale (weight) and shift (bias)"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
