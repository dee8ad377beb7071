// ConvTranspose2D (a "deconvolution"): the gradient of a convolution used as a forward op.
// PyTorch ConvTranspose2d: weight [in, out/groups, kh, kw], output size per axis
//   (in − 1) × stride − pad_begin − pad_end + dilation × (k − 1) + output_padding + 1
// and ConvolutionBackward0 keeps its input whenever recorded (one formula for input, weight,
// bias; ../shared/truth unet_small: the up-convolutions' inputs are ConvolutionBackward0.input).
// Caffe's DeconvolutionLayer (reverse_dimensions) sizes its im2col buffer from the *bottom*:
// kernel_dim (= out/groups × kh × kw) × groups rows by H_in × W_in columns, skipped for 1×1.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kFilters, kKernel, kStride, kPadding, kOutputPadding, kDilation, kGroups, kBias };

struct Geometry {
    std::int64_t inChannels = 0, filters = 0, groups = 1;
    IntList kernel, stride, dilation, padBegin, padEnd, outputPadding;
    Shape out;
};

Result<Geometry> geometry(const LayerContext& ctx)
{
    if (auto e = expectRank(ctx, 3, "[C, H, W]")) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    Geometry g;
    g.inChannels = in[0];
    g.filters = ctx.i(kFilters);
    g.groups = ctx.i(kGroups);
    g.kernel = ctx.listN(kKernel, 2);
    g.stride = ctx.listN(kStride, 2);
    g.dilation = ctx.listN(kDilation, 2);
    g.outputPadding = ctx.listN(kOutputPadding, 2);
    for (const auto* l : {&g.kernel, &g.stride, &g.dilation, &g.outputPadding})
        if (l->size() != 2)
            return makeError("attribute", "kernel_size, stride, dilation and output_padding need 1 or 2 values");
    if (g.inChannels % g.groups != 0 || g.filters % g.groups != 0)
        return makeError("attribute", "groups = " + std::to_string(g.groups) + " must divide both the input channels (" +
                                          std::to_string(g.inChannels) + ") and filters (" + std::to_string(g.filters) + ")");
    Shape spatial{in[1], in[2]};
    std::string message;
    if (!resolvePadding("explicit", ctx.list(kPadding), 2, spatial, g.kernel, g.stride, g.dilation, g.padBegin, g.padEnd,
                        message))
        return makeError("attribute", message);
    g.out.push(g.filters);
    for (std::size_t k = 0; k < 2; ++k) {
        // PyTorch (_output_padding / ConvTranspose checks): output padding must be smaller
        // than either stride or dilation.
        if (g.outputPadding[k] >= g.stride[k] && g.outputPadding[k] >= g.dilation[k])
            return makeError("attribute", "output_padding " + std::to_string(g.outputPadding[k]) +
                                              " must be smaller than the stride (" + std::to_string(g.stride[k]) +
                                              ") or the dilation (" + std::to_string(g.dilation[k]) + ")");
        const std::int64_t o = (spatial[static_cast<int>(k)] - 1) * g.stride[k] - g.padBegin[k] - g.padEnd[k] +
                               g.dilation[k] * (g.kernel[k] - 1) + g.outputPadding[k] + 1;
        if (o < 1)
            return makeError("shape", "padding " + timesJoin(g.padBegin) + " removes the whole output of input " +
                                          in.toString() + " (expected an output size >= 1, got " + std::to_string(o) + ")");
        g.out.push(o);
    }
    return g;
}

