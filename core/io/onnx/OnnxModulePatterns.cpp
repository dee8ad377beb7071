#include "core/io/onnx/OnnxModulePatterns.h"

#include "core/io/onnx/OnnxAttributes.h"
#include "core/io/onnx/OnnxTensors.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>
#include <set>

namespace netsizer::core::onnximport {

namespace {

// An operand of one step.
struct Operand {
    enum class Is { Input, Step, Const, AnyConst, Weight, None } is = Is::None;
    int step = 0;       // Is::Step: an earlier step's output
    double value = 0;   // Is::Const: the number (relative tolerance 1e-4)
};

Operand X() { return {Operand::Is::Input}; }
Operand S(int step) { return {Operand::Is::Step, step}; }
Operand C(double v) { return {Operand::Is::Const, 0, v}; }
Operand AnyC() { return {Operand::Is::AnyConst}; }
Operand W() { return {Operand::Is::Weight}; }
Operand None() { return {}; }

struct Step {
    const char* op;
    Operand a, b;
};

struct Pattern {
    const char* kind;
    const char* approximate;
    std::vector<Step> steps;
};

const std::vector<Pattern>& patterns()
{
    static const double kSqrt2 = std::sqrt(2.0), kTanhScale = std::sqrt(2.0 / 3.14159265358979323846);
    static const std::vector<Pattern> table = {
        // torch.onnx symbolic_opset9.layer_norm (through native_layer_norm), with and without affine.
        {"LayerNorm", "", {{"ReduceMean", X(), None()}, {"Sub", X(), S(0)}, {"Pow", S(1), C(2)}, {"ReduceMean", S(2), None()},
                           {"Add", S(3), AnyC()}, {"Sqrt", S(4), None()}, {"Div", S(1), S(5)}, {"Mul", S(6), W()}, {"Add", S(7), W()}}},
        {"LayerNorm", "", {{"ReduceMean", X(), None()}, {"Sub", X(), S(0)}, {"Pow", S(1), C(2)}, {"ReduceMean", S(2), None()},
                           {"Add", S(3), AnyC()}, {"Sqrt", S(4), None()}, {"Div", S(1), S(5)}}},
        // symbolic_opset9.gelu, approximate="none": x · 0.5 · (1 + erf(x / √2)).
        {"GELU", "none", {{"Div", X(), C(kSqrt2)}, {"Erf", S(0), None()}, {"Add", S(1), C(1)}, {"Mul", X(), S(2)}, {"Mul", S(3), C(0.5)}}},
        {"GELU", "none", {{"Mul", X(), C(1.0 / kSqrt2)}, {"Erf", S(0), None()}, {"Add", S(1), C(1)}, {"Mul", X(), S(2)}, {"Mul", S(3), C(0.5)}}},
        // approximate="tanh": 0.5 · x · (1 + tanh(√(2/π) · (x + 0.044715 · x³))), x³ as x·x·x or Pow(x, 3).
        {"GELU", "tanh", {{"Mul", X(), X()}, {"Mul", X(), S(0)}, {"Mul", S(1), C(0.044715)}, {"Add", X(), S(2)}, {"Mul", S(3), C(kTanhScale)},
                          {"Tanh", S(4), None()}, {"Add", S(5), C(1)}, {"Mul", X(), S(6)}, {"Mul", S(7), C(0.5)}}},
        {"GELU", "tanh", {{"Pow", X(), C(3)}, {"Mul", S(0), C(0.044715)}, {"Add", X(), S(1)}, {"Mul", S(2), C(kTanhScale)},
                          {"Tanh", S(3), None()}, {"Add", S(4), C(1)}, {"Mul", X(), S(5)}, {"Mul", S(6), C(0.5)}}},
    };
    return table;
}

struct Matcher {
    const onnx::GraphProto& g;
    const std::unordered_map<std::string, std::vector<int>>& consumers;
    const OnnxTensors& t;
    std::string input;
    std::vector<int> nodes;             // per step
    std::vector<std::string> weights;
    double constant = 0;                // the last AnyConst seen

    const std::string& out(int step) const { return g.node(nodes[static_cast<std::size_t>(step)]).output(0); }

    bool operandIs(const Operand& o, const std::string& value, bool record)
    {
        switch (o.is) {
        case Operand::Is::Input: return value == input;
        case Operand::Is::Step: return value == out(o.step);
        case Operand::Is::Const:
        case Operand::Is::AnyConst: {
            if (t.activation(value) || t.weight(value)) return false;
            const auto* v = t.constant(value);
            if (!v || v->size() != 1) return false;
            if (o.is == Operand::Is::AnyConst) {
                if (record) constant = (*v)[0];
                return true;
            }
            return std::fabs((*v)[0] - o.value) <= 1e-4 * std::max(1.0, std::fabs(o.value));
        }
        case Operand::Is::Weight:
            if (!t.weight(value) || !t.weight(value)->floating) return false;
            if (record) weights.push_back(value);
            return true;
        case Operand::Is::None: return false;
        }
        return false;
    }

