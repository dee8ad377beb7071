// HardSwish: x · relu6(x + 3) / 6 (MobileNetV3). Backward needs the input (derivatives.yaml
// `hardswish: self: hardswish_backward(grad, self)`).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    r->keepPyTorch(savedInput(0, "HardswishBackward0.self"));
    return r;
}
} // namespace

LayerKind makeHardSwishKind()
{
    LayerKind k;
    k.id = "HardSwish";
    k.displayName = "HardSwish";
    k.category = "Activation";
    k.description = "x · ReLU6(x + 3) / 6, MobileNetV3's cheap swish. Its backward needs its input.";
    k.aliases = {"Hardswish"};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
