// Embedding: a lookup table of num_embeddings × embedding_dim learnable rows, indexed by int64
// token ids. Output = the ids' shape with embedding_dim appended ([T] -> [T, E]).
// Backward (PyTorch EmbeddingBackward0) keeps the indices for the weight's gradient and the
// weight itself (a parameter). The indices are usually the model input, which the analyser
// excludes (it is the `input` component): ../shared/truth lstm_lm lists
// "EmbeddingBackward0.indices" as the int64 input storage (is_input: true).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kNum, kDim };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const TensorInfo& in = ctx.in();
    if (in.elem != ElemKind::Int64)
        return makeError("dtype", std::string("expects int64 token ids, got ") + elemKindName(in.elem) +
                                      " values (set the Input's dtype to int64)");
    if (in.shape.rank() < 1) return makeError("shape", "expects token ids of rank >= 1 ([T] per sample)");
    const std::int64_t num = ctx.i(kNum), dim = ctx.i(kDim);
    const CheckedCount weights = CheckedCount{static_cast<Count>(num)} * static_cast<Count>(dim);
    if (!weights.ok()) return makeError("overflow", "weight count overflows 64 bits");
    KindResult r;
    TensorInfo out{in.shape, ElemKind::Activation};
    out.shape.push(dim);
    r.outputs.push_back(out);
    r.params.push_back(matrixShaped({"weight", weights.value(), true}, static_cast<Count>(num), static_cast<Count>(dim)));
    // Only the weight's gradient needs the indices (derivatives.yaml: embedding -> weight).
    r.keepPyTorch(savedInput(0, "EmbeddingBackward0.indices", SaveWhen::ParamsNeedGrad));
    // TensorFlow (Keras Embedding, embedding_lookup of a variable): ResourceGather(handle, ids)
    // keeps the ids (the variable's handle holds no activation memory).
    keepTensorFlowOp(r, TfOp::ResourceGather, {tfHeld(), tfIn(0)}, {tfOut(0)});
    // Caffe's EmbedLayer keeps nothing beyond its top blob.
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t num = ctx.i(kNum), dim = ctx.i(kDim);
    f.push_back(countFormula("weights", "num_embeddings × embedding_dim", timesJoin({num, dim}), r.params[0].numel));
    f.push_back(Formula{"saved for backward", "the int64 token ids (EmbeddingBackward0.indices)",
                        withThousands(ctx.in().shape.numel().value()) + " × 8 B",
                        withThousands(ctx.in().shape.numel().value() * 8) + " B per sample"});
    return f;
}
} // namespace

LayerKind makeEmbeddingKind()
{
    LayerKind k;
    k.id = "Embedding";
    k.displayName = "Embedding";
    k.category = "Sequence";
    k.description = "Looks up a learnable vector per int64 token id: [T] ids become [T, embedding_dim].";
    k.aliases = {"Embed"};
    k.params = {
        intParam("num_embeddings", 10000, 1, 1e12, "tokens", "Vocabulary size: rows of the table"),
        intParam("embedding_dim", 256, 1, 1e9, "features", "Length of each vector"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
