// OnnxNodeMapper, continued: the mappings of operators with weights or geometry. Each falls
// back to an Opaque layer when the node does not fit its kind exactly (weights of unexpected
// sizes, shapes ONNX could not infer, attributes the kind cannot express), so parameter counts
// stay exact whatever the mapping.
#include "core/io/onnx/OnnxNodeMapper.h"

#include "core/io/onnx/OnnxAttributes.h"
#include "core/layers/LayerKind.h"
#include "core/util/Checked.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

namespace netsizer::core::onnximport {
namespace {

// The element count of `dims`, or nullopt when it does not fit in 64 bits (then it equals no
// weight's count and the node stays opaque, never matched through a wrapped product).
std::optional<Count> product(const std::vector<std::int64_t>& dims)
{
    CheckedCount n{1};
    for (auto d : dims) n *= static_cast<Count>(std::max<std::int64_t>(d, 0));
    return n.ok() ? std::optional<Count>(n.value()) : std::nullopt;
}

// a × b × c × d, or nullopt on overflow.
std::optional<Count> product(Count a, Count b, Count c, Count d)
{
    const CheckedCount n = CheckedCount{a} * b * c * d;
    return n.ok() ? std::optional<Count>(n.value()) : std::nullopt;
}

IntList orDefault(IntList v, std::size_t n, std::int64_t def)
{
    if (v.empty()) v.assign(n, def);
    return v;
}

// Index of the batch axis in a value's full shape (0 when no dim carries the batch symbol).
std::int64_t batchAxis(const std::vector<std::int64_t>* full)
{
    if (!full) return 0;
    auto it = std::find(full->begin(), full->end(), kBatchDim);
    return it == full->end() ? 0 : it - full->begin();
}

} // namespace

Status OnnxNodeMapper::mapConv(Node& n)
{
    const auto& p = n.proto;
    const auto w = staticDims(p.input(1));
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(0) || !n.trusted || !w || w->size() < 3 || w->size() > 5 ||
        m_t.unclaimedWeights(p.input(1)) != product(*w)) {
        opaque(n);
        return Ok{};
    }
    const std::size_t nd = w->size() - 2;
    const Shape& in = n.act(m_t, 0).shape;
    const std::int64_t group = attrInt(p, "group", 1);
    const bool bias = hasInput(p, 2);
    if (in.rank() != static_cast<int>(nd) + 1 || group < 1 || in[0] != (*w)[1] * group ||
        (bias && m_t.unclaimedWeights(p.input(2)) != static_cast<Count>((*w)[0]))) {
        opaque(n);
        return Ok{};
    }
    const std::string autoPad = attrString(p, "auto_pad", "NOTSET");
    const std::string mode = autoPad == "VALID" ? "valid" : autoPad.rfind("SAME", 0) == 0 ? "same" : "explicit";
    IntList kernel = attrInts(p, "kernel_shape");
    if (kernel.empty()) kernel.assign(w->begin() + 2, w->end());
    const IntList pads = mode == "explicit" ? orDefault(attrInts(p, "pads"), 2 * nd, 0) : IntList{0};
    const char* kind = nd == 1 ? "Conv1D" : nd == 2 ? "Conv2D" : "Conv3D";
    add(n, kind, {{"filters", (*w)[0]}, {"kernel_size", kernel}, {"stride", orDefault(attrInts(p, "strides"), nd, 1)},
                  {"padding", pads}, {"padding_mode", mode}, {"dilation", orDefault(attrInts(p, "dilations"), nd, 1)},
                  {"groups", group}, {"bias", bias}});
    return Ok{};
}

Status OnnxNodeMapper::mapConvTranspose(Node& n)
{
    const auto& p = n.proto;
    const auto w = staticDims(p.input(1));
    const std::int64_t group = attrInt(p, "group", 1);
    const bool bias = hasInput(p, 2);
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(0) || !n.trusted || !w || w->size() != 4 ||
        m_t.unclaimedWeights(p.input(1)) != product(*w) || findAttr(p, "output_shape") ||
        attrString(p, "auto_pad", "NOTSET") != "NOTSET" || n.act(m_t, 0).shape.rank() != 3 ||
        n.act(m_t, 0).shape[0] != (*w)[0] || (bias && m_t.unclaimedWeights(p.input(2)) != static_cast<Count>((*w)[1] * group))) {
        opaque(n);
        return Ok{};
    }
    IntList kernel = attrInts(p, "kernel_shape");
    if (kernel.empty()) kernel = {(*w)[2], (*w)[3]};
    add(n, "ConvTranspose2D", {{"filters", (*w)[1] * group}, {"kernel_size", kernel},
                               {"stride", orDefault(attrInts(p, "strides"), 2, 1)}, {"padding", orDefault(attrInts(p, "pads"), 4, 0)},
                               {"output_padding", orDefault(attrInts(p, "output_padding"), 2, 0)},
                               {"dilation", orDefault(attrInts(p, "dilations"), 2, 1)}, {"groups", group}, {"bias", bias}});
    return Ok{};
}

