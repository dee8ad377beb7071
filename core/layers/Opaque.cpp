// Opaque: a stand-in for an operator NetSizer has no kind for (an imported ONNX Transpose,
// Erf, Where, ...), so that an import loses nothing: it carries the operator's name, its output
// shape per sample as the source file states it (or as the importer inferred it), and the
// element count of the weights the operator consumes: `params` learnable elements over
// `param_tensors` tensors (each its own optimizer state, e.g. Adam's step; the sizes split evenly,
// the remainder in the first, as the importer knows only the total), and `buffers` elements
// that train nothing (a BatchNormalization's running statistics). It keeps nothing for backward:
// what the real operator's autograd node would save is unknown, so activations of a graph with
// opaque layers are a lower bound (the importer says which layers are opaque).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kOpType, kOutputShape, kParams, kParamTensors, kBuffers };

Result<KindResult> analyze(const LayerContext& ctx)
{
    TensorInfo out;
    for (auto d : ctx.list(kOutputShape)) out.shape.push(d);
    if (!out.shape.numel().ok()) return makeError("overflow", "output shape " + out.shape.toString() + " overflows 64 bits");
    if (!ctx.inputs.empty()) out.elem = ctx.in().elem == ElemKind::Int64 ? ElemKind::Int64 : ElemKind::Activation;
    KindResult r;
    r.outputs.push_back(out);
    if (ctx.i(kParams) > 0) {
        const auto total = static_cast<Count>(ctx.i(kParams));
        const Count tensors = std::min<Count>(static_cast<Count>(std::max<std::int64_t>(ctx.i(kParamTensors), 1)), total);
        for (Count t = 0; t < tensors; ++t)
            r.params.push_back({t == 0 ? "weight" : "weight (more)", total / tensors + (t == 0 ? total % tensors : 0), true});
    }
    if (ctx.i(kBuffers) > 0) r.params.push_back({"buffer", static_cast<Count>(ctx.i(kBuffers)), false});
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
        intParam("param_tensors", 1, 1, 64, "", "How many tensors hold them (each has its own optimizer state)"),
        intParam("buffers", 0, 0, 1e15, "", "Non-learnable weight elements it consumes (running statistics)"),
    };
    k.minInputs = 0;
    k.maxInputs = LayerKind::kUnbounded;
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
