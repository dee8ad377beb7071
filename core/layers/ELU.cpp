// ELU: x for x > 0, alpha · (eˣ − 1) otherwise. derivatives.yaml (torch 1.13):
// `elu: self: elu_backward(grad, alpha, scale, input_scale, /*is_result=*/false, self)` keeps
// the input; the in-place `elu_` passes `is_result=true, result` and keeps the output (the
// overwritten input, one storage).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAlpha, kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    if (ctx.b(kInplace)) {
        r->aliasOf = 0;
        r->keepPyTorch(savedOutput(0, "EluBackward1.result"));
    } else {
        r->keepPyTorch(savedInput(0, "EluBackward0.self"));
    }
    keepTensorFlowOp(*r, TfOp::Elu, {tfIn(0)}, {tfOut(0)}); // TensorFlow (Elu; Selu alike): keeps its output
    return r;
}
} // namespace

LayerKind makeELUKind()
{
    LayerKind k;
    k.id = "ELU";
    k.displayName = "ELU";
    k.category = "Activation";
    k.description = "Exponential linear unit. Keeps its input for backward, or its output when in place.";
    k.params = {
        floatParam("alpha", 1.0, 0.0, 1e6, "Scale of the negative part"),
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