Status OnnxNodeMapper::mapPool(Node& n)
{
    const auto& p = n.proto;
    const IntList kernel = attrInts(p, "kernel_shape");
    const std::size_t nd = kernel.size();
    const IntList dil = orDefault(attrInts(p, "dilations"), nd, 1);
    const std::string autoPad = attrString(p, "auto_pad", "NOTSET");
    const bool plain = std::all_of(dil.begin(), dil.end(), [](auto d) { return d == 1; }) && autoPad != "VALID";
    const Shape& in = n.act(m_t, 0).shape;
    if (n.actNames.size() != 1 || !n.trusted || (nd != 1 && nd != 2) || !plain || in.rank() != static_cast<int>(nd) + 1) {
        opaque(n);
        return Ok{};
    }
    const IntList strides = orDefault(attrInts(p, "strides"), nd, 1);
    IntList pads = orDefault(attrInts(p, "pads"), 2 * nd, 0);
    if (strides.size() != nd || pads.size() != 2 * nd) {
        opaque(n);
        return Ok{};
    }
    if (autoPad == "SAME_UPPER" || autoPad == "SAME_LOWER") { // out = ceil(in / stride); SAME_LOWER pads more at the start
        for (std::size_t i = 0; i < nd; ++i) {
            const std::int64_t len = in[static_cast<int>(i) + 1], s = std::max<std::int64_t>(strides[i], 1);
            const std::int64_t total = std::max<std::int64_t>(((len + s - 1) / s - 1) * s + kernel[i] - len, 0);
            const std::int64_t small = total / 2;
            pads[i] = autoPad == "SAME_UPPER" ? small : total - small;
            pads[i + nd] = total - pads[i];
        }
    }
    const std::string kind = std::string(n.op() == "MaxPool" ? "MaxPool" : "AvgPool") + (nd == 1 ? "1D" : "2D");
    add(n, kind, {{"kernel_size", kernel}, {"stride", strides}, {"padding", pads}, {"ceil_mode", attrInt(p, "ceil_mode", 0) != 0}});
    return Ok{};
}

Status OnnxNodeMapper::mapDense(Node& n)
{
    const auto& p = n.proto;
    const bool gemm = n.op() == "Gemm";
    const auto w = p.input_size() >= 2 ? staticDims(p.input(1)) : std::nullopt;
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(0) || !n.trusted || !w || w->size() != 2 ||
        (gemm && attrInt(p, "transA", 0) != 0) || m_t.unclaimedWeights(p.input(1)) != product(*w)) {
        opaque(n);
        return Ok{};
    }
    const bool transB = gemm && attrInt(p, "transB", 0) != 0;
    const std::int64_t units = transB ? (*w)[0] : (*w)[1];
    const std::int64_t features = transB ? (*w)[1] : (*w)[0];
    const Shape& in = n.act(m_t, 0).shape;
    // Gemm multiplies rank-2 tensors: per sample [F], or [T, F] when the batch is folded into the
    // rows (torch's linear on a [T·B, F] reshape, as MultiheadAttention's out_proj).
    if (in.back() != features || (gemm && in.rank() > 2)) {
        opaque(n);
        return Ok{};
    }
    bool bias = gemm && hasInput(p, 2);
    if (bias && m_t.unclaimedWeights(p.input(2)) != static_cast<Count>(units)) {
        opaque(n);
        return Ok{};
    }
    // MatMul followed by an Add of a [units] weight is torch's Linear on a 3-D input.
    int fused = -1;
    if (!gemm) {
        const auto& users = consumers(p.output(0));
        if (users.size() == 1 && m_graph.node(users[0]).op_type() == "Add" && m_graph.node(users[0]).input_size() == 2) {
            const auto& a = m_graph.node(users[0]);
            const std::string& other = a.input(0) == p.output(0) ? a.input(1) : a.input(0);
            const auto dims = m_t.activation(other) ? std::nullopt : staticDims(other);
            if (dims && dims->size() == 1 && (*dims)[0] == units && m_t.unclaimedWeights(other) == static_cast<Count>(units)) {
                fused = users[0];
                n.statics.push_back(other);
                bias = true;
            }
        }
    }
    const LayerId id = add(n, "Dense", {{"units", units}, {"bias", bias}}, {}, [&] {
        Shape s = in;
        s[s.rank() - 1] = units;
        return s;
    }());
    if (fused >= 0) {
        const std::string& out = m_graph.node(fused).output(0);
        Activation a = *m_t.activation(p.output(0));
        m_t.bind(out, a);
        if (a.trusted && m_t.perSample(out)) m_checked.emplace_back(id, out);
        m_skip[static_cast<std::size_t>(fused)] = true;
    }
    return Ok{};
}

