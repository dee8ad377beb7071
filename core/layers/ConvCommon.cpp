#include "core/layers/ConvCommon.h"

#include "core/layers/KindHelpers.h"

#include <algorithm>
#include <array>
#include <span>

namespace netsizer::core::kinds {
namespace {
enum Attr { kFilters, kKernel, kStride, kPadding, kPaddingMode, kDilation, kGroups, kBias };

// Per-axis values of a 1-, 2- or 3-d convolution; the first `n` are meaningful. Fixed arrays:
// the geometry is computed on every analysis, and five IntLists were five allocations a layer.
using Axes = std::array<std::int64_t, 3>;

struct ConvGeometry {
    int n = 2;
    std::int64_t inChannels = 0, filters = 0, groups = 1;
    Axes kernel{}, stride{}, dilation{}, padBegin{}, padEnd{};
    Shape out;

    std::span<const std::int64_t> axes(const Axes& a) const { return std::span<const std::int64_t>(a).first(static_cast<std::size_t>(n)); }
};

// The list attribute `idx` expanded to n values into `out` (a one-element list repeats its
// value); false when it has another length.
bool expandList(const LayerContext& ctx, int idx, int n, Axes& out)
{
    const IntList& l = ctx.list(idx);
    if (l.size() == 1) {
        out.fill(l[0]);
        return true;
    }
    if (static_cast<int>(l.size()) != n) return false;
    std::copy(l.begin(), l.end(), out.begin());
    return true;
}

Result<ConvGeometry> geometry(const LayerContext& ctx, int n, const char* layout)
{
    if (auto e = expectRank(ctx, n + 1, layout)) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    ConvGeometry g;
    g.n = n;
    const Shape& in = ctx.in().shape;
    g.inChannels = in[0];
    g.filters = ctx.i(kFilters);
    g.groups = ctx.i(kGroups);
    if (!expandList(ctx, kKernel, n, g.kernel) || !expandList(ctx, kStride, n, g.stride) ||
        !expandList(ctx, kDilation, n, g.dilation))
        return makeError("attribute", "kernel_size, stride and dilation need 1 or " + std::to_string(n) + " values");
    if (g.inChannels % g.groups != 0 || g.filters % g.groups != 0)
        return makeError("attribute", "groups = " + std::to_string(g.groups) + " must divide both the input channels (" +
                                          std::to_string(g.inChannels) + ") and filters (" + std::to_string(g.filters) + ")");
    Shape spatial;
    for (int i = 1; i <= n; ++i) spatial.push(in[i]);
    std::string message;
    if (!resolvePaddingInto(ctx.s(kPaddingMode), ctx.list(kPadding), n, spatial, g.axes(g.kernel), g.axes(g.stride),
                            g.axes(g.dilation), g.padBegin, g.padEnd, message))
        return makeError("attribute", message);
    g.out.push(g.filters);
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        WindowAxis a{spatial[i], g.kernel[k], g.stride[k], g.dilation[k], g.padBegin[k], g.padEnd[k], false};
        const std::int64_t o = windowOutput(a);
        if (o < 1)
            return makeError("shape", "kernel " + timesJoin(g.axes(g.kernel)) + " (dilation " + timesJoin(g.axes(g.dilation)) +
                                          ") does not fit the padded input " + in.toString());
        g.out.push(o);
    }
    return g;
}

Count kernelVolume(const ConvGeometry& g)
{
    return static_cast<Count>(g.inChannels / g.groups) * product(g.axes(g.kernel));
}

template <int N>
Result<KindResult> analyzeN(const LayerContext& ctx, const char* layout)
{
    auto g = geometry(ctx, N, layout);
    if (!g) return g.error();
    KindResult r;
    r.outputs.push_back(TensorInfo{g->out, ElemKind::Activation});
    const CheckedCount weights = CheckedCount{static_cast<Count>(g->filters)} * kernelVolume(*g);
    if (!weights.ok()) return makeError("overflow", "weight count overflows 64 bits");
    // weight [filters, in / groups, *kernel]: its two innermost dimensions (ParamTensor::lastDims)
    const auto k = g->axes(g->kernel);
    const Count cols = static_cast<Count>(k[k.size() - 1]);
    const Count rows = k.size() >= 2 ? static_cast<Count>(k[k.size() - 2]) : static_cast<Count>(g->inChannels / g->groups);
    r.params.push_back(matrixShaped(castByAutocast({"weight", weights.value(), true}), rows, cols));
    if (ctx.b(kBias)) r.params.push_back({"bias", static_cast<Count>(g->filters), true});
    r.setAutocast(Autocast::Lower); // conv1d/2d/3d: lower_precision_fp on CUDA and CPU
    const CheckedCount macs = g->out.numel() * kernelVolume(*g);
    if (!macs.ok()) return makeError("overflow", "MAC count overflows 64 bits");
    r.macs = macs.value();
    // One derivative formula covers input, weight and bias, so autograd saves the input
    // whenever the op is recorded (ConvolutionBackward0.input; the weight is a parameter).
    r.keepPyTorch(savedInput(0, "ConvolutionBackward0.input"));
    // TensorFlow (Keras Conv1D/2D/3D, then BiasAdd): Conv2D, Conv3D or, when every input channel
    // is its own group, DepthwiseConv2dNative keep the input and the kernel. Conv1D runs
    // ExpandDims, Conv2D and Squeeze (tf.nn.conv1d): Squeeze keeps the convolution's output,
    // a tensor of its own when a BiasAdd follows.
    const bool bias = ctx.b(kBias);
    const Count outNumel = g->out.numel().value();
    const TfOperand convOut = bias ? tfNew(outNumel) : tfOut(0);
    if constexpr (N == 1) {
        keepTensorFlowOp(r, TfOp::ExpandDims, {tfIn(0), tfHeld()}, {tfIn(0)});
        keepTensorFlowOp(r, TfOp::ExpandDims, {tfHeld(), tfHeld()}, {tfHeld()}); // the kernel
        keepTensorFlowOp(r, TfOp::Conv2D, {tfIn(0), tfHeld()}, {convOut});
        keepTensorFlowOp(r, TfOp::Squeeze, {convOut}, {convOut});
    } else if constexpr (N == 2) {
        const bool depthwise = g->groups > 1 && g->groups == g->inChannels;
        keepTensorFlowOp(r, depthwise ? TfOp::DepthwiseConv2dNative : TfOp::Conv2D, {tfIn(0), tfHeld()}, {convOut});
    } else {
        keepTensorFlowOp(r, TfOp::Conv3D, {tfIn(0), tfHeld()}, {convOut});
    }
    if (bias) keepTensorFlowOp(r, TfOp::BiasAdd, {convOut, tfHeld()}, {tfOut(0)});
    // Caffe's BaseConvolutionLayer: col_buffer_ of kernel_dim × groups rows and one column per
    // output position, for one image; never touched (so never allocated) for 1×1, stride 1,
    // no padding.
    bool is1x1 = true;
    for (int i = 0; i < N; ++i) {
        const auto k = static_cast<std::size_t>(i);
        is1x1 &= g->kernel[k] == 1 && g->stride[k] == 1 && g->padBegin[k] == 0 && g->padEnd[k] == 0;
    }
    if (!is1x1) {
        const CheckedCount col = CheckedCount{kernelVolume(*g)} * static_cast<Count>(g->groups) *
                                 (g->out.numel().value() / static_cast<Count>(g->filters));
        if (col.ok()) r.caffeColumnBufferNumel = col.value();
    }
    return r;
}

std::vector<Formula> explainConv(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const Shape& in = ctx.in().shape;
    const int n = in.rank() - 1;
    const auto g = geometry(ctx, n, "");
    if (!g) return f;
    static const char* axis[] = {"d", "h", "w"};
    const int first = 3 - n;
    for (int i = 0; i < n; ++i) {
        const auto k = static_cast<std::size_t>(i);
        const std::string a = axis[first + i];
        f.push_back(Formula{"output " + a,
                            "⌊(" + a + "_in + pad_begin + pad_end − dilation × (k − 1) − 1) / stride⌋ + 1",
                            "⌊(" + std::to_string(in[i + 1]) + " + " + std::to_string(g->padBegin[k]) + " + " +
                                std::to_string(g->padEnd[k]) + " − " + std::to_string(g->dilation[k]) + " × (" +
                                std::to_string(g->kernel[k]) + " − 1) − 1) / " + std::to_string(g->stride[k]) + "⌋ + 1",
                            std::to_string(g->out[i + 1])});
    }
    IntList terms = {g->filters, g->inChannels / g->groups};
    std::string sym = "out × in/groups";
    for (int i = 0; i < n; ++i) {
        terms.push_back(g->kernel[static_cast<std::size_t>(i)]);
        sym += std::string(" × k") + axis[first + i];
    }
    f.push_back(countFormula("weights", sym, timesJoin(terms), r.params[0].numel));
    if (r.params.size() > 1) f.push_back(countFormula("bias", "out", withThousands(g->filters), r.params[1].numel));
    f.push_back(countFormula("MACs", "output elements × in/groups × kernel volume",
                             withThousands(r.outputs[0].shape.numel().value()) + " × " + withThousands(kernelVolume(*g)),
                             r.macs));
    return f;
}

} // namespace

