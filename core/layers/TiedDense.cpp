// TiedDense: a Dense layer whose weight is another layer's (an Embedding's) table, as a language
// model's head tied to its token embedding (GPT-2's lm_head, weight tying in
// pytorch/examples word_language_model). It owns no weight, so the parameter count is the
// model's unique parameters, as PyTorch's parameters() counts them; only an optional own bias.
// `tied_to` names the Embedding for readers; the kind cannot see other layers, so matching
// sizes (units = num_embeddings, input features = embedding_dim) is the graph author's contract.
// Backward keeps the input for the shared weight's gradient (MmBackward0.self; the weight is a
// parameter). Because the layer owns no trainable tensor, the input is kept whenever autograd
// records the op (the tied weight is assumed trainable). Under autocast it also keeps the
// half copy of the table it casts (see analyze).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kUnits, kBias, kTiedTo };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1) return makeError("shape", "expects an input of rank >= 1, got a scalar");
    const std::int64_t units = ctx.i(kUnits);
    KindResult r;
    TensorInfo out = ctx.in();
    out.shape[in.rank() - 1] = units;
    r.outputs.push_back(out);
    if (ctx.b(kBias)) r.params.push_back({"bias", static_cast<Count>(units), true});
    const CheckedCount macs = out.shape.numel() * static_cast<Count>(in.back());
    if (!macs.ok()) return makeError("overflow", "MAC count overflows 64 bits");
    r.macs = macs.value();
    // matmul: lower_precision_fp. Under autocast the shared table is cast to half here (the
    // Embedding's lookup does not cast it) and mm keeps that copy for the input's gradient
    // (MmBackward0.mat2): units × in_features half elements, fixed. Measured: the tied
    // llm_llama_mha / llm_gpt2 keep 320 × 64 × 2 B = 40,960 B more under CPU bf16 autocast
    // than their untied twins (tests/truth/out/llm_*.json). Without autocast mat2 is the
    // weight itself (no new memory).
    const CheckedCount table = CheckedCount{static_cast<Count>(units)} * static_cast<Count>(in.back());
    if (!table.ok()) return makeError("overflow", "the tied table's size overflows 64 bits");
    r.setAutocast(Autocast::Lower);
    r.keepPyTorch(savedInput(0, "MmBackward0.self (for the tied weight's gradient)"));
    r.keepPyTorch(underAutocast(savedExtra(ElemKind::Activation, 0, table.value(), "MmBackward0.mat2 (the tied table's half copy)",
                                           SaveWhen::InputNeedsGrad),
                                AutocastDtype::HalfCopyUnderAutocast));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::string owner = ctx.s(kTiedTo).empty() ? "the tied embedding" : "'" + ctx.s(kTiedTo) + "'";
    f.push_back(Formula{"weights", "0 (shares the table of " + owner + ")", timesJoin({ctx.i(kUnits), ctx.in().shape.back()}),
                        "0"});
    f.push_back(countFormula("MACs", "output elements × in_features",
                             timesJoin({static_cast<std::int64_t>(r.outputs[0].shape.numel().value()), ctx.in().shape.back()}),
                             r.macs));
    return f;
}
} // namespace

LayerKind makeTiedDenseKind()
{
    LayerKind k;
    k.id = "TiedDense";
    k.displayName = "Dense (tied weights)";
    k.category = "Sequence";
    k.description = "Output projection that reuses an Embedding's table as its weight (tied LM head): no weights of its own.";
    k.aliases = {"LMHead"};
    k.params = {
        intParam("units", 10000, 1, 1e12, "tokens", "Output features: the tied embedding's num_embeddings"),
        boolParam("bias", false, "Adds an own learnable bias per output (GPT-2's head has none)"),
        stringParam("tied_to", "", "Name of the Embedding layer whose weight is reused"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