Status OnnxNodeMapper::mapBatchNorm(Node& n)
{
    const auto& p = n.proto;
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(0) || n.statics.size() != 4 || !n.trusted) {
        opaque(n);
        return Ok{};
    }
    const auto channels = static_cast<Count>(n.act(m_t, 0).shape[0]);
    for (const auto& s : n.statics)
        if (m_t.unclaimedWeights(s) != channels) {
            opaque(n);
            return Ok{};
        }
    // ONNX's momentum weighs the running value (default 0.9); PyTorch's the new batch value.
    const double momentum = std::clamp(1.0 - attrFloat(p, "momentum", 0.9), 0.0, 1.0);
    add(n, "BatchNorm", {{"eps", std::clamp(attrFloat(p, "epsilon", 1e-5), 0.0, 1.0)}, {"momentum", momentum},
                         {"affine", true}, {"track_running_stats", true}});
    return Ok{};
}

Status OnnxNodeMapper::mapRecurrent(Node& n)
{
    const auto& p = n.proto;
    const int gates = n.op() == "LSTM" ? 4 : n.op() == "GRU" ? 3 : 1;
    const std::int64_t hidden = attrInt(p, "hidden_size", 0);
    const bool bidirectional = attrString(p, "direction", "forward") == "bidirectional";
    const Count dirs = bidirectional ? 2 : 1;
    const auto w = p.input_size() >= 3 ? staticDims(p.input(1)) : std::nullopt;
    const Shape& in = n.act(m_t, 0).shape;
    const bool bias = hasInput(p, 3);
    const auto H = static_cast<Count>(std::max<std::int64_t>(hidden, 0));
    const bool fits = n.actNames.size() == 1 && n.actNames[0] == p.input(0) && hidden > 0 && w && w->size() == 3 &&
                      in.rank() == 2 && (*w)[2] == in[1] &&
                      m_t.unclaimedWeights(p.input(1)) == product(dirs, gates, H, static_cast<Count>(in[1])) &&
                      m_t.unclaimedWeights(p.input(2)) == product(dirs, gates, H, H) &&
                      (!bias || m_t.unclaimedWeights(p.input(3)) == product(dirs, 2, gates, H));
    if (!fits) {
        opaque(n);
        return Ok{};
    }
    const Shape out{in[0], static_cast<std::int64_t>(dirs * H)};
    // ONNX's X is time-major. torch.onnx writes a batch_first module's input transpose as a
    // Transpose node (a strided view: PyTorch's matmul copies it, once per direction) and drops
    // it when the value already is time-major, as a recurrent layer's output (the transposed
    // view is contiguous: the input itself is kept, once). `batch_first` is that copy rule.
    const bool copied = strided(n.actNames[0]);
    const auto acts = findAttr(p, "activations");
    const bool relu = acts && acts->strings_size() > 0 && acts->strings(0) == "Relu";
    if (gates == 1)
        add(n, "RNN", {{"hidden_size", hidden}, {"num_layers", std::int64_t{1}}, {"bidirectional", bidirectional},
                       {"dropout", 0.0}, {"return_sequences", true}, {"bias", bias}, {"batch_first", copied},
                       {"state_outputs", false}, {"nonlinearity", std::string(relu ? "relu" : "tanh")}}, {}, out);
    else
        add(n, gates == 4 ? "LSTM" : "GRU", {{"hidden_size", hidden}, {"num_layers", std::int64_t{1}}, {"bidirectional", bidirectional},
                                             {"dropout", 0.0}, {"return_sequences", true}, {"bias", bias}, {"batch_first", copied},
                                             {"state_outputs", false}}, {}, out);
    return Ok{};
}

