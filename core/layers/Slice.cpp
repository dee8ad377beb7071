// Slice: splits the input along one axis at the given points into several outputs (Caffe's
// SliceLayer; torch.split / narrow). Outputs are new blobs in Caffe, views in PyTorch (nothing
// kept for backward either way).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis, kPoints };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const std::int64_t axis = ctx.i(kAxis) - 1;
    if (axis < 0 || axis >= in.rank()) return makeError("attribute", "axis " + std::to_string(ctx.i(kAxis)) + " is not an axis of " + in.toString());
    const IntList& points = ctx.list(kPoints);
    KindResult r;
    std::int64_t prev = 0;
    for (std::size_t i = 0; i <= points.size(); ++i) {
        const std::int64_t end = i < points.size() ? points[i] : in[static_cast<int>(axis)];
        if (end <= prev || end > in[static_cast<int>(axis)])
            return makeError("attribute", "slice points must increase strictly inside (0, " + std::to_string(in[static_cast<int>(axis)]) + ")");
        TensorInfo t = ctx.in();
        t.shape[static_cast<int>(axis)] = end - prev;
        r.outputs.push_back(t);
        prev = end;
    }
    return r;
}
} // namespace

LayerKind makeSliceKind()
{
    LayerKind k;
    k.id = "Slice";
    k.displayName = "Slice";
    k.category = "Shape";
    k.description = "Splits the input along an axis at the given points; output i is the i-th piece.";
    k.params = {
        intParam("axis", 1, 1, 6, "", "Axis to split; 0 is the batch axis, as in Caffe (1 = channels)"),
        listParam("slice_points", {1}, 1, 1e12, 1, 64, "", "Indices where a new piece starts"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) { return basicFormulas(r); };
    return k;
}

} // namespace netsizer::core::kinds
