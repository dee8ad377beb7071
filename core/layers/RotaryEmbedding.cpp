// RotaryEmbedding: rotary position embeddings (RoPE) applied to the queries and, with a second
// input, the keys: x·cos + rotate_half(x)·sin per head of head_dim features, as Hugging Face's
// LlamaRotaryEmbedding + apply_rotary_pos_emb (transformers commit
// 002272831fba584eb30dca9729c1be456836960a, src/transformers/models/llama/modeling_llama.py;
// Mistral and Qwen2 copy it). Inputs [S, heads·head_dim]; outputs the rotated tensors, same shapes.
// What backward keeps (measured, tests/truth/out/llm_llama_gqa.json, self_attn):
// - cos and sin, [1, 1, S, head_dim] each, once for q and k together: MulBackward0.other of
//   q·cos and rotate_half(q)·sin. They are computed under no_grad from the [1, S] position ids,
//   so they do not grow with the batch (fixed bytes), in the dtype of the value projection
//   (float32, or half under autocast: `cos.to(dtype=x.dtype)`);
// - nothing of q or k (cos and sin need no gradient, so mul keeps no `self`; cat and neg keep
//   only sizes).
// Buffers (`cache_buffers`): inv_freq [head_dim/2] and, "for BC", _cos_cached and _sin_cached
// [max_position_embeddings, head_dim], non-persistent (not in the state_dict, not parameters,
// but memory): one set per attention layer in that version.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kHeadDim, kTheta, kMaxPositions, kCacheBuffers };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const std::int64_t d = ctx.i(kHeadDim);
    if (d % 2 != 0) return makeError("attribute", "head_dim " + std::to_string(d) + " is odd: rotate_half needs pairs");
    for (int i = 0; i < static_cast<int>(ctx.inputs.size()); ++i) {
        if (auto e = expectRank(ctx, 2, "[S, heads × head_dim]", i)) return *e;
        if (auto e = expectFloat(ctx, i)) return *e;
        if (ctx.in(i).shape[1] % d != 0)
            return makeError("shape", std::string(i == 0 ? "query" : "key") + " has " + std::to_string(ctx.in(i).shape[1]) +
                                          " features, not a multiple of head_dim " + std::to_string(d));
    }
    const std::int64_t s = ctx.in(0).shape[0];
    if (ctx.inputs.size() == 2 && ctx.in(1).shape[0] != s)
        return makeError("shape", "query has " + std::to_string(s) + " positions but key " + std::to_string(ctx.in(1).shape[0]));
    const std::int64_t maxPositions = ctx.i(kMaxPositions);
    if (ctx.b(kCacheBuffers) && maxPositions < s)
        return makeError("shape", "the sequence has " + std::to_string(s) + " positions, max_position_embeddings is " +
                                      std::to_string(maxPositions));
    KindResult r;
    Count elements = 0;
    for (const TensorInfo& in : ctx.inputs) {
        r.outputs.push_back(in);
        elements += in.shape.numel().value();
    }
    r.macs = 2 * elements;
    if (ctx.b(kCacheBuffers)) {
        const CheckedCount cache = CheckedCount{static_cast<Count>(maxPositions)} * static_cast<Count>(d);
        if (!cache.ok()) return makeError("overflow", "cache size overflows 64 bits");
        r.params.push_back({"inv_freq", static_cast<Count>(d / 2), false});
        r.params.push_back({"_cos_cached", cache.value(), false});
        r.params.push_back({"_sin_cached", cache.value(), false});
    }
    const Count table = static_cast<Count>(s) * static_cast<Count>(d);
    r.keepPyTorch(savedExtra(ElemKind::Activation, 0, table, "MulBackward0.other (cos [1, 1, S, head_dim], shared by the batch)"));
    r.keepPyTorch(savedExtra(ElemKind::Activation, 0, table, "MulBackward0.other (sin [1, 1, S, head_dim], shared by the batch)"));
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, 0, 2 * table, "cos and sin tables"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t s = ctx.in(0).shape[0], d = ctx.i(kHeadDim);
    f.push_back(Formula{"function", "x·cos(pos·θ_i) + rotate_half(x)·sin(pos·θ_i), θ_i = theta^(−2i/head_dim)",
                        "theta = " + withThousands(static_cast<std::int64_t>(ctx.f(kTheta))), ""});
    f.push_back(countFormula("saved for backward (fixed elements)", "cos + sin = 2 × S × head_dim", "2 × " + timesJoin({s, d}),
                             static_cast<Count>(2 * s * d)));
    return f;
}
} // namespace

LayerKind makeRotaryEmbeddingKind()
{
    LayerKind k;
    k.id = "RotaryEmbedding";
    k.displayName = "Rotary embedding";
    k.category = "Sequence";
    k.description = "Rotary position embedding (RoPE) of queries and keys, as LLaMA, Mistral and Qwen2 apply it. "
                    "Keeps only the cos and sin tables ([S, head_dim], shared by the batch) for backward.";
    k.aliases = {"RoPE"};
    k.minInputs = 1;
    k.maxInputs = 2;
    k.params = {
        intParam("head_dim", 64, 2, 1e6, "features", "Features per head; each input's width is a multiple of it"),
        floatParam("theta", 10000.0, 1.0, 1e12, "Base of the rotation frequencies (rope_theta)"),
        intParam("max_position_embeddings", 2048, 1, 1e9, "positions", "Rows of the cached cos/sin buffers"),
        boolParam("cache_buffers", true,
                  "Hugging Face registers non-persistent inv_freq, _cos_cached and _sin_cached buffers per layer"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
