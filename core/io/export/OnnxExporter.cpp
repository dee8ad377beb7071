#include "core/io/export/OnnxExporter.h"

#include "core/io/export/ExportGraph.h"
#include "core/layers/KindHelpers.h"
#include "core/layers/LayerKind.h"

#include <onnx/onnx_pb.h>

namespace netsizer::core {

namespace {

using onnx::AttributeProto;
using onnx::NodeProto;
using onnx::TensorProto;

constexpr int kOpset = 17;

void setShape(onnx::ValueInfoProto* v, const std::string& name, const Shape& s, int elemType)
{
    v->set_name(name);
    auto* t = v->mutable_type()->mutable_tensor_type();
    t->set_elem_type(elemType);
    auto* shape = t->mutable_shape();
    shape->add_dim()->set_dim_param("N");
    for (int i = 0; i < s.rank(); ++i) shape->add_dim()->set_dim_value(s[i]);
}

class OnnxWriter {
public:
    OnnxWriter(const ExportGraph& g, const OnnxExportOptions& o, onnx::GraphProto* graph) : m_g(g), m_o(o), m_graph(graph) {}

    Status layer(const Layer& l);

private:
    NodeProto* node(const std::string& op, const std::string& name, std::vector<std::string> in, std::vector<std::string> out)
    {
        NodeProto* n = m_graph->add_node();
        n->set_op_type(op);
        n->set_name(name);
        for (auto& i : in) n->add_input(i);
        for (auto& o : out) n->add_output(o);
        return n;
    }
    static void ints(NodeProto* n, const char* name, const IntList& v)
    {
        auto* a = n->add_attribute();
        a->set_name(name);
        a->set_type(AttributeProto::INTS);
        for (auto x : v) a->add_ints(x);
    }
    static void integer(NodeProto* n, const char* name, std::int64_t v)
    {
        auto* a = n->add_attribute();
        a->set_name(name);
        a->set_type(AttributeProto::INT);
        a->set_i(v);
    }
    static void real(NodeProto* n, const char* name, double v)
    {
        auto* a = n->add_attribute();
        a->set_name(name);
        a->set_type(AttributeProto::FLOAT);
        a->set_f(static_cast<float>(v));
    }
    // A weight or buffer initializer "<layer>.<suffix>" with `dims`.
    std::string weight(const Layer& l, const std::string& suffix, const IntList& dims)
    {
        TensorProto* t = m_graph->add_initializer();
        const std::string name = l.name + "." + suffix;
        t->set_name(name);
        t->set_data_type(TensorProto::FLOAT);
        std::int64_t n = 1;
        for (auto d : dims) {
            t->add_dims(d);
            n *= d;
        }
        if (m_o.zeroWeights) t->set_raw_data(std::string(static_cast<std::size_t>(n) * 4, '\0'));
        return name;
    }
    // A Constant node holding int64 values (shapes, pads) or one float; returns its output.
    std::string constInts(const std::string& name, const IntList& v)
    {
        NodeProto* n = node("Constant", name, {}, {name});
        auto* a = n->add_attribute();
        a->set_name("value");
        a->set_type(AttributeProto::TENSOR);
        TensorProto* t = a->mutable_t();
        t->set_data_type(TensorProto::INT64);
        t->add_dims(static_cast<std::int64_t>(v.size()));
        for (auto x : v) t->add_int64_data(x);
        return name;
    }
    std::string constFloat(const std::string& name, float v, bool scalar = true)
    {
        NodeProto* n = node("Constant", name, {}, {name});
        auto* a = n->add_attribute();
        a->set_name("value");
        a->set_type(AttributeProto::TENSOR);
        TensorProto* t = a->mutable_t();
        t->set_data_type(TensorProto::FLOAT);
        if (!scalar) t->add_dims(1);
        t->add_float_data(v);
        return name;
    }
    std::string in(const Layer& l, int port = 0) const
    {
        for (const Connection& c : m_g.inputsOf(l))
            if (c.to.port == port) return m_g.tensorName(c.from);
        return {};
    }
    std::vector<std::string> ins(const Layer& l) const
    {
        std::vector<std::string> v;
        for (const Connection& c : m_g.inputsOf(l)) v.push_back(m_g.tensorName(c.from));
        return v;
    }
    std::string out(const Layer& l) const { return m_g.ident(l); }
    Status conv(const Layer& l, int n, bool transposed);
    Status pool(const Layer& l, int n, bool max);

