// SiLU (swish): x · σ(x). Backward needs the input (derivatives.yaml
// `silu: self: silu_backward(grad, self)`): autograd keeps the input, the output is free.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    r->keepPyTorch(savedInput(0, "SiluBackward0.self"));
    return r;
}
} // namespace

LayerKind makeSiLUKind()
{
    LayerKind k;
    k.id = "SiLU";
    k.displayName = "SiLU (Swish)";
    k.category = "Activation";
    k.description = "x · sigmoid(x) (EfficientNet's activation). Its backward needs its input.";
    k.aliases = {"Swish"};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
