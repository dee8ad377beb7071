// LeakyReLU: x for x > 0, negative_slope · x otherwise. derivatives.yaml (torch 1.13):
// `leaky_relu: self: leaky_relu_backward(grad, self, negative_slope, false)` keeps the input;
// the in-place `leaky_relu_` uses `result` (the overwritten input, same storage).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kSlope, kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    if (ctx.b(kInplace)) {
        r->aliasOf = 0;
        r->keepPyTorch(savedOutput(0, "LeakyReluBackward1.result"));
    } else {
        r->keepPyTorch(savedInput(0, "LeakyReluBackward0.self"));
    }
    keepTensorFlowOp(*r, TfOp::LeakyRelu, {tfIn(0)}, {tfOut(0)}); // TensorFlow: keeps its input
    return r;
}
} // namespace

LayerKind makeLeakyReLUKind()
{
    LayerKind k;
    k.id = "LeakyReLU";
    k.displayName = "Leaky ReLU";
    k.category = "Activation";
    k.description = "ReLU with a small slope for negative inputs. Keeps its input for backward (its output when in place).";
    k.params = {
        floatParam("negative_slope", 0.01, 0.0, 1e6, "Slope for x < 0 (PyTorch 0.01, Keras alpha 0.3)"),
        boolParam("inplace", false, "Overwrite the input instead of allocating an output"),
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
