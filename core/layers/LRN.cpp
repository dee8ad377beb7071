// LRN: local response normalisation across channels (AlexNet, GoogLeNet):
// b_c = a_c / (k + alpha/n · Σ_{c' near c} a_c'^2)^beta.
// What backward keeps:
// - PyTorch (torch/nn/functional.py local_response_norm, 1.13): div = x·x (MulBackward0 keeps
//   x), padded along C by n−1 and avg_pool3d'd (AvgPool3DBackward0 keeps the padded squares,
//   (C + n − 1) × spatial), ·alpha + k then ^beta (PowBackward keeps its base and its result),
//   x / div (DivBackward0 keeps x and div, the pow result). Input + 3 maps + (n − 1) planes.
// - Caffe (LRNLayer::CrossChannelForward): the `scale_` blob, one value per input element.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kSize, kAlpha, kBeta, kK };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 2) return makeError("shape", "expects [C, spatial...] per sample, got " + in.toString());
    KindResult r;
    r.outputs.push_back(ctx.in());
    const Count n = in.numel().value();
    const Count plane = n / static_cast<Count>(in[0]);
    const Count size = static_cast<Count>(ctx.i(kSize));
    r.macs = n * size;
    r.keepPyTorch(savedInput(0, "MulBackward0.self / DivBackward0.self"));
    r.keepPyTorch(savedExtra(ElemKind::Activation, n + (size - 1) * plane, 0, "AvgPool3DBackward0.self (padded squares)"));
    r.keepPyTorch(savedExtra(ElemKind::Activation, n, 0, "PowBackward0.self (k + alpha·mean)"));
    r.keepPyTorch(savedExtra(ElemKind::Activation, n, 0, "PowBackward0.result / DivBackward0.other"));
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, n, 0, "LRNLayer.scale_"));
    return r;
}
} // namespace

LayerKind makeLRNKind()
{
    LayerKind k;
    k.id = "LRN";
    k.displayName = "Local response norm";
    k.category = "Normalization";
    k.description = "Local response normalisation across neighbouring channels (AlexNet, GoogLeNet). No parameters, "
                    "but several maps kept for backward.";
    k.aliases = {"LocalResponseNorm"};
    k.params = {
        intParam("size", 5, 1, 1e6, "channels", "Channels in the normalisation window (Caffe local_size)"),
        floatParam("alpha", 1e-4, 0.0, 1e6, "Scale of the squared sum"),
        floatParam("beta", 0.75, 0.0, 1e6, "Exponent"),
        floatParam("k", 1.0, 0.0, 1e6, "Additive constant"),
    };
    k.analyze = analyze;
    k.explain = [](const LayerContext& ctx, const KindResult& r) {
        auto f = basicFormulas(r);
        const Count n = ctx.in().shape.numel().value();
        f.push_back(countFormula("kept for backward (PyTorch)", "input + padded squares + 2 × input size",
                                 withThousands(n) + " + " + withThousands(r.saved[1][1].numelPerSample) + " + 2 × " + withThousands(n),
                                 n * 3 + r.saved[1][1].numelPerSample));
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
