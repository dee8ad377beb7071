// AdaptiveAvgPool2D: averages [C, H, W] into a fixed [C, oh, ow]; output cell i along an axis
// of length `in` covers [⌊i·in/out⌋, ⌈(i+1)·in/out⌉) (ATen AdaptiveAveragePooling.cpp
// start_index/end_index). PyTorch keeps `self` (AdaptiveAvgPool2DBackward0.self, truth
// alexnet/vgg16); for a 1 × 1 output ATen takes the mean path (MeanBackward1.self, truth
// resnet18), which keeps the same tensor.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kOutputSize };

// Sum over output cells of the window length along one axis.
Count windowSum(std::int64_t in, std::int64_t out)
{
    Count sum = 0;
    for (std::int64_t i = 0; i < out; ++i) {
        const std::int64_t start = (i * in) / out;
        const std::int64_t end = ((i + 1) * in + out - 1) / out;
        sum += static_cast<Count>(end - start);
    }
    return sum;
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectRank(ctx, 3, "[C, H, W]")) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    const IntList size = ctx.listN(kOutputSize, 2);
    if (size.size() != 2) return makeError("attribute", "output_size needs 1 or 2 values");
    const Shape& in = ctx.in().shape;
    KindResult r;
    r.outputs.push_back(TensorInfo{Shape{in[0], size[0], size[1]}, ctx.in().elem});
    const CheckedCount macs = CheckedCount{static_cast<Count>(in[0])} * windowSum(in[1], size[0]) * windowSum(in[2], size[1]);
    if (!macs.ok()) return makeError("overflow", "MAC count overflows 64 bits");
    r.macs = macs.value();
    const bool mean = size[0] == 1 && size[1] == 1;
    r.keepPyTorch(savedInput(0, mean ? "MeanBackward1.self" : "AdaptiveAvgPool2DBackward0.self"));
    // TensorFlow: to 1 × 1 it is Keras' GlobalAveragePooling2D (Mean keeps its input and
    // output); otherwise an AveragePooling2D (AvgPool keeps its input), exact when the sizes
    // divide, as torchvision's 7 × 7 on 7 × 7.
    if (mean) keepTensorFlowOp(r, TfOp::Mean, {tfIn(0), tfHeld()}, {tfOut(0)});
    else keepTensorFlowOp(r, TfOp::AvgPool, {tfIn(0)}, {tfOut(0)});
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const Shape& in = ctx.in().shape;
    const IntList size = ctx.listN(kOutputSize, 2);
    f.push_back(countFormula("MACs", "C × Σ window heights × Σ window widths",
                             timesJoin({in[0], static_cast<std::int64_t>(windowSum(in[1], size[0])),
                                        static_cast<std::int64_t>(windowSum(in[2], size[1]))}),
                             r.macs));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeAdaptiveAvgPool2DKind()
{
    LayerKind k;
    k.id = "AdaptiveAvgPool2D";
    k.displayName = "Adaptive average pool 2D";
    k.category = "Pooling";
    k.description = "Averages any H × W into a fixed output size (torchvision's AdaptiveAvgPool2d((7, 7)) before the "
                    "classifier). Keeps its input for backward.";
    k.params = {listParam("output_size", {7}, 1, 1e6, 2, 2, "px", "Output height and width (one value: square)")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
