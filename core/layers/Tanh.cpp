// Tanh. PyTorch's tanh backward is 1 − y², computed from its result (derivatives.yaml
// `tanh: self: tanh_backward(grad, result)`): autograd keeps the output, never the input.
// ../shared/truth lenet5: TanhBackward0.result, the input of each tanh is freed.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    r->keepPyTorch(savedOutput(0, "TanhBackward0.result"));
    keepTensorFlowOp(*r, TfOp::Tanh, {tfIn(0)}, {tfOut(0)}); // TensorFlow: keeps its output
    return r;
}
} // namespace

LayerKind makeTanhKind()
{
    LayerKind k;
    k.id = "Tanh";
    k.displayName = "Tanh";
    k.category = "Activation";
    k.description = "Hyperbolic tangent. Its backward needs only its output, so the input can be freed.";
    k.aliases = {"TanH"};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
