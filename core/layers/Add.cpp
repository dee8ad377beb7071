// Add: element-wise sum of equally shaped inputs (residual connections). Its backward needs
// nothing saved: the gradient passes through unchanged.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {

Result<KindResult> analyze(const LayerContext& ctx)
{
    for (std::size_t i = 0; i < ctx.inputs.size(); ++i) {
        if (auto e = expectFloat(ctx, static_cast<int>(i))) return *e;
        if (ctx.inputs[i].shape != ctx.in(0).shape)
            return makeError("shape_mismatch", "input " + std::to_string(i) + " has shape " +
                                                   ctx.inputs[i].shape.toString() + " but input 0 has " +
                                                   ctx.in(0).shape.toString());
    }
    KindResult r;
    r.outputs.push_back(ctx.in(0));
    // TensorFlow (Keras Add: output = inputs[0]; output += inputs[i]): a chain of AddV2, each
    // keeping both operands (its gradient reads their shapes); the partial sums are new tensors.
    const Count n = ctx.in(0).shape.numel().value();
    for (std::size_t i = 1; i < ctx.inputs.size(); ++i)
        keepTensorFlowOp(r, TfOp::AddV2, {i == 1 ? tfIn(0) : tfNew(n), tfIn(static_cast<int>(i))},
                         {i + 1 == ctx.inputs.size() ? tfOut(0) : tfNew(n)});
    return r;
}
} // namespace

LayerKind makeAddKind()
{
    LayerKind k;
    k.id = "Add";
    k.displayName = "Add";
    k.category = "Merge";
    k.description = "Element-wise sum of two or more inputs of the same shape (residual connections). Keeps nothing for backward.";
    k.minInputs = 2;
    k.maxInputs = LayerKind::kUnbounded;
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) { return basicFormulas(r); };
    return k;
}

} // namespace netsizer::core::kinds