    const ExportGraph& m_g;
    const OnnxExportOptions& m_o;
    onnx::GraphProto* m_graph;
};

Status OnnxWriter::conv(const Layer& l, int n, bool transposed)
{
    const Shape x = m_g.inputShape(l);
    Shape spatial;
    for (int i = 1; i < x.rank(); ++i) spatial.push(x[i]);
    const IntList k = attrList(l, "kernel_size", n), s = attrList(l, "stride", n), d = attrList(l, "dilation", n);
    IntList begin, end;
    std::string message;
    const std::string mode = transposed ? "explicit" : attrString(l, "padding_mode");
    if (!kinds::resolvePadding(mode, attrList(l, "padding"), n, spatial, k, s, d, begin, end, message))
        return makeError("attribute", message, l.name);
    const std::int64_t filters = attrInt(l, "filters"), groups = attrInt(l, "groups");
    IntList w = transposed ? IntList{x[0], filters / groups} : IntList{filters, x[0] / groups};
    w.insert(w.end(), k.begin(), k.end());
    std::vector<std::string> inputs = {in(l), weight(l, "weight", w)};
    if (attrBool(l, "bias")) inputs.push_back(weight(l, "bias", {filters}));
    NodeProto* node_ = node(transposed ? "ConvTranspose" : "Conv", l.name, inputs, {out(l)});
    IntList pads = begin;
    pads.insert(pads.end(), end.begin(), end.end());
    ints(node_, "kernel_shape", k);
    ints(node_, "strides", s);
    ints(node_, "pads", pads);
    ints(node_, "dilations", d);
    integer(node_, "group", groups);
    if (transposed) ints(node_, "output_padding", attrList(l, "output_padding", n));
    return Ok{};
}

Status OnnxWriter::pool(const Layer& l, int n, bool max)
{
    const IntList k = attrList(l, "kernel_size", n);
    IntList s = attrList(l, "stride", n), p = attrList(l, "padding", n);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == 0) s[i] = k[i];
    if (p.size() == static_cast<std::size_t>(n)) p.insert(p.end(), p.begin(), p.end());
    NodeProto* node_ = node(max ? "MaxPool" : "AveragePool", l.name, {in(l)}, {out(l)});
    ints(node_, "kernel_shape", k);
    ints(node_, "strides", s);
    ints(node_, "pads", p);
    integer(node_, "ceil_mode", attrBool(l, "ceil_mode") ? 1 : 0);
    if (!max) integer(node_, "count_include_pad", 1); // PyTorch's default
    return Ok{};
}

Status OnnxWriter::layer(const Layer& l)
{
    const std::string& kind = kindOf(l);
    const std::string o = out(l);
    const auto unary = [&](const char* op) { return node(op, l.name, {in(l)}, {o}); };
    if (kind == "Input") return Ok{};
    if (kind == "Conv1D") return conv(l, 1, false);
    if (kind == "Conv2D") return conv(l, 2, false);
    if (kind == "Conv3D") return conv(l, 3, false);
    if (kind == "ConvTranspose2D") return conv(l, 2, true);
    if (kind == "MaxPool1D") return pool(l, 1, true);
    if (kind == "MaxPool2D") return pool(l, 2, true);
    if (kind == "AvgPool1D") return pool(l, 1, false);
    if (kind == "AvgPool2D") return pool(l, 2, false);
    if (kind == "Dense") {
        const Shape x = m_g.inputShape(l);
        const std::int64_t units = attrInt(l, "units");
        if (x.rank() == 1) {
            std::vector<std::string> inputs = {in(l), weight(l, "weight", {units, x[0]})};
            if (attrBool(l, "bias")) inputs.push_back(weight(l, "bias", {units}));
            integer(node("Gemm", l.name, inputs, {o}), "transB", 1);
        } else { // per last axis, as nn.Linear: MatMul with the transposed weight, then Add
            const std::string w = weight(l, "weight", {units, x.back()});
            node("Transpose", l.name + "/transpose", {w}, {w + "_t"});
            const bool bias = attrBool(l, "bias");
            node("MatMul", l.name, {in(l), w + "_t"}, {bias ? o + "_mm" : o});
            if (bias) node("Add", l.name + "/bias", {o + "_mm", weight(l, "bias", {units})}, {o});
        }
        return Ok{};
    }
    if (kind == "BatchNorm") {
        if (!attrBool(l, "affine") || !attrBool(l, "track_running_stats"))
            return unsupported(l, "ONNX", "BatchNormalization needs scale, bias and running statistics");
        const std::int64_t c = m_g.inputShape(l)[0];
        NodeProto* n = node("BatchNormalization", l.name,
                            {in(l), weight(l, "weight", {c}), weight(l, "bias", {c}), weight(l, "running_mean", {c}),
                             weight(l, "running_var", {c})},
                            {o});
        real(n, "epsilon", attrFloat(l, "eps"));
        real(n, "momentum", 1.0 - attrFloat(l, "momentum")); // ONNX weights the old statistics
        return Ok{};
    }
    if (kind == "LayerNorm") {
        const Shape x = m_g.inputShape(l);
        const auto dims = attrInt(l, "normalized_dims");
        if (!attrBool(l, "elementwise_affine")) return unsupported(l, "ONNX", "LayerNormalization needs a scale");
        IntList ns;
        for (int i = x.rank() - static_cast<int>(dims); i < x.rank(); ++i) ns.push_back(x[i]);
        NodeProto* n = node("LayerNormalization", l.name, {in(l), weight(l, "weight", ns), weight(l, "bias", ns)}, {o});
        integer(n, "axis", -dims);
        real(n, "epsilon", attrFloat(l, "eps"));
        return Ok{};
    }
    if (kind == "ReLU") return unary("Relu"), Ok{};
    if (kind == "Sigmoid") return unary("Sigmoid"), Ok{};
    if (kind == "Tanh") return unary("Tanh"), Ok{};
    if (kind == "HardSwish") return unary("HardSwish"), Ok{};
    if (kind == "ReLU6") {
        node("Clip", l.name, {in(l), constFloat(o + "_min", 0.0f), constFloat(o + "_max", 6.0f)}, {o});
        return Ok{};
    }
    if (kind == "SiLU") {
        node("Sigmoid", l.name + "/sigmoid", {in(l)}, {o + "_sigmoid"});
        node("Mul", l.name, {in(l), o + "_sigmoid"}, {o});
        return Ok{};
    }
    if (kind == "LeakyReLU") return real(unary("LeakyRelu"), "alpha", attrFloat(l, "negative_slope")), Ok{};
    if (kind == "ELU") return real(unary("Elu"), "alpha", attrFloat(l, "alpha")), Ok{};
    if (kind == "PReLU") {
        const Shape x = m_g.inputShape(l);
        IntList dims = {attrInt(l, "num_parameters")};
        for (int i = 1; i < x.rank(); ++i) dims.push_back(1); // broadcast per channel
        node("PRelu", l.name, {in(l), weight(l, "weight", dims)}, {o});
        return Ok{};
    }
    if (kind == "Dropout") {
        node("Dropout", l.name, {in(l), constFloat(o + "_ratio", static_cast<float>(attrFloat(l, "p")))}, {o});
        return Ok{};
    }
    if (kind == "LRN") {
        NodeProto* n = unary("LRN");
        integer(n, "size", attrInt(l, "size"));
        real(n, "alpha", attrFloat(l, "alpha"));
        real(n, "beta", attrFloat(l, "beta"));
        real(n, "bias", attrFloat(l, "k"));
        return Ok{};
    }
    if (kind == "Softmax") return integer(unary("Softmax"), "axis", attrInt(l, "axis")), Ok{};
    if (kind == "GlobalAvgPool" || kind == "AdaptiveAvgPool2D" || kind == "Mean") {
        const Shape x = m_g.inputShape(l);
        if (kind == "AdaptiveAvgPool2D") {
            const IntList os = attrList(l, "output_size", 2);
            if (x.rank() != 3 || x[1] % os[0] || x[2] % os[1])
                return unsupported(l, "ONNX", "input " + x.toString() + " is not a multiple of the output size");
            NodeProto* n = unary("AveragePool");
            ints(n, "kernel_shape", {x[1] / os[0], x[2] / os[1]});
            ints(n, "strides", {x[1] / os[0], x[2] / os[1]});
            return Ok{};
        }
        IntList axes;
        if (kind == "Mean") axes = {attrInt(l, "axis")};
        else
            for (int i = 2; i <= x.rank(); ++i) axes.push_back(i);
        NodeProto* n = unary("ReduceMean");
        ints(n, "axes", axes);
        integer(n, "keepdims", attrBool(l, "keepdims") ? 1 : 0);
        return Ok{};
    }
    if (kind == "Flatten" || kind == "Reshape") {
        IntList shape = {0};
        if (kind == "Reshape") {
            const IntList s = attrList(l, "shape");
            shape.insert(shape.end(), s.begin(), s.end());
        } else {
            const Shape& y = m_g.outputShape(l);
            for (int i = 0; i < y.rank(); ++i) shape.push_back(y[i]);
        }
        node("Reshape", l.name, {in(l), constInts(o + "_shape", shape)}, {o});
        return Ok{};
    }
    if (kind == "Add") {
        node(ins(l).size() == 2 ? "Add" : "Sum", l.name, ins(l), {o});
        return Ok{};
    }
    if (kind == "Multiply") {
        auto v = ins(l);
        std::string acc = v[0];
        for (std::size_t i = 1; i < v.size(); ++i) {
            const std::string next = i + 1 == v.size() ? o : o + "_" + std::to_string(i);
            node("Mul", i + 1 == v.size() ? l.name : l.name + "/" + std::to_string(i), {acc, v[i]}, {next});
            acc = next;
        }
        return Ok{};
    }
    if (kind == "Concat") return integer(node("Concat", l.name, ins(l), {o}), "axis", attrInt(l, "axis")), Ok{};
    if (kind == "Embedding") {
        node("Gather", l.name, {weight(l, "weight", {attrInt(l, "num_embeddings"), attrInt(l, "embedding_dim")}), in(l)}, {o});
        return Ok{};
    }
    if (kind == "Scale") {
        const Shape x = m_g.inputShape(l);
        IntList dims = {x[0]};
        for (int i = 1; i < x.rank(); ++i) dims.push_back(1);
        const bool bias = attrBool(l, "bias");
        node("Mul", l.name, {in(l), weight(l, "weight", dims)}, {bias ? o + "_scaled" : o});
        if (bias) node("Add", l.name + "/bias", {o + "_scaled", weight(l, "bias", dims)}, {o});
        return Ok{};
    }
    if (kind == "ZeroPadding" || kind == "Upsample") {
        const Shape x = m_g.inputShape(l), y = m_g.outputShape(l);
        if (kind == "ZeroPadding") {
            if (attrBool(l, "channels_last")) return unsupported(l, "ONNX", "channels-last padding");
            const int n = x.rank() - 1;
            IntList begin, end, ones(static_cast<std::size_t>(n), 1);
            Shape spatial;
            for (int i = 1; i < x.rank(); ++i) spatial.push(x[i]);
            std::string message;
            if (!kinds::resolvePadding("explicit", attrList(l, "padding"), n, spatial, ones, ones, ones, begin, end, message))
                return makeError("attribute", message, l.name);
            IntList pads = {0, 0};
            pads.insert(pads.end(), begin.begin(), begin.end());
            pads.push_back(0);
            pads.push_back(0);
            pads.insert(pads.end(), end.begin(), end.end());
            node("Pad", l.name, {in(l), constInts(o + "_pads", pads)}, {o});
        } else {
            // sizes = Shape(x)[0:2] ++ the output's spatial size (the batch stays symbolic)
            node("Shape", l.name + "/shape", {in(l)}, {o + "_in_shape"});
            node("Slice", l.name + "/nc", {o + "_in_shape", constInts(o + "_s0", {0}), constInts(o + "_s1", {2})}, {o + "_nc"});
            IntList rest;
            for (int i = 1; i < y.rank(); ++i) rest.push_back(y[i]);
            NodeProto* c = node("Concat", l.name + "/sizes", {o + "_nc", constInts(o + "_hw", rest)}, {o + "_sizes"});
            integer(c, "axis", 0);
            NodeProto* r = node("Resize", l.name, {in(l), "", "", o + "_sizes"}, {o});
            auto* a = r->add_attribute();
            a->set_name("mode");
            a->set_type(AttributeProto::STRING);
            a->set_s(attrString(l, "mode") == "bilinear" ? "linear" : "nearest");
        }
        return Ok{};
    }
    if (kind == "Slice") {
        const int axis = static_cast<int>(attrInt(l, "axis"));
        IntList sizes;
        std::int64_t prev = 0;
        for (auto p : attrList(l, "slice_points")) {
            sizes.push_back(p - prev);
            prev = p;
        }
        sizes.push_back(m_g.inputShape(l)[axis - 1] - prev);
        std::vector<std::string> outs;
        for (std::size_t i = 0; i < sizes.size(); ++i) outs.push_back(i == 0 ? o : o + "_" + std::to_string(i));
        integer(node("Split", l.name, {in(l), constInts(o + "_split", sizes)}, outs), "axis", axis);
        return Ok{};
    }
    return unsupported(l, "ONNX");
}

} // namespace