// Weights per input channel: out/groups × kh × kw.
Count perInputChannel(const Geometry& g)
{
    return static_cast<Count>(g.filters / g.groups) * product(g.kernel);
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto g = geometry(ctx);
    if (!g) return g.error();
    KindResult r;
    r.outputs.push_back(TensorInfo{g->out, ElemKind::Activation});
    const CheckedCount weights = CheckedCount{static_cast<Count>(g->inChannels)} * perInputChannel(*g);
    if (!weights.ok()) return makeError("overflow", "weight count overflows 64 bits");
    r.params.push_back(castByAutocast({"weight", weights.value(), true}));
    // conv_transpose2d: lower_precision_fp on CUDA; on the CPU torch 1.13 lists it under fp32,
    // so it runs in float32 and saves a float32 copy of its half input (measured: UNet-small).
    r.autocast[static_cast<int>(Profile::PyTorchCuda)].op = Autocast::Lower;
    r.autocast[static_cast<int>(Profile::PyTorchCpu)].op = Autocast::Fp32;
    if (ctx.b(kBias)) r.params.push_back({"bias", static_cast<Count>(g->filters), true});
    // Every input element is scattered through out/groups × kh × kw taps.
    const CheckedCount macs = ctx.in().shape.numel() * perInputChannel(*g);
    if (!macs.ok()) return makeError("overflow", "MAC count overflows 64 bits");
    r.macs = macs.value();
    r.keepPyTorch(savedInput(0, "ConvolutionBackward0.input"));
    // TensorFlow (Keras Conv2DTranspose, tf.nn.conv2d_transpose): Conv2DBackpropInput(input_sizes,
    // filter, out_backprop = the input) keeps the filter and the input; then BiasAdd.
    const Count outNumel = g->out.numel().value();
    const TfOperand convOut = ctx.b(kBias) ? tfNew(outNumel) : tfOut(0);
    keepTensorFlowOp(r, TfOp::Conv2DBackpropInput, {tfHeld(), tfHeld(), tfIn(0)}, {convOut});
    if (ctx.b(kBias)) keepTensorFlowOp(r, TfOp::BiasAdd, {convOut, tfHeld()}, {tfOut(0)});
    bool is1x1 = true;
    for (std::size_t k = 0; k < 2; ++k)
        is1x1 &= g->kernel[k] == 1 && g->stride[k] == 1 && g->padBegin[k] == 0 && g->padEnd[k] == 0;
    if (!is1x1) {
        const CheckedCount col = CheckedCount{perInputChannel(*g)} * static_cast<Count>(g->groups) *
                                 static_cast<Count>(ctx.in().shape[1] * ctx.in().shape[2]);
        if (col.ok()) r.caffeColumnBufferNumel = col.value();
    }
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const auto g = geometry(ctx);
    if (!g) return f;
    const Shape& in = ctx.in().shape;
    static const char* axis[] = {"h", "w"};
    for (std::size_t k = 0; k < 2; ++k) {
        const std::string a = axis[k];
        f.push_back(Formula{"output " + a,
                            "(" + a + "_in − 1) × stride − pad_begin − pad_end + dilation × (k − 1) + output_padding + 1",
                            "(" + std::to_string(in[static_cast<int>(k) + 1]) + " − 1) × " + std::to_string(g->stride[k]) +
                                " − " + std::to_string(g->padBegin[k]) + " − " + std::to_string(g->padEnd[k]) + " + " +
                                std::to_string(g->dilation[k]) + " × (" + std::to_string(g->kernel[k]) + " − 1) + " +
                                std::to_string(g->outputPadding[k]) + " + 1",
                            std::to_string(g->out[static_cast<int>(k) + 1])});
    }
    f.push_back(countFormula("weights", "in × out/groups × kh × kw",
                             timesJoin({g->inChannels, g->filters / g->groups, g->kernel[0], g->kernel[1]}),
                             r.params[0].numel));
    if (r.params.size() > 1) f.push_back(countFormula("bias", "out", withThousands(g->filters), r.params[1].numel));
    f.push_back(countFormula("MACs", "input elements × out/groups × kh × kw",
                             withThousands(in.numel().value()) + " × " + withThousands(perInputChannel(*g)), r.macs));
    for (auto& s : savedFormulas(ctx, r)) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeConvTranspose2DKind()
{
    LayerKind k;
    k.id = "ConvTranspose2D";
    k.displayName = "Transposed conv 2D";
    k.category = "Convolution";
    k.description = "Transposed (fractionally strided) convolution, the U-Net up-sampling step: in × out/groups × kernel "
                    "weights plus a bias per filter. Keeps its input for backward.";
    k.aliases = {"Conv2DTranspose", "Deconvolution"};
    k.params = {
        intParam("filters", 64, 1, 1e9, "channels", "Output channels (PyTorch out_channels, Caffe num_output)"),
        listParam("kernel_size", {2}, 1, 1e6, 2, 2, "px", "Window size per spatial axis"),
        listParam("stride", {2}, 1, 1e6, 2, 2, "px", "Up-sampling step per spatial axis"),
        listParam("padding", {0}, 0, 1e6, 2, 4, "px",
                  "Rows/columns removed from each border (2 values), or top, left, bottom, right (4 values)"),
        listParam("output_padding", {0}, 0, 1e6, 2, 2, "px",
                  "Extra rows/columns added at the bottom/right; smaller than stride or dilation"),
        listParam("dilation", {1}, 1, 1e6, 2, 2, "px", "Spacing between kernel taps"),
        intParam("groups", 1, 1, 1e9, "", "Channel groups; must divide the input channels and filters"),
        boolParam("bias", true, "Adds a learnable bias per filter"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
