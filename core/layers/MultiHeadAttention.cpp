// MultiHeadAttention: PyTorch's nn.MultiheadAttention (kdim = vdim = embed_dim). One input =
// self-attention on [S, E]; two inputs = query [S, E] and key/value [S_kv, E]; three = query,
// key, value. Output [S, E].
// Parameters (state_dict): in_proj_weight [3E, E], in_proj_bias [3E], out_proj.weight [E, E],
// out_proj.bias [E].
//
// What PyTorch 1.13 keeps for backward (F.multi_head_attention_forward, training path: no fused
// kernel), from ../shared/truth transformer_encoder_cls / vit_b_16 (self_attn storages) and
// measured with torch 1.13 for dropout 0, a causal mask, batch_first = false and q/k/v inputs:
// - per distinct input, the in-projection's operand: with batch_first the input is transposed,
//   so matmul keeps a contiguous copy (MmBackward0.self) — without, the input itself;
// - DivBackward0.other: the Python float √head_dim as a 0-dim float64 tensor, 8 B fixed;
// - q / √d [S, E] and k [S_kv, E] (BmmBackward0.self / mat2 of q·kᵀ; a causal mask goes to
//   baddbmm, which keeps the same two);
// - the softmax result [heads, S, S_kv]; with dropout the noise and the dropped-out weights too
//   (CPU: a float noise tensor, CUDA: native_dropout's 1-byte mask);
// - v [S_kv, E] (BmmBackward0.mat2) and the contiguous attention output [S, E] for out_proj
//   (AddmmBackward0.mat1);
// - need_weights (nn.MultiheadAttention's default when called directly; TransformerEncoderLayer
//   passes False): output 1 = the weights averaged over heads, whose division by num_heads keeps
//   one more 8-byte scalar (measured: +8 B fixed, nothing per sample).
// Caffe has no attention layer; its internal tensors are counted as extra blobs (data + diff).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kEmbed, kHeads, kDropout, kBias, kCausal, kBatchFirst, kNeedWeights };

struct Dims {
    Count S = 0, Skv = 0, E = 0, heads = 1;
};

