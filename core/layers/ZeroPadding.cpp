// ZeroPadding: adds zeros around the spatial axes of [C, L] (1-D) or [C, H, W] (2-D) inputs, or
// of [L, C] / [H, W, C] with `channels_last` (Swin pads its [H, W, C] maps to whole windows with
// F.pad(x, (0, 0, 0, pad_r, 0, pad_b))).
// A new tensor; PyTorch's constant_pad_nd backward only slices (ConstantPadNdBackward0 keeps
// the pad sizes), so nothing is kept.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kPadding, kChannelsLast };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    if (in.rank() != 2 && in.rank() != 3)
        return makeError("shape", "expects an input of rank 2 or 3 ([C, L] or [C, H, W] per sample), got " + in.toString());
    const int n = in.rank() - 1;
    const int first = ctx.b(kChannelsLast) ? 0 : 1; // the first spatial axis
    Shape spatial;
    for (int i = 0; i < n; ++i) spatial.push(in[first + i]);
    const IntList ones(static_cast<std::size_t>(n), 1);
    IntList begin, end;
    std::string message;
    if (!resolvePadding("explicit", ctx.list(kPadding), n, spatial, ones, ones, ones, begin, end, message))
        return makeError("attribute", message);
    TensorInfo out = ctx.in();
    for (int i = 0; i < n; ++i) out.shape[first + i] += begin[static_cast<std::size_t>(i)] + end[static_cast<std::size_t>(i)];
    KindResult r;
    r.outputs.push_back(out);
    // TensorFlow (Keras ZeroPadding1D/2D, tf.pad): Pad keeps its input and the paddings.
    keepTensorFlowOp(r, TfOp::Pad, {tfIn(0), tfHeld()}, {tfOut(0)});
    return r;
}
} // namespace

LayerKind makeZeroPaddingKind()
{
    LayerKind k;
    k.id = "ZeroPadding";
    k.displayName = "Zero padding";
    k.category = "Shape";
    k.description = "Pads the spatial axes with zeros ([C, L] or [C, H, W]; [H, W, C] with channels last). A new "
                    "tensor; keeps nothing for backward.";
    k.aliases = {"ZeroPadding1D", "ZeroPadding2D", "ZeroPad2d", "ConstantPad"};
    k.params = {listParam("padding", {1}, 0, 1e6, 1, 4, "px",
                          "1 value for every side, one per axis (both sides), or all begins then all ends "
                          "(2-D: top, left, bottom, right)"),
                boolParam("channels_last", false, "The channels are the last axis ([H, W, C]); false: the first ([C, H, W])")};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        f.push_back(Formula{"output", "input + pad_begin + pad_end per spatial axis",
                            c.in().shape.toString() + " padded by " + timesJoin(c.list(kPadding)), r.outputs[0].shape.toString()});
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
