// Input: a model input, one sample's shape without the batch dimension.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kShape, kDtype };

Result<KindResult> analyze(const LayerContext& ctx)
{
    KindResult r;
    TensorInfo t;
    for (auto d : ctx.list(kShape)) t.shape.push(d);
    t.elem = ctx.s(kDtype) == "int64" ? ElemKind::Int64 : ElemKind::Activation;
    r.outputs.push_back(t);
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(countFormula("input elements per sample", "product of the shape", timesJoin(ctx.list(kShape)),
                             r.outputs[0].shape.numel().value()));
    return f;
}
} // namespace

LayerKind makeInputKind()
{
    LayerKind k;
    k.id = "Input";
    k.displayName = "Input";
    k.category = "Input";
    k.description = "A model input: the shape of one sample, without the batch dimension ([C, H, W] for images, [T] for token ids).";
    k.params = {
        listParam("shape", {3, 224, 224}, 1, 1e12, 1, 6, "", "Per-sample shape, channels first"),
        choiceParam("dtype", "float32", {"float32", "int64"}, "float32 for images and features, int64 for token ids"),
    };
    k.minInputs = 0;
    k.maxInputs = 0;
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
