// ClassToken: prepends `tokens` learned vectors to an [S, E] sequence, giving [S + tokens, E]
// (ViT's class token, DeiT's class and distillation tokens): torchvision's VisionTransformer
// writes `torch.cat([self.class_token.expand(n, -1, -1), x], dim=1)` with an nn.Parameter of
// [1, tokens, E]; torch.onnx exports it as Expand(class_token) followed by Concat.
// Parameters: tokens × E learnable (torchvision vit_b_16: class_token [1, 1, 768]).
// Backward keeps nothing: derivatives.yaml `cat: tensors: cat_tensors_backward(grad, to_args_sizes(tensors), ...)`
// and `expand: self: at::sum_to(grad, self.sym_sizes())` read only sizes (../shared/truth vit_b_16
// saves no tensor for the class token). The result is a new tensor of (S + tokens) × E.
// TensorFlow (tf.concat of a tiled token and x): ConcatV2 keeps its values, the tiled tokens
// (a new tensor of tokens × E per sample) and x.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kTokens };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectRank(ctx, 2, "[S, E]")) return *e;
    if (auto e = expectFloat(ctx)) return *e;
    const std::int64_t tokens = ctx.i(kTokens), e = ctx.in().shape[1];
    const CheckedCount weights = CheckedCount{static_cast<Count>(tokens)} * static_cast<Count>(e);
    if (!weights.ok()) return makeError("overflow", "weight count overflows 64 bits");
    TensorInfo out = ctx.in();
    out.shape[0] += tokens;
    KindResult r;
    r.outputs.push_back(out);
    r.params.push_back({"class_token", weights.value(), true});
    const TfOperand result = tfOut(0);
    const TfOperand values[] = {tfNew(weights.value()), tfIn(0), tfHeld()};
    keepTensorFlowOp(r, TfOp::ConcatV2, values, std::span<const TfOperand>(&result, 1));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t tokens = ctx.i(kTokens), e = ctx.in().shape[1];
    f.push_back(countFormula("weights", "tokens × E", timesJoin({tokens, e}), r.params[0].numel));
    f.push_back(Formula{"sequence", "S + tokens", withThousands(ctx.in().shape[0]) + " + " + withThousands(tokens),
                        withThousands(r.outputs[0].shape[0])});
    f.push_back(Formula{"saved for backward", "nothing (cat and expand keep only sizes)", "", "0 elements"});
    return f;
}
} // namespace

LayerKind makeClassTokenKind()
{
    LayerKind k;
    k.id = "ClassToken";
    k.displayName = "Class token";
    k.category = "Sequence";
    k.description = "Prepends learned tokens to an [S, E] sequence (ViT's class token): [S + tokens, E]. Keeps "
                    "nothing for backward.";
    k.params = {intParam("tokens", 1, 1, 1e6, "tokens", "Learned vectors put before the sequence (ViT 1, DeiT 2)")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
