#include "core/io/export/KerasExporter.h"

#include "core/io/export/ExportGraph.h"
#include "core/io/export/PythonLiterals.h"
#include "core/layers/KindHelpers.h"
#include "core/layers/LayerKind.h"
#include "core/util/NumberFormat.h"

#include <cmath>
#include <nlohmann/json.hpp>

namespace netsizer::core {

namespace {

// ((b0, e0), (b1, e1)) for ZeroPaddingND.
std::string padPairs(const IntList& b, const IntList& e)
{
    if (b.size() == 1) return "(" + std::to_string(b[0]) + ", " + std::to_string(e[0]) + ")";
    std::string s = "(";
    for (std::size_t i = 0; i < b.size(); ++i) s += (i ? ", " : "") + std::string("(") + std::to_string(b[i]) + ", " + std::to_string(e[i]) + ")";
    return s + ")";
}

// `s` safe inside a Python triple-quoted docstring.
std::string docText(std::string s)
{
    for (char& c : s)
        if (c == '"' || c == '\\') c = '\'';
    return s;
}

bool allZero(const IntList& v)
{
    for (auto x : v)
        if (x) return false;
    return true;
}

struct KerasCode {
    std::vector<std::string> lines; // statements; the last assigns the layer's output
};

class KerasWriter {
public:
    explicit KerasWriter(const ExportGraph& g) : m_g(g) {}
    Status layer(const Layer& l);
    const std::string& text() const { return m_out; }

private:
    std::string in(const Layer& l, int port = 0) const
    {
        for (const Connection& c : m_g.inputsOf(l))
            if (c.to.port == port) return m_g.tensorName(c.from);
        return {};
    }
    std::string list(const Layer& l) const
    {
        std::string s = "[";
        bool first = true;
        for (const Connection& c : m_g.inputsOf(l)) {
            s += (first ? "" : ", ") + m_g.tensorName(c.from);
            first = false;
        }
        return s + "]";
    }
    void apply(const Layer& l, const std::string& layerExpr, const std::string& arg)
    {
        const std::string id = m_g.ident(l);
        const auto& la = m_g.analysisOf(l);
        m_out += "    " + id + " = " + layerExpr + "(" + arg + ")  # " + la.result.outputs[0].shape.toString() + ", " +
                 withThousands(la.learnableParams) + " parameters\n";
    }
    // Explicit padding as a ZeroPadding layer in front; returns the tensor to feed the layer.
    std::string padded(const Layer& l, const IntList& begin, const IntList& end)
    {
        if (allZero(begin) && allZero(end)) return in(l);
        const std::string t = m_g.ident(l) + "_pad";
        m_out += "    " + t + " = layers.ZeroPadding" + std::to_string(begin.size()) + "D(" + padPairs(begin, end) +
                 ", data_format=\"channels_first\", name=" + pyString(l.name + "_pad") + ")(" + in(l) + ")\n";
        return t;
    }
    Status conv(const Layer& l, int n);
    Status pool(const Layer& l, int n, bool max);

