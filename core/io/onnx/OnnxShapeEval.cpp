// OnnxShapeEval: the walk, the limits, and the operators that carry numbers (constants, Shape,
// Gather, Slice, Concat, the re-shaping ops, element-wise arithmetic and comparisons, Where,
// ConstantOfShape, Range, Expand). The operators of layers are in OnnxShapeEvalOps.cpp.
#include "core/io/onnx/OnnxShapeEval.h"

#include "core/io/onnx/OnnxAttributes.h"
#include "core/io/onnx/OnnxTensors.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>
#include <exception>
#include <limits>
#include <numeric>

namespace netsizer::core::onnximport {

namespace shapeeval {

std::optional<std::vector<std::int64_t>> broadcast(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b)
{
    const std::size_t rank = std::max(a.size(), b.size());
    std::vector<std::int64_t> out(rank, 1);
    for (std::size_t i = 0; i < rank; ++i) {
        const std::int64_t da = i + a.size() >= rank ? a[i + a.size() - rank] : 1;
        const std::int64_t db = i + b.size() >= rank ? b[i + b.size() - rank] : 1;
        if (da != db && da != 1 && db != 1) return std::nullopt;
        out[i] = da == 1 ? db : da;
    }
    return out;
}

std::optional<std::int64_t> numel(const std::vector<std::int64_t>& dims)
{
    std::int64_t n = 1;
    for (auto d : dims) {
        if (d < 0) return std::nullopt;
        if (d != 0 && n > (std::int64_t{1} << 62) / d) return std::nullopt;
        n *= d;
    }
    return n;
}

std::optional<std::int64_t> normAxis(std::int64_t axis, std::size_t rank)
{
    const auto r = static_cast<std::int64_t>(rank);
    if (axis < -r || axis >= r) return std::nullopt;
    return axis < 0 ? axis + r : axis;
}

std::optional<std::vector<std::int64_t>> asInts(const std::vector<double>& v)
{
    std::vector<std::int64_t> out;
    out.reserve(v.size());
    for (double x : v) {
        const auto i = integralValue(x);
        if (!i) return std::nullopt;
        out.push_back(*i);
    }
    return out;
}

} // namespace shapeeval

using namespace shapeeval;

namespace {

bool isIntegerType(std::int64_t t)
{
    using TP = onnx::TensorProto;
    return t != TP::FLOAT && t != TP::DOUBLE && t != TP::FLOAT16 && t != TP::BFLOAT16 && t != TP::UNDEFINED;
}

// Index of element `flat` of a tensor of `outDims` into a broadcast operand of `dims`.
std::size_t broadcastIndex(std::size_t flat, const std::vector<std::int64_t>& outDims, const std::vector<std::int64_t>& dims)
{
    std::size_t index = 0, stride = 1;
    for (std::size_t k = outDims.size(); k-- > 0;) {
        const auto od = static_cast<std::size_t>(outDims[k]);
        const std::size_t coord = od == 0 ? 0 : flat % od;
        flat = od == 0 ? 0 : flat / od;
        const std::size_t j = k + dims.size();
        if (j < outDims.size()) continue; // an axis the operand lacks
        const auto d = static_cast<std::size_t>(dims[j - outDims.size()]);
        if (d != 1) index += coord * stride;
        stride *= d;
    }
    return index;
}

double apply(const std::string& op, double a, double b, bool integer)
{
    if (op == "Add" || op == "Sum") return a + b;
    if (op == "Sub") return a - b;
    if (op == "Mul") return a * b;
    if (op == "Div") {
        if (b == 0) return integer ? 0 : a / b;
        return integer ? std::trunc(a / b) : a / b;
    }
    if (op == "Pow") return std::pow(a, b);
    if (op == "Max") return std::max(a, b);
    if (op == "Min") return std::min(a, b);
    if (op == "Mod") return b == 0 ? 0 : a - b * std::floor(a / b);
    if (op == "Equal") return a == b;
    if (op == "Less") return a < b;
    if (op == "Greater") return a > b;
    if (op == "LessOrEqual") return a <= b;
    if (op == "GreaterOrEqual") return a >= b;
    if (op == "And") return a != 0 && b != 0;
    if (op == "Or") return a != 0 || b != 0;
    return 0;
}

bool isBinary(const std::string& op)
{
    static const char* ops[] = {"Add", "Sub", "Mul", "Div", "Pow", "Max", "Min", "Mod", "Sum", "Equal", "Less", "Greater",
                                "LessOrEqual", "GreaterOrEqual", "And", "Or", "Xor", "PRelu", "BitShift"};
    return std::any_of(std::begin(ops), std::end(ops), [&](const char* o) { return op == o; });
}

bool isComparison(const std::string& op)
{
    return op == "Equal" || op == "Less" || op == "Greater" || op == "LessOrEqual" || op == "GreaterOrEqual" || op == "And" ||
           op == "Or" || op == "Xor" || op == "Not";
}

} // namespace

OnnxShapeEval::OnnxShapeEval(const onnx::GraphProto& graph, std::int64_t opset) : m_graph(graph), m_opset(opset)
{
    for (const auto& init : graph.initializer()) setFromTensor(init.name(), init);
}

std::optional<std::vector<double>> OnnxShapeEval::readView(const std::vector<double>& values, const std::vector<std::int64_t>& from,
                                                           const std::vector<std::int64_t>& dims, const std::vector<std::int64_t>& axes,
                                                           const std::vector<std::int64_t>& begin, const std::vector<std::int64_t>& step)
{
    const auto count = numel(dims);
    if (!count || static_cast<std::size_t>(*count) > values.size()) return std::nullopt;
    std::vector<std::int64_t> stride(from.size(), 1); // the input's row-major strides
    for (std::size_t i = from.size(); i-- > 1;) stride[i - 1] = stride[i] * from[i];
    std::vector<double> out;
    out.reserve(static_cast<std::size_t>(*count));
    std::vector<std::int64_t> at(dims.size(), 0); // output coordinates, row-major order
    for (std::int64_t k = 0; k < *count; ++k) {
        std::int64_t index = 0;
        for (std::size_t i = 0; i < dims.size(); ++i) index += (begin[i] + at[i] * step[i]) * stride[static_cast<std::size_t>(axes[i])];
        if (index < 0 || static_cast<std::size_t>(index) >= values.size()) return std::nullopt;
        out.push_back(values[static_cast<std::size_t>(index)]);
        for (std::size_t i = dims.size(); i-- > 0;) {
            if (++at[i] < dims[i]) break;
            at[i] = 0;
        }
    }
    return out;
}

void OnnxShapeEval::setFromTensor(const std::string& name, const onnx::TensorProto& t)
{
    EvalValue v;
    v.dims.assign(t.dims().begin(), t.dims().end());
    v.integer = isIntegerType(t.data_type());
    if (v.dims.size() > kMaxRank || std::any_of(v.dims.begin(), v.dims.end(), [](auto d) { return d < 0 || d > kMaxDim; }) ||
        !numel(v.dims))
        return;
    v.values = tensorValues(t, kMaxValues);
    m_values[name] = std::move(v);
}

void OnnxShapeEval::setInput(const std::string& name, std::vector<std::int64_t> dims, bool integer)
{
    m_values[name] = EvalValue{std::move(dims), integer, std::nullopt};
}

void OnnxShapeEval::run()
{
    for (const auto& n : m_graph.node()) {
        try {
            evalNode(n);
        } catch (const std::exception&) { // an allocation the limits did not prevent: the node stays unknown
        }
    }
}

const EvalValue* OnnxShapeEval::value(const std::string& name) const
{
    auto it = m_values.find(name);
    return it == m_values.end() ? nullptr : &it->second;
}

const EvalValue* OnnxShapeEval::in(const onnx::NodeProto& n, int i) const
{
    if (i < 0 || i >= n.input_size() || n.input(i).empty()) return nullptr;
    return value(n.input(i));
}

const std::vector<double>* OnnxShapeEval::numbers(const onnx::NodeProto& n, int i) const
{
    const EvalValue* v = in(n, i);
    return v && v->values ? &*v->values : nullptr;
}

bool OnnxShapeEval::set(const onnx::NodeProto& n, int i, std::vector<std::int64_t> dims, bool integer,
                        std::optional<std::vector<double>> values)
{
    if (i >= n.output_size() || n.output(i).empty() || dims.size() > kMaxRank) return false;
    if (std::any_of(dims.begin(), dims.end(), [](auto d) { return d < 0 || d > kMaxDim; })) return false;
    const auto count = numel(dims);
    if (!count) return false;
    if (values && (values->size() != static_cast<std::size_t>(*count) || values->size() > kMaxValues)) values.reset();
    m_values[n.output(i)] = EvalValue{std::move(dims), integer, std::move(values)};
    return true;
}

void OnnxShapeEval::evalNode(const onnx::NodeProto& n)
{
    if (n.output_size() == 0) return;
    if (!n.domain().empty() && n.domain() != "ai.onnx") return;
    if (!evalValueOp(n)) evalLayerOp(n);
}

bool OnnxShapeEval::evalValueOp(const onnx::NodeProto& n)
{
    const std::string& op = n.op_type();
    const EvalValue* x = in(n, 0);
    if (op == "Constant") {
        for (const auto& a : n.attribute()) {
            if (a.name() == "value" && a.has_t()) setFromTensor(n.output(0), a.t());
            else if (a.name() == "value_float") set(n, 0, {}, false, std::vector<double>{a.f()});
            else if (a.name() == "value_int") set(n, 0, {}, true, std::vector<double>{static_cast<double>(a.i())});
            else if (a.name() == "value_ints")
                set(n, 0, {static_cast<std::int64_t>(a.ints_size())}, true, std::vector<double>(a.ints().begin(), a.ints().end()));
            else if (a.name() == "value_floats")
                set(n, 0, {static_cast<std::int64_t>(a.floats_size())}, false, std::vector<double>(a.floats().begin(), a.floats().end()));
        }
        return true;
    }
    if (!x && op != "Range" && op != "Concat") return true; // an unknown input: the outputs stay unknown
    if (op == "Shape") {
        auto r = static_cast<std::int64_t>(x->dims.size());
        std::int64_t start = std::clamp<std::int64_t>(attrInt(n, "start", 0), -r, r), end = std::clamp<std::int64_t>(attrInt(n, "end", r), -r, r);
        if (start < 0) start += r;
        if (end < 0) end += r;
        std::vector<double> dims;
        for (std::int64_t i = start; i < end; ++i) dims.push_back(static_cast<double>(x->dims[static_cast<std::size_t>(i)]));
        set(n, 0, {static_cast<std::int64_t>(dims.size())}, true, dims);
        return true;
    }
    if (op == "Size") {
        if (auto c = numel(x->dims)) set(n, 0, {}, true, std::vector<double>{static_cast<double>(*c)});
        return true;
    }
    if (op == "Identity" || op == "Cast" || op == "CastLike" || op == "Dropout") {
        bool integer = x->integer;
        if (op == "Cast") integer = isIntegerType(attrInt(n, "to", 1));
        if (op == "CastLike" && in(n, 1)) integer = in(n, 1)->integer;
        auto values = x->values;
        if (values && integer && !x->integer)
            for (double& v : *values) v = std::trunc(v);
        set(n, 0, x->dims, integer, values);
        if (op == "Dropout" && n.output_size() > 1) set(n, 1, x->dims, true);
        return true;
    }
    if (op == "Neg" || op == "Abs" || op == "Floor" || op == "Ceil" || op == "Sqrt" || op == "Not" || op == "Round" ||
        op == "Reciprocal" || op == "Exp" || op == "Log" || op == "Sign") {
        auto values = x->values;
        if (values)
            for (double& v : *values)
                v = op == "Neg" ? -v : op == "Abs" ? std::fabs(v) : op == "Floor" ? std::floor(v) : op == "Ceil" ? std::ceil(v)
                  : op == "Sqrt" ? std::sqrt(v) : op == "Not" ? static_cast<double>(v == 0) : op == "Round" ? std::nearbyint(v)
                  : op == "Reciprocal" ? 1.0 / v : op == "Exp" ? std::exp(v) : op == "Log" ? std::log(v) : (v > 0) - (v < 0);
        set(n, 0, x->dims, op == "Not" || x->integer, values);
        return true;
    }
    if (isBinary(op) || op == "Where") {
        const int count = n.input_size();
        if (count < 1) return true;
        std::vector<const EvalValue*> ins;
        for (int i = 0; i < count; ++i) {
            const EvalValue* v = in(n, i);
            if (!v) return true;
            ins.push_back(v);
        }
        std::vector<std::int64_t> dims = ins[0]->dims;
        for (std::size_t i = 1; i < ins.size(); ++i) {
            auto b = broadcast(dims, ins[i]->dims);
            if (!b) return true;
            dims = *b;
        }
        const bool integer = isComparison(op) || (op == "Where" ? ins.size() > 1 && ins[1]->integer : ins[0]->integer);
        std::optional<std::vector<double>> values;
        const auto total = numel(dims);
        const bool allKnown = std::all_of(ins.begin(), ins.end(), [](const EvalValue* v) { return v->values.has_value(); });
        if (allKnown && total && static_cast<std::size_t>(*total) <= kMaxValues) {
            values.emplace(static_cast<std::size_t>(*total));
            for (std::size_t k = 0; k < values->size(); ++k) {
                auto at = [&](std::size_t i) { return (*ins[i]->values)[broadcastIndex(k, dims, ins[i]->dims)]; };
                if (op == "Where") {
                    if (ins.size() != 3) return true;
                    (*values)[k] = at(0) != 0 ? at(1) : at(2);
                } else {
                    double acc = at(0);
                    for (std::size_t i = 1; i < ins.size(); ++i) acc = apply(op, acc, at(i), integer);
                    (*values)[k] = acc;
                }
            }
        }
        set(n, 0, dims, integer, values);
        return true;
    }
    if (op == "Unsqueeze" || op == "Squeeze") {
        std::vector<std::int64_t> axes = attrInts(n, "axes");
        if (m_opset >= 13 && n.input_size() >= 2) {
            const auto* a = numbers(n, 1);
            if (!a) return true;
            auto ints = asInts(*a);
            if (!ints) return true;
            axes = *ints;
        }
        std::vector<std::int64_t> dims;
        if (op == "Unsqueeze") {
            const std::size_t rank = x->dims.size() + axes.size();
            std::vector<bool> inserted(rank, false);
            for (auto a : axes) {
                auto k = normAxis(a, rank);
                if (!k || inserted[static_cast<std::size_t>(*k)]) return true;
                inserted[static_cast<std::size_t>(*k)] = true;
            }
            std::size_t j = 0;
            for (std::size_t i = 0; i < rank; ++i) dims.push_back(inserted[i] ? 1 : x->dims[j++]);
        } else {
            std::vector<bool> removed(x->dims.size(), false);
            for (auto a : axes) {
                auto k = normAxis(a, x->dims.size());
                if (!k || x->dims[static_cast<std::size_t>(*k)] != 1) return true;
                removed[static_cast<std::size_t>(*k)] = true;
            }
            for (std::size_t i = 0; i < x->dims.size(); ++i)
                if (axes.empty() ? x->dims[i] != 1 : !removed[i]) dims.push_back(x->dims[i]);
        }
        set(n, 0, dims, x->integer, x->values);
        return true;
    }
    if (op == "Reshape") {
        const auto* target = numbers(n, 1);
        const auto count = numel(x->dims);
        if (!target || !count) return true;
        auto ints = asInts(*target);
        if (!ints) return true;
        const bool allowZero = attrInt(n, "allowzero", 0) != 0;
        std::vector<std::int64_t> dims;
        int inferred = -1;
        std::int64_t known = 1;
        for (std::size_t i = 0; i < ints->size(); ++i) {
            std::int64_t d = (*ints)[i];
            if (d == 0 && !allowZero) {
                if (i >= x->dims.size()) return true;
                d = x->dims[i];
            }
            if (d == -1) {
                if (inferred >= 0) return true;
                inferred = static_cast<int>(i);
                dims.push_back(1);
                continue;
            }
            if (d < 0 || d > kMaxDim) return true;
            dims.push_back(d);
            if (d != 0 && known > (std::int64_t{1} << 62) / d) return true;
            known *= d;
        }
        if (inferred >= 0) {
            if (known == 0 || *count % known != 0) return true;
            dims[static_cast<std::size_t>(inferred)] = *count / known;
        } else if (known != *count) {
            return true;
        }
        set(n, 0, dims, x->integer, x->values);
        return true;
    }
    if (op == "Flatten") {
        auto axis = normAxis(attrInt(n, "axis", 1), x->dims.size() + 1);
        if (!axis) return true;
        std::vector<std::int64_t> head(x->dims.begin(), x->dims.begin() + *axis), tail(x->dims.begin() + *axis, x->dims.end());
        const auto a = numel(head), b = numel(tail);
        if (a && b) set(n, 0, {*a, *b}, x->integer, x->values);
        return true;
    }
    if (op == "Concat") {
        std::vector<const EvalValue*> ins;
        for (int i = 0; i < n.input_size(); ++i) {
            const EvalValue* v = in(n, i);
            if (!v) return true;
            ins.push_back(v);
        }
        if (ins.empty()) return true;
        auto axis = normAxis(attrInt(n, "axis", 0), ins[0]->dims.size());
        if (!axis) return true;
        const auto a = static_cast<std::size_t>(*axis);
        std::vector<std::int64_t> dims = ins[0]->dims;
        dims[a] = 0;
        bool known = true;
        for (const auto* v : ins) {
            if (v->dims.size() != dims.size()) return true;
            for (std::size_t k = 0; k < dims.size(); ++k)
                if (k != a && v->dims[k] != dims[k]) return true;
            dims[a] += v->dims[a];
            known = known && v->values.has_value();
        }
        std::optional<std::vector<double>> values;
        if (known && dims.size() == 1) {
            values.emplace();
            for (const auto* v : ins) values->insert(values->end(), v->values->begin(), v->values->end());
        }
        set(n, 0, dims, ins[0]->integer, values);
        return true;
    }
    if (op == "Gather") {
        const EvalValue* idx = in(n, 1);
        if (!idx) return true;
        auto axis = normAxis(attrInt(n, "axis", 0), x->dims.size());
        if (!axis) return true;
        const auto a = static_cast<std::size_t>(*axis);
        std::vector<std::int64_t> dims(x->dims.begin(), x->dims.begin() + *axis);
        dims.insert(dims.end(), idx->dims.begin(), idx->dims.end());
        dims.insert(dims.end(), x->dims.begin() + *axis + 1, x->dims.end());
        std::optional<std::vector<double>> values;
        if (x->values && idx->values && x->dims.size() == 1 && a == 0) {
            values.emplace();
            for (double i : *idx->values) {
                auto k = integralValue(i);
                if (!k) return true;
                auto j = normAxis(*k, static_cast<std::size_t>(x->dims[0]));
                if (!j) return true;
                values->push_back((*x->values)[static_cast<std::size_t>(*j)]);
            }
        }
        set(n, 0, dims, x->integer, values);
        return true;
    }
    if (op == "Slice") {
        std::vector<std::int64_t> starts = attrInts(n, "starts"), ends = attrInts(n, "ends"), axes = attrInts(n, "axes"), steps;
        if (m_opset >= 10) {
            auto read = [&](int i, std::vector<std::int64_t>& out) {
                if (i >= n.input_size() || n.input(i).empty()) return true;
                const auto* v = numbers(n, i);
                if (!v) return false;
                auto ints = asInts(*v);
                if (!ints) {
                    out.clear(); // ±inf ends written as floats: clamp below
                    for (double d : *v) out.push_back(d > 0 ? std::numeric_limits<std::int64_t>::max() : std::numeric_limits<std::int64_t>::min());
                    return true;
                }
                out = *ints;
                return true;
            };
            if (!read(1, starts) || !read(2, ends) || !read(3, axes) || !read(4, steps)) return true;
        }
        if (axes.empty())
            for (std::size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<std::int64_t>(i));
        if (steps.empty()) steps.assign(starts.size(), 1);
        if (starts.size() != ends.size() || starts.size() != axes.size() || steps.size() != starts.size()) return true;
        std::vector<std::int64_t> dims = x->dims;
        std::vector<std::int64_t> begin(dims.size(), 0), step(dims.size(), 1);
        for (std::size_t i = 0; i < axes.size(); ++i) {
            auto k = normAxis(axes[i], dims.size());
            if (!k || steps[i] == 0 || steps[i] < -kMaxDim || steps[i] > kMaxDim) return true;
            const std::int64_t d = x->dims[static_cast<std::size_t>(*k)];
            auto clampIndex = [&](std::int64_t v, bool forEnd) {
                if (v < 0) v = v < -d ? -1 : v + d;
                if (steps[i] > 0) return std::clamp<std::int64_t>(v, 0, d);
                return std::clamp<std::int64_t>(v, forEnd ? -1 : 0, d - 1);
            };
            const std::int64_t s = clampIndex(starts[i], false), e = clampIndex(ends[i], true);
            const std::int64_t st = steps[i];
            const std::int64_t len = st > 0 ? (e > s ? (e - s + st - 1) / st : 0) : (s > e ? (s - e - st - 1) / -st : 0);
            dims[static_cast<std::size_t>(*k)] = len;
            begin[static_cast<std::size_t>(*k)] = s;
            step[static_cast<std::size_t>(*k)] = st;
        }
        // The numbers of a small tensor of any rank (F.pad's pads matrix is reversed by a step -1
        // Slice of its rows).
        std::optional<std::vector<double>> values;
        if (x->values && !dims.empty()) {
            std::vector<std::int64_t> axesInOrder(dims.size());
            std::iota(axesInOrder.begin(), axesInOrder.end(), 0);
            values = readView(*x->values, x->dims, dims, axesInOrder, begin, step);
        }
        set(n, 0, dims, x->integer, values);
        return true;
    }
    if (op == "ConstantOfShape") {
        const auto* shape = numbers(n, 0);
        if (!shape) return true;
        auto dims = asInts(*shape);
        if (!dims) return true;
        double fill = 0;
        bool integer = false;
        if (const auto* a = findAttr(n, "value"); a && a->has_t()) {
            integer = isIntegerType(a->t().data_type());
            if (auto v = tensorValues(a->t(), 1); v && v->size() == 1) fill = (*v)[0];
        }
        const auto count = numel(*dims);
        std::optional<std::vector<double>> values;
        if (count && static_cast<std::size_t>(*count) <= kMaxValues) values.emplace(static_cast<std::size_t>(*count), fill);
        set(n, 0, *dims, integer, values);
        return true;
    }
    if (op == "Range") {
        const auto *start = numbers(n, 0), *limit = numbers(n, 1), *delta = numbers(n, 2);
        if (!start || !limit || !delta || start->size() != 1 || limit->size() != 1 || delta->size() != 1 || (*delta)[0] == 0) return true;
        const double count = std::max(std::ceil(((*limit)[0] - (*start)[0]) / (*delta)[0]), 0.0);
        if (!(count <= static_cast<double>(kMaxDim))) return true;
        std::optional<std::vector<double>> values;
        if (count <= static_cast<double>(kMaxValues)) {
            values.emplace();
            for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) values->push_back((*start)[0] + static_cast<double>(i) * (*delta)[0]);
        }
        set(n, 0, {static_cast<std::int64_t>(count)}, in(n, 0)->integer, values);
        return true;
    }
    if (op == "Expand") {
        const auto* shape = numbers(n, 1);
        if (!shape) return true;
        auto target = asInts(*shape);
        if (!target) return true;
        auto dims = broadcast(x->dims, *target);
        if (!dims) return true;
        std::optional<std::vector<double>> values;
        const auto count = numel(*dims);
        if (x->values && count && static_cast<std::size_t>(*count) <= kMaxValues) {
            values.emplace(static_cast<std::size_t>(*count));
            for (std::size_t k = 0; k < values->size(); ++k) (*values)[k] = (*x->values)[broadcastIndex(k, *dims, x->dims)];
        }
        set(n, 0, *dims, x->integer, values);
        return true;
    }
    return false;
}

} // namespace netsizer::core::onnximport
