// Flatten: a view merging axes start_dim..end_dim (PyTorch numbering: 0 is the batch axis).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kStartDim, kEndDim };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const int full = in.rank() + 1; // with the batch axis
    auto norm = [full](std::int64_t d) { return d < 0 ? d + full : d; };
    const std::int64_t start = norm(ctx.i(kStartDim)), end = norm(ctx.i(kEndDim));
    if (start < 1 || end >= full || start > end)
        return makeError("attribute", "start_dim " + std::to_string(ctx.i(kStartDim)) + " / end_dim " +
                                          std::to_string(ctx.i(kEndDim)) + " do not select axes of " + in.toString() +
                                          " (axis 0 is the batch)");
    KindResult r;
    TensorInfo out;
    out.elem = ctx.in().elem;
    std::int64_t merged = 1;
    for (int a = 1; a < full; ++a) {
        const auto d = in[a - 1];
        if (a < start || a > end) out.shape.push(d);
        else {
            merged *= d;
            if (a == end) out.shape.push(merged);
        }
    }
    r.outputs.push_back(out);
    r.aliasOf = 0; // a view of a contiguous input
    // TensorFlow (Keras Flatten): Reshape keeps its input, the buffer the output shares.
    keepTensorFlowOp(r, TfOp::Reshape, {tfIn(0), tfHeld()}, {tfOut(0)});
    return r;
}
} // namespace

LayerKind makeFlattenKind()
{
    LayerKind k;
    k.id = "Flatten";
    k.displayName = "Flatten";
    k.category = "Shape";
    k.description = "Merges axes into one (by default everything but the batch). A view: no new memory.";
    k.params = {
        intParam("start_dim", 1, -7, 6, "", "First axis to merge; 0 is the batch axis, as in PyTorch"),
        intParam("end_dim", -1, -7, 6, "", "Last axis to merge; -1 is the last axis"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) { return basicFormulas(r); };
    return k;
}

} // namespace netsizer::core::kinds