    const ExportGraph& m_g;
    std::string m_out;
};

Status KerasWriter::conv(const Layer& l, int n)
{
    const Shape x = m_g.inputShape(l);
    Shape spatial;
    for (int i = 1; i < x.rank(); ++i) spatial.push(x[i]);
    const IntList k = attrList(l, "kernel_size", n), s = attrList(l, "stride", n), d = attrList(l, "dilation", n);
    const std::string mode = attrString(l, "padding_mode");
    std::string arg = in(l), kerasPad = "valid";
    if (mode == "same") {
        kerasPad = "same";
    } else if (mode == "explicit") {
        IntList b, e;
        std::string message;
        if (!kinds::resolvePadding(mode, attrList(l, "padding"), n, spatial, k, s, d, b, e, message))
            return makeError("attribute", message, l.name);
        arg = padded(l, b, e);
    }
    const std::string extra = attrInt(l, "groups") != 1 ? ", groups=" + std::to_string(attrInt(l, "groups")) : "";
    apply(l, "layers.Conv" + std::to_string(n) + "D(" + std::to_string(attrInt(l, "filters")) + ", " + pyTuple(k) +
                 ", strides=" + pyTuple(s) + ", padding=\"" + kerasPad + "\", dilation_rate=" + pyTuple(d) + extra +
                 ", use_bias=" + pyBool(attrBool(l, "bias")) + ", data_format=\"channels_first\", name=" + pyString(l.name) + ")",
          arg);
    return Ok{};
}

Status KerasWriter::pool(const Layer& l, int n, bool max)
{
    const Shape x = m_g.inputShape(l);
    const IntList k = attrList(l, "kernel_size", n);
    IntList s = attrList(l, "stride", n), p = attrList(l, "padding", n);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == 0) s[i] = k[i];
    IntList b(p.begin(), p.begin() + n), e = p.size() == static_cast<std::size_t>(2 * n) ? IntList(p.begin() + n, p.end()) : b;
    for (int i = 0; i < n; ++i) { // Keras floors; ceil_mode must not change the size
        const std::int64_t floorOut = (x[i + 1] + b[i] + e[i] - k[i]) / s[i] + 1;
        if (floorOut != m_g.outputShape(l)[i + 1]) return unsupported(l, "Keras", "ceil_mode changes the output size");
    }
    const std::string arg = padded(l, b, e);
    apply(l, std::string("layers.") + (max ? "MaxPooling" : "AveragePooling") + std::to_string(n) + "D(" + pyTuple(k) +
                 ", strides=" + pyTuple(s) + ", padding=\"valid\", data_format=\"channels_first\", name=" + pyString(l.name) + ")",
          arg);
    return Ok{};
}

Status KerasWriter::layer(const Layer& l)
{
    const std::string& kind = kindOf(l);
    const std::string x = in(l), nm = ", name=" + pyString(l.name);
    const Shape xs = kind == "Input" ? Shape{} : m_g.inputShape(l);
    if (kind == "Input") {
        m_out += "    " + m_g.ident(l) + " = keras.Input(shape=" + pyTuple(attrList(l, "shape")) + ", dtype=\"" +
                 attrString(l, "dtype") + "\", name=" + pyString(l.name) + ")\n";
        return Ok{};
    }
    if (kind == "Conv1D") return conv(l, 1);
    if (kind == "Conv2D") return conv(l, 2);
    if (kind == "MaxPool1D") return pool(l, 1, true);
    if (kind == "MaxPool2D") return pool(l, 2, true);
    if (kind == "AvgPool1D") return pool(l, 1, false);
    if (kind == "AvgPool2D") return pool(l, 2, false);
    if (kind == "ConvTranspose2D") {
        if (attrInt(l, "groups") != 1) return unsupported(l, "Keras", "groups");
        const IntList p = attrList(l, "padding", 2);
        if (p.size() != 2) return unsupported(l, "Keras", "asymmetric padding");
        const IntList op = attrList(l, "output_padding", 2);
        apply(l, "layers.Conv2DTranspose(" + std::to_string(attrInt(l, "filters")) + ", " + pyTuple(attrList(l, "kernel_size", 2)) +
                     ", strides=" + pyTuple(attrList(l, "stride", 2)) + ", padding=\"valid\"" +
                     (allZero(op) ? std::string() : ", output_padding=" + pyTuple(op)) +
                     ", dilation_rate=" + pyTuple(attrList(l, "dilation", 2)) + ", use_bias=" + pyBool(attrBool(l, "bias")) +
                     ", data_format=\"channels_first\"" + (allZero(p) ? nm : ", name=" + pyString(l.name + "_full")) + ")",
              x);
        if (!allZero(p)) { // PyTorch's padding crops the full output
            const std::string id = m_g.ident(l);
            m_out += "    " + id + " = layers.Cropping2D(" + padPairs(p, p) + ", data_format=\"channels_first\"" + nm + ")(" + id + ")\n";
        }
        return Ok{};
    }
    if (kind == "Dense") return apply(l, "layers.Dense(" + std::to_string(attrInt(l, "units")) + ", use_bias=" + pyBool(attrBool(l, "bias")) + nm + ")", x), Ok{};
    if (kind == "AdaptiveAvgPool2D" || kind == "GlobalAvgPool") {
        if (kind == "GlobalAvgPool") {
            if (xs.rank() < 2 || xs.rank() > 4) return unsupported(l, "Keras", "input rank");
            apply(l, "layers.GlobalAveragePooling" + std::to_string(xs.rank() - 1) + "D(data_format=\"channels_first\", keepdims=" +
                         pyBool(attrBool(l, "keepdims")) + nm + ")", x);
            return Ok{};
        }
        const IntList os = attrList(l, "output_size", 2);
        if (xs[1] % os[0] || xs[2] % os[1]) return unsupported(l, "Keras", "input " + xs.toString() + " is not a multiple of the output size");
        const IntList k = {xs[1] / os[0], xs[2] / os[1]};
        apply(l, "layers.AveragePooling2D(" + pyTuple(k) + ", strides=" + pyTuple(k) + ", data_format=\"channels_first\"" + nm + ")", x);
        return Ok{};
    }
    if (kind == "BatchNorm") {
        const bool affine = attrBool(l, "affine");
        apply(l, "layers.BatchNormalization(axis=1, epsilon=" + formatFloat(attrFloat(l, "eps")) + ", momentum=" +
                     formatFloat(1.0 - attrFloat(l, "momentum")) + ", center=" + pyBool(affine) + ", scale=" + pyBool(affine) + nm + ")", x);
        return Ok{};
    }
    if (kind == "LayerNorm") {
        const auto dims = attrInt(l, "normalized_dims");
        const bool affine = attrBool(l, "elementwise_affine");
        IntList axes;
        for (int i = xs.rank() - static_cast<int>(dims); i < xs.rank(); ++i) axes.push_back(i + 1);
        apply(l, "layers.LayerNormalization(axis=" + pyTuple(axes).replace(0, 1, "[").replace(pyTuple(axes).size() - 1, 1, "]") +
                     ", epsilon=" + formatFloat(attrFloat(l, "eps")) + ", center=" + pyBool(affine) + ", scale=" + pyBool(affine) + nm + ")", x);
        return Ok{};
    }
    if (kind == "ReLU") return apply(l, "layers.ReLU(" + nm.substr(2) + ")", x), Ok{};
    if (kind == "ReLU6") return apply(l, "layers.ReLU(max_value=6.0" + nm + ")", x), Ok{};
    if (kind == "Sigmoid" || kind == "Tanh" || kind == "SiLU" || kind == "GELU") {
        const std::string act = kind == "Sigmoid" ? "sigmoid" : kind == "Tanh" ? "tanh" : kind == "SiLU" ? "swish" : "gelu";
        if (kind == "GELU" && attrString(l, "approximate") != "none") return unsupported(l, "Keras", "tanh-approximated GELU");
        return apply(l, "layers.Activation(\"" + act + "\"" + nm + ")", x), Ok{};
    }
    if (kind == "ELU") return apply(l, "layers.ELU(alpha=" + formatFloat(attrFloat(l, "alpha")) + nm + ")", x), Ok{};
    if (kind == "LeakyReLU") return apply(l, "layers.LeakyReLU(" + formatFloat(attrFloat(l, "negative_slope")) + nm + ")", x), Ok{};
    if (kind == "PReLU") {
        IntList shared;
        const int first = attrInt(l, "num_parameters") == 1 ? 1 : 2;
        for (int i = first; i <= xs.rank(); ++i) shared.push_back(i);
        std::string sa = shared.empty() ? "None" : pyTuple(shared).replace(0, 1, "[").replace(pyTuple(shared).size() - 1, 1, "]");
        return apply(l, "layers.PReLU(shared_axes=" + sa + nm + ")", x), Ok{};
    }
    if (kind == "Dropout") return apply(l, "layers.Dropout(" + formatFloat(attrFloat(l, "p")) + nm + ")", x), Ok{};
    if (kind == "Softmax") return apply(l, "layers.Softmax(axis=" + std::to_string(attrInt(l, "axis")) + nm + ")", x), Ok{};
    if (kind == "Flatten" || kind == "Reshape") {
        const Shape& y = m_g.outputShape(l);
        IntList dims;
        for (int i = 0; i < y.rank(); ++i) dims.push_back(y[i]);
        if (kind == "Flatten" && y.rank() == 1) return apply(l, "layers.Flatten(" + nm.substr(2) + ")", x), Ok{};
        return apply(l, "layers.Reshape(" + pyTuple(dims) + nm + ")", x), Ok{};
    }
    if (kind == "Add") return apply(l, "layers.Add(" + nm.substr(2) + ")", list(l)), Ok{};
    if (kind == "Multiply") return apply(l, "layers.Multiply(" + nm.substr(2) + ")", list(l)), Ok{};
    if (kind == "Concat") return apply(l, "layers.Concatenate(axis=" + std::to_string(attrInt(l, "axis")) + nm + ")", list(l)), Ok{};
    if (kind == "Embedding")
        return apply(l, "layers.Embedding(" + std::to_string(attrInt(l, "num_embeddings")) + ", " + std::to_string(attrInt(l, "embedding_dim")) + nm + ")", x), Ok{};
    if (kind == "ZeroPadding") {
        if (attrBool(l, "channels_last")) return unsupported(l, "Keras", "channels-last padding of a channels-first export");
        const int n = xs.rank() - 1;
        if (n < 1 || n > 2) return unsupported(l, "Keras", "input rank");
        IntList b, e, ones(static_cast<std::size_t>(n), 1);
        Shape spatial;
        for (int i = 1; i < xs.rank(); ++i) spatial.push(xs[i]);
        std::string message;
        if (!kinds::resolvePadding("explicit", attrList(l, "padding"), n, spatial, ones, ones, ones, b, e, message))
            return makeError("attribute", message, l.name);
        return apply(l, "layers.ZeroPadding" + std::to_string(n) + "D(" + padPairs(b, e) + ", data_format=\"channels_first\"" + nm + ")", x), Ok{};
    }
    if (kind == "Upsample") {
        const Shape& y = m_g.outputShape(l);
        if (xs.rank() != 3 || y[1] % xs[1] || y[2] % xs[2]) return unsupported(l, "Keras", "non-integral scale");
        return apply(l, "layers.UpSampling2D(" + pyTuple({y[1] / xs[1], y[2] / xs[2]}) + ", data_format=\"channels_first\", interpolation=\"" +
                            attrString(l, "mode") + "\"" + nm + ")", x), Ok{};
    }
    if (kind == "MultiHeadAttention") {
        if (attrBool(l, "need_weights")) return unsupported(l, "Keras", "need_weights");
        const auto e = attrInt(l, "embed_dim"), h = attrInt(l, "num_heads");
        std::vector<std::string> a;
        for (const Connection& c : m_g.inputsOf(l)) a.push_back(m_g.tensorName(c.from));
        // Keras calls (query, value, key); NetSizer's ports are (query, key, value).
        const std::string args = a.size() == 1 ? a[0] + ", " + a[0] : a.size() == 2 ? a[0] + ", " + a[1] : a[0] + ", " + a[2] + ", " + a[1];
        const std::string id = m_g.ident(l);
        m_out += "    " + id + " = layers.MultiHeadAttention(" + std::to_string(h) + ", " + std::to_string(e / h) +
                 ", dropout=" + formatFloat(attrFloat(l, "dropout")) + ", use_bias=" + pyBool(attrBool(l, "bias")) + nm + ")(" + args +
                 (attrBool(l, "causal") ? ", use_causal_mask=True" : "") + ")\n";
        return Ok{};
    }
    return unsupported(l, "Keras");
}

} // namespace

