// AddTensor: adds (or subtracts) one tensor T that does not depend on the sample, broadcast over
// the input: Swin's relative-position bias (a learned [(2M−1)², heads] table gathered by a fixed
// index into [1, heads, M², M²] and added to the attention scores), the shifted-window attention
// mask (a buffer built from constants), an additive causal mask, a learned bias table.
// `shape` is T's shape without the leading 1s that only broadcast over the batch; it aligns with
// the input's trailing axes, each of T's axes 1 or equal to the input's. `learned` is the number
// of learned elements T is computed from (the table's, which may differ from T's own count;
// 0 for a mask or buffer): one parameter tensor of that many elements. `index_buffer` is the
// int64 index it is gathered with, a buffer of the model (Swin's relative_position_index,
// (M²)² elements: 8 B each, no gradient, in the state_dict).
// What PyTorch 1.13 keeps: nothing (derivatives.yaml `add.Tensor: self: handle_r_to_c(self.scalar_type(), grad),
// other: handle_r_to_c(other.scalar_type(), maybe_multiply(grad, alpha.conj()))` and `sub.Tensor`
// read no tensor; the broadcast is undone by sum_to, which needs only sizes). Computing T from
// the table keeps only the buffer index (IndexBackward0.indices, a buffer, not an activation) and
// views; its `.contiguous()` copy keeps nothing.
// TensorFlow: AddV2 / Sub keep both inputs (x and T; T is held by the layer, not per sample).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kOp, kTensorFirst, kShape, kLearned, kIndexBuffer };

// "[1, 3, 49, 49]"
std::string listText(const IntList& t)
{
    std::string s = "[";
    for (std::size_t i = 0; i < t.size(); ++i) s += (i ? ", " : "") + std::to_string(t[i]);
    return s + "]";
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    const Shape& in = ctx.in().shape;
    const IntList& t = ctx.list(kShape);
    if (static_cast<int>(t.size()) > in.rank())
        return makeError("attribute", "the added tensor " + listText(t) + " has more axes than the input " + in.toString());
    for (std::size_t i = 0; i < t.size(); ++i) {
        const std::int64_t inDim = in[in.rank() - static_cast<int>(t.size()) + static_cast<int>(i)];
        if (t[i] < 1 || (t[i] != 1 && t[i] != inDim))
            return makeError("attribute", "the added tensor " + listText(t) + " does not broadcast to the input " + in.toString());
    }
    if (ctx.i(kLearned) > 0) r->params.push_back({"table", static_cast<Count>(ctx.i(kLearned)), true});
    if (ctx.i(kIndexBuffer) > 0) r->params.push_back({"index", static_cast<Count>(ctx.i(kIndexBuffer)), false, ElemKind::Int64});
    r->macs = in.numel().value();
    const TfOp op = ctx.s(kOp) == "sub" ? TfOp::Sub : TfOp::AddV2;
    if (ctx.b(kTensorFirst))
        keepTensorFlowOp(*r, op, {tfHeld(), tfIn(0)}, {tfOut(0)});
    else
        keepTensorFlowOp(*r, op, {tfIn(0), tfHeld()}, {tfOut(0)});
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const bool sub = ctx.s(kOp) == "sub", first = ctx.b(kTensorFirst);
    const std::string symbolic = first ? (sub ? "y = T − x" : "y = T + x") : (sub ? "y = x − T" : "y = x + T");
    f.push_back(Formula{"function", symbolic, "T: " + listText(ctx.list(kShape)) + ", broadcast to " + ctx.in().shape.toString(),
                        sub ? "sub" : "add"});
    if (!r.params.empty())
        f.push_back(countFormula("weights", "the learned table T is computed from", withThousands(ctx.i(kLearned)),
                                 r.params[0].numel));
    f.push_back(Formula{"saved for backward", "nothing (an addition; the broadcast is undone from sizes)", "", "0 elements"});
    return f;
}
} // namespace

LayerKind makeAddTensorKind()
{
    LayerKind k;
    k.id = "AddTensor";
    k.displayName = "Add a tensor";
    k.category = "Math";
    k.description = "Adds a tensor that does not depend on the sample, broadcast over the input (a relative-position "
                    "bias, an attention mask). Keeps nothing for backward.";
    k.params = {
        choiceParam("op", "add", {"add", "sub"}, "x + T or x − T"),
        boolParam("tensor_first", false, "true computes T op x"),
        listParam("shape", {1}, 1, 1e12, 1, kMaxListLength, "", "T's shape, aligned with the input's last axes (each axis 1 or the input's)"),
        intParam("learned", 0, 0, 1e12, "weights", "Learned elements T is computed from (0 for a mask or buffer)"),
        intParam("index_buffer", 0, 0, 1e12, "int64", "Elements of the int64 index buffer T is gathered with (0: none)"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
