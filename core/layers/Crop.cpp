// Crop: cuts input 0 down to the size of input 1 from axis `axis` on (Caffe's CropLayer, used by
// FCN to align up-sampled maps). A new blob in Caffe; a strided view in PyTorch (slicing keeps
// nothing for backward).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis, kOffset };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& a = ctx.in(0).shape;
    const Shape& ref = ctx.in(1).shape;
    const std::int64_t axis = ctx.i(kAxis) - 1; // attribute counts the batch axis, as Caffe
    if (a.rank() != ref.rank()) return makeError("shape_mismatch", "input " + a.toString() + " and reference " + ref.toString() + " differ in rank");
    if (axis < 0 || axis >= a.rank()) return makeError("attribute", "axis " + std::to_string(ctx.i(kAxis)) + " is not an axis of " + a.toString());
    const IntList& offsets = ctx.list(kOffset);
    KindResult r;
    TensorInfo out = ctx.in(0);
    for (int d = static_cast<int>(axis); d < a.rank(); ++d) {
        const std::size_t oi = offsets.size() == 1 ? 0 : static_cast<std::size_t>(d - axis);
        const std::int64_t off = oi < offsets.size() ? offsets[oi] : 0;
        if (off + ref[d] > a[d])
            return makeError("shape", "cropping " + a.toString() + " to " + ref.toString() + " at offset " + std::to_string(off) +
                                          " runs past axis " + std::to_string(d + 1));
        out.shape[d] = ref[d];
    }
    r.outputs.push_back(out);
    return r;
}
} // namespace

LayerKind makeCropKind()
{
    LayerKind k;
    k.id = "Crop";
    k.displayName = "Crop";
    k.category = "Shape";
    k.description = "Crops the first input to the shape of the second from an axis on (Caffe's Crop, FCN).";
    k.params = {
        intParam("axis", 2, 1, 6, "", "First axis to crop; 0 is the batch axis, as in Caffe (2 = height)"),
        listParam("offset", {0}, 0, 1e9, 1, 6, "px", "Offset per cropped axis (one value: all axes)"),
    };
    k.minInputs = 2;
    k.maxInputs = 2;
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) { return basicFormulas(r); };
    return k;
}

} // namespace netsizer::core::kinds