Result<std::string> exportOnnx(const Graph& graph, const OnnxExportOptions& options)
{
    auto prepared = ExportGraph::prepare(graph);
    if (!prepared) return prepared.error();
    const ExportGraph& g = *prepared;

    onnx::ModelProto model;
    model.set_ir_version(8);
    model.set_producer_name("NetSizer");
    model.set_doc_string(graph.name);
    auto* opset = model.add_opset_import();
    opset->set_domain("");
    opset->set_version(kOpset);
    onnx::GraphProto* gp = model.mutable_graph();
    gp->set_name(graph.name.empty() ? "model" : graph.name);

    OnnxWriter w(g, options, gp);
    for (const Layer* l : g.order()) {
        auto st = w.layer(*l);
        if (!st) return st.error();
        const auto& la = g.analysisOf(*l);
        for (std::size_t p = 0; p < la.result.outputs.size(); ++p) {
            const TensorInfo& t = la.result.outputs[p];
            const int type = t.elem == ElemKind::Int64 ? TensorProto::INT64 : TensorProto::FLOAT;
            const std::string name = g.tensorName(PortRef{l->id, static_cast<std::uint16_t>(p)});
            if (kindOf(*l) == "Input") setShape(gp->add_input(), name, t.shape, type);
            else if (!g.graph().outputsOf(l->id).empty()) setShape(gp->add_value_info(), name, t.shape, type);
        }
    }
    for (const Layer* l : g.outputs()) {
        const auto& la = g.analysisOf(*l);
        for (std::size_t p = 0; p < la.result.outputs.size(); ++p) {
            const TensorInfo& t = la.result.outputs[p];
            setShape(gp->add_output(), g.tensorName(PortRef{l->id, static_cast<std::uint16_t>(p)}), t.shape,
                     t.elem == ElemKind::Int64 ? TensorProto::INT64 : TensorProto::FLOAT);
        }
    }
    std::string bytes;
    if (!model.SerializeToString(&bytes)) return makeError("io", "cannot serialise the ONNX model", graph.name);
    return bytes;
}

} // namespace netsizer::core
