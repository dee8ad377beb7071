// StochasticDepth (torchvision.ops.stochastic_depth): while training, drops a whole residual
// branch per sample ("row") or for the whole batch ("batch") with probability p. torchvision
// computes noise = bernoulli(1 − p) / (1 − p) of shape [N, 1, ...] (row) or [1, 1, ...]
// (batch) and returns input * noise, so MulBackward0 keeps the noise (`other`; the input
// needs no saving since the noise needs no gradient): one element per sample (row) or one in
// all (batch). ../shared/truth efficientnet_b0: 9 MulBackward0.other storages of 4 B per
// sample. p = 0 returns the input itself. The same Python code runs on every device.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kP, kMode };

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    if (ctx.f(kP) == 0.0) {
        r->aliasOf = 0;
        return r;
    }
    const bool row = ctx.s(kMode) == "row";
    r->keepPyTorch(savedExtra(ElemKind::Activation, row ? 1 : 0, row ? 0 : 1, "MulBackward0.other (stochastic depth noise)"));
    return r;
}
} // namespace

LayerKind makeStochasticDepthKind()
{
    LayerKind k;
    k.id = "StochasticDepth";
    k.displayName = "Stochastic depth";
    k.category = "Regularization";
    k.description = "Randomly drops a residual branch while training (EfficientNet). Keeps one noise value per sample "
                    "(row mode) and allocates a new output.";
    k.params = {
        floatParam("p", 0.2, 0.0, 0.999999, "Probability of dropping the branch"),
        choiceParam("mode", "row", {"row", "batch"}, "row: one draw per sample; batch: one draw for the whole batch"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
