// GELU: x·Φ(x), exact (erf) or the tanh approximation. PyTorch's GeluBackward0 keeps its input
// (`self`), on CPU and CUDA alike: ../shared/truth vit_b_16 "mlp.1 GeluBackward0.self"; the
// tanh form keeps the same (measured with torch 1.13). Caffe has no GELU layer.
// gelu_new: Hugging Face's NewGELUActivation (GPT-2's `gelu_new`, transformers commit
// 002272831fba584eb30dca9729c1be456836960a, src/transformers/activations.py), the tanh formula
// written in Python ops, `0.5 * x * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 *
// torch.pow(x, 3.0))))`; measured (tests/truth/out/llm_gpt2.json, mlp.act): it keeps the input
// (PowBackward0.self), the tanh result, 0.5·x and 1 + tanh (the last MulBackward0's self and
// other), and the three Python floats it multiplies by as 8-byte float64 scalars (fixed).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kApproximate };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    KindResult r;
    r.outputs.push_back(ctx.in());
    if (ctx.s(kApproximate) == "gelu_new") {
        const Count n = ctx.in().shape.numel().value();
        r.keepPyTorch(savedInput(0, "PowBackward0.self (x)"));
        r.keepPyTorch(savedExtra(ElemKind::Activation, n, 0, "TanhBackward0.result"));
        r.keepPyTorch(savedExtra(ElemKind::Activation, n, 0, "MulBackward0.self (0.5·x)"));
        r.keepPyTorch(savedExtra(ElemKind::Activation, n, 0, "MulBackward0.other (1 + tanh)"));
        r.keepPyTorch(savedExtra(ElemKind::Int64, 0, 3, "MulBackward0.other (0.044715, √(2/π), 0.5 as float64 scalars)"));
        return r;
    }
    r.keepPyTorch(savedInput(0, "GeluBackward0.self"));
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(Formula{"function",
                        ctx.s(kApproximate) != "none" ? "0.5·x·(1 + tanh(√(2/π)·(x + 0.044715·x³)))" : "x·Φ(x) = 0.5·x·(1 + erf(x/√2))",
                        "", ctx.s(kApproximate)});
    if (ctx.s(kApproximate) == "gelu_new")
        f.push_back(countFormula("saved for backward", "input, tanh, 0.5·x, 1 + tanh (Python ops)",
                                 "4 × " + ctx.in().shape.toString(), 4 * ctx.in().shape.numel().value()));
    else
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
    k.params = {choiceParam("approximate", "none", {"none", "tanh", "gelu_new"},
                            "none: exact erf form; tanh: GPT-2's approximation (F.gelu); gelu_new: the same formula in "
                            "Python ops as Hugging Face's NewGELUActivation, which keeps four tensors")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
