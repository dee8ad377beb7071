// RMSNorm: y = weight · x / √(mean(x²) + eps) over the last axis (no mean subtraction, no bias),
// as Hugging Face's LlamaRMSNorm (transformers commit 002272831fba584eb30dca9729c1be456836960a,
// src/transformers/models/llama/modeling_llama.py; also Mistral's and Qwen2's):
//     h = x.to(float32); variance = h.pow(2).mean(-1, keepdim=True)
//     h = h * torch.rsqrt(variance + eps); return weight * h.to(input_dtype)
// torch 1.13 has no fused RMSNorm, so backward keeps what those ops save, measured with
// tests/truth/llm_models.py (tests/truth/out/llm_llama_gqa.json, input_layernorm):
// - the input x (PowBackward0.self and MulBackward0.self share it);
// - x² [S, E] (MeanBackward1.self), float32;
// - rsqrt(variance + eps) [S, 1] (RsqrtBackward0.result, MulBackward0.other), float32;
// - the normalised h [S, E] (MulBackward0.other of weight · h), in the input's dtype.
// The input is taken as float32 (the residual stream stays float32 under autocast: embedding
// and residual adds are not lowered); a half-precision input would be kept as its float32 copy
// instead, which this rule does not model.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kEps };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1) return makeError("shape", "expects an input of rank >= 1, got a scalar");
    const Count width = static_cast<Count>(in.back());
    const Count n = in.numel().value();
    const Count rows = n / width;
    KindResult r;
    r.outputs.push_back(ctx.in());
    r.params.push_back({"weight", width, true});
    r.macs = 2 * n; // x², and the weight's scale (the normalisation's multiply is counted with it)
    r.keepPyTorch(savedInput(0, "PowBackward0.self / MulBackward0.self (input)"));
    r.keepPyTorch(savedExtra(ElemKind::Float32, n, 0, "MeanBackward1.self (x², float32)"));
    r.keepPyTorch(savedExtra(ElemKind::Float32, rows, 0, "RsqrtBackward0.result (1/rms per row, float32)"));
    // weight * h: autograd saves h only for the weight's gradient (a frozen norm keeps none;
    // measured: tests/truth lora_llama_all, whose norms are frozen).
    r.keepPyTorch(savedExtra(ElemKind::Activation, n, 0, "MulBackward0.other (normalised input, for weight's gradient)",
                             SaveWhen::ParamsNeedGrad));
    // Caffe has no RMSNorm; its blobs are the top's data + diff plus the same statistics.
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, 2 * n + rows, 0, "x², normalised input, 1/rms blobs"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t width = ctx.in().shape.back();
    const Count n = ctx.in().shape.numel().value();
    f.push_back(countFormula("weights", "E (a scale per feature, no bias)", withThousands(width), static_cast<Count>(width)));
    f.push_back(countFormula("saved for backward (elements per sample)", "input + x² + normalised (each S × E) + 1/rms (S)",
                             "3 × " + withThousands(n) + " + " + withThousands(n / static_cast<Count>(width)),
                             3 * n + n / static_cast<Count>(width)));
    return f;
}
} // namespace

LayerKind makeRMSNormKind()
{
    LayerKind k;
    k.id = "RMSNorm";
    k.displayName = "RMS norm";
    k.category = "Normalization";
    k.description = "Root-mean-square normalisation over the last axis with a learnable scale (LLaMA, Mistral, Qwen2). "
                    "Written in Python ops as Hugging Face's LlamaRMSNorm, it keeps its input, x², the normalised "
                    "input and a 1/rms per row for backward.";
    k.aliases = {"LlamaRMSNorm"};
    k.params = {floatParam("eps", 1e-6, 0.0, 1.0, "Added to the mean square for numerical stability")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
