// Opaque: a stand-in for an operator NetSizer has no kind for (an imported ONNX Transpose,
// Erf, Where, ...), so that an import loses nothing: it carries the operator's name, its output
// shape per sample as the source file states it (or as the importer inferred it), and the
// element count of the weights the operator consumes (learnable). It keeps nothing for backward:
// what the real operator's autograd node would save is unknown, so activations of a graph with
// opaque layers are a lower bound (the importer says which layers are opaque).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kOpType, kOutputShape, kParams };

Result<KindResult> analyze(const LayerContext& ctx)
{
    TensorInfo out;
    for (auto d : ctx.list(kOutputShape)) out.shape.push(d);
    if (!out.shape.numel().ok()) return makeError("overflow", "output shape " + out.shape.toString() + " overflows 64 bits");
    if (!ctx.inputs.empty()) out.elem = ctx.in().elem == ElemKind::Int64 ? ElemKind::Int64 : ElemKind::Activation;
    KindResult r;
    r.outputs.push_back(out);
    if (ctx.i(kParams) > 0) r.params.push_back({"weight", static_cast<Count>(ctx.i(kParams)), true});
    return r;
}
std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(Formula{"saved for backward", "unknown for " + ctx.s(kOpType) + " (counted as nothing)", "-", "0"});
    return f;
}
} // namespace

LayerKind makeOpaqueKind()
{
    LayerKind k;
    k.id = "Opaque";
    k.displayName = "Opaque operator";
    k.category = "Other";
    k.description = "An imported operator with no NetSizer kind: keeps its output shape and counts its weights, "
                    "but what it saves for backward is unknown (counted as nothing).";
    k.params = {
        stringParam("op_type", "Unknown", "The source operator (e.g. ONNX Transpose)"),
        listParam("output_shape", {1}, 1, 1e12, 1, kMaxListLength, "", "Output shape per sample (no batch axis)"),
        intParam("params", 0, 0, 1e15, "", "Learnable weight elements the operator consumes"),
    };
    k.minInputs = 0;
    k.maxInputs = LayerKind::kUnbounded;
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
