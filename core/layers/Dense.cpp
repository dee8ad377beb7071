// Dense / Linear: y = x Wᵀ + b over the last axis.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kUnits, kBias };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1) return makeError("shape", "expects an input of rank >= 1, got a scalar");
    const std::int64_t features = in.back();
    const std::int64_t units = ctx.i(kUnits);
    KindResult r;
    TensorInfo out = ctx.in();
    out.shape[in.rank() - 1] = units;
    r.outputs.push_back(out);
    const CheckedCount weights = CheckedCount{static_cast<Count>(units)} * static_cast<Count>(features);
    const CheckedCount macs = out.shape.numel() * static_cast<Count>(features);
    if (!weights.ok() || !macs.ok()) return makeError("overflow", "units × in_features overflows 64 bits");
    r.params.push_back(matrixShaped(castByAutocast({"weight", weights.value(), true}), static_cast<Count>(units), static_cast<Count>(features)));
    r.params.back().linearWeight = true;
    r.setAutocast(Autocast::Lower); // linear: lower_precision_fp on CUDA and CPU
    if (ctx.b(kBias)) r.params.push_back({"bias", static_cast<Count>(units), true});
    r.macs = macs.value();
    // addmm saves mat1 (the input) only for the weight's gradient (gen_variable_type guard_for);
    // mat2 is the weight itself, a parameter, not an activation.
    r.keepPyTorch(savedInput(0, "AddmmBackward0.mat1", SaveWhen::ParamsNeedGrad));
    // TensorFlow (Keras core_ops.dense): MatMul(x, kernel), then BiasAdd. Above rank 1 per sample
    // Keras calls tf.tensordot: Reshape(x) to 2-D, MatMul, Reshape(product) back, and that last
    // Reshape keeps the product, a new tensor of the output's size when a BiasAdd follows.
    const bool bias = ctx.b(kBias);
    const Count outNumel = out.shape.numel().value();
    const TfOperand product = bias || in.rank() > 1 ? tfNew(outNumel) : tfOut(0);
    if (in.rank() > 1) keepTensorFlowOp(r, TfOp::Reshape, {tfIn(0), tfHeld()}, {tfIn(0)});
    keepTensorFlowOp(r, TfOp::MatMul, {tfIn(0), tfHeld()}, {product});
    const TfOperand reshaped = bias ? tfNew(outNumel) : tfOut(0);
    if (in.rank() > 1) keepTensorFlowOp(r, TfOp::Reshape, {product, tfHeld()}, {reshaped});
    if (bias) keepTensorFlowOp(r, TfOp::BiasAdd, {reshaped, tfHeld()}, {tfOut(0)});
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t in = ctx.in().shape.back(), units = ctx.i(kUnits);
    f.push_back(countFormula("weights", "units × in_features", timesJoin({units, in}), static_cast<Count>(units * in)));
    if (ctx.b(kBias)) f.push_back(countFormula("bias", "units", withThousands(units), static_cast<Count>(units)));
    f.push_back(countFormula("MACs", "output elements × in_features",
                             timesJoin({static_cast<std::int64_t>(r.outputs[0].shape.numel().value()), in}), r.macs));
    return f;
}
} // namespace

LayerKind makeDenseKind()
{
    LayerKind k;
    k.id = "Dense";
    k.displayName = "Dense (Linear)";
    k.category = "Core";
    k.description = "Fully connected layer over the last axis: units × in_features weights plus a bias.";
    k.aliases = {"Linear"};
    k.params = {
        intParam("units", 128, 1, 1e12, "", "Output features (PyTorch out_features, Caffe num_output)"),
        boolParam("bias", true, "Adds a learnable bias per output feature"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
