// Pooling rules (what is kept for backward), per profile:
// - PyTorch max pooling: max_pool2d_with_indices saves `self` and the int64 argmax `result1`
//   (one per output element) — derivatives.yaml, and ../shared/truth vgg16:
//   MaxPool2DWithIndicesBackward0.{self, result1}. max_pool1d records the same node on an
//   unsqueezed view of its input (ATen max_pool1d_with_indices), so 1-D keeps the same.
// - PyTorch average pooling: avg_pool2d saves `self` (AvgPool2DBackward0.self, truth lenet5);
//   avg_pool1d is avg_pool2d on an unsqueezed view.
// - Caffe PoolingLayer: MAX with one top keeps `max_idx_`, an int per output element; AVE keeps
//   nothing beyond its blobs.
#include "core/layers/PoolCommon.h"

#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kKernel, kStride, kPadding, kCeilMode };

struct PoolGeometry {
    IntList kernel, stride, padBegin, padEnd;
    Shape out;
};

Result<PoolGeometry> geometry(const LayerContext& ctx, int n, const char* layout)
{
    if (auto e = expectRank(ctx, n + 1, layout)) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    PoolGeometry g;
    g.kernel = ctx.listN(kKernel, n);
    g.stride = ctx.listN(kStride, n);
    if (static_cast<int>(g.kernel.size()) != n || static_cast<int>(g.stride.size()) != n)
        return makeError("attribute", "kernel_size and stride need 1 or " + std::to_string(n) + " values");
    for (int i = 0; i < n; ++i) {
        auto& s = g.stride[static_cast<std::size_t>(i)];
        if (s == 0) s = g.kernel[static_cast<std::size_t>(i)]; // PyTorch: stride defaults to kernel_size
    }
    Shape spatial;
    for (int i = 1; i <= n; ++i) spatial.push(in[i]);
    std::string message;
    const IntList ones(static_cast<std::size_t>(n), 1);
    if (!resolvePadding("explicit", ctx.list(kPadding), n, spatial, g.kernel, g.stride, ones, g.padBegin, g.padEnd,
                        message))
        return makeError("attribute", message);
    g.out.push(in[0]);
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        // PyTorch (pool_check_shape): "pad should be at most half of kernel size".
        if (2 * g.padBegin[k] > g.kernel[k] || 2 * g.padEnd[k] > g.kernel[k])
            return makeError("attribute", "padding " + std::to_string(std::max(g.padBegin[k], g.padEnd[k])) +
                                              " is more than half the kernel size " + std::to_string(g.kernel[k]));
        const WindowAxis a{spatial[i], g.kernel[k], g.stride[k], 1, g.padBegin[k], g.padEnd[k], ctx.b(kCeilMode)};
        const std::int64_t o = windowOutput(a);
        if (o < 1)
            return makeError("shape", "pooling window " + timesJoin(g.kernel) + " is larger than the padded input " +
                                          in.toString());
        g.out.push(o);
    }
    return g;
}

