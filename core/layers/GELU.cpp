// GELU: x·Φ(x), exact (erf) or the tanh approximation. PyTorch's GeluBackward0 keeps its input
// (`self`), on CPU and CUDA alike: ../shared/truth vit_b_16 "mlp.1 GeluBackward0.self"; the
// tanh form keeps the same (measured with torch 1.13). Caffe has no GELU layer.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kApproximate };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    KindResult r;
    r.outputs.push_back(ctx.in());
    r.keepPyTorch(savedInput(0, "GeluBackward0.self"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(Formula{"function",
                        ctx.s(kApproximate) == "tanh" ? "0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))" : "x·Φ(x) = 0.5·x·(1 + erf(x/√2))",
                        "", ctx.s(kApproximate)});
    f.push_back(countFormula("saved for backward", "the input (GeluBackward0.self)",
                             ctx.in().shape.toString(), ctx.in().shape.numel().value()));
    return f;
}
} // namespace

LayerKind makeGELUKind()
{
    LayerKind k;
    k.id = "GELU";
    k.displayName = "GELU";
    k.category = "Activation";
    k.description = "Gaussian error linear unit (Transformers). Keeps its input for backward, not its output.";
    k.params = {choiceParam("approximate", "none", {"none", "tanh"}, "none: exact erf form; tanh: GPT-2's approximation")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
