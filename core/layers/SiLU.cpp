// SiLU (swish): x · σ(x). Backward needs the input (derivatives.yaml
// `silu: self: silu_backward(grad, self)`): autograd keeps the input, the output is free.
// In place (torchvision 0.14's EfficientNet builds SiLU(inplace=True)) the node is still
// SiluBackward0 keeping `self` in a storage of its own: ../shared/truth efficientnet_b0 lists
// 49 SiluBackward0.self storages distinct from the outputs the next layers keep (consistent
// with autograd keeping a copy of the original input for an in-place op that needs `self`). So in place: the output shares the input's
// storage and a copy of the input is kept — the same bytes as out of place.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    if (ctx.b(kInplace)) {
        r->aliasOf = 0;
        r->keepPyTorch(savedExtra(ElemKind::Activation, ctx.in().shape.numel().value(), 0,
                                  "SiluBackward0.self (copy of the input, in place)"));
    } else {
        r->keepPyTorch(savedInput(0, "SiluBackward0.self"));
    }
    return r;
}
} // namespace

LayerKind makeSiLUKind()
{
    LayerKind k;
    k.id = "SiLU";
    k.displayName = "SiLU (Swish)";
    k.category = "Activation";
    k.description = "x · sigmoid(x) (EfficientNet's activation). PyTorch keeps its input for backward, even in place (as a copy).";
    k.aliases = {"Swish"};
    k.params = {boolParam("inplace", false, "Overwrite the input instead of allocating an output")};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
