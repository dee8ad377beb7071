// Concat: joins N inputs along one axis; every other axis must agree. torch.cat's backward
// only slices the gradient (CatBackward0 keeps sizes, no tensors: ../shared/truth unet_small),
// so nothing is kept; the result is a new tensor (the next layer usually keeps it).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& first = ctx.in(0).shape;
    const int full = first.rank() + 1;
    std::int64_t a = ctx.i(kAxis);
    if (a < 0) a += full;
    if (a < 1 || a >= full)
        return makeError("attribute", "axis " + std::to_string(ctx.i(kAxis)) + " does not name an axis of " +
                                          first.toString() + " (axis 0 is the batch)");
    const int axis = static_cast<int>(a - 1);
    TensorInfo out = ctx.in(0);
    for (std::size_t i = 1; i < ctx.inputs.size(); ++i) {
        const TensorInfo& t = ctx.inputs[i];
        if (t.elem != out.elem)
            return makeError("dtype", "input " + std::to_string(i) + " holds " + elemKindName(t.elem) + ", input 0 " +
                                          elemKindName(out.elem));
        bool agree = t.shape.rank() == first.rank();
        for (int d = 0; agree && d < first.rank(); ++d) agree = d == axis || t.shape[d] == first[d];
        if (!agree)
            return makeError("shape_mismatch", "input " + std::to_string(i) + " has shape " + t.shape.toString() +
                                                   ", expected " + first.toString() + " on every axis but axis " +
                                                   std::to_string(a));
        out.shape[axis] += t.shape[axis];
    }
    KindResult r;
    r.outputs.push_back(out);
    // TensorFlow (Keras Concatenate, tf.concat): ConcatV2(values..., axis) keeps every value
    // (its gradient reads their shapes).
    std::vector<TfOperand> values;
    for (std::size_t i = 0; i < ctx.inputs.size(); ++i) values.push_back(tfIn(static_cast<int>(i)));
    values.push_back(tfHeld());
    const TfOperand result = tfOut(0);
    keepTensorFlowOp(r, TfOp::ConcatV2, values, std::span<const TfOperand>(&result, 1));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const int full = ctx.in(0).shape.rank() + 1;
    std::int64_t a = ctx.i(kAxis);
    if (a < 0) a += full;
    IntList parts;
    for (const auto& t : ctx.inputs) parts.push_back(t.shape[static_cast<int>(a - 1)]);
    std::string sum;
    for (std::size_t i = 0; i < parts.size(); ++i) sum += (i ? " + " : "") + withThousands(parts[i]);
    f.push_back(Formula{"concatenated axis", "sum of the inputs' sizes on the axis", sum,
                        withThousands(r.outputs[0].shape[static_cast<int>(a - 1)])});
    return f;
}
} // namespace

LayerKind makeConcatKind()
{
    LayerKind k;
    k.id = "Concat";
    k.displayName = "Concatenate";
    k.category = "Merge";
    k.description = "Joins inputs along one axis (channels by default: U-Net skips, DenseNet). Keeps nothing for backward.";
    k.aliases = {"Concatenate"};
    k.params = {intParam("axis", 1, -7, 6, "", "Axis to join; 0 is the batch axis as in torch.cat's dim, 1 the channels")};
    k.minInputs = 2;
    k.maxInputs = LayerKind::kUnbounded;
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
