// Sigmoid. Backward is y (1 − y), computed from the result (derivatives.yaml
// `sigmoid: self: sigmoid_backward(grad, result)`): autograd keeps the output only.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    r->keepPyTorch(savedOutput(0, "SigmoidBackward0.result"));
    keepTensorFlowOp(*r, TfOp::Sigmoid, {tfIn(0)}, {tfOut(0)}); // TensorFlow: keeps its output
    return r;
}
} // namespace

LayerKind makeSigmoidKind()
{
    LayerKind k;
    k.id = "Sigmoid";
    k.displayName = "Sigmoid";
    k.category = "Activation";
    k.description = "Logistic function 1 / (1 + e^−x). Its backward needs only its output.";
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
