// ScaledDotProductAttention: softmax(q·kᵀ / √head_dim [+ causal mask]) · v over separate query,
// key and value inputs [S, heads·d], [S_kv, kv_heads·d], [S_kv, kv_heads·d] (the projections
// are Dense layers of their own, so freezing and checkpointing see Hugging Face's q_proj/k_proj/
// v_proj/o_proj). Output [S, heads·d]. kv_heads < heads is grouped-query attention (each key/value
// head serves heads / kv_heads query heads), kv_heads = 1 multi-query attention.
//
// Eager path (Hugging Face's LlamaAttention and GPT2Attention._attn, transformers commit
// 002272831fba584eb30dca9729c1be456836960a; measured with torch 1.13, tests/truth/out/llm_*.json):
// - BmmBackward0.self of q·kᵀ: q as [heads, S, d], always a copy (q arrives as a head-strided
//   view, which matmul's reshape to 3-D copies);
// - BmmBackward0.mat2 of q·kᵀ: k as [heads, d, S_kv] — repeat_kv's expanded copy with GQA/MQA,
//   the reshape copy of the strided view without — and of attention·v: v likewise [heads, S_kv, d];
// - DivBackward0.other: the scale, an 8-byte float64 scalar for `/ math.sqrt(d)` (LLaMA) or a
//   0-dim tensor of the scores' dtype for `/ torch.full([], ...)` (GPT-2); fixed;
// - SoftmaxBackward0.result [heads, S, S_kv]; with softmax_fp32 (LLaMA's `softmax(..., dtype=
//   torch.float32).to(q.dtype)`) float32, and under autocast also its half copy, which the second
//   bmm keeps; without autocast the two are one tensor;
// - dropout > 0: as nn.Dropout (CPU: the float noise, CUDA: the 1-byte mask) and the dropped-out
//   weights the second bmm keeps;
// - the causal mask (an additive or torch.where mask built under no_grad from a buffer) keeps
//   nothing per sample; GPT-2 registers the buffer per layer (non-persistent `bias`, a bool
//   [1, 1, n_positions, n_positions], and a float `masked_bias`): mask_buffer_positions.
// flash (FlashAttention-2, Dao-AILab/flash-attention commit 005300258a22e5fc6be621063c3d5704e82b89d9,
// flash_attn/flash_attn_interface.py FlashAttnFunc.forward: `ctx.save_for_backward(q, k, v,
// out_padded, softmax_lse, rng_state)`): no S² term; keeps q, k, v as given (kv_heads heads, no
// repeat), the output, the float32 log-sum-exp [heads, S] and the 2-element int64 RNG state
// (fixed); dropout keeps no mask (it is regenerated from the RNG state).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kHeads, kKvHeads, kCausal, kDropout, kFlash, kSoftmaxFp32, kScale, kMaskBuffer };

struct Dims {
    Count S = 0, Skv = 0, heads = 1, kvHeads = 1, d = 1;
};

Result<Dims> dims(const LayerContext& ctx)
{
    static const char* names[] = {"query", "key", "value"};
    for (int i = 0; i < 3; ++i) {
        if (auto e = expectRank(ctx, 2, "[S, heads × head_dim]", i)) return *e;
        if (auto e = expectFloat(ctx, i)) return *e;
    }
    Dims r;
    r.heads = static_cast<Count>(ctx.i(kHeads));
    r.kvHeads = ctx.i(kKvHeads) == 0 ? r.heads : static_cast<Count>(ctx.i(kKvHeads));
    if (r.heads % r.kvHeads != 0)
        return makeError("attribute", "num_heads " + std::to_string(r.heads) + " is not a multiple of num_kv_heads " +
                                          std::to_string(r.kvHeads));
    const auto width = static_cast<Count>(ctx.in(0).shape[1]);
    if (width % r.heads != 0)
        return makeError("shape", "query has " + std::to_string(width) + " features, not a multiple of num_heads " +
                                      std::to_string(r.heads));
    r.d = width / r.heads;
    for (int i = 1; i < 3; ++i)
        if (static_cast<Count>(ctx.in(i).shape[1]) != r.kvHeads * r.d)
            return makeError("shape", std::string(names[i]) + " has " + std::to_string(ctx.in(i).shape[1]) + " features, expected num_kv_heads × head_dim = " +
                                          std::to_string(r.kvHeads) + " × " + std::to_string(r.d));
    r.S = static_cast<Count>(ctx.in(0).shape[0]);
    r.Skv = static_cast<Count>(ctx.in(1).shape[0]);
    if (ctx.in(2).shape[0] != ctx.in(1).shape[0])
        return makeError("shape", "key has " + std::to_string(ctx.in(1).shape[0]) + " positions but value " +
                                      std::to_string(ctx.in(2).shape[0]));
    if (ctx.b(kCausal) && r.S != r.Skv)
        return makeError("attribute", "a causal mask needs as many query as key positions (" + std::to_string(r.S) + " vs " +
                                          std::to_string(r.Skv) + ")");
    return r;
}