template <int N, PoolOp Op>
Result<KindResult> analyzeN(const LayerContext& ctx)
{
    auto g = geometry(ctx, N, N == 1 ? "[C, L]" : "[C, H, W]");
    if (!g) return g.error();
    KindResult r;
    r.outputs.push_back(TensorInfo{g->out, ctx.in().elem});
    const Count outNumel = g->out.numel().value();
    if constexpr (Op == PoolOp::Max) {
        r.macs = 0; // comparisons, no multiply-accumulates
        r.keepPyTorch(savedInput(0, "MaxPool2DWithIndicesBackward0.self"));
        r.keepPyTorch(savedExtra(ElemKind::Int64, outNumel, 0, "MaxPool2DWithIndicesBackward0.result1 (indices)"));
        r.keep(Profile::Caffe, savedExtra(ElemKind::Int32, outNumel, 0, "PoolingLayer.max_idx_"));
    } else {
        const CheckedCount macs = CheckedCount{outNumel} * product(g->kernel);
        if (!macs.ok()) return makeError("overflow", "MAC count overflows 64 bits");
        r.macs = macs.value(); // one accumulate per window tap
        r.keepPyTorch(savedInput(0, "AvgPool2DBackward0.self"));
    }
    // TensorFlow (Keras pooling): MaxPool keeps its input and output, AvgPool its input (its
    // gradient reads only the input's shape, but the table cannot tell). The 1-D layers run
    // ExpandDims, the 2-D op and Squeeze, which keeps the pooled tensor (the output's buffer).
    const TfOp op = Op == PoolOp::Max ? TfOp::MaxPool : TfOp::AvgPool;
    if constexpr (N == 1) keepTensorFlowOp(r, TfOp::ExpandDims, {tfIn(0), tfHeld()}, {tfIn(0)});
    keepTensorFlowOp(r, op, {tfIn(0)}, {tfOut(0)});
    if constexpr (N == 1) keepTensorFlowOp(r, TfOp::Squeeze, {tfOut(0)}, {tfOut(0)});
    return r;
}

std::vector<Formula> explainPool(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const Shape& in = ctx.in().shape;
    const int n = in.rank() - 1;
    const auto g = geometry(ctx, n, "");
    if (!g) return f;
    const bool ceil = ctx.b(kCeilMode);
    const std::string lo = ceil ? "⌈" : "⌊", hi = ceil ? "⌉" : "⌋";
    static const char* axis[] = {"h", "w"};
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const std::string a = n == 1 ? "l" : axis[i];
        f.push_back(Formula{"output " + a, lo + "(" + a + "_in + pad_begin + pad_end − k) / stride" + hi + " + 1",
                            lo + "(" + std::to_string(in[i + 1]) + " + " + std::to_string(g->padBegin[k]) + " + " +
                                std::to_string(g->padEnd[k]) + " − " + std::to_string(g->kernel[k]) + ") / " +
                                std::to_string(g->stride[k]) + hi + " + 1",
                            std::to_string(g->out[i + 1])});
    }
    if (r.macs)
        f.push_back(countFormula("MACs", "output elements × kernel volume",
                                 withThousands(r.outputs[0].shape.numel().value()) + " × " + timesJoin(g->kernel),
                                 r.macs));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}

} // namespace

LayerKind makePoolKind(int n, PoolOp op, const char* id, const char* displayName, const char* layout)
{
    LayerKind k;
    k.id = id;
    k.displayName = displayName;
    k.category = "Pooling";
    k.description = op == PoolOp::Max
                        ? std::string("Maximum over sliding windows of ") + layout +
                              " inputs. Keeps its input and the argmax indices (int64 in PyTorch, int32 in Caffe)."
                        : std::string("Average over sliding windows of ") + layout +
                              " inputs. Keeps its input for backward in PyTorch.";
    // Keras spellings of the same layer.
    k.aliases = {std::string(op == PoolOp::Max ? "MaxPooling" : "AveragePooling") + std::to_string(n) + "D"};
    k.params = {
        listParam("kernel_size", {2}, 1, 1e6, n, n, "px", "Window size per spatial axis"),
        listParam("stride", {0}, 0, 1e6, n, n, "px", "Step per spatial axis; 0 means the kernel size (PyTorch's default)"),
        listParam("padding", {0}, 0, 1e6, n, 2 * n, "px",
                  "Implicit padding per axis (n values), or all begins then all ends (2n values); at most half the kernel"),
        boolParam("ceil_mode", false, "Round the output size up (Caffe always does)"),
    };
    if (n == 1) {
        k.analyze = op == PoolOp::Max ? analyzeN<1, PoolOp::Max> : analyzeN<1, PoolOp::Avg>;
    } else {
        k.analyze = op == PoolOp::Max ? analyzeN<2, PoolOp::Max> : analyzeN<2, PoolOp::Avg>;
    }
    k.explain = explainPool;
    return k;
}

} // namespace netsizer::core::kinds
