#include "core/io/export/CaffeExporter.h"

#include "core/io/export/ExportGraph.h"
#include "core/layers/KindHelpers.h"
#include "core/layers/LayerKind.h"
#include "core/util/JsonText.h"

#include <map>
#include <nlohmann/json.hpp>

#include <algorithm>

namespace netsizer::core {

namespace {

std::string quoted(const std::string& s) { return dumpJson(nlohmann::json(s)); }

class CaffeWriter {
public:
    explicit CaffeWriter(const ExportGraph& g) : m_g(g) {}

    Status layer(const Layer& l);
    std::string text() const { return m_out; }
    void setBatch(std::uint64_t batch) { m_batch = batch; }

private:
    std::string blob(const PortRef& from) const { return m_blobs.at(key(from)); }
    static std::uint64_t key(const PortRef& p) { return (std::uint64_t(p.layer) << 16) | p.port; }
    std::vector<std::string> bottoms(const Layer& l) const
    {
        std::vector<std::string> b;
        for (const Connection& c : m_g.inputsOf(l)) b.push_back(blob(c.from));
        return b;
    }
    // Writes `layer { name type bottom* top* <params> }`.
    void emit(const std::string& name, const std::string& type, const std::vector<std::string>& bottom,
              const std::vector<std::string>& top, const std::string& params)
    {
        m_out += "layer {\n  name: " + quoted(name) + "\n  type: " + quoted(type) + "\n";
        for (const auto& b : bottom) m_out += "  bottom: " + quoted(b) + "\n";
        for (const auto& t : top) m_out += "  top: " + quoted(t) + "\n";
        m_out += params;
        m_out += "}\n";
    }
    // The top of `l`'s output 0: its own name, or its bottom when `inplace`.
    std::string topOf(const Layer& l, bool inplace)
    {
        const std::string t = inplace ? bottoms(l).at(0) : l.name;
        m_blobs[key(PortRef{l.id, 0})] = t;
        return t;
    }
    Status conv(const Layer& l, bool transposed);
    Status pool(const Layer& l, bool max);

