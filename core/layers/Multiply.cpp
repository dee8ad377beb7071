// Multiply: element-wise product of N inputs with NumPy broadcasting (right-aligned axes, size
// 1 stretches), e.g. a squeeze-excitation scale [C, 1, 1] times a feature map [C, H, W].
// PyTorch evaluates ((x0 · x1) · x2) · ...; each MulBackward0 keeps `other` for self's
// gradient and `self` for other's (derivatives.yaml mul.Tensor). Both operands are assumed to
// need a gradient (true inside a trainable network); so every input is kept, plus the N − 2
// intermediate products.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {

// Broadcast of two shapes, or an error naming both.
Result<Shape> broadcast(const Shape& a, const Shape& b)
{
    const int rank = std::max(a.rank(), b.rank());
    Shape out;
    for (int i = 0; i < rank; ++i) {
        const int ia = a.rank() - rank + i, ib = b.rank() - rank + i;
        const std::int64_t da = ia >= 0 ? a[ia] : 1, db = ib >= 0 ? b[ib] : 1;
        if (da != db && da != 1 && db != 1)
            return makeError("shape_mismatch", "cannot broadcast " + a.toString() + " with " + b.toString());
        out.push(std::max(da, db));
    }
    return out;
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    KindResult r;
    Shape acc = ctx.in(0).shape;
    if (auto e = expectFloat(ctx, 0)) return *e;
    for (std::size_t i = 1; i < ctx.inputs.size(); ++i) {
        if (auto e = expectFloat(ctx, static_cast<int>(i))) return *e;
        auto s = broadcast(acc, ctx.inputs[i].shape);
        if (!s) return s.error();
        acc = *s;
        if (i + 1 < ctx.inputs.size()) // an intermediate product, kept by the next MulBackward0
            r.keepPyTorch(savedExtra(ElemKind::Activation, acc.numel().value(), 0, "MulBackward0.self (partial product)"));
    }
    r.outputs.push_back(TensorInfo{acc, ctx.in(0).elem});
    const CheckedCount macs = acc.numel() * static_cast<Count>(ctx.inputs.size() - 1);
    if (!macs.ok()) return makeError("overflow", "MAC count overflows 64 bits");
    r.macs = macs.value();
    for (std::size_t i = 0; i < ctx.inputs.size(); ++i)
        r.keepPyTorch(savedInput(static_cast<int>(i), i == 0 ? "MulBackward0.self" : "MulBackward0.other"));
    // TensorFlow (Keras Multiply: output = output * inputs[i]): a chain of Mul, each keeping both
    // operands; the partial products are new tensors.
    Shape partial = ctx.in(0).shape;
    for (std::size_t i = 1; i < ctx.inputs.size(); ++i) {
        const TfOperand left = i == 1 ? tfIn(0) : tfNew(partial.numel().value());
        partial = *broadcast(partial, ctx.inputs[i].shape); // checked above
        keepTensorFlowOp(r, TfOp::Mul, {left, tfIn(static_cast<int>(i))},
                         {i + 1 == ctx.inputs.size() ? tfOut(0) : tfNew(partial.numel().value())});
    }
    return r;
}
} // namespace

LayerKind makeMultiplyKind()
{
    LayerKind k;
    k.id = "Multiply";
    k.displayName = "Multiply";
    k.category = "Merge";
    k.description = "Element-wise product of two or more inputs (broadcasting size-1 axes, e.g. squeeze-excitation). "
                    "Keeps its operands for backward.";
    k.aliases = {"Mul"};
    k.minInputs = 2;
    k.maxInputs = LayerKind::kUnbounded;
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        f.push_back(countFormula("MACs", "output elements × (inputs − 1)",
                                 withThousands(r.outputs[0].shape.numel().value()) + " × " +
                                     std::to_string(c.inputs.size() - 1),
                                 r.macs));
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
