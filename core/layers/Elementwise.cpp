// Elementwise: one element-wise math op on one activation, the other operand of a binary op being a
// constant or buffer that needs no gradient (attention's q / √d, LayerNorm's + eps, GELU's
// x / √2, torch.onnx's Add/Sub/Mul/Div/Pow/Sqrt/... nodes with one constant input). `op` names
// the function; for binary ops `constant_first` false is x op c, true is c op x; `constant` is
// c's value, shown in the teaching view only.
// What PyTorch 1.13 keeps (tools/autograd/derivatives.yaml; autograd's codegen saves a tensor
// only for the formulas of inputs that need a gradient, and c needs none); every row measured
// with torch 1.13 and saved_tensors_hooks on a [10, 20] input. c itself is not per sample; a
// Python number c is a 0-dim float64 tensor, so mul and div keep 8 bytes once per layer (a fixed
// amount):
//   add / sub        `self: grad`, `other: maybe_multiply(±grad, alpha)`           nothing (c − x: RsubBackward1)
//   mul              `self: mul_tensor_backward(grad, other, ...)`                 c only (MulBackward0)
//   div x / c        `self: div_tensor_self_backward(grad, other, ...)`            c only (DivBackward0.other)
//   div c / x        `other: div_tensor_other_backward(grad, self, other)`         x (DivBackward0.other), and c
//   pow x ^ c        pow.Tensor_Scalar `self: pow_backward(grad, self, exponent)`  x (PowBackward0.self)
//   pow c ^ x        pow.Scalar `exponent: pow_backward_exponent(grad, self, exponent, result)`:
//                    x and the output (PowBackward2.exponent and .result; pow.Scalar is the
//                    third pow overload, so its node is PowBackward2, and the formula reads
//                    `exponent` as well as `result`)
//   sqrt             `self: grad / (2 * result.conj())`                            output
//   rsqrt            `self: -0.5 * grad * result.pow(3).conj()`                    output
//   exp              `self: grad * result.conj()`                                  output
//   log              `self: grad.div(self.conj())`                                 input
//   erf              `self: 2.0 / sqrt(M_PI) * exp(-(self.pow(2))) * grad`         input
//   neg              `self: grad.neg()`                                            nothing
//   abs              `self: grad * self.sgn()`                                     input
//   reciprocal       `self: -grad * (result * result).conj()`                      output
//   hardsigmoid      `self: hardsigmoid_backward(grad, self)`                      input
// A Python number c / x runs as x.reciprocal() * c in torch (Tensor.__rdiv__), which keeps the
// reciprocal instead; an exported graph shows that as Reciprocal and Mul, two layers here.
// Mixed precision: on CUDA exp, log, pow, reciprocal and rsqrt are on autocast's fp32 list (a
// float32 result, saved as such; the AMP docs' "CUDA ops that can autocast to float32"); the
// CPU's bf16 autocast leaves all of them to type promotion (measured with torch 1.13: a bf16 input
// gives a bf16 result for every op here), as it does the other ops on both devices. TensorFlow: AddV2, Sub and
// Mul keep both inputs (x; c is a constant), Rsqrt its output (the exclusion table); the other
// ops have no row in the profile's table and keep what PyTorch's CPU autograd keeps.
#include "core/layers/KindHelpers.h"

#include <array>
#include <optional>
#include <string_view>

