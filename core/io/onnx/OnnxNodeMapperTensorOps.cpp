// The op-level tensor operators torch.onnx writes for attention and for tensor expressions in a
// module's forward: Transpose, Slice, Split, Gather of a constant index, MatMul of two
// activations, and element-wise math of an activation with a scalar constant. Each maps onto the
// op-level kind with PyTorch's saved-tensor rule (Permute, Narrow, Select, MatMul, Elementwise).
//
// View tracking: PyTorch keeps a transposed, narrowed or selected tensor as a strided view of its
// base, and element-wise ops and dropout keep their input's layout; a Reshape / Flatten of such a
// value cannot be a view and copies (`.contiguous().view(...)` in nn.MultiheadAttention). The
// mapper records these strided values and makes their Reshape a copy.
#include "core/io/onnx/OnnxAttributes.h"
#include "core/io/onnx/OnnxNodeMapper.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <numeric>

namespace netsizer::core::onnximport {

namespace {

// The per-sample axis a full axis is, for a full shape whose batch axis is `batch` (-1 when the
// batch is folded into another axis and every full axis is a per-sample axis); -1 for the batch
// axis itself and for a folded axis.
int sampleAxisOf(const std::vector<std::int64_t>& full, std::int64_t axis, int batch)
{
    const auto rank = static_cast<std::int64_t>(full.size());
    if (axis < 0) axis += rank;
    if (axis < 0 || axis >= rank || full[static_cast<std::size_t>(axis)] < 0) return -1;
    if (batch < 0) return static_cast<int>(axis);
    return static_cast<int>(axis > batch ? axis - 1 : axis);
}

// Index of the batch axis in a full shape, or -1 when no axis is the batch alone (folded).
int batchIndex(const std::vector<std::int64_t>& full)
{
    auto it = std::find(full.begin(), full.end(), kBatchDim);
    return it == full.end() ? -1 : static_cast<int>(it - full.begin());
}

std::optional<std::int64_t> scalarOf(const std::vector<double>* v)
{
    if (!v || v->size() != 1) return std::nullopt;
    return integralValue((*v)[0]);
}

} // namespace

void OnnxNodeMapper::markStrided(const std::string& value, bool strided)
{
    if (strided) m_strided.insert(value);
}

bool OnnxNodeMapper::strided(const std::string& value) const
{
    return m_strided.count(value) > 0;
}

bool OnnxNodeMapper::mapTensorOp(Node& n)
{
    const std::string& op = n.op();
    if (op == "Transpose") return mapTranspose(n);
    if (!n.trusted) return false;
    if (op == "Slice") return mapSlice(n);
    if (op == "Split") return mapSplit(n);
    if (op == "Gather") return mapSelect(n);
    if (op == "MatMul" && n.actNames.size() == 2) {
        if (n.act(m_t, 0).integer || n.act(m_t, 1).integer) return false;
        // A strided operand of rank >= 4 is copied by matmul's reshape to [batch, n, k].
        const auto copies = [&](std::size_t i) {
            const auto* full = m_t.fullShape(n.actNames[i]);
            return strided(n.actNames[i]) && full && full->size() >= 4;
        };
        add(n, "MatMul", {{"copy_a", copies(0)}, {"copy_b", copies(1)}});
        return true;
    }
    if (op == "Sub") return mapElementwise(n) || mapAddTensor(n);
    return mapElementwise(n);
}

bool OnnxNodeMapper::mapAddTensor(Node& n)
{
    const auto& p = n.proto;
    if (n.actNames.size() != 1 || n.statics.size() != 1 || p.input_size() != 2 || n.act(m_t, 0).integer) return false;
    const std::string c = n.statics[0];
    const auto* full = m_t.fullShape(n.actNames[0]);
    const auto dims = staticDims(c);
    if (!full || !dims || dims->size() > full->size() || m_t.unclaimedWeightTensors(c) > 1) return false;
    // T must broadcast over the batch: right-aligned with the full shape, each axis 1 or the
    // activation's fixed size (an axis holding the batch, alone or folded, only 1).
    const std::size_t offset = full->size() - dims->size();
    for (std::size_t i = 0; i < dims->size(); ++i) {
        const std::int64_t d = (*dims)[i], f = (*full)[offset + i];
        if (d != 1 && (f < 0 || d != f)) return false;
    }
    auto lead = dims->begin();
    while (lead != dims->end() && *lead == 1 && std::distance(lead, dims->end()) > 1) ++lead;
    IntList shape(lead, dims->end());
    if (static_cast<int>(shape.size()) > n.act(m_t, 0).shape.rank()) return false;
    const auto learned = static_cast<std::int64_t>(std::min<Count>(m_t.unclaimedWeights(c), Count{1} << 40));
    const auto index = static_cast<std::int64_t>(std::min<Count>(m_t.claimIntegerBuffers(c), Count{1} << 40));
    add(n, "AddTensor", {{"op", std::string(n.op() == "Sub" ? "sub" : "add")}, {"tensor_first", p.input(0) == c}, {"shape", shape},
                         {"learned", learned}, {"index_buffer", index}});
    markStrided(p.output(0), strided(n.actNames[0]));
    return true;
}

bool OnnxNodeMapper::mapTranspose(Node& n)
{
    const auto& p = n.proto;
    const auto* in = m_t.fullShape(n.actNames[0]);
    if (!in || !n.trusted || n.actNames.size() != 1) return false;
    auto perm = attrInts(p, "perm");
    if (perm.empty()) { // ONNX's default reverses the axes
        perm.resize(in->size());
        std::iota(perm.rbegin(), perm.rend(), 0);
    }
    if (perm.size() != in->size()) return false;
    const int batch = batchIndex(*in);
    std::vector<std::int64_t> dims; // the per-sample permutation
    for (auto a : perm) {
        if (a < 0 || a >= static_cast<std::int64_t>(in->size())) return false;
        if (a == batch) continue;
        dims.push_back(batch >= 0 && a > batch ? a - 1 : a);
    }
    const Shape& x = n.act(m_t, 0).shape;
    if (static_cast<int>(dims.size()) != x.rank()) return false;
    Shape out;
    for (auto d : dims) out.push(x[static_cast<int>(d)]);
    const auto onnxOut = m_t.perSample(p.output(0));
    if (onnxOut && onnxOut->numel().value() != out.numel().value()) return false;
    const bool moves = !std::is_sorted(perm.begin(), perm.end());
    if (std::is_sorted(dims.begin(), dims.end())) { // only the batch axis moves: the same sample, strided in memory
        passThrough(n);
    } else {
        IntList list(dims.begin(), dims.end());
        add(n, "Permute", {{"dims", list}}, {}, out);
    }
    markStrided(p.output(0), moves || strided(n.actNames[0]));
    return true;
}

bool OnnxNodeMapper::mapSlice(Node& n)
{
    const auto& p = n.proto;
    const auto* in = m_t.fullShape(n.actNames[0]);
    if (!in || n.actNames.size() != 1 || n.actNames[0] != p.input(0)) return false;
    std::vector<double> starts, ends, axes, steps;
    if (m_opset < 10) {
        for (auto v : attrInts(p, "starts")) starts.push_back(static_cast<double>(v));
        for (auto v : attrInts(p, "ends")) ends.push_back(static_cast<double>(v));
        for (auto v : attrInts(p, "axes")) axes.push_back(static_cast<double>(v));
    } else {
        const auto* s = hasInput(p, 1) ? m_t.constant(p.input(1)) : nullptr;
        const auto* e = hasInput(p, 2) ? m_t.constant(p.input(2)) : nullptr;
        if (!s || !e) return false;
        starts = *s;
        ends = *e;
        if (hasInput(p, 3)) {
            const auto* a = m_t.constant(p.input(3));
            if (!a) return false;
            axes = *a;
        }
        if (hasInput(p, 4)) {
            const auto* st = m_t.constant(p.input(4));
            if (!st) return false;
            steps = *st;
        }
    }
    if (axes.empty())
        for (std::size_t i = 0; i < starts.size(); ++i) axes.push_back(static_cast<double>(i));
    if (starts.size() != 1 || ends.size() != 1 || axes.size() != 1 || steps.size() > 1) return false;
    const auto step = steps.empty() ? std::optional<std::int64_t>{1} : integralValue(steps[0]);
    if (!step || *step < 1) return false; // a negative step (torch.flip's export) reverses: a copy, not a view
    const auto axis = integralValue(axes[0]);
    if (!axis) return false;
    const int sample = sampleAxisOf(*in, *axis, batchIndex(*in));
    const Shape& x = n.act(m_t, 0).shape;
    if (sample < 0 || sample >= x.rank()) return false;
    const double size = static_cast<double>(x[sample]);
    auto clampIndex = [size](double v) { return std::clamp(v < 0 ? v + size : v, 0.0, size); };
    const double start = clampIndex(starts[0]), end = clampIndex(ends[0]);
    if (end <= start) return false;
    const auto first = static_cast<std::int64_t>(start), length = static_cast<std::int64_t>(end - start);
    n.statics.clear(); // starts, ends and axes are not weights
    if (length == x[sample] && *step == 1) {
        passThrough(n);
        markStrided(p.output(0), strided(n.actNames[0]));
        return true;
    }
    Shape out = x;
    out[sample] = length / *step + (length % *step != 0);
    add(n, "Narrow", {{"axis", static_cast<std::int64_t>(sample + 1)}, {"start", first}, {"length", length}, {"step", *step}}, {}, out);
    markStrided(p.output(0), true);
    return true;
}

bool OnnxNodeMapper::mapSplit(Node& n)
{
    const auto& p = n.proto;
    const auto* in = m_t.fullShape(n.actNames[0]);
    if (!in || n.actNames.size() != 1 || n.actNames[0] != p.input(0) || p.output_size() < 1) return false;
    const int sample = sampleAxisOf(*in, attrInt(p, "axis", 0), batchIndex(*in));
    const Shape& x = n.act(m_t, 0).shape;
    if (sample < 0 || sample >= x.rank()) return false;
    std::vector<std::int64_t> sizes;
    if (m_opset >= 13 && hasInput(p, 1)) {
        const auto* v = m_t.constant(p.input(1));
        if (!v) return false;
        for (double d : *v) {
            const auto s = integralValue(d);
            if (!s) return false;
            sizes.push_back(*s);
        }
    } else {
        sizes = attrInts(p, "split");
    }
    const auto outputs = static_cast<std::int64_t>(p.output_size());
    if (sizes.empty()) {
        if (x[sample] % outputs != 0) return false;
        sizes.assign(static_cast<std::size_t>(outputs), x[sample] / outputs);
    }
    if (static_cast<std::int64_t>(sizes.size()) != outputs) return false;
    std::int64_t total = 0;
    for (auto s : sizes) {
        if (s < 1 || s > x[sample] - total) return false;
        total += s;
    }
    if (total != x[sample]) return false;
    // One Narrow layer per piece, each a view of the input: the first piece is the node's layer,
    // the others are added beside it.
    std::int64_t start = 0;
    for (int i = 0; i < p.output_size(); ++i) {
        const std::string& value = p.output(i);
        const std::int64_t length = sizes[static_cast<std::size_t>(i)];
        Shape out = x;
        out[sample] = length;
        const std::string name = (p.name().empty() ? std::string("Split") : p.name()) + (i ? ":" + std::to_string(i) : "");
        const LayerId id = m_builder.add("Narrow", name, n.ports,
                                         {{"axis", static_cast<std::int64_t>(sample + 1)}, {"start", start}, {"length", length}});
        Activation a{PortRef{id, 0}, out, true, false};
        if (auto s = m_t.perSample(value); s && s->numel().value() == out.numel().value()) m_checked.emplace_back(id, value);
        if (!value.empty()) m_t.bind(value, a);
        markStrided(value, true);
        start += length;
    }
    return true;
}

bool OnnxNodeMapper::mapSelect(Node& n)
{
    const auto& p = n.proto;
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(0) || !hasInput(p, 1) || n.act(m_t, 0).integer) return false;
    const auto* in = m_t.fullShape(n.actNames[0]);
    const auto* idx = m_t.fullShape(p.input(1));
    const auto index = scalarOf(m_t.constant(p.input(1)));
    // A scalar index drops the axis (x[:, 0]); a one-element index list keeps it as a Narrow.
    if (!in || !index || !idx || idx->size() > 1) return false;
    const int sample = sampleAxisOf(*in, attrInt(p, "axis", 0), batchIndex(*in));
    const Shape& x = n.act(m_t, 0).shape;
    if (sample < 0 || sample >= x.rank()) return false;
    const std::int64_t at = *index < 0 ? *index + x[sample] : *index;
    if (at < 0 || at >= x[sample]) return false;
    n.statics.clear();
    Shape out = x;
    if (idx->empty()) {
        out = Shape{};
        for (int a = 0; a < x.rank(); ++a)
            if (a != sample) out.push(x[a]);
        if (out.rank() == 0) out.push(1);
        add(n, "Select", {{"axis", static_cast<std::int64_t>(sample + 1)}, {"index", at}}, {}, out);
    } else {
        out[sample] = 1;
        add(n, "Narrow", {{"axis", static_cast<std::int64_t>(sample + 1)}, {"start", at}, {"length", std::int64_t{1}}}, {}, out);
    }
    markStrided(p.output(0), true);
    return true;
}