void keepEager(KindResult& r, const LayerContext& ctx, const Dims& d, Count scores, Profile prof)
{
    const Count hsd = d.heads * d.S * d.d, hskvd = d.heads * d.Skv * d.d;
    r.keep(prof, savedExtra(ElemKind::Activation, hsd, 0, "BmmBackward0.self (q, copied to [heads, S, d])"));
    r.keep(prof, savedExtra(ElemKind::Activation, hskvd, 0, "BmmBackward0.mat2 (k, repeated or copied to heads)"));
    if (ctx.s(kScale) == "float64")
        r.keep(prof, savedExtra(ElemKind::Int64, 0, 1, "DivBackward0.other (√d, a float64 scalar)"));
    else if (ctx.s(kScale) == "tensor")
        r.keep(prof, savedExtra(ElemKind::Activation, 0, 1, "DivBackward0.other (√d, a 0-dim tensor)"));
    if (ctx.b(kSoftmaxFp32)) {
        r.keep(prof, underAutocast(savedExtra(ElemKind::Activation, scores, 0, "SoftmaxBackward0.result (float32)"),
                                   AutocastDtype::Float));
        r.keep(prof, underAutocast(savedExtra(ElemKind::Activation, scores, 0, "BmmBackward0.self (the half copy of the weights)"),
                                   AutocastDtype::HalfCopyUnderAutocast));
    } else {
        r.keep(prof, savedExtra(ElemKind::Activation, scores, 0, "SoftmaxBackward0.result (attention weights)"));
    }
    if (ctx.f(kDropout) > 0.0) {
        if (prof == Profile::PyTorchCpu)
            r.keep(prof, savedExtra(ElemKind::Activation, scores, 0, "MulBackward0.other (attention dropout noise)"));
        else
            r.keep(prof, savedExtra(ElemKind::Bool, scores, 0, "NativeDropoutBackward0.result1 (mask)"));
        r.keep(prof, savedExtra(ElemKind::Activation, scores, 0, "BmmBackward0.self (dropped-out weights)"));
    }
    r.keep(prof, savedExtra(ElemKind::Activation, hskvd, 0, "BmmBackward0.mat2 (v, repeated or copied to heads)"));
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto d = dims(ctx);
    if (!d) return d.error();
    CheckedCount scores{d->heads};
    scores *= d->S;
    scores *= d->Skv;
    CheckedCount check = CheckedCount{d->heads} * d->d;
    check *= d->S + 2 * d->Skv;
    if (!scores.ok() || !check.ok()) return makeError("overflow", "attention sizes overflow 64 bits");
    KindResult r;
    r.outputs.push_back(ctx.in(0));
    if (const auto n = static_cast<Count>(ctx.i(kMaskBuffer)); n > 0) {
        if (n < d->Skv)
            return makeError("shape", "the sequence has " + std::to_string(d->Skv) + " positions, the mask buffer only " +
                                          std::to_string(n));
        r.params.push_back({"bias", n * n, false, ElemKind::Bool});
        r.params.push_back({"masked_bias", 1, false});
    }
    r.macs = 2 * scores.value() * d->d; // q·kᵀ and attention·v
    r.setAutocast(Autocast::Lower);     // matmul / bmm (and flash's half kernels)
    for (Profile prof : {Profile::PyTorchCuda, Profile::PyTorchCpu}) {
        if (ctx.b(kFlash)) {
            r.keep(prof, savedInput(0, "FlashAttnFunc q"));
            r.keep(prof, savedInput(1, "FlashAttnFunc k"));
            r.keep(prof, savedInput(2, "FlashAttnFunc v"));
            r.keep(prof, savedOutput(0, "FlashAttnFunc out_padded"));
            r.keep(prof, savedExtra(ElemKind::Float32, d->heads * d->S, 0, "FlashAttnFunc softmax_lse (float32 [heads, S])"));
            r.keep(prof, savedExtra(ElemKind::Int64, 0, 2, "FlashAttnFunc rng_state"));
        } else {
            keepEager(r, ctx, *d, scores.value(), prof);
        }
    }
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, 2 * (d->heads * d->d * (d->S + 2 * d->Skv) + 2 * scores.value()), 0,
                                      "q, k, v, scores, weights blobs, data + diff"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    auto d = dims(ctx);
    if (!d) return f;
    f.push_back(countFormula("attention weights", "heads × S × S_kv",
                             timesJoin({static_cast<std::int64_t>(d->heads), static_cast<std::int64_t>(d->S),
                                        static_cast<std::int64_t>(d->Skv)}),
                             d->heads * d->S * d->Skv));
    f.push_back(Formula{"key/value heads", "num_kv_heads (GQA groups of heads / kv_heads)",
                        std::to_string(d->heads) + " / " + std::to_string(d->kvHeads), std::to_string(d->kvHeads)});
    Count cpu = 0;
    for (const auto& t : r.saved[static_cast<int>(Profile::PyTorchCpu)]) cpu += t.numelPerSample;
    f.push_back(countFormula("saved for backward (PyTorch, new elements per sample)",
                             ctx.b(kFlash) ? "log-sum-exp heads × S (q, k, v and the output are the layer's tensors)"
                                           : "q + k + v as heads × S × d each, plus the S² weights (and dropout's two)",
                             ctx.b(kFlash) ? timesJoin({static_cast<std::int64_t>(d->heads), static_cast<std::int64_t>(d->S)})
                                           : "d = " + std::to_string(d->d),
                             cpu));
    return f;
}
} // namespace

