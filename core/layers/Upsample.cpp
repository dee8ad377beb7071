// Upsample: nearest or bilinear resize of the spatial axes, by a scale factor
// (out = ⌊in × scale⌋, as PyTorch's interpolate) or to a fixed size. PyTorch's
// UpsampleNearest*/UpsampleBilinear2DBackward0 keep only sizes and scales: no tensor is kept.
#include "core/layers/KindHelpers.h"

#include <algorithm>
#include <cmath>

namespace netsizer::core::kinds {
namespace {
enum Attr { kMode, kScale, kSize };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    const bool bilinear = ctx.s(kMode) == "bilinear";
    if (bilinear) {
        if (auto e = expectRank(ctx, 3, "[C, H, W]")) return *e;
    } else if (in.rank() < 2 || in.rank() > 4) {
        return makeError("shape", "expects an input of rank 2 to 4 ([C, L], [C, H, W] or [C, D, H, W] per sample), got " +
                                      in.toString());
    }
    const int n = in.rank() - 1;
    const IntList size = ctx.listN(kSize, n);
    const bool bySize = !(size.size() == static_cast<std::size_t>(n) && size[0] == 0);
    if (bySize && (size.size() != static_cast<std::size_t>(n) ||
                   std::any_of(size.begin(), size.end(), [](std::int64_t v) { return v < 1; })))
        return makeError("attribute", "size needs 1 or " + std::to_string(n) + " values >= 1, or 0 to use scale_factor");
    TensorInfo out = ctx.in();
    for (int i = 0; i < n; ++i) {
        const std::int64_t o = bySize ? size[static_cast<std::size_t>(i)]
                                      : static_cast<std::int64_t>(std::floor(static_cast<double>(in[i + 1]) * ctx.f(kScale)));
        if (o < 1)
            return makeError("shape", "scale_factor " + attrToString(ctx.f(kScale)) + " shrinks axis " + std::to_string(i + 1) +
                                          " of " + in.toString() + " below 1");
        out.shape[i + 1] = o;
    }
    KindResult r;
    r.outputs.push_back(out);
    if (bilinear) r.macs = (out.shape.numel() * 4).value(); // 4 weighted neighbours per output element
    // TensorFlow (Keras UpSampling2D, tf.image.resize): ResizeNearestNeighbor or ResizeBilinear
    // keep their input. UpSampling1D/3D repeat elements instead (backend.repeat_elements): no rule.
    if (in.rank() == 3)
        keepTensorFlowOp(r, bilinear ? TfOp::ResizeBilinear : TfOp::ResizeNearestNeighbor, {tfIn(0), tfHeld()}, {tfOut(0)});
    return r;
}
} // namespace

LayerKind makeUpsampleKind()
{
    LayerKind k;
    k.id = "Upsample";
    k.displayName = "Upsample";
    k.category = "Shape";
    k.description = "Resizes the spatial axes (nearest or bilinear), by a factor or to a size. Keeps nothing for backward.";
    k.aliases = {"UpSampling2D", "Resize"};
    k.params = {
        choiceParam("mode", "nearest", {"nearest", "bilinear"}, "nearest repeats values; bilinear interpolates ([C, H, W] only)"),
        floatParam("scale_factor", 2.0, 1e-6, 1e6, "Output = ⌊input × scale⌋ per spatial axis; used when size is 0"),
        listParam("size", {0}, 0, 1e9, 1, 3, "px", "Output size per spatial axis; 0 means use scale_factor"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) {
        auto f = basicFormulas(r);
        if (r.macs)
            f.push_back(countFormula("MACs", "4 × output elements",
                                     "4 × " + withThousands(r.outputs[0].shape.numel().value()), r.macs));
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