    bool nodeMatches(const onnx::NodeProto& n, const Step& s)
    {
        if (n.op_type() != s.op || n.output_size() < 1 || (!n.domain().empty() && n.domain() != "ai.onnx")) return false;
        const bool unary = s.b.is == Operand::Is::None;
        const int arity = n.op_type() == "ReduceMean" ? 1 : n.input_size();
        if (arity != (unary ? 1 : 2) || n.input_size() < 1) return false;
        if (unary) return operandIs(s.a, n.input(0), true);
        const bool commutative = std::string(s.op) == "Add" || std::string(s.op) == "Mul";
        const std::size_t before = weights.size();
        if (operandIs(s.a, n.input(0), false) && operandIs(s.b, n.input(1), false)) {
            operandIs(s.a, n.input(0), true);
            operandIs(s.b, n.input(1), true);
            return true;
        }
        weights.resize(before);
        if (commutative && operandIs(s.a, n.input(1), false) && operandIs(s.b, n.input(0), false)) {
            operandIs(s.a, n.input(1), true);
            operandIs(s.b, n.input(0), true);
            return true;
        }
        return false;
    }

    // A consumer of the values step `s` reads that computes it.
    std::optional<int> findStep(const Step& s)
    {
        std::vector<std::string> reads;
        for (const Operand* o : {&s.a, &s.b}) {
            if (o->is == Operand::Is::Input) reads.push_back(input);
            if (o->is == Operand::Is::Step) reads.push_back(out(o->step));
        }
        for (const auto& value : reads) {
            auto it = consumers.find(value);
            if (it == consumers.end()) continue;
            for (int c : it->second)
                if (std::find(nodes.begin(), nodes.end(), c) == nodes.end() && nodeMatches(g.node(c), s)) return c;
        }
        return std::nullopt;
    }
};

// Trailing axes a ReduceMean reduces, with keepdims; 0 when it is not that.
int trailingAxes(const onnx::NodeProto& n, const OnnxTensors& t)
{
    if (attrInt(n, "keepdims", 1) != 1) return 0;
    auto axes = attrInts(n, "axes");
    const auto* full = t.fullShape(n.input(0));
    if (axes.empty()) return 0;
    std::sort(axes.begin(), axes.end());
    if (axes.back() >= 0) {
        if (!full) return 0;
        for (auto& a : axes) a -= static_cast<std::int64_t>(full->size());
    }
    for (std::size_t i = 0; i < axes.size(); ++i)
        if (axes[i] != -static_cast<std::int64_t>(axes.size()) + static_cast<std::int64_t>(i)) return 0;
    return static_cast<int>(axes.size());
}

// The only consumer of `value` when it has exactly one, else -1.
int soleConsumer(const std::unordered_map<std::string, std::vector<int>>& consumers, const std::string& value)
{
    auto it = consumers.find(value);
    return it != consumers.end() && it->second.size() == 1 ? it->second[0] : -1;
}

// torch.onnx symbolic_opset9.group_norm: Reshape(x, [0, G, -1]), InstanceNormalization with
// constant scale 1 and bias 0 of G, Reshape back to x's shape, then (affine) Mul(weight) and
// Add(bias), the weight and bias unsqueezed to [C, 1, ...]. One NativeGroupNormBackward0 in
// PyTorch; node `index` is the first Reshape.
std::optional<ModuleMatch> matchGroupNorm(const onnx::GraphProto& g, int index,
                                          const std::unordered_map<std::string, std::vector<int>>& consumers,
                                          const OnnxTensors& t)
{
    const onnx::NodeProto& reshape = g.node(index);
    if (reshape.op_type() != "Reshape" || reshape.input_size() != 2 || !t.activation(reshape.input(0))) return std::nullopt;
    const auto* dims = t.activation(reshape.input(1)) ? nullptr : t.constant(reshape.input(1));
    if (!dims || dims->size() != 3 || (*dims)[0] != 0 || (*dims)[1] < 1 || (*dims)[2] != -1) return std::nullopt;
    const int norm = soleConsumer(consumers, reshape.output(0));
    if (norm < 0 || g.node(norm).op_type() != "InstanceNormalization" || g.node(norm).input_size() != 3 ||
        g.node(norm).input(0) != reshape.output(0))
        return std::nullopt;
    for (int i = 1; i < 3; ++i) {
        if (t.activation(g.node(norm).input(i))) return std::nullopt;
        const auto* v = t.constant(g.node(norm).input(i)); // absent when too long to be read
        const double want = i == 1 ? 1.0 : 0.0;
        if (v && (static_cast<double>(v->size()) != (*dims)[1] || std::any_of(v->begin(), v->end(), [&](double x) { return x != want; })))
            return std::nullopt;
    }
    const int back = soleConsumer(consumers, g.node(norm).output(0));
    if (back < 0 || g.node(back).op_type() != "Reshape" || g.node(back).input(0) != g.node(norm).output(0) ||
        t.activation(g.node(back).input(1)))
        return std::nullopt;
    ModuleMatch m;
    m.kind = "GroupNorm";
    m.input = reshape.input(0);
    m.groups = static_cast<std::int64_t>((*dims)[1]);
    m.eps = attrFloat(g.node(norm), "epsilon", 1e-5);
    m.nodes = {index, norm, back};
    // The affine tail: Mul by the weight, then Add of the bias, each fed only by the step before.
    // The operand is a later node's Unsqueeze of the parameter (not walked yet): the parameter.
    const auto weightOperand = [&](const onnx::NodeProto& n, const std::string& from) -> std::string {
        if (n.input_size() != 2 || (n.input(0) != from && n.input(1) != from)) return {};
        std::string w = n.input(0) == from ? n.input(1) : n.input(0);
        for (int i = 0; i < g.node_size() && !t.weight(w); ++i)
            if (g.node(i).op_type() == "Unsqueeze" && g.node(i).output_size() == 1 && g.node(i).output(0) == w) w = g.node(i).input(0);
        const Weight* p = t.weight(w);
        return p && p->floating && !p->claimed ? w : std::string{};
    };
    const int mul = soleConsumer(consumers, g.node(back).output(0));
    if (mul >= 0 && g.node(mul).op_type() == "Mul") {
        const std::string w = weightOperand(g.node(mul), g.node(back).output(0));
        const int add = w.empty() ? -1 : soleConsumer(consumers, g.node(mul).output(0));
        const std::string b = add >= 0 && g.node(add).op_type() == "Add" ? weightOperand(g.node(add), g.node(mul).output(0)) : "";
        if (!b.empty()) {
            m.weights = {w, b};
            m.nodes.push_back(mul);
            m.nodes.push_back(add);
        }
    }
    for (int n : m.nodes)
        for (const auto& o : g.output())
            if (n != m.nodes.back() && o.name() == g.node(n).output(0)) return std::nullopt;
    m.output = g.node(m.nodes.back()).output(0);
    return m;
}

} // namespace

std::optional<ModuleMatch> matchModule(const onnx::GraphProto& g, int index,
                                       const std::unordered_map<std::string, std::vector<int>>& consumers, const OnnxTensors& t)
{
    if (auto gn = matchGroupNorm(g, index, consumers, t)) return gn;
    const onnx::NodeProto& first = g.node(index);
    std::string input; // the first activation input: the module's input
    for (const auto& in : first.input())
        if (input.empty() && t.activation(in)) input = in;
    if (input.empty()) return std::nullopt;
    for (const Pattern& p : patterns()) {
        if (first.op_type() != p.steps[0].op) continue;
        Matcher m{g, consumers, t, input, {}, {}, 0};
        if (!m.nodeMatches(first, p.steps[0])) continue;
        m.nodes.push_back(index);
        bool ok = true;
        for (std::size_t s = 1; s < p.steps.size() && ok; ++s) {
            auto c = m.findStep(p.steps[s]);
            if (c) m.nodes.push_back(*c);
            else ok = false;
        }
        if (!ok) continue;
        // Every intermediate value feeds only the pattern.
        const std::set<int> own(m.nodes.begin(), m.nodes.end());
        for (std::size_t s = 0; s + 1 < m.nodes.size() && ok; ++s) {
            const onnx::NodeProto& n = g.node(m.nodes[s]);
            if (n.output_size() != 1) ok = false;
            auto it = consumers.find(n.output(0));
            if (it != consumers.end())
                for (int c : it->second) ok = ok && own.count(c);
            for (const auto& o : g.output()) ok = ok && o.name() != n.output(0);
        }
        if (!ok) continue;
        ModuleMatch match;
        match.kind = p.kind;
        match.approximate = p.approximate;
        match.input = m.input;
        match.output = g.node(m.nodes.back()).output(0);
        match.weights = m.weights;
        match.nodes = m.nodes;
        if (match.kind == "LayerNorm") {
            match.normalizedDims = trailingAxes(first, t);
            const onnx::NodeProto& second = g.node(m.nodes[3]);
            if (match.normalizedDims == 0 || trailingAxes(second, t) != match.normalizedDims) continue;
            match.eps = m.constant;
        }
        return match;
    }
    return std::nullopt;
}

} // namespace netsizer::core::onnximport