bool OnnxNodeMapper::mapElementwise(Node& n)
{
    static const std::pair<const char*, const char*> unary[] = {
        {"Sqrt", "sqrt"}, {"Exp", "exp"}, {"Log", "log"}, {"Erf", "erf"}, {"Neg", "neg"}, {"Abs", "abs"}, {"Reciprocal", "reciprocal"}};
    static const std::pair<const char*, const char*> binary[] = {
        {"Add", "add"}, {"Sub", "sub"}, {"Mul", "mul"}, {"Div", "div"}, {"Pow", "pow"}};
    const auto& p = n.proto;
    if (n.actNames.size() != 1 || n.act(m_t, 0).integer) return false;
    const std::string& op = n.op();
    const std::string& x = n.actNames[0];
    for (const auto& [onnxOp, fn] : unary)
        if (op == onnxOp && n.statics.empty()) {
            add(n, "Elementwise", {{"op", std::string(fn)}, {"constant_first", false}, {"constant", 1.0}});
            markStrided(p.output(0), strided(x));
            return true;
        }
    for (const auto& [onnxOp, fn] : binary) {
        if (op != onnxOp || p.input_size() != 2 || n.statics.size() != 1) continue;
        const std::string c = n.statics[0]; // a copy: statics is cleared below
        const auto* values = m_t.constant(c);
        // Only a scalar that is not a learned weight: a learned scale is a parameter, which this
        // kind does not hold.
        if (m_t.weight(c) || !values || values->size() != 1 || !std::isfinite((*values)[0])) return false;
        const double value = std::clamp((*values)[0], -1e12, 1e12);
        n.statics.clear();
        add(n, "Elementwise", {{"op", std::string(fn)}, {"constant_first", p.input(0) == c}, {"constant", value}});
        markStrided(p.output(0), strided(x));
        return true;
    }
    return false;
}

} // namespace netsizer::core::onnximport