Status OnnxNodeMapper::mapPad(Node& n)
{
    const auto& p = n.proto;
    IntList pads = attrInts(p, "pads");
    if (m_opset >= 11) {
        pads.clear();
        if (const auto* v = hasInput(p, 1) ? m_t.constant(p.input(1)) : nullptr)
            for (double x : *v) {
                const auto pad = integralValue(x);
                if (!pad) { // not a number of elements: the node stays opaque below
                    pads.clear();
                    break;
                }
                pads.push_back(*pad);
            }
    }
    const auto* full = m_t.fullShape(p.input(0));
    const std::size_t r = full ? full->size() : 0;
    const bool constant = attrString(p, "mode", "constant") == "constant" && !hasInput(p, 2);
    if (n.actNames.size() != 1 || !n.trusted || pads.size() != 2 * r || r < 3 || r > 4 || batchAxis(full) != 0 || !constant ||
        pads[0] != 0 || pads[r] != 0 || std::any_of(pads.begin(), pads.end(), [](auto x) { return x < 0; })) {
        opaque(n);
        return Ok{};
    }
    // Channels first ([N, C, H, W]: axis 1 unpadded) or, failing that, channels last ([N, H, W, C]:
    // the last axis unpadded, as F.pad(x, (0, 0, ...)) of Swin's windows).
    const bool last = pads[1] != 0 || pads[r + 1] != 0;
    if (last && (pads[r - 1] != 0 || pads[2 * r - 1] != 0)) {
        opaque(n);
        return Ok{};
    }
    const std::size_t from = last ? 1 : 2, to = last ? r - 1 : r;
    IntList spatial;
    for (std::size_t i = from; i < to; ++i) spatial.push_back(pads[i]);
    for (std::size_t i = from; i < to; ++i) spatial.push_back(pads[r + i]);
    if (std::all_of(spatial.begin(), spatial.end(), [](auto x) { return x == 0; })) {
        passThrough(n); // torch exports AvgPool2d(padding=0) with an all-zero Pad
        return Ok{};
    }
    n.statics.clear();
    add(n, "ZeroPadding", {{"padding", spatial}, {"channels_last", last}});
    return Ok{};
}

Status OnnxNodeMapper::mapClip(Node& n)
{
    const auto& p = n.proto;
    double lo = -std::numeric_limits<double>::infinity(), hi = std::numeric_limits<double>::infinity();
    bool known = true;
    if (m_opset >= 11) {
        auto bound = [&](int i, double& v) {
            if (!hasInput(p, i)) return;
            const auto* c = m_t.constant(p.input(i));
            if (c && c->size() == 1) v = (*c)[0];
            else known = false;
        };
        bound(1, lo);
        bound(2, hi);
    } else {
        lo = attrFloat(p, "min", lo);
        hi = attrFloat(p, "max", hi);
    }
    if (n.actNames.size() != 1 || !known || lo != 0.0 || !(hi == 6.0 || std::isinf(hi))) {
        opaque(n);
        return Ok{};
    }
    n.statics.clear();
    add(n, hi == 6.0 ? "ReLU6" : "ReLU", {});
    return Ok{};
}

Status OnnxNodeMapper::mapResize(Node& n)
{
    const auto& p = n.proto;
    const auto out = m_t.perSample(p.output(0));
    const Shape& in = n.act(m_t, 0).shape;
    const std::string mode = attrString(p, "mode", "nearest");
    const bool linear = mode == "linear" || mode == "bilinear";
    if (n.actNames.size() != 1 || !n.trusted || !out || out->rank() != in.rank() || (in.rank() != 2 && in.rank() != 3) ||
        (*out)[0] != in[0] || !(mode == "nearest" || linear) || (linear && in.rank() != 3)) {
        opaque(n);
        return Ok{};
    }
    IntList size;
    for (int i = 1; i < out->rank(); ++i) size.push_back((*out)[i]);
    n.statics.clear();
    add(n, "Upsample", {{"mode", std::string(linear ? "bilinear" : "nearest")}, {"scale_factor", 1.0}, {"size", size}});
    return Ok{};
}

