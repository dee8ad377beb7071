// MatMul: the product of two activations (torch.matmul / ONNX MatMul between two computed
// tensors), e.g. attention's Q·Kᵀ and P·V. Per sample [..., n, k] × [..., k, m] →
// [broadcast(...), n, m]: the leading axes broadcast right-aligned (size 1 stretches, a missing
// axis counts as 1), the batch axis of both operands pairs up. A product with a weight is a
// Dense, not this kind.
// Backward: torch.matmul of two operands of rank >= 3 runs bmm on [batch, n, k] × [batch, k, m]
// (aten/src/ATen/native/LinearAlgebra.cpp, _matmul_impl), and derivatives.yaml `bmm: self:
// grad.bmm(mat2.transpose(1, 2).conj()), mat2: self.transpose(1, 2).conj().bmm(grad)` makes
// BmmBackward0 keep both operands ("self" and "mat2"; ../shared/truth transformer_encoder_cls
// self_attn: "BmmBackward0.self" [16, 128, 64] and "BmmBackward0.mat2" [16, 64, 128]). Both are
// assumed to need a gradient (they are activations), so both are kept whenever the op is
// recorded. An operand whose leading axes are stretched by the broadcast is expanded and
// reshaped first, which copies it: bmm then keeps that copy, a new tensor of the expanded size,
// instead of the operand. An operand of rank >= 4 (with the batch) whose leading axes cannot be
// merged as a view — a slice or select of a permuted tensor, as Swin's q, k, v = qkv[0], qkv[1],
// qkv[2] and k.transpose(-2, -1) — is copied by that reshape (`copy_a` / `copy_b`): bmm keeps the
// copy, a new tensor of the operand's size, and the operand's base storage is not pinned
// (torchvision swin_t at 64×64: "BmmBackward0.mat2" [54, 32, 49], 169,344 B per sample, not the
// [3, 54, 3, 49, 32] qkv). Otherwise a view operand pins its base, as every saved view does.
// Mixed precision: matmul is on autocast's lower_precision_fp list (CUDA and CPU), like Dense.
// TensorFlow: BatchMatMulV2's gradient reads both inputs and not its output, the MatMul row of
// the exclusion table. Caffe has no such layer; nothing beyond the blobs.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kCopyA, kCopyB };

// The leading ("batch") axes of a per-sample shape of rank >= 2: all but the last two.
Shape leading(const Shape& s)
{
    Shape out;
    for (int i = 0; i + 2 < s.rank(); ++i) out.push(s[i]);
    return out;
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    for (int p = 0; p < 2; ++p) {
        if (auto e = expectFloat(ctx, p)) return *e;
        if (ctx.in(p).shape.rank() < 2)
            return makeError("shape", "expects operands of rank >= 2 per sample ([..., n, k] × [..., k, m]), got " +
                                          ctx.in(0).shape.toString() + " × " + ctx.in(1).shape.toString());
    }
    const Shape& a = ctx.in(0).shape;
    const Shape& b = ctx.in(1).shape;
    const std::string both = a.toString() + " × " + b.toString();
    const std::int64_t n = a[a.rank() - 2], k = a.back(), k2 = b[b.rank() - 2], m = b.back();
    if (k != k2)
        return makeError("shape", "cannot multiply " + both + ": the inner sizes differ (" + std::to_string(k) +
                                      " vs " + std::to_string(k2) + ")");
    const Shape la = leading(a), lb = leading(b);
    const int rank = std::max(la.rank(), lb.rank());
    Shape out;
    for (int i = 0; i < rank; ++i) {
        const int ia = la.rank() - rank + i, ib = lb.rank() - rank + i;
        const std::int64_t da = ia >= 0 ? la[ia] : 1, db = ib >= 0 ? lb[ib] : 1;
        if (da != db && da != 1 && db != 1)
            return makeError("shape", "cannot multiply " + both + ": the leading axes do not broadcast");
        out.push(std::max(da, db));
    }
    const CheckedCount batch = out.numel();
    if (!out.push(n) || !out.push(m)) return makeError("shape", "the product of " + both + " has more than 6 axes");
    const CheckedCount macs = out.numel() * static_cast<Count>(k);
    const CheckedCount expandedA = batch * static_cast<Count>(n) * static_cast<Count>(k);
    const CheckedCount expandedB = batch * static_cast<Count>(k) * static_cast<Count>(m);
    if (!macs.ok() || !expandedA.ok() || !expandedB.ok()) return makeError("overflow", "MAC count of " + both + " overflows 64 bits");

    KindResult r;
    r.outputs.push_back(TensorInfo{out, ctx.in(0).elem});
    r.macs = macs.value();
    r.setAutocast(Autocast::Lower);
    // An operand of fewer elements than its expanded form was stretched: bmm keeps the copy.
    if (expandedA.value() != a.numel().value())
        r.keepPyTorch(savedExtra(ElemKind::Activation, expandedA.value(), 0, "BmmBackward0.self (broadcast copy)"));
    else if (ctx.b(kCopyA))
        r.keepPyTorch(savedExtra(ElemKind::Activation, expandedA.value(), 0, "BmmBackward0.self (the reshape's copy)"));
    else
        r.keepPyTorch(savedInput(0, "BmmBackward0.self"));
    if (expandedB.value() != b.numel().value())
        r.keepPyTorch(savedExtra(ElemKind::Activation, expandedB.value(), 0, "BmmBackward0.mat2 (broadcast copy)"));
    else if (ctx.b(kCopyB))
        r.keepPyTorch(savedExtra(ElemKind::Activation, expandedB.value(), 0, "BmmBackward0.mat2 (the reshape's copy)"));
    else
        r.keepPyTorch(savedInput(1, "BmmBackward0.mat2"));
    keepTensorFlowOp(r, TfOp::MatMul, {tfIn(0), tfIn(1)}, {tfOut(0)});
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const Shape& a = ctx.in(0).shape;
    f.push_back(Formula{"product", "[..., n, k] × [..., k, m] → [broadcast(...), n, m]",
                        a.toString() + " × " + ctx.in(1).shape.toString(), r.outputs[0].shape.toString()});
    f.push_back(countFormula("MACs", "output elements × k",
                             timesJoin({static_cast<std::int64_t>(r.outputs[0].shape.numel().value()), a.back()}), r.macs));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeMatMulKind()
{
    LayerKind k;
    k.id = "MatMul";
    k.displayName = "MatMul";
    k.category = "Core";
    k.description = "Matrix product of two activations over their last two axes, e.g. attention's Q·Kᵀ and P·V "
                    "(leading axes broadcast). Keeps both operands for backward.";
    k.aliases = {"BatchMatMul"};
    k.minInputs = 2;
    k.maxInputs = 2;
    k.params = {
        boolParam("copy_a", false, "The first operand is a strided view whose leading axes matmul merges by a copy: bmm keeps the copy"),
        boolParam("copy_b", false, "The second operand likewise"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
