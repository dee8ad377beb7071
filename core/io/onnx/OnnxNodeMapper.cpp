#include "core/io/onnx/OnnxNodeMapper.h"

#include "core/io/onnx/OnnxAttributes.h"
#include "core/io/onnx/OnnxModulePatterns.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cmath>

namespace netsizer::core::onnximport {

const std::string& OnnxNodeMapper::Node::op() const
{
    return proto.op_type();
}

namespace {

// Right-aligned broadcast of per-sample shapes (size-1 axes stretch); the first shape when they
// do not broadcast.
Shape broadcast(const std::vector<Shape>& shapes)
{
    int rank = 0;
    for (const auto& s : shapes) rank = std::max(rank, s.rank());
    Shape out;
    for (int i = 0; i < rank; ++i) {
        std::int64_t d = 1;
        for (const auto& s : shapes) {
            const int j = s.rank() - rank + i;
            if (j < 0 || s[j] == 1) continue;
            if (d != 1 && d != s[j]) return shapes.front();
            d = s[j];
        }
        out.push(d);
    }
    return out;
}

bool isOneOf(const std::string& op, std::initializer_list<const char*> ops)
{
    return std::any_of(ops.begin(), ops.end(), [&](const char* o) { return op == o; });
}

} // namespace

OnnxNodeMapper::OnnxNodeMapper(std::string fileName, const onnx::GraphProto& graph, std::int64_t opset, OnnxTensors& tensors)
    : m_file(std::move(fileName)), m_graph(graph), m_opset(opset), m_t(tensors), m_skip(static_cast<std::size_t>(graph.node_size()), false)
{
    for (int i = 0; i < graph.node_size(); ++i)
        for (const auto& in : graph.node(i).input())
            if (!in.empty()) m_consumers[in].push_back(i);
}

Error OnnxNodeMapper::error(const Node& n, const std::string& message, const char* code) const
{
    return makeError(code, n.op() + " node: " + message, m_file + ":" + n.name);
}

const std::vector<int>& OnnxNodeMapper::consumers(const std::string& value) const
{
    static const std::vector<int> none;
    auto it = m_consumers.find(value);
    return it == m_consumers.end() ? none : it->second;
}

std::optional<std::vector<std::int64_t>> OnnxNodeMapper::staticDims(const std::string& name) const
{
    if (const Weight* w = m_t.weight(name)) return w->dims;
    const auto* full = m_t.fullShape(name);
    if (!full) full = m_t.batchFreeDims(name);
    if (!full || std::any_of(full->begin(), full->end(), [](std::int64_t d) { return d < 0; })) return std::nullopt;
    return *full;
}

Status OnnxNodeMapper::addInput(const onnx::ValueInfoProto& input)
{
    const auto shape = m_t.perSample(input.name());
    if (!shape) return makeError("onnx", "graph input '" + input.name() + "' has an unknown or unusable dimension besides the batch axis",
                                 m_file + ":" + input.name());
    IntList dims;
    for (int i = 0; i < shape->rank(); ++i) dims.push_back((*shape)[i]);
    const auto elem = input.type().tensor_type().elem_type();
    const bool integer = elem == onnx::TensorProto::INT64 || elem == onnx::TensorProto::INT32;
    const LayerId id = m_builder.add("Input", input.name(), std::vector<PortRef>{},
                                     {{"shape", dims}, {"dtype", std::string(integer ? "int64" : "float32")}});
    m_t.bind(input.name(), Activation{PortRef{id, 0}, *shape, true, integer});
    return Ok{};
}

Status OnnxNodeMapper::addStatic(const onnx::NodeProto& n)
{
    std::vector<std::string> inputs(n.input().begin(), n.input().end());
    const std::string& op = n.op_type();
    if (op == "Constant") {
        for (const auto& a : n.attribute())
            if (a.name() == "value" && a.has_t()) {
                if (auto v = tensorValues(a.t())) m_t.setConstant(n.output(0), *v);
            } else if (a.name() == "value_float") m_t.setConstant(n.output(0), {a.f()});
            else if (a.name() == "value_int") m_t.setConstant(n.output(0), {static_cast<double>(a.i())});
            else if (a.name() == "value_ints") m_t.setConstant(n.output(0), std::vector<double>(a.ints().begin(), a.ints().end()));
        m_t.addStatic(n.output(0), {});
        m_literals.insert(n.output(0));
        return Ok{};
    }
    if (op == "ConstantOfShape" && n.input_size() == 1) {
        // The "light" ONNX models replace every weight with ConstantOfShape(constant dims), the
        // dims written in the file (a Constant node or an initializer). Dims computed by shape
        // arithmetic make a buffer of the forward pass (Swin's attention mask), not a weight.
        const bool literal = m_literals.count(n.input(0)) > 0 || m_t.weight(n.input(0)) != nullptr;
        if (const auto* dims = literal ? m_t.constant(n.input(0)) : nullptr) {
            int dtype = onnx::TensorProto::FLOAT;
            for (const auto& a : n.attribute())
                if (a.name() == "value" && a.has_t()) dtype = a.t().data_type();
            const bool floating = dtype == onnx::TensorProto::FLOAT || dtype == onnx::TensorProto::DOUBLE ||
                                  dtype == onnx::TensorProto::FLOAT16 || dtype == onnx::TensorProto::BFLOAT16;
            std::vector<std::int64_t> d;
            for (double v : *dims) {
                const auto dim = integralValue(v);
                if (!dim || *dim < 0)
                    return makeError("onnx", "ConstantOfShape node: its shape input holds " + std::to_string(v) +
                                                 ", not a dimension", m_file + ":" + n.name());
                d.push_back(*dim);
            }
            if (!m_t.addWeight(n.output(0), d, floating))
                return makeError("overflow", "ConstantOfShape node: the weight's dims overflow 64 bits", m_file + ":" + n.name());
            return Ok{};
        }
    }
    if (op == "Identity" && n.input_size() == 1 && n.output_size() == 1) {
        // torch.onnx names each parameter it merged into an equal-valued initializer through an
        // Identity: with one value throughout, a parameter of its own (PyTorch counts each).
        const Weight* w = m_t.weight(n.input(0));
        if (w && w->floating && w->uniform && !m_t.weight(n.output(0))) {
            const auto dims = w->dims;
            if (!m_t.addWeight(n.output(0), dims, true))
                return makeError("overflow", "Identity node: the weight's dims overflow 64 bits", m_file + ":" + n.name());
            m_t.markUniform(n.output(0));
            return Ok{};
        }
        // Likewise an integer buffer merged into an equal one (Swin's relative_position_index,
        // the same in every block): a buffer of its own when the Identity names it as one.
        if (w && !w->floating && namedLikeModuleState(n.output(0)) && !m_t.weight(n.output(0))) {
            const auto dims = w->dims;
            if (!m_t.addWeight(n.output(0), dims, false))
                return makeError("overflow", "Identity node: the buffer's dims overflow 64 bits", m_file + ":" + n.name());
            if (const auto* v = m_t.constant(n.input(0))) m_t.setConstant(n.output(0), *v);
            return Ok{};
        }
    }
    for (const auto& out : n.output())
        if (!out.empty()) m_t.addStatic(out, inputs);
    // Constant folding of the few value-preserving ops that carry numbers the mappings read.
    if ((op == "Identity" || op == "Cast" || op == "Squeeze" || op == "Unsqueeze" || op == "Reshape") && n.input_size() >= 1)
        if (const auto* v = m_t.constant(n.input(0))) m_t.setConstant(n.output(0), *v);
    return Ok{};
}

LayerId OnnxNodeMapper::add(Node& n, const std::string& kind, std::initializer_list<GraphBuilder::Attr> attrs,
                            std::vector<PortRef> ports, std::optional<Shape> guess)
{
    if (ports.empty()) ports = n.ports;
    const LayerId id = m_builder.add(kind, n.proto.name().empty() ? n.op() : n.proto.name(), ports, attrs);
    for (const auto& s : n.statics) m_t.claim(s);
    const std::string& out = n.proto.output(0);
    Activation a{PortRef{id, 0}, {}, false, false};
    if (auto s = m_t.perSample(out); s && n.trusted) {
        a.shape = *s;
        a.trusted = true;
        if (kind != "Opaque") m_checked.emplace_back(id, out);
    } else {
        a.shape = guess ? *guess : n.act(m_t, 0).shape;
        ++m_guessed;
    }
    m_t.bind(out, a);
    for (int i = 1; i < n.proto.output_size(); ++i) // BatchNorm statistics, Dropout masks, LSTM states
        if (!n.proto.output(i).empty()) {
            m_t.addStatic(n.proto.output(i), {});
            if (!consumers(n.proto.output(i)).empty())
                m_notes.push_back("node '" + n.name + "': output " + std::to_string(i) + " is used but not modelled as an activation");
        }
    return id;
}

LayerId OnnxNodeMapper::opaque(Node& n)
{
    // Each initializer is its own tensor; BatchNormalization's inputs 3 and 4 (and any weight
    // torch named *running_mean / *running_var) are buffers, not parameters.
    CheckedCount params{0}, buffers{0};
    int tensors = 0;
    const auto& inputs = n.proto.input();
    std::set<std::string> seen;
    for (const auto& s : n.statics) {
        if (!seen.insert(s).second) continue; // one weight read twice is counted once
        const auto at = std::find(inputs.begin(), inputs.end(), s) - inputs.begin();
        const bool statistic = (n.op() == "BatchNormalization" && (at == 3 || at == 4)) || s.ends_with("running_mean") ||
                               s.ends_with("running_var");
        (statistic ? buffers : params) += m_t.unclaimedWeights(s);
        if (!statistic) tensors += m_t.unclaimedWeightTensors(s);
    }
    Shape shape;
    if (auto s = m_t.perSample(n.proto.output(0)); s && n.trusted) {
        shape = *s;
    } else if (n.op() == "MatMul" && n.actNames.size() == 2 && n.act(m_t, 0).shape.rank() >= 2) {
        shape = n.act(m_t, 0).shape;
        shape[shape.rank() - 1] = n.act(m_t, 1).shape.back();
    } else {
        std::vector<Shape> shapes;
        for (std::size_t i = 0; i < n.actNames.size(); ++i) shapes.push_back(n.act(m_t, i).shape);
        shape = broadcast(shapes);
    }
    IntList dims;
    for (int i = 0; i < shape.rank(); ++i) dims.push_back(shape[i]);
    ++m_opaque[n.op()];
    const auto cap = [](const CheckedCount& c) { return static_cast<std::int64_t>(std::min<Count>(c.ok() ? c.value() : 0, Count{1} << 62)); };
    return add(n, "Opaque", {{"op_type", n.op()}, {"output_shape", dims}, {"params", cap(params)},
                             {"param_tensors", static_cast<std::int64_t>(std::clamp(tensors, 1, 64))}, {"buffers", cap(buffers)}},
               {}, shape);
}

void OnnxNodeMapper::passThrough(const Node& n)
{
    Activation a = n.act(m_t, 0);
    if (auto s = m_t.perSample(n.proto.output(0)); s && n.trusted && s->numel().value() == a.shape.numel().value()) a.shape = *s;
    m_t.bind(n.proto.output(0), a);
}

Status OnnxNodeMapper::mapNode(int index)
{
    const onnx::NodeProto& proto = m_graph.node(index);
    if (m_skip[static_cast<std::size_t>(index)]) return Ok{};
    Node n{proto, proto.name().empty() ? "#" + std::to_string(index) + " (" + proto.op_type() + ")" : proto.name(), {}, {}, {}, true};
    if (proto.output_size() == 0) return Ok{};
    for (const auto& in : proto.input()) {
        if (in.empty()) continue;
        if (const Activation* a = m_t.activation(in)) {
            n.actNames.push_back(in);
            n.ports.push_back(a->port);
            n.trusted = n.trusted && a->trusted;
        } else if (m_t.known(in)) {
            n.statics.push_back(in);
        } else {
            return error(n, "input '" + in + "' is produced by no earlier node, initializer or graph input", "dangling");
        }
    }
    if (!proto.domain().empty() && proto.domain() != "ai.onnx") {
        if (n.actNames.empty()) return addStatic(proto);
        opaque(n);
        return Ok{};
    }
    const std::string& op = proto.op_type();
    // Shape arithmetic and constants never become layers (Shape/Size of an activation included).
    if (n.actNames.empty() || op == "Shape" || op == "Size") {
        if (op == "Shape" || op == "Size") {
            n.statics.clear();
            for (const auto& out : proto.output()) m_t.addStatic(out, {});
            return Ok{};
        }
        return addStatic(proto);
    }
    if (mapModule(n, index)) return Ok{};
    if (op == "Identity" || (op == "Cast" && n.statics.empty())) {
        passThrough(n);
        markStrided(proto.output(0), strided(n.actNames[0]));
        return Ok{};
    }
    if (mapTensorOp(n)) return Ok{};
    if (elementwiseUnary(n)) {
        if (op == "Dropout") markStrided(proto.output(0), strided(n.actNames[0])); // the mask takes the input's layout
        return Ok{};
    }
    if (op == "Conv") return mapConv(n);
    if (op == "ConvTranspose") return mapConvTranspose(n);
    if (op == "MaxPool" || op == "AveragePool") return mapPool(n);
    if (op == "GlobalAveragePool") {
        if (n.trusted) add(n, "GlobalAvgPool", {{"keepdims", true}});
        else opaque(n);
        return Ok{};
    }
    if (op == "Gemm" || op == "MatMul") return mapDense(n);
    if (op == "BatchNormalization") return mapBatchNorm(n);
    if (op == "LSTM" || op == "GRU" || op == "RNN") return mapRecurrent(n);
    if (op == "Pad") return mapPad(n);
    if (op == "Clip") return mapClip(n);
    if (op == "Resize" || op == "Upsample") return mapResize(n);
    if (isOneOf(op, {"Flatten", "Reshape", "Squeeze", "Unsqueeze"})) return mapShapeOp(n);
    if (isOneOf(op, {"Add", "Sum", "Mul", "Concat"})) return mapBinary(n);
    if (op == "Gather") return mapGather(n);
    if (op == "LayerNormalization") return mapLayerNorm(n);
    if (op == "ReduceMean" && n.actNames.size() == 1 && n.statics.empty() && n.trusted) {
        // A mean over one axis after the batch axis (x.mean(dim=1)): the Mean kind.
        const auto* full = m_t.fullShape(n.actNames[0]);
        const auto axes = attrInts(proto, "axes");
        if (full && !full->empty() && (*full)[0] == kBatchDim && axes.size() == 1) {
            std::int64_t axis = axes[0] < 0 ? axes[0] + static_cast<std::int64_t>(full->size()) : axes[0];
            if (axis >= 1 && axis < static_cast<std::int64_t>(full->size())) {
                add(n, "Mean", {{"axis", axis}, {"keepdims", attrInt(proto, "keepdims", 1) != 0}});
                return Ok{};
            }
        }
    }
    if (op == "ReduceMean" && mapSpatialMean(n)) return Ok{};
    opaque(n);
    return Ok{};
}

bool OnnxNodeMapper::mapModule(Node& n, int index)
{
    const auto match = matchModule(m_graph, index, m_consumers, m_t);
    if (!match) return false;
    const Activation* x = m_t.activation(match->input);
    if (!x) return false;
    if (match->kind == "LayerNorm") {
        Count row = 1;
        for (int i = x->shape.rank() - match->normalizedDims; i >= 0 && i < x->shape.rank(); ++i) row *= static_cast<Count>(x->shape[i]);
        if (match->normalizedDims > x->shape.rank()) return false;
        for (const auto& w : match->weights)
            if (m_t.unclaimedWeights(w) != row) return false;
    }
    if (match->kind == "GroupNorm" && !groupNormFits(*match, *x)) return false;
    const LayerId id = [&] {
        const std::string name = n.proto.name().empty() ? match->kind : n.proto.name();
        if (match->kind == "GroupNorm")
            return m_builder.add("GroupNorm", name, std::vector<PortRef>{x->port},
                                 {{"groups", match->groups}, {"eps", std::clamp(match->eps, 0.0, 1.0)}, {"affine", !match->weights.empty()}});
        if (match->kind == "LayerNorm")
            return m_builder.add("LayerNorm", name, std::vector<PortRef>{x->port},
                                 {{"normalized_dims", static_cast<std::int64_t>(match->normalizedDims)},
                                  {"eps", std::clamp(match->eps, 0.0, 1.0)}, {"elementwise_affine", !match->weights.empty()}});
        return m_builder.add("GELU", name, std::vector<PortRef>{x->port}, {{"approximate", match->approximate}});
    }();
    for (const auto& w : match->weights) m_t.claim(w);
    Activation out{PortRef{id, 0}, x->shape, x->trusted, false};
    if (auto s = m_t.perSample(match->output); s && x->trusted && s->numel().value() == x->shape.numel().value()) {
        out.shape = *s;
        m_checked.emplace_back(id, match->output);
    }
    m_t.bind(match->output, out);
    for (int node : match->nodes) m_skip[static_cast<std::size_t>(node)] = true;
    return true;
}

// ReduceMean over every axis after the channel axis of [N, C, ...] (x.mean((2, 3, 4)) of a
// video network): GlobalAvgPool, whose PyTorch node is the same MeanBackward1 keeping x.
bool OnnxNodeMapper::mapSpatialMean(Node& n)
{
    if (n.actNames.size() != 1 || !n.statics.empty() || !n.trusted) return false;
    const auto* full = m_t.fullShape(n.actNames[0]);
    auto axes = attrInts(n.proto, "axes");
    if (!full || full->size() < 3 || (*full)[0] != kBatchDim || axes.size() != full->size() - 2) return false;
    const auto rank = static_cast<std::int64_t>(full->size());
    for (auto& a : axes) a = a < 0 ? a + rank : a;
    std::sort(axes.begin(), axes.end());
    for (std::size_t i = 0; i < axes.size(); ++i)
        if (axes[i] != static_cast<std::int64_t>(i) + 2) return false;
    add(n, "GlobalAvgPool", {{"keepdims", attrInt(n.proto, "keepdims", 1) != 0}});
    return true;
}

// A GroupNorm match holds on `x` ([C, ...] per sample): the groups divide C and the weight and
// bias have C elements each.
bool OnnxNodeMapper::groupNormFits(const ModuleMatch& match, const Activation& x) const
{
    if (x.shape.rank() < 1 || match.groups < 1 || x.shape[0] % match.groups != 0) return false;
    return std::all_of(match.weights.begin(), match.weights.end(),
                       [&](const std::string& w) { return m_t.unclaimedWeights(w) == static_cast<Count>(x.shape[0]); });
}

// x · f(x), the node `n` computing f(x) and feeding only that Mul: one layer of `kind` for both
// nodes (x · sigmoid(x) is SiLU, x · hardsigmoid(x) HardSwish). False when the pattern is absent.
bool OnnxNodeMapper::fuseProductWithInput(Node& n, const char* kind)
{
    const auto& p = n.proto;
    const auto& users = consumers(p.output(0));
    if (users.size() != 1) return false;
    const auto& mul = m_graph.node(users[0]);
    const bool product = mul.op_type() == "Mul" && mul.input_size() == 2 &&
                         ((mul.input(0) == p.input(0) && mul.input(1) == p.output(0)) ||
                          (mul.input(1) == p.input(0) && mul.input(0) == p.output(0)));
    if (!product) return false;
    const LayerId id = add(n, kind, {});
    m_t.bind(mul.output(0), *m_t.activation(p.output(0)));
    if (auto s = m_t.perSample(mul.output(0)); s && n.trusted) m_checked.emplace_back(id, mul.output(0));
    m_skip[static_cast<std::size_t>(users[0])] = true;
    return true;
}

// Activations with one input and no weights; the output has the input's shape.
bool OnnxNodeMapper::elementwiseUnary(Node& n)
{
    const std::string& op = n.op();
    const auto& p = n.proto;
    if (op == "Dropout") {
        double ratio = attrFloat(p, "ratio", 0.5);
        if (p.input_size() >= 2 && !p.input(1).empty())
            if (const auto* v = m_t.constant(p.input(1)); v && v->size() == 1) ratio = (*v)[0];
        n.statics.clear(); // ratio and training_mode are not weights
        add(n, "Dropout", {{"p", std::clamp(ratio, 0.0, 0.999999)}});
        return true;
    }
    if (n.actNames.size() != 1) return false;
    if (op == "PRelu") {
        if (n.statics.size() != 1) return false;
        const Count slopes = m_t.unclaimedWeights(n.statics[0]);
        const Shape& in = n.act(m_t, 0).shape;
        if (slopes != 1 && !(slopes == static_cast<Count>(in[0]) && in.rank() >= 2)) return false;
        add(n, "PReLU", {{"num_parameters", static_cast<std::int64_t>(slopes)}});
        return true;
    }
    if (!n.statics.empty()) return false;
    if (op == "Relu") add(n, "ReLU", {});
    else if (op == "Sigmoid") {
        // x · sigmoid(x) is SiLU (EfficientNet's swish), when the sigmoid feeds only that Mul.
        if (!fuseProductWithInput(n, "SiLU")) add(n, "Sigmoid", {});
    } else if (op == "HardSigmoid") {
        // torch.onnx writes hardsigmoid as HardSigmoid(alpha 1/6, beta 1/2) and hardswish (before
        // opset 14) as x · HardSigmoid(x): one HardswishBackward0 keeping x. A HardSigmoid of its
        // own (MobileNetV3's squeeze-excitation gate) is HardsigmoidBackward0, keeping x too.
        if (std::fabs(attrFloat(p, "alpha", 0.2) - 1.0 / 6.0) > 1e-6 || std::fabs(attrFloat(p, "beta", 0.5) - 0.5) > 1e-6) return false;
        if (!fuseProductWithInput(n, "HardSwish"))
            add(n, "Elementwise", {{"op", std::string("hardsigmoid")}, {"constant_first", false}, {"constant", 1.0}});
    } else if (op == "Tanh") add(n, "Tanh", {});
    else if (op == "HardSwish") add(n, "HardSwish", {});
    else if (op == "LeakyRelu") add(n, "LeakyReLU", {{"negative_slope", static_cast<double>(attrFloat(p, "alpha", 0.01))}});
    else if (op == "Elu") add(n, "ELU", {{"alpha", static_cast<double>(attrFloat(p, "alpha", 1.0))}});
    else if (op == "Softmax") {
        const std::int64_t axis = attrInt(p, "axis", m_opset >= 13 ? -1 : 1);
        const auto* full = m_t.fullShape(n.actNames[0]);
        // Before opset 13 Softmax flattens the axes from `axis` on; the same as the last axis
        // only when `axis` is the last one.
        bool last = axis == -1 || (full && axis == static_cast<std::int64_t>(full->size()) - 1);
        if (full && axis >= 1 && axis < static_cast<std::int64_t>(full->size())) // [N, C, 1, 1]: the same as over C
            last = last || std::all_of(full->begin() + axis + 1, full->end(), [](std::int64_t d) { return d == 1; });
        if (!last && m_opset < 13) return false;
        add(n, "Softmax", {{"axis", axis}});
    } else if (op == "LRN") {
        add(n, "LRN", {{"size", attrInt(p, "size", 5)}, {"alpha", attrFloat(p, "alpha", 1e-4)}, {"beta", attrFloat(p, "beta", 0.75)},
                       {"k", attrFloat(p, "bias", 1.0)}});
    } else return false;
    return true;
}

} // namespace netsizer::core::onnximport