Status OnnxNodeMapper::mapShapeOp(Node& n)
{
    const auto& p = n.proto;
    const auto out = m_t.perSample(p.output(0));
    const auto* full = m_t.fullShape(p.input(0));
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(0) || !n.trusted || !out ||
        out->numel().value() != n.act(m_t, 0).shape.numel().value()) {
        opaque(n);
        return Ok{};
    }
    n.statics.clear();
    if (strided(p.input(0))) { // a view with permuted or cut strides: PyTorch's reshape copies
        IntList dims;
        for (int i = 0; i < out->rank(); ++i) dims.push_back((*out)[i]);
        add(n, "Reshape", {{"shape", dims}, {"copy", true}});
        return Ok{};
    }
    if (n.op() == "Flatten" && attrInt(p, "axis", 1) == 1 && batchAxis(full) == 0) {
        add(n, "Flatten", {{"start_dim", std::int64_t{1}}, {"end_dim", std::int64_t{-1}}});
        return Ok{};
    }
    if (*out == n.act(m_t, 0).shape) {
        passThrough(n);
        return Ok{};
    }
    IntList dims;
    for (int i = 0; i < out->rank(); ++i) dims.push_back((*out)[i]);
    add(n, "Reshape", {{"shape", dims}});
    return Ok{};
}

// A per-channel weight ([C, 1, 1], [1, C, 1, 1], [C] on [N, C]) of an input of full rank `rank`.
bool OnnxNodeMapper::perChannel(const std::string& weight, std::int64_t channels, int rank) const
{
    const auto dims = staticDims(weight);
    if (!dims || dims->empty() || static_cast<int>(dims->size()) > rank || m_t.unclaimedWeights(weight) != static_cast<Count>(channels))
        return false;
    for (std::size_t j = 0; j < dims->size(); ++j) {
        const bool channelAxis = rank - static_cast<int>(dims->size()) + static_cast<int>(j) == 1;
        if ((*dims)[j] != (channelAxis ? channels : 1)) return false;
    }
    return true;
}

Status OnnxNodeMapper::mapBinary(Node& n)
{
    const auto& p = n.proto;
    const auto* full = m_t.fullShape(p.input(0));
    // The activation's shape: the weight may come first (ConvNeXt's layer_scale · x).
    const auto* xFull = n.actNames.empty() ? nullptr : m_t.fullShape(n.actNames[0]);
    if (n.op() == "Mul" && n.actNames.size() == 1 && n.statics.size() == 1 && n.trusted && xFull && batchAxis(xFull) == 0 &&
        n.act(m_t, 0).shape.rank() >= 2 && perChannel(n.statics[0], n.act(m_t, 0).shape[0], static_cast<int>(xFull->size()))) {
        // x · γ_c (+ β_c): an affine per channel, as older exports write an inference BatchNorm.
        add(n, "Scale", {{"bias", false}, {"inplace", false}});
        return Ok{};
    }
    if (n.op() == "Add" && n.actNames.size() == 1 && n.statics.size() == 1 && consumers(n.actNames[0]).size() == 1) {
        // ... + β_c right after a Scale without bias: the Scale's bias.
        Layer* scale = m_builder.graph().find(n.ports[0].layer);
        const int bias = scale ? scale->kind->paramIndex("bias") : -1;
        if (scale && scale->kind->id == "Scale" && bias >= 0 && !std::get<bool>(scale->attrs[static_cast<std::size_t>(bias)]) &&
            full && perChannel(n.statics[0], n.act(m_t, 0).shape[0], static_cast<int>(full->size()))) {
            scale->attrs[static_cast<std::size_t>(bias)] = true;
            m_t.claim(n.statics[0]);
            passThrough(n);
            return Ok{};
        }
    }
    if (n.op() == "Add" && n.actNames.size() == 1 && n.statics.size() == 1 && n.trusted && m_t.weight(n.statics[0])) {
        // x + P with a learned [S, E] or [1, S, E] table P: a positional embedding added with
        // broadcasting (AddBackward0 keeps nothing).
        const Shape& in = n.act(m_t, 0).shape;
        auto dims = *staticDims(n.statics[0]);
        if (dims.size() == 3 && dims[0] == 1) dims.erase(dims.begin());
        if (in.rank() == 2 && dims.size() == 2 && dims[0] == in[0] && dims[1] == in[1] &&
            m_t.unclaimedWeights(n.statics[0]) == product(dims)) {
            add(n, "PositionalEmbedding", {{"num_positions", dims[0]}, {"lookup", false}});
            return Ok{};
        }
    }
    if (n.op() == "Concat" && n.actNames.size() == 1 && n.statics.size() == 1 && n.trusted && p.input_size() == 2 &&
        p.input(0) == n.statics[0]) {
        // cat([token.expand(N, -1, -1), x], dim=1) with a learned [1, t, E] token: ViT's class token.
        const Shape& in = n.act(m_t, 0).shape;
        const auto token = m_t.perSample(n.statics[0]);
        std::int64_t axis = attrInt(p, "axis", 1);
        if (full && axis < 0) axis += static_cast<std::int64_t>(full->size());
        if (full && batchAxis(full) == 0 && axis == 1 && in.rank() == 2 && token && token->rank() == 2 && (*token)[1] == in[1] &&
            !m_t.weight(n.statics[0]) && m_t.unclaimedWeights(n.statics[0]) == static_cast<Count>((*token)[0] * in[1])) {
            add(n, "ClassToken", {{"tokens", (*token)[0]}}, {n.ports[0]});
            return Ok{};
        }
    }
    if (n.op() == "Add" && n.trusted && mapAddTensor(n)) return Ok{};
    if (!n.statics.empty() || !n.trusted) { // an appended token, a product with a tensor: no kind holds those
        opaque(n);
        return Ok{};
    }
    if (n.actNames.size() == 1) { // torch.cat of one tensor (DenseNet's first layers) copies; nothing keeps the copy apart
        passThrough(n);
        return Ok{};
    }
    const Shape& first = n.act(m_t, 0).shape;
    const bool same = std::all_of(n.actNames.begin(), n.actNames.end(), [&](const std::string& a) { return m_t.activation(a)->shape == first; });
    if (n.op() == "Add" || n.op() == "Sum") {
        if (same) add(n, "Add", {});
        else opaque(n);
        // The sum takes the layout of its first operand when that one decides it (TensorIterator).
        markStrided(p.output(0), strided(n.actNames[0]));
    } else if (n.op() == "Mul") {
        add(n, "Multiply", {});
    } else { // Concat: ONNX's axis counts the batch axis, as the kind's does
        std::int64_t axis = attrInt(p, "axis", 1);
        if (full && axis < 0) axis += static_cast<std::int64_t>(full->size());
        if (!full || batchAxis(full) != 0 || axis < 1 || axis >= static_cast<std::int64_t>(full->size())) opaque(n);
        else add(n, "Concat", {{"axis", axis}});
    }
    return Ok{};
}