namespace netsizer::core::kinds {
namespace {
enum Attr { kOp, kConstantFirst, kConstant };

enum class Keep : std::uint8_t { Nothing, Input, Output, InputAndOutput };

struct OpRule {
    std::string_view name;
    bool binary;
    const char* xc;     // the function, x op c (or f(x) for unary ops)
    const char* cx;     // c op x (binary ops)
    Keep keepXc, keepCx;
    const char* labelIn;  // the saved input's autograd attribute, x op c / f(x)
    const char* labelInCx;
    const char* labelOut;
    const char* labelConstant; // the constant, when the backward keeps it (x op c; c op x)
    const char* labelConstantCx;
    std::optional<TfOp> tf; // the TensorFlow op, when the profile's table has it
    bool cudaFp32 = false;  // on CUDA autocast's fp32 list
};

constexpr std::array<OpRule, 14> kOps{{
    {"add", true, "x + c", "c + x", Keep::Nothing, Keep::Nothing, "", "", "", "", "", TfOp::AddV2},
    {"sub", true, "x − c", "c − x", Keep::Nothing, Keep::Nothing, "", "", "", "", "", TfOp::Sub},
    {"mul", true, "x · c", "c · x", Keep::Nothing, Keep::Nothing, "", "", "", "MulBackward0.other (the constant)",
     "MulBackward0.self (the constant)", TfOp::Mul},
    {"div", true, "x / c", "c / x", Keep::Nothing, Keep::Input, "", "DivBackward0.other", "",
     "DivBackward0.other (the constant)", "DivBackward0.self (the constant)", std::nullopt},
    {"pow", true, "x ^ c", "c ^ x", Keep::Input, Keep::InputAndOutput, "PowBackward0.self", "PowBackward2.exponent",
     "PowBackward2.result", "", "", std::nullopt, true},
    {"sqrt", false, "√x", "", Keep::Output, Keep::Output, "", "", "SqrtBackward0.result", "", "", std::nullopt},
    {"rsqrt", false, "1 / √x", "", Keep::Output, Keep::Output, "", "", "RsqrtBackward0.result", "", "", TfOp::Rsqrt, true},
    {"exp", false, "eˣ", "", Keep::Output, Keep::Output, "", "", "ExpBackward0.result", "", "", std::nullopt, true},
    {"log", false, "ln x", "", Keep::Input, Keep::Input, "LogBackward0.self", "", "", "", "", std::nullopt, true},
    {"erf", false, "erf(x)", "", Keep::Input, Keep::Input, "ErfBackward0.self", "", "", "", "", std::nullopt},
    {"neg", false, "−x", "", Keep::Nothing, Keep::Nothing, "", "", "", "", "", std::nullopt},
    {"abs", false, "|x|", "", Keep::Input, Keep::Input, "AbsBackward0.self", "", "", "", "", std::nullopt},
    {"reciprocal", false, "1 / x", "", Keep::Output, Keep::Output, "", "", "ReciprocalBackward0.result", "", "", std::nullopt, true},
    {"hardsigmoid", false, "relu6(x + 3) / 6", "", Keep::Input, Keep::Input, "HardsigmoidBackward0.self", "", "", "", "", std::nullopt},
}};

const OpRule* ruleOf(const std::string& op)
{
    for (const auto& r : kOps)
        if (r.name == op) return &r;
    return nullptr;
}

// c op x applies only to binary ops.
bool constantFirst(const LayerContext& ctx, const OpRule& rule) { return rule.binary && ctx.b(kConstantFirst); }

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    const OpRule* rule = ruleOf(ctx.s(kOp));
    if (!rule) return makeError("attribute", "unknown op '" + ctx.s(kOp) + "'");
    const bool cx = constantFirst(ctx, *rule);
    const Keep keep = cx ? rule->keepCx : rule->keepXc;
    if (keep == Keep::Input || keep == Keep::InputAndOutput)
        r->keepPyTorch(savedInput(0, cx ? rule->labelInCx : rule->labelIn));
    if (keep == Keep::Output || keep == Keep::InputAndOutput) r->keepPyTorch(savedOutput(0, rule->labelOut));
    // The constant a mul or div keeps is a 0-dim float64 tensor (a Python number): 8 B once per
    // layer, whatever the batch (../shared/truth transformer_encoder_cls: "DivBackward0.other",
    // 8 B per attention layer, its whole fixed part). ElemKind has no float64; Int64 has its size.
    if (const char* label = cx ? rule->labelConstantCx : rule->labelConstant; *label)
        r->keepPyTorch(savedExtra(ElemKind::Int64, 0, 1, label));
    r->macs = ctx.in().shape.numel().value();
    if (rule->cudaFp32) r->autocast[static_cast<int>(Profile::PyTorchCuda)].op = Autocast::Fp32;
    if (rule->tf) {
        if (!rule->binary)
            keepTensorFlowOp(*r, *rule->tf, {tfIn(0)}, {tfOut(0)});
        else if (cx)
            keepTensorFlowOp(*r, *rule->tf, {tfHeld(), tfIn(0)}, {tfOut(0)});
        else
            keepTensorFlowOp(*r, *rule->tf, {tfIn(0), tfHeld()}, {tfOut(0)});
    }
    return r;
}

// "8" rather than "8.000000" for the teaching view.
std::string constantText(double c)
{
    std::string s = std::to_string(c);
    if (s.find('.') != std::string::npos) {
        while (s.back() == '0') s.pop_back();
        if (s.back() == '.') s.pop_back();
    }
    return s;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const OpRule* rule = ruleOf(ctx.s(kOp));
    if (!rule) return f;
    const bool cx = constantFirst(ctx, *rule);
    std::string symbolic = std::string("y = ") + (cx ? rule->cx : rule->xc);
    std::string substituted = symbolic;
    if (rule->binary) {
        const std::size_t at = substituted.find('c');
        substituted.replace(at, 1, constantText(ctx.f(kConstant)));
    }
    f.push_back(Formula{"function", symbolic, rule->binary ? substituted : "", std::string(rule->name)});
    f.push_back(countFormula("MACs", "one per element", ctx.in().shape.toString(), r.macs));
    const auto saved = savedFormulas(ctx, r);
    if (saved.empty()) f.push_back(Formula{"saved for backward", "nothing per sample", "", "0 elements"});
    for (auto& s : saved) f.push_back(s);
    return f;
}
} // namespace

LayerKind makeElementwiseKind()
{
    std::vector<std::string> ops;
    for (const auto& r : kOps) ops.emplace_back(r.name);
    LayerKind k;
    k.id = "Elementwise";
    k.displayName = "Elementwise";
    k.category = "Math";
    k.description = "One element-wise math op (add, sub, mul, div, pow with a constant; sqrt, rsqrt, exp, log, erf, "
                    "neg, abs, reciprocal, hardsigmoid). Keeps its input, its output or nothing, as PyTorch's backward needs.";
    k.params = {
        choiceParam("op", "mul", ops, "The function: binary ops take the constant as their other operand"),
        boolParam("constant_first", false, "Binary ops: false computes x op c, true computes c op x"),
        floatParam("constant", 1.0, -1e12, 1e12, "The constant operand c (shown in the formula; it needs no gradient)"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
