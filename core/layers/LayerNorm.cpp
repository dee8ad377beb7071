// LayerNorm: normalises each row over the last `normalized_dims` axes (PyTorch's
// normalized_shape length), then scales and shifts elementwise (weight, bias of the normalised
// size) when elementwise_affine.
// PyTorch's NativeLayerNormBackward0 keeps the input, the per-row mean (result1) and the per-row
// reciprocal std (result2), one float32 each per row, plus weight and bias (parameters):
// ../shared/truth transformer_encoder_cls norm1 "input [2,128,512], result1/result2 [2,128,1]".
// Statistics stay float32 under autocast, hence ElemKind::Float32.
// Caffe has no LayerNorm; its nearest layer, MVN, allocates mean_, variance_ (one per row) and a
// temp_ blob of the input's size beside its top.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kDims, kEps, kAffine };

struct Rows {
    Count normalized = 1; // elements per row
    Count rows = 1;
};

Result<Rows> rows(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const std::int64_t dims = ctx.i(kDims);
    if (dims > in.rank())
        return makeError("shape", "normalized_dims = " + std::to_string(dims) + " exceeds the input's rank (" +
                                      in.toString() + ")");
    Rows r;
    for (int a = 0; a < in.rank(); ++a)
        (a >= in.rank() - dims ? r.normalized : r.rows) *= static_cast<Count>(in[a]);
    return r;
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    auto rw = rows(ctx);
    if (!rw) return rw.error();
    KindResult r;
    r.outputs.push_back(ctx.in());
    if (ctx.b(kAffine)) {
        r.params.push_back({"weight", rw->normalized, true});
        r.params.push_back({"bias", rw->normalized, true});
    }
    const Count n = ctx.in().shape.numel().value();
    r.macs = ctx.b(kAffine) ? n : 0; // the affine scale; normalisation itself is not a MAC
    r.setAutocast(Autocast::Fp32); // layer_norm: fp32 list (CUDA and CPU): float32 copy in, float32 out
    r.keepPyTorch(savedInput(0, "NativeLayerNormBackward0.input"));
    r.keepPyTorch(savedExtra(ElemKind::Float32, rw->rows, 0, "NativeLayerNormBackward0.result1 (mean)"));
    r.keepPyTorch(savedExtra(ElemKind::Float32, rw->rows, 0, "NativeLayerNormBackward0.result2 (rstd)"));
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, n + 2 * rw->rows, 0, "MVNLayer temp_, mean_, variance_"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    auto rw = rows(ctx);
    if (!rw) return f;
    if (ctx.b(kAffine))
        f.push_back(countFormula("weights", "2 × normalised size (weight + bias)",
                                 "2 × " + withThousands(rw->normalized), 2 * rw->normalized));
    f.push_back(countFormula("rows", "elements / normalised size",
                             withThousands(ctx.in().shape.numel().value()) + " / " + withThousands(rw->normalized),
                             rw->rows));
    f.push_back(countFormula("saved for backward", "input + mean + rstd (per row, float32)",
                             withThousands(ctx.in().shape.numel().value()) + " + 2 × " + withThousands(rw->rows),
                             ctx.in().shape.numel().value() + 2 * rw->rows));
    return f;
}
} // namespace

LayerKind makeLayerNormKind()
{
    LayerKind k;
    k.id = "LayerNorm";
    k.displayName = "Layer norm";
    k.category = "Normalization";
    k.description = "Normalises each position over its features (Transformers). Keeps its input plus a mean and "
                    "an inverse std per row for backward.";
    k.params = {
        intParam("normalized_dims", 1, 1, kMaxListLength, "axes",
                 "How many trailing axes are normalised together (the length of PyTorch's normalized_shape)"),
        floatParam("eps", 1e-5, 0.0, 1.0, "Added to the variance for numerical stability"),
        boolParam("elementwise_affine", true, "Learnable weight and bias of the normalised size"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