Status OnnxNodeMapper::mapGather(Node& n)
{
    const auto& p = n.proto;
    const auto w = staticDims(p.input(0));
    if (n.actNames.size() != 1 || n.actNames[0] != p.input(1) || attrInt(p, "axis", 0) != 0 || !w || w->size() != 2 ||
        !m_t.weight(p.input(0)) || m_t.unclaimedWeights(p.input(0)) != product(*w) || !n.act(m_t, 0).integer) {
        opaque(n);
        return Ok{};
    }
    const Shape& ids = n.act(m_t, 0).shape;
    Shape out = ids;
    out.push((*w)[1]);
    add(n, "Embedding", {{"num_embeddings", (*w)[0]}, {"embedding_dim", (*w)[1]}}, {}, out);
    return Ok{};
}

Status OnnxNodeMapper::mapLayerNorm(Node& n)
{
    const auto& p = n.proto;
    const auto* full = m_t.fullShape(p.input(0));
    const Shape& in = n.act(m_t, 0).shape;
    std::int64_t axis = attrInt(p, "axis", -1);
    const auto r = full ? static_cast<std::int64_t>(full->size()) : in.rank() + 1;
    if (axis < 0) axis += r;
    const std::int64_t dims = r - axis;
    Count rowSize = 1;
    for (int i = in.rank() - static_cast<int>(dims); i >= 0 && i < in.rank(); ++i) rowSize *= static_cast<Count>(in[i]);
    if (n.actNames.size() != 1 || dims < 1 || dims > in.rank() || !hasInput(p, 2) || m_t.unclaimedWeights(p.input(1)) != rowSize ||
        m_t.unclaimedWeights(p.input(2)) != rowSize) {
        opaque(n);
        return Ok{};
    }
    add(n, "LayerNorm", {{"normalized_dims", dims}, {"eps", std::clamp(attrFloat(p, "epsilon", 1e-5), 0.0, 1.0)},
                         {"elementwise_affine", true}});
    return Ok{};
}

} // namespace netsizer::core::onnximport
