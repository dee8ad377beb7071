// OnnxShapeEval: the operators of layers (their outputs' dims, never their numbers), after the
// shape rules of the ONNX operator specifications (onnx/defs/*/defs.cc).
#include "core/io/onnx/OnnxShapeEval.h"

#include "core/io/onnx/OnnxAttributes.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>

namespace netsizer::core::onnximport {

using namespace shapeeval;

namespace {

bool oneOf(const std::string& op, std::initializer_list<const char*> ops)
{
    return std::any_of(ops.begin(), ops.end(), [&](const char* o) { return op == o; });
}

// Output length of a sliding window (Conv, pools) along one axis; nullopt when it is not positive.
std::optional<std::int64_t> windowOut(std::int64_t in, std::int64_t kernel, std::int64_t stride, std::int64_t dilation,
                                      std::int64_t padTotal, bool ceil)
{
    if (stride < 1 || dilation < 1 || kernel < 1) return std::nullopt;
    const std::int64_t span = dilation * (kernel - 1) + 1;
    const std::int64_t room = in + padTotal - span;
    if (room < 0) return std::nullopt;
    std::int64_t out = (ceil ? (room + stride - 1) / stride : room / stride) + 1;
    if (ceil && (out - 1) * stride >= in + padTotal / 2) --out; // the last window must start inside the input or left pad
    return out;
}

} // namespace

bool OnnxShapeEval::evalLayerOp(const onnx::NodeProto& n)
{
    const std::string& op = n.op_type();
    const EvalValue* x = in(n, 0);
    if (!x) return true;
    const std::vector<std::int64_t>& d = x->dims;
    const std::size_t rank = d.size();

    if (oneOf(op, {"Relu", "Sigmoid", "Tanh", "Erf", "Softmax", "LogSoftmax", "Hardmax", "LeakyRelu", "Elu", "Selu", "Celu",
                   "HardSigmoid", "HardSwish", "Softplus", "Softsign", "Gelu", "Mish", "Clip", "LRN", "InstanceNormalization",
                   "MeanVarianceNormalization", "Sin", "Cos", "Tan", "Asin", "Acos", "Atan", "Sinh", "Cosh", "IsNaN", "IsInf",
                   "CumSum", "Trilu", "ThresholdedRelu", "Shrink", "ScatterND", "ScatterElements", "Scatter", "PRelu"})) {
        set(n, 0, d, oneOf(op, {"IsNaN", "IsInf"}) || (x->integer && !oneOf(op, {"Softmax", "LogSoftmax"})));
        return true;
    }
    if (op == "BatchNormalization") {
        set(n, 0, d, false);
        if (rank >= 2)
            for (int i = 1; i < n.output_size(); ++i) set(n, i, {d[1]}, false);
        return true;
    }
    if (op == "LayerNormalization") {
        set(n, 0, d, false);
        auto axis = normAxis(attrInt(n, "axis", -1), rank);
        if (!axis) return true;
        std::vector<std::int64_t> stat = d;
        for (std::size_t i = static_cast<std::size_t>(*axis); i < rank; ++i) stat[i] = 1;
        for (int i = 1; i < n.output_size(); ++i) set(n, i, stat, false);
        return true;
    }
    if (op == "MatMul") {
        const EvalValue* y = in(n, 1);
        if (!y || rank == 0 || y->dims.empty()) return true;
        std::vector<std::int64_t> a = d, b = y->dims;
        const bool aVec = a.size() == 1, bVec = b.size() == 1;
        if (aVec) a.insert(a.begin(), 1);
        if (bVec) b.push_back(1);
        if (a.back() != b[b.size() - 2]) return true;
        auto lead = broadcast(std::vector<std::int64_t>(a.begin(), a.end() - 2), std::vector<std::int64_t>(b.begin(), b.end() - 2));
        if (!lead) return true;
        std::vector<std::int64_t> out = *lead;
        if (!aVec) out.push_back(a[a.size() - 2]);
        if (!bVec) out.push_back(b.back());
        set(n, 0, out, false);
        return true;
    }
    if (op == "Gemm") {
        const EvalValue* y = in(n, 1);
        if (!y || rank != 2 || y->dims.size() != 2) return true;
        const std::int64_t m = attrInt(n, "transA", 0) ? d[1] : d[0], k = attrInt(n, "transA", 0) ? d[0] : d[1];
        const std::int64_t kb = attrInt(n, "transB", 0) ? y->dims[1] : y->dims[0], nn = attrInt(n, "transB", 0) ? y->dims[0] : y->dims[1];
        if (k == kb) set(n, 0, {m, nn}, false);
        return true;
    }
    if (oneOf(op, {"Conv", "ConvTranspose", "MaxPool", "AveragePool", "LpPool"})) {
        if (rank < 3) return true;
        const std::size_t nd = rank - 2;
        const bool conv = op == "Conv" || op == "ConvTranspose";
        const EvalValue* w = conv ? in(n, 1) : nullptr;
        if (conv && (!w || w->dims.size() != rank)) return true;
        std::vector<std::int64_t> kernel = attrInts(n, "kernel_shape");
        if (kernel.empty() && w) kernel.assign(w->dims.begin() + 2, w->dims.end());
        std::vector<std::int64_t> strides = attrInts(n, "strides"), dil = attrInts(n, "dilations"), pads = attrInts(n, "pads");
        if (strides.empty()) strides.assign(nd, 1);
        if (dil.empty()) dil.assign(nd, 1);
        if (pads.empty()) pads.assign(2 * nd, 0);
        if (kernel.size() != nd || strides.size() != nd || dil.size() != nd || pads.size() != 2 * nd) return true;
        // Window attributes far beyond any real network would overflow the arithmetic below.
        const auto sane = [](const std::vector<std::int64_t>& v) {
            return std::all_of(v.begin(), v.end(), [](std::int64_t a) { return a >= 0 && a <= (std::int64_t{1} << 20); });
        };
        if (!sane(kernel) || !sane(strides) || !sane(dil) || !sane(pads)) return true;
        const std::string autoPad = attrString(n, "auto_pad", "NOTSET");
        const bool same = autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER";
        std::vector<std::int64_t> out{d[0]};
        if (op == "ConvTranspose") {
            const std::int64_t group = std::max<std::int64_t>(attrInt(n, "group", 1), 1);
            out.push_back(w->dims[1] * group);
            std::vector<std::int64_t> given = attrInts(n, "output_shape"), extra = attrInts(n, "output_padding");
            if (extra.empty()) extra.assign(nd, 0);
            if (extra.size() != nd || !sane(extra)) return true;
            for (std::size_t i = 0; i < nd; ++i) {
                if (given.size() == nd) {
                    out.push_back(given[i]);
                    continue;
                }
                const std::int64_t len = same ? d[2 + i] * strides[i]
                                              : strides[i] * (d[2 + i] - 1) + extra[i] + ((kernel[i] - 1) * dil[i] + 1) - pads[i] - pads[nd + i];
                if (len < 1) return true;
                out.push_back(len);
            }
            set(n, 0, out, false);
            return true;
        }
        out.push_back(conv ? w->dims[0] : d[1]);
        const bool ceil = attrInt(n, "ceil_mode", 0) != 0;
        for (std::size_t i = 0; i < nd; ++i) {
            if (same) {
                out.push_back(strides[i] < 1 ? 0 : (d[2 + i] + strides[i] - 1) / strides[i]);
                continue;
            }
            const std::int64_t padTotal = autoPad == "VALID" ? 0 : pads[i] + pads[nd + i];
            auto len = windowOut(d[2 + i], kernel[i], strides[i], dil[i], padTotal, ceil);
            if (!len) return true;
            out.push_back(*len);
        }
        set(n, 0, out, false);
        if (op == "MaxPool" && n.output_size() > 1) set(n, 1, out, true);
        return true;
    }
    if (oneOf(op, {"GlobalAveragePool", "GlobalMaxPool", "GlobalLpPool"})) {
        if (rank < 2) return true;
        std::vector<std::int64_t> out(rank, 1);
        out[0] = d[0];
        out[1] = d[1];
        set(n, 0, out, false);
        return true;
    }
    if (op == "Transpose") {
        std::vector<std::int64_t> perm = attrInts(n, "perm");
        if (perm.empty())
            for (std::size_t i = rank; i-- > 0;) perm.push_back(static_cast<std::int64_t>(i));
        if (perm.size() != rank) return true;
        std::vector<bool> seen(rank, false);
        std::vector<std::int64_t> out;
        for (auto p : perm) {
            if (p < 0 || static_cast<std::size_t>(p) >= rank || seen[static_cast<std::size_t>(p)]) return true;
            seen[static_cast<std::size_t>(p)] = true;
            out.push_back(d[static_cast<std::size_t>(p)]);
        }
        // The numbers of a small tensor, permuted (torch.onnx's F.pad transposes its pads matrix).
        std::optional<std::vector<double>> values;
        if (x->values && !x->values->empty())
            values = readView(*x->values, d, out, perm, std::vector<std::int64_t>(rank, 0), std::vector<std::int64_t>(rank, 1));
        set(n, 0, out, x->integer, std::move(values));
        return true;
    }
    if (op == "Split") {
        auto axis = normAxis(attrInt(n, "axis", 0), rank);
        if (!axis || n.output_size() < 1) return true;
        const auto a = static_cast<std::size_t>(*axis);
        std::vector<std::int64_t> parts = attrInts(n, "split");
        if (m_opset >= 13 && n.input_size() >= 2 && !n.input(1).empty()) {
            const auto* v = numbers(n, 1);
            if (!v) return true;
            auto ints = asInts(*v);
            if (!ints) return true;
            parts = *ints;
        }
        const auto outs = static_cast<std::int64_t>(n.output_size());
        if (parts.empty()) {
            const std::int64_t chunk = (d[a] + outs - 1) / outs;
            for (std::int64_t i = 0; i < outs; ++i) parts.push_back(std::max<std::int64_t>(std::min(chunk, d[a] - i * chunk), 0));
        }
        if (static_cast<std::int64_t>(parts.size()) != outs) return true;
        for (std::size_t i = 0; i < parts.size(); ++i) {
            std::vector<std::int64_t> out = d;
            out[a] = parts[i];
            set(n, static_cast<int>(i), out, x->integer);
        }
        return true;
    }
    if (op == "Pad") {
        std::vector<std::int64_t> pads = attrInts(n, "pads");
        if (m_opset >= 11) {
            const auto* v = numbers(n, 1);
            if (!v) return true;
            auto ints = asInts(*v);
            if (!ints) return true;
            pads = *ints;
        }
        if (pads.size() != 2 * rank ||
            std::any_of(pads.begin(), pads.end(), [](std::int64_t p) { return p < -kMaxDim || p > kMaxDim; }))
            return true;
        std::vector<std::int64_t> out = d;
        for (std::size_t i = 0; i < rank; ++i) out[i] += pads[i] + pads[rank + i];
        set(n, 0, out, x->integer);
        return true;
    }
    if (op == "Resize" || op == "Upsample") {
        // Resize: X, roi, scales, sizes (opset 11+); X, scales (opset 10 and Upsample).
        const int scalesAt = op == "Upsample" || m_opset < 11 ? 1 : 2;
        if (const auto* sizes = op == "Resize" && m_opset >= 11 ? numbers(n, 3) : nullptr; sizes && sizes->size() == rank) {
            if (auto ints = asInts(*sizes)) set(n, 0, *ints, x->integer);
            return true;
        }
        std::vector<double> scales;
        if (const auto* s = numbers(n, scalesAt)) scales = *s;
        else if (const auto* a = findAttr(n, "scales")) scales.assign(a->floats().begin(), a->floats().end());
        if (scales.size() != rank) return true;
        std::vector<std::int64_t> out;
        for (std::size_t i = 0; i < rank; ++i) {
            const double v = std::floor(static_cast<double>(d[i]) * scales[i]);
            if (!(v >= 0 && v <= static_cast<double>(kMaxDim))) return true;
            out.push_back(static_cast<std::int64_t>(v));
        }
        set(n, 0, out, x->integer);
        return true;
    }
    if (op.rfind("Reduce", 0) == 0 || op == "ArgMax" || op == "ArgMin") {
        std::vector<std::int64_t> axes = attrInts(n, "axes");
        if (op == "ArgMax" || op == "ArgMin") axes = {attrInt(n, "axis", 0)};
        const bool axesInput = (op == "ReduceSum" && m_opset >= 13) || m_opset >= 18;
        if (axesInput && n.input_size() >= 2 && !n.input(1).empty()) {
            const auto* v = numbers(n, 1);
            if (!v) return true;
            auto ints = asInts(*v);
            if (!ints) return true;
            axes = *ints;
        }
        const bool keep = attrInt(n, "keepdims", 1) != 0;
        std::vector<bool> reduced(rank, axes.empty() && attrInt(n, "noop_with_empty_axes", 0) == 0);
        for (auto a : axes) {
            auto k = normAxis(a, rank);
            if (!k) return true;
            reduced[static_cast<std::size_t>(*k)] = true;
        }
        std::vector<std::int64_t> out;
        for (std::size_t i = 0; i < rank; ++i)
            if (!reduced[i]) out.push_back(d[i]);
            else if (keep) out.push_back(1);
        set(n, 0, out, op == "ArgMax" || op == "ArgMin" || x->integer);
        return true;
    }
    if (op == "Tile") {
        const auto* v = numbers(n, 1);
        if (!v || v->size() != rank) return true;
        auto reps = asInts(*v);
        if (!reps) return true;
        std::vector<std::int64_t> out = d;
        for (std::size_t i = 0; i < rank; ++i) {
            if ((*reps)[i] < 0 || (out[i] != 0 && (*reps)[i] > kMaxDim / out[i])) return true;
            out[i] *= (*reps)[i];
        }
        set(n, 0, out, x->integer);
        return true;
    }
    if (op == "LSTM" || op == "GRU" || op == "RNN") {
        const std::int64_t hidden = attrInt(n, "hidden_size", 0);
        const std::int64_t dirs = attrString(n, "direction", "forward") == "bidirectional" ? 2 : 1;
        if (rank != 3 || hidden < 1) return true;
        const bool batchFirst = attrInt(n, "layout", 0) != 0;
        const std::int64_t t = batchFirst ? d[1] : d[0], b = batchFirst ? d[0] : d[1];
        set(n, 0, batchFirst ? std::vector<std::int64_t>{b, t, dirs, hidden} : std::vector<std::int64_t>{t, dirs, b, hidden}, false);
        for (int i = 1; i < n.output_size() && i < 3; ++i)
            set(n, i, batchFirst ? std::vector<std::int64_t>{b, dirs, hidden} : std::vector<std::int64_t>{dirs, b, hidden}, false);
        return true;
    }
    return false;
}

} // namespace netsizer::core::onnximport