    const ExportGraph& m_g;
    std::string m_out;
    std::map<std::uint64_t, std::string> m_blobs;
    std::uint64_t m_batch = 1;
};

std::string hw(const char* field, const IntList& v)
{
    if (v[0] == v[1]) return std::string("    ") + field + ": " + std::to_string(v[0]) + "\n";
    return std::string("    ") + field + "_h: " + std::to_string(v[0]) + "\n    " + field + "_w: " + std::to_string(v[1]) + "\n";
}

Status CaffeWriter::conv(const Layer& l, bool transposed)
{
    const Shape in = m_g.inputShape(l);
    if (in.rank() != 3) return unsupported(l, "Caffe", "input must be [C, H, W]");
    const IntList k = attrList(l, "kernel_size", 2), s = attrList(l, "stride", 2), d = attrList(l, "dilation", 2);
    IntList begin, end;
    if (transposed) {
        begin = attrList(l, "padding", 2);
        if (begin.size() != 2) return unsupported(l, "Caffe", "asymmetric padding");
        end = begin;
        const IntList op = attrList(l, "output_padding", 2);
        if (op[0] || op[1]) return unsupported(l, "Caffe", "output_padding");
    } else {
        std::string message;
        Shape spatial{in[1], in[2]};
        if (!kinds::resolvePadding(attrString(l, "padding_mode"), attrList(l, "padding"), 2, spatial, k, s, d, begin, end, message))
            return makeError("attribute", message, l.name);
        if (begin != end) return unsupported(l, "Caffe", "asymmetric padding");
    }
    std::string p = "  convolution_param {\n    num_output: " + std::to_string(attrInt(l, "filters")) + "\n";
    if (!attrBool(l, "bias")) p += "    bias_term: false\n";
    p += hw("pad", begin) + (k[0] == k[1] ? "    kernel_size: " + std::to_string(k[0]) + "\n"
                                          : "    kernel_h: " + std::to_string(k[0]) + "\n    kernel_w: " + std::to_string(k[1]) + "\n");
    p += hw("stride", s);
    if (d[0] != d[1]) return unsupported(l, "Caffe", "different dilations per axis");
    if (d[0] != 1) p += "    dilation: " + std::to_string(d[0]) + "\n";
    if (attrInt(l, "groups") != 1) p += "    group: " + std::to_string(attrInt(l, "groups")) + "\n";
    p += "  }\n";
    emit(l.name, transposed ? "Deconvolution" : "Convolution", bottoms(l), {topOf(l, false)}, p);
    return Ok{};
}

Status CaffeWriter::pool(const Layer& l, bool max)
{
    if (m_g.inputShape(l).rank() != 3) return unsupported(l, "Caffe", "input must be [C, H, W]");
    const IntList k = attrList(l, "kernel_size", 2);
    IntList s = attrList(l, "stride", 2), pad = attrList(l, "padding", 2);
    for (int i = 0; i < 2; ++i)
        if (s[i] == 0) s[i] = k[i];
    if (pad.size() == 4) {
        if (pad[0] != pad[2] || pad[1] != pad[3]) return unsupported(l, "Caffe", "asymmetric padding");
        pad.resize(2);
    }
    std::string p = std::string("  pooling_param {\n    pool: ") + (max ? "MAX" : "AVE") + "\n";
    p += (k[0] == k[1] ? "    kernel_size: " + std::to_string(k[0]) + "\n"
                       : "    kernel_h: " + std::to_string(k[0]) + "\n    kernel_w: " + std::to_string(k[1]) + "\n");
    p += hw("stride", s);
    if (pad[0] || pad[1]) p += hw("pad", pad);
    // Caffe 1.0 always rounds up; round_mode (BVLC master, 2018) states it explicitly.
    p += std::string("    round_mode: ") + (attrBool(l, "ceil_mode") ? "CEIL" : "FLOOR") + "\n  }\n";
    emit(l.name, "Pooling", bottoms(l), {topOf(l, false)}, p);
    return Ok{};
}

bool inplaceOf(const Layer& l) { return hasAttr(l, "inplace") && attrBool(l, "inplace"); }

Status CaffeWriter::layer(const Layer& l)
{
    const std::string& kind = kindOf(l);
    const auto b = [&] { return bottoms(l); };
    if (kind == "Input") {
        std::string dims = "    shape {\n      dim: " + std::to_string(m_batch) + "\n";
        for (auto d : attrList(l, "shape")) dims += "      dim: " + std::to_string(d) + "\n";
        if (attrString(l, "dtype") != "float32") return unsupported(l, "Caffe", "int64 inputs");
        emit(l.name, "Input", {}, {topOf(l, false)}, "  input_param {\n" + dims + "    }\n  }\n");
        return Ok{};
    }
    if (kind == "Conv2D") return conv(l, false);
    if (kind == "ConvTranspose2D") return conv(l, true);
    if (kind == "MaxPool2D") return pool(l, true);
    if (kind == "AvgPool2D") return pool(l, false);
    if (kind == "GlobalAvgPool" || kind == "AdaptiveAvgPool2D") {
        const Shape in = m_g.inputShape(l);
        if (in.rank() != 3) return unsupported(l, "Caffe", "input must be [C, H, W]");
        std::string p = "  pooling_param {\n    pool: AVE\n";
        if (kind == "GlobalAvgPool") {
            p += "    global_pooling: true\n";
        } else {
            const IntList out = attrList(l, "output_size", 2);
            if (in[1] % out[0] || in[2] % out[1])
                return unsupported(l, "Caffe", "input " + in.toString() + " is not a multiple of the output size");
            const IntList k = {in[1] / out[0], in[2] / out[1]};
            p += (k[0] == k[1] ? "    kernel_size: " + std::to_string(k[0]) + "\n"
                               : "    kernel_h: " + std::to_string(k[0]) + "\n    kernel_w: " + std::to_string(k[1]) + "\n") +
                 hw("stride", k);
        }
        p += "  }\n";
        const bool flatten = kind == "GlobalAvgPool" && !attrBool(l, "keepdims");
        const std::string poolTop = flatten ? l.name + "_pool" : topOf(l, false);
        emit(flatten ? l.name + "_pool" : l.name, "Pooling", b(), {poolTop}, p);
        if (flatten) emit(l.name, "Flatten", {poolTop}, {topOf(l, false)}, "");
        return Ok{};
    }
    if (kind == "Dense") {
        const Shape in = m_g.inputShape(l);
        std::string p = "  inner_product_param {\n    num_output: " + std::to_string(attrInt(l, "units")) + "\n";
        if (!attrBool(l, "bias")) p += "    bias_term: false\n";
        if (in.rank() > 1) p += "    axis: " + std::to_string(in.rank()) + "\n"; // per last axis, as nn.Linear
        emit(l.name, "InnerProduct", b(), {topOf(l, false)}, p + "  }\n");
        return Ok{};
    }
    if (kind == "ReLU" || kind == "LeakyReLU") {
        std::string p;
        if (kind == "LeakyReLU") p = "  relu_param {\n    negative_slope: " + formatFloat(attrFloat(l, "negative_slope")) + "\n  }\n";
        emit(l.name, "ReLU", b(), {topOf(l, inplaceOf(l))}, p);
        return Ok{};
    }
    if (kind == "ELU") {
        emit(l.name, "ELU", b(), {topOf(l, inplaceOf(l))}, "  elu_param {\n    alpha: " + formatFloat(attrFloat(l, "alpha")) + "\n  }\n");
        return Ok{};
    }
    if (kind == "Sigmoid" || kind == "Tanh") {
        emit(l.name, kind == "Tanh" ? "TanH" : "Sigmoid", b(), {topOf(l, false)}, "");
        return Ok{};
    }
    if (kind == "PReLU") {
        const bool shared = attrInt(l, "num_parameters") == 1;
        emit(l.name, "PReLU", b(), {topOf(l, false)}, shared ? "  prelu_param {\n    channel_shared: true\n  }\n" : "");
        return Ok{};
    }
    if (kind == "LRN") {
        emit(l.name, "LRN", b(), {topOf(l, false)},
             "  lrn_param {\n    local_size: " + std::to_string(attrInt(l, "size")) + "\n    alpha: " + formatFloat(attrFloat(l, "alpha")) +
                 "\n    beta: " + formatFloat(attrFloat(l, "beta")) + "\n    k: " + formatFloat(attrFloat(l, "k")) + "\n  }\n");
        return Ok{};
    }
    if (kind == "Dropout") {
        emit(l.name, "Dropout", b(), {topOf(l, inplaceOf(l))},
             "  dropout_param {\n    dropout_ratio: " + formatFloat(attrFloat(l, "p")) + "\n  }\n");
        return Ok{};
    }
    if (kind == "BatchNorm") {
        if (m_g.inputShape(l).rank() < 1) return unsupported(l, "Caffe");
        const bool affine = attrBool(l, "affine");
        const std::string bnTop = affine ? l.name + "_bn" : l.name;
        emit(affine ? l.name + "_bn" : l.name, "BatchNorm", b(), {bnTop},
             "  batch_norm_param {\n    eps: " + formatFloat(attrFloat(l, "eps")) +
                 "\n    moving_average_fraction: " + formatFloat(1.0 - attrFloat(l, "momentum")) + "\n  }\n");
        if (affine) emit(l.name, "Scale", {bnTop}, {topOf(l, false)}, "  scale_param {\n    bias_term: true\n  }\n");
        else m_blobs[key(PortRef{l.id, 0})] = bnTop;
        return Ok{};
    }
    if (kind == "Scale") {
        emit(l.name, "Scale", b(), {topOf(l, inplaceOf(l))},
             std::string("  scale_param {\n    bias_term: ") + (attrBool(l, "bias") ? "true" : "false") + "\n  }\n");
        return Ok{};
    }
    if (kind == "Add" || kind == "Multiply") {
        emit(l.name, "Eltwise", b(), {topOf(l, false)},
             std::string("  eltwise_param {\n    operation: ") + (kind == "Add" ? "SUM" : "PROD") + "\n  }\n");
        return Ok{};
    }
    if (kind == "Concat" || kind == "Softmax") {
        const std::string field = kind == "Concat" ? "concat_param" : "softmax_param";
        emit(l.name, kind, b(), {topOf(l, false)}, "  " + field + " {\n    axis: " + std::to_string(attrInt(l, "axis")) + "\n  }\n");
        return Ok{};
    }
    if (kind == "Flatten") {
        emit(l.name, "Flatten", b(), {topOf(l, false)},
             "  flatten_param {\n    axis: " + std::to_string(attrInt(l, "start_dim")) + "\n    end_axis: " +
                 std::to_string(attrInt(l, "end_dim")) + "\n  }\n");
        return Ok{};
    }
    if (kind == "Reshape") {
        std::string dims = "      dim: 0\n";
        for (auto d : attrList(l, "shape")) dims += "      dim: " + std::to_string(d) + "\n";
        emit(l.name, "Reshape", b(), {topOf(l, false)}, "  reshape_param {\n    shape {\n" + dims + "    }\n  }\n");
        return Ok{};
    }
    if (kind == "Crop") {
        std::string p = "  crop_param {\n    axis: " + std::to_string(attrInt(l, "axis")) + "\n";
        for (auto o : attrList(l, "offset")) p += "    offset: " + std::to_string(o) + "\n";
        emit(l.name, "Crop", b(), {topOf(l, false)}, p + "  }\n");
        return Ok{};
    }
    if (kind == "Slice") {
        std::string p = "  slice_param {\n    axis: " + std::to_string(attrInt(l, "axis")) + "\n";
        for (auto s : attrList(l, "slice_points")) p += "    slice_point: " + std::to_string(s) + "\n";
        std::vector<std::string> tops;
        const std::size_t n = m_g.analysisOf(l).result.outputs.size();
        for (std::size_t i = 0; i < n; ++i) {
            tops.push_back(i == 0 ? l.name : l.name + "_" + std::to_string(i));
            m_blobs[key(PortRef{l.id, static_cast<std::uint16_t>(i)})] = tops.back();
        }
        emit(l.name, "Slice", b(), tops, p + "  }\n");
        return Ok{};
    }
    return unsupported(l, "Caffe");
}

// Caffe 1.0 solver types, or an error for optimizers it has no solver for.
Result<std::string> solverFor(const TrainingConfig& c, const std::string& net)
{
    std::string s = "# Solver for " + net + ", exported by NetSizer. Learning rates are placeholders.\n";
    s += "net: " + quoted(net) + "\nbase_lr: 0.01\nlr_policy: \"fixed\"\nmax_iter: 10000\ndisplay: 100\n";
    s += "snapshot: 0\nsnapshot_prefix: \"snapshot\"\nsolver_mode: GPU\n";
    switch (c.optimizer) {
    case Optimizer::Sgd: return s + "type: \"SGD\"\nmomentum: 0\n";
    case Optimizer::SgdMomentum: return s + "type: \"SGD\"\nmomentum: 0.9\n";
    case Optimizer::Nesterov: return s + "type: \"Nesterov\"\nmomentum: 0.9\n";
    case Optimizer::Adam: return s + "type: \"Adam\"\nmomentum: 0.9\nmomentum2: 0.999\ndelta: 1e-08\n";
    case Optimizer::Adagrad: return s + "type: \"AdaGrad\"\ndelta: 1e-08\n";
    case Optimizer::RmsProp: return s + "type: \"RMSProp\"\nrms_decay: 0.99\ndelta: 1e-08\n";
    case Optimizer::Adadelta: return s + "type: \"AdaDelta\"\nmomentum: 0.95\ndelta: 1e-06\n";
    case Optimizer::AdamW:
    case Optimizer::AdamAmsgrad:
    case Optimizer::RmsPropMomentum:
    case Optimizer::Adam8bit:
    case Optimizer::AdamW8bit:
    case Optimizer::PagedAdamW8bit:
    case Optimizer::Adafactor:
    case Optimizer::Lion: break;
    }
    return makeError("export_unsupported",
                     std::string("Caffe 1.0 has no solver for optimizer ") + optimizerInfo(c.optimizer).name, "optimizer");
}

} // namespace

Result<CaffeExport> exportCaffe(const Graph& graph, const TrainingConfig& config, const std::string& netFileName)
{
    auto prepared = ExportGraph::prepare(graph);
    if (!prepared) return prepared.error();
    CaffeWriter w(*prepared);
    w.setBatch(config.batch);
    for (const Layer* l : prepared->order()) {
        auto st = w.layer(*l);
        if (!st) return st.error();
    }
    auto solver = solverFor(config, netFileName);
    if (!solver) return solver.error();
    CaffeExport e;
    std::string title = graph.name.empty() ? std::string("model") : graph.name;
    std::replace(title.begin(), title.end(), '\n', ' '); // one comment line, whatever the name holds
    std::replace(title.begin(), title.end(), '\r', ' ');
    e.net = "# " + title + " - exported by NetSizer (train_val style).\n" +
            "# To train, add a data layer with labels and a loss, e.g.\n" +
            "# layer { name: \"loss\" type: \"SoftmaxWithLoss\" bottom: \"<last top>\" bottom: \"label\" top: \"loss\" }\n" +
            "name: " + quoted(graph.name.empty() ? std::string("model") : graph.name) + "\n" + w.text();
    e.solver = std::move(*solver);
    return e;
}

} // namespace netsizer::core