LayerKind makeConvKind(int n, const char* id, const char* displayName, const char* layout)
{
    LayerKind k;
    k.id = id;
    k.displayName = displayName;
    k.category = "Convolution";
    k.description = std::string("Convolution over ") + layout +
                    " inputs: filters × in/groups × kernel weights plus a bias per filter. groups = in channels "
                    "makes it depthwise.";
    k.params = {
        intParam("filters", 64, 1, 1e9, "channels", "Output channels (PyTorch out_channels, Caffe num_output)"),
        listParam("kernel_size", {3}, 1, 1e6, n, n, "px", "Window size per spatial axis"),
        listParam("stride", {1}, 1, 1e6, n, n, "px", "Step per spatial axis"),
        listParam("padding", {0}, 0, 1e6, n, 2 * n, "px",
                  "Zero padding per axis (n values), or all begins then all ends (2n values); used when padding_mode is explicit"),
        choiceParam("padding_mode", "explicit", {"explicit", "same", "valid"},
                    "explicit uses 'padding'; same keeps ceil(in/stride); valid pads nothing"),
        listParam("dilation", {1}, 1, 1e6, n, n, "px", "Spacing between kernel taps"),
        intParam("groups", 1, 1, 1e9, "", "Channel groups; equal to the input channels for a depthwise convolution"),
        boolParam("bias", true, "Adds a learnable bias per filter"),
    };
    switch (n) {
    case 1: k.analyze = [](const LayerContext& c) { return analyzeN<1>(c, "[C, L]"); }; break;
    case 2: k.analyze = [](const LayerContext& c) { return analyzeN<2>(c, "[C, H, W]"); }; break;
    default: k.analyze = [](const LayerContext& c) { return analyzeN<3>(c, "[C, D, H, W]"); }; break;
    }
    k.explain = explainConv;
    return k;
}

} // namespace netsizer::core::kinds