LayerKind makeScaledDotProductAttentionKind()
{
    LayerKind k;
    k.id = "ScaledDotProductAttention";
    k.displayName = "Attention (q, k, v)";
    k.category = "Sequence";
    k.description = "Scaled dot-product attention of separate query, key and value projections, with grouped-query "
                    "heads (num_kv_heads), a causal mask and a FlashAttention option that keeps no S × S weights.";
    k.aliases = {"SDPA", "GroupedQueryAttention"};
    k.minInputs = 3;
    k.maxInputs = 3;
    k.params = {
        intParam("num_heads", 8, 1, 1e6, "heads", "Query heads; the query's width is num_heads × head_dim"),
        intParam("num_kv_heads", 0, 0, 1e6, "heads",
                 "Key/value heads (0: as many as num_heads; fewer: grouped-query, 1: multi-query attention)"),
        boolParam("causal", true, "Each position attends only to itself and earlier ones (keeps nothing more)"),
        floatParam("dropout", 0.0, 0.0, 0.999999, "Dropout on the attention weights"),
        boolParam("flash", false, "FlashAttention: keeps q, k, v, the output and a float32 log-sum-exp, no S × S weights"),
        boolParam("softmax_fp32", false,
                  "Softmax computed in float32 and cast back (LLaMA's dtype=torch.float32): a float32 copy under autocast"),
        choiceParam("scale", "float64", {"float64", "tensor", "none"},
                    "How the scores are divided by √head_dim: a Python float (an 8-byte scalar is kept), a 0-dim tensor "
                    "(GPT-2's torch.full) or not at all"),
        intParam("mask_buffer_positions", 0, 0, 1e6, "positions",
                 "GPT-2's causal mask buffers: a bool [n, n] `bias` and a scalar `masked_bias` per layer (0: none)"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
