// PositionalEmbedding: a learned [num_positions, E] table whose first S rows are added to an
// [S, E] input. Two PyTorch spellings, same parameters:
// - a bare nn.Parameter added with broadcasting (../shared/truth models.py TransformerClassifier
//   `self.pos`): AddBackward0 keeps nothing;
// - an nn.Embedding looked up with torch.arange position ids (GPT-2's wpe, `lookup` = true):
//   EmbeddingBackward0 keeps the [1, S] int64 ids, shared by the whole batch (fixed, 8 B each;
//   measured with torch 1.13: 0 B per sample, 8 × S B fixed).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kPositions, kLookup };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectRank(ctx, 2, "[S, E]")) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    const std::int64_t s = ctx.in().shape[0], e = ctx.in().shape[1];
    const std::int64_t positions = ctx.i(kPositions) == 0 ? s : ctx.i(kPositions);
    if (positions < s)
        return makeError("shape", "the sequence has " + std::to_string(s) + " positions but the table only " +
                                      std::to_string(positions) + " (num_positions)");
    const CheckedCount weights = CheckedCount{static_cast<Count>(positions)} * static_cast<Count>(e);
    if (!weights.ok()) return makeError("overflow", "weight count overflows 64 bits");
    KindResult r;
    r.outputs.push_back(ctx.in());
    r.params.push_back(matrixShaped({"weight", weights.value(), true}, static_cast<Count>(positions), static_cast<Count>(e)));
    if (ctx.b(kLookup))
        r.keepPyTorch(savedExtra(ElemKind::Int64, 0, static_cast<Count>(s), "EmbeddingBackward0.indices (position ids)",
                                 SaveWhen::ParamsNeedGrad));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t e = ctx.in().shape[1];
    const auto positions = static_cast<std::int64_t>(r.params[0].numel / static_cast<Count>(e));
    f.push_back(countFormula("weights", "num_positions × E", timesJoin({positions, e}), r.params[0].numel));
    f.push_back(Formula{"saved for backward", ctx.b(kLookup) ? "position ids, once per batch (int64)" : "nothing (an addition)",
                        ctx.b(kLookup) ? withThousands(ctx.in().shape[0]) + " × 8 B" : "",
                        ctx.b(kLookup) ? withThousands(ctx.in().shape[0] * 8) + " B fixed" : "0 B"});
    return f;
}
} // namespace

LayerKind makePositionalEmbeddingKind()
{
    LayerKind k;
    k.id = "PositionalEmbedding";
    k.displayName = "Positional embedding";
    k.category = "Sequence";
    k.description = "Adds a learned vector per position to an [S, E] sequence (BERT/GPT-2/ViT style).";
    k.params = {
        intParam("num_positions", 0, 0, 1e9, "positions",
                 "Rows of the table (the model's maximum length); 0 means the input's length"),
        boolParam("lookup", false,
                  "Looked up with position ids as an nn.Embedding (GPT-2 wpe): keeps the ids for backward"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