Result<Dims> dims(const LayerContext& ctx)
{
    Dims d;
    d.E = static_cast<Count>(ctx.i(kEmbed));
    d.heads = static_cast<Count>(ctx.i(kHeads));
    if (d.E % d.heads != 0)
        return makeError("attribute", "embed_dim " + std::to_string(d.E) + " is not divisible by num_heads " +
                                          std::to_string(d.heads));
    static const char* names[] = {"query", "key/value", "value"};
    for (std::size_t i = 0; i < ctx.inputs.size(); ++i) {
        const char* name = ctx.inputs.size() == 3 ? (i == 0 ? "query" : i == 1 ? "key" : "value") : names[i];
        if (auto e = expectRank(ctx, 2, "[S, E]", static_cast<int>(i))) return *e;
        if (auto e = expectFloat(ctx, static_cast<int>(i))) return *e;
        if (static_cast<Count>(ctx.in(static_cast<int>(i)).shape[1]) != d.E)
            return makeError("shape", std::string(name) + " has " + std::to_string(ctx.in(static_cast<int>(i)).shape[1]) +
                                          " features, embed_dim is " + std::to_string(d.E));
    }
    d.S = static_cast<Count>(ctx.in(0).shape[0]);
    d.Skv = static_cast<Count>(ctx.in(ctx.inputs.size() > 1 ? 1 : 0).shape[0]);
    if (ctx.inputs.size() == 3 && ctx.in(2).shape[0] != ctx.in(1).shape[0])
        return makeError("shape", "key has " + std::to_string(ctx.in(1).shape[0]) + " positions but value " +
                                      std::to_string(ctx.in(2).shape[0]));
    if (ctx.b(kCausal) && d.S != d.Skv)
        return makeError("attribute", "a causal mask needs as many query as key positions (" + std::to_string(d.S) +
                                          " vs " + std::to_string(d.Skv) + ")");
    return d;
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto d = dims(ctx);
    if (!d) return d.error();
    const Count S = d->S, Skv = d->Skv, E = d->E;
    CheckedCount scores{d->heads};
    scores *= S;
    scores *= Skv;
    CheckedCount check = CheckedCount{E} * E;
    check *= 3;
    check *= S + 2 * Skv;
    if (!scores.ok() || !check.ok()) return makeError("overflow", "attention sizes overflow 64 bits");
    const Count hss = scores.value();
    KindResult r;
    r.outputs.push_back(TensorInfo{Shape{static_cast<std::int64_t>(S), static_cast<std::int64_t>(E)}});
    if (ctx.b(kNeedWeights)) // weights averaged over the heads
        r.outputs.push_back(TensorInfo{Shape{static_cast<std::int64_t>(S), static_cast<std::int64_t>(Skv)}});
    r.params.push_back(matrixShaped(castByAutocast({"in_proj_weight", 3 * E * E, true}), 3 * E, E));
    // Autocast: linear/bmm/baddbmm are lowered, so q, k, v, the attention weights and the
    // saved projection inputs are half; softmax stays half on the CPU (measured: the truth's
    // Transformer keeps no float32 attention matrix) and is float32 on CUDA (softmax on the
    // fp32 list). CUDA's float32 softmax result is not modelled (kept half): a known gap.
    r.setAutocast(Autocast::Lower);
    if (ctx.b(kBias)) r.params.push_back({"in_proj_bias", 3 * E, true});
    r.params.push_back(matrixShaped(castByAutocast({"out_proj.weight", E * E, true}), E, E));
    if (ctx.b(kBias)) r.params.push_back({"out_proj.bias", E, true});
    // projections q, k, v and out; q·kᵀ and attention·v (every head together: S × S_kv × E).
    r.macs = S * E * E + 2 * Skv * E * E + S * E * E + 2 * S * Skv * E;

    const bool dropout = ctx.f(kDropout) > 0.0;
    for (int p : {static_cast<int>(Profile::PyTorchCpu), static_cast<int>(Profile::PyTorchCuda)}) {
        const auto prof = static_cast<Profile>(p);
        for (std::size_t i = 0; i < ctx.inputs.size(); ++i) {
            if (ctx.b(kBatchFirst))
                r.keep(prof, savedExtra(ElemKind::Activation, ctx.in(static_cast<int>(i)).shape.numel().value(), 0,
                                        "MmBackward0.self (time-major copy of the input)", SaveWhen::ParamsNeedGrad));
            else
                r.keep(prof, savedInput(static_cast<int>(i), "MmBackward0.self (in-projection input)", SaveWhen::ParamsNeedGrad));
        }
        // A 0-dim float64 tensor: 8 bytes whatever the precision, so it is counted as one
        // 8-byte (Int64-sized) element.
        r.keep(prof, savedExtra(ElemKind::Int64, 0, 1, "DivBackward0.other (√head_dim, float64 scalar)"));
        r.keep(prof, savedExtra(ElemKind::Activation, S * E, 0, "BmmBackward0.self (q / √d)"));
        r.keep(prof, savedExtra(ElemKind::Activation, 2 * Skv * E, 0, "BmmBackward0.mat2 (k and v)"));
        r.keep(prof, savedExtra(ElemKind::Activation, hss, 0, "SoftmaxBackward0.result (attention weights)"));
        if (dropout) {
            if (prof == Profile::PyTorchCpu)
                r.keep(prof, savedExtra(ElemKind::Activation, hss, 0, "MulBackward0.other (attention dropout noise)"));
            else
                r.keep(prof, savedExtra(ElemKind::Bool, hss, 0, "NativeDropoutBackward0.result1 (mask)"));
            r.keep(prof, savedExtra(ElemKind::Activation, hss, 0, "BmmBackward0.self (dropped-out weights)"));
        }
        r.keep(prof, savedExtra(ElemKind::Activation, S * E, 0, "AddmmBackward0.mat1 (attention output, contiguous)",
                                SaveWhen::ParamsNeedGrad));
        if (ctx.b(kNeedWeights)) // `sum(dim=1) / num_heads`: the divisor as a 0-dim tensor
            r.keep(prof, savedExtra(ElemKind::Int64, 0, 1, "DivBackward0.other (num_heads scalar)"));
    }
    r.keep(Profile::Caffe, savedExtra(ElemKind::Activation, 2 * (2 * S * E + 2 * Skv * E + (dropout ? 3 : 2) * hss), 0,
                                      "q, k, v, scores, weights, context blobs, data + diff"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    auto d = dims(ctx);
    if (!d) return f;
    const auto E = static_cast<std::int64_t>(d->E);
    const std::string b = ctx.b(kBias) ? " + 4E" : "";
    Count params = 0;
    for (const auto& p : r.params) params += p.numel;
    f.push_back(countFormula("weights", "3E × E + E × E" + b, "4 × " + withThousands(E) + "²" + (ctx.b(kBias) ? " + 4 × " + withThousands(E) : ""),
                             params));
    f.push_back(countFormula("attention weights per head set", "heads × S × S_kv",
                             timesJoin({static_cast<std::int64_t>(d->heads), static_cast<std::int64_t>(d->S),
                                        static_cast<std::int64_t>(d->Skv)}),
                             d->heads * d->S * d->Skv));
    f.push_back(countFormula("MACs", "2·S·E² + 2·S_kv·E² + 2·S·S_kv·E",
                             "S = " + withThousands(d->S) + ", S_kv = " + withThousands(d->Skv) + ", E = " + withThousands(E),
                             r.macs));
    Count cpu = 0, inputs = 0;
    for (const auto& t : r.saved[static_cast<int>(Profile::PyTorchCpu)]) cpu += t.numelPerSample;
    for (const auto& in : ctx.inputs) inputs += in.shape.numel().value();
    const int copies = ctx.f(kDropout) > 0.0 ? 3 : 1;
    f.push_back(countFormula("saved for backward (PyTorch CPU, elements per sample)",
                             "inputs + 2·S·E (q/√d, output) + 2·S_kv·E (k, v) + " + std::to_string(copies) + " × heads·S·S_kv",
                             withThousands(inputs) + " + 2 × " + withThousands(d->S * d->E) + " + 2 × " +
                                 withThousands(d->Skv * d->E) + " + " + std::to_string(copies) + " × " +
                                 withThousands(d->heads * d->S * d->Skv),
                             cpu));
    return f;
}
} // namespace

LayerKind makeMultiHeadAttentionKind()
{
    LayerKind k;
    k.id = "MultiHeadAttention";
    k.displayName = "Multi-head attention";
    k.category = "Sequence";
    k.description = "Scaled dot-product attention with num_heads heads and in/out projections, as PyTorch's "
                    "nn.MultiheadAttention. Keeps heads × S × S attention weights (three copies with dropout) for backward.";
    k.aliases = {"MultiheadAttention"};
    k.minInputs = 1;
    k.maxInputs = 3;
    k.params = {
        intParam("embed_dim", 512, 1, 1e9, "features", "Model width E; every input must have E features"),
        intParam("num_heads", 8, 1, 1e6, "heads", "Parallel heads; must divide embed_dim"),
        floatParam("dropout", 0.0, 0.0, 0.999999, "Dropout on the attention weights"),
        boolParam("bias", true, "in_proj_bias and out_proj.bias"),
        boolParam("causal", false, "Each position attends only to earlier ones (a mask; keeps the same tensors)"),
        boolParam("batch_first", true,
                  "PyTorch batch_first: inputs are transposed to time-major order, so the in-projection keeps a copy"),
        boolParam("need_weights", false, "Adds output 1: the attention weights averaged over heads [S, S_kv]"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