Result<std::string> exportKeras(const Graph& graph)
{
    auto prepared = ExportGraph::prepare(graph);
    if (!prepared) return prepared.error();
    const ExportGraph& g = *prepared;
    KerasWriter w(g);
    for (const Layer* l : g.order()) {
        auto st = w.layer(*l);
        if (!st) return st.error();
    }
    std::string ins, outs;
    for (const Layer* l : g.inputs()) ins += (ins.empty() ? "" : ", ") + g.ident(*l);
    for (const Layer* l : g.outputs()) outs += (outs.empty() ? "" : ", ") + g.ident(*l);
    const std::string name = graph.name.empty() ? "model" : graph.name;
    std::string py = "#!/usr/bin/env python3\n\"\"\"" + docText(name) + " - exported by NetSizer.\n\n";
    py += "Builds the network with the Keras functional API, channels first as in NetSizer.\n";
    py += "NetSizer counts " + withThousands(g.params()) + " learnable parameters: the trainable\n";
    py += "parameters of build_model() (count_params() also counts BatchNorm's moving statistics).\n\"\"\"\n";
    py += "from tensorflow import keras\nfrom tensorflow.keras import layers\n\nNETSIZER_PARAMS = " + std::to_string(g.params()) + "\n\n\n";
    py += "def build_model():\n" + w.text();
    std::string frozen;
    for (const Layer* l : g.order())
        if (!l->trainable && g.analysisOf(*l).learnableParams > 0) frozen += (frozen.empty() ? "" : ", ") + pyString(l->name);
    py += "    model = keras.Model(inputs=[" + ins + "], outputs=[" + outs + "], name=" + pyString(name) + ")\n";
    if (!frozen.empty()) py += "    for frozen in [" + frozen + "]:  # frozen in NetSizer\n        model.get_layer(frozen).trainable = False\n";
    py += "    return model\n\n\n";
    py += "if __name__ == \"__main__\":\n    m = build_model()\n    m.summary()\n";
    py += "    print(sum(int(keras.backend.count_params(w)) for w in m.trainable_weights))\n";
    return py;
}

} // namespace netsizer::core
