#include "core/io/export/PyTorchLayers.h"

#include "core/io/export/PythonLiterals.h"
#include "core/layers/KindHelpers.h"

#include <algorithm>

namespace netsizer::core {

namespace {

std::string pyList(const IntList& v)
{
    std::string s = "[";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + "]";
}

std::string join(const std::vector<std::string>& v, const std::string& sep)
{
    std::string s;
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? sep : "") + v[i];
    return s;
}

Shape spatialOf(const Shape& in)
{
    Shape s;
    for (int i = 1; i < in.rank(); ++i) s.push(in[i]);
    return s;
}

// F.pad's argument for begin/end pads of n spatial axes: last axis first.
std::string padArg(const IntList& begin, const IntList& end)
{
    IntList p;
    for (std::size_t i = begin.size(); i-- > 0;) {
        p.push_back(begin[i]);
        p.push_back(end[i]);
    }
    return pyTuple(p);
}

Result<PyTorchLayerCode> conv(const ExportGraph& g, const Layer& l, const std::string& x, int n)
{
    const Shape in = g.inputShape(l);
    const IntList k = attrList(l, "kernel_size", n), s = attrList(l, "stride", n), d = attrList(l, "dilation", n);
    IntList begin, end;
    std::string message;
    if (!kinds::resolvePadding(attrString(l, "padding_mode"), attrList(l, "padding"), n, spatialOf(in), k, s, d, begin, end, message))
        return makeError("attribute", message, l.name);
    PyTorchLayerCode c;
    const bool symmetric = begin == end;
    c.init = "nn.Conv" + std::to_string(n) + "d(" + std::to_string(in[0]) + ", " + std::to_string(attrInt(l, "filters")) +
             ", kernel_size=" + pyTuple(k) + ", stride=" + pyTuple(s) + ", padding=" + pyTuple(symmetric ? begin : IntList(n, 0)) +
             ", dilation=" + pyTuple(d) + ", groups=" + std::to_string(attrInt(l, "groups")) +
             ", bias=" + pyBool(attrBool(l, "bias")) + ")";
    // Asymmetric ("same" with an even kernel, or 2n explicit values): pad first, as TF/ONNX do.
    c.forward = "self." + g.ident(l) + "(" + (symmetric ? x : "F.pad(" + x + ", " + padArg(begin, end) + ")") + ")";
    return c;
}

Result<PyTorchLayerCode> pool(const ExportGraph& g, const Layer& l, const std::string& x, int n, bool max)
{
    const IntList k = attrList(l, "kernel_size", n);
    IntList s = attrList(l, "stride", n);
    for (std::size_t i = 0; i < s.size(); ++i)
        if (s[i] == 0) s[i] = k[i];
    IntList p = attrList(l, "padding", n);
    if (p.size() == static_cast<std::size_t>(2 * n)) {
        if (!std::equal(p.begin(), p.begin() + n, p.begin() + n)) return unsupported(l, "PyTorch", "asymmetric pooling padding");
        p.resize(static_cast<std::size_t>(n));
    }
    PyTorchLayerCode c;
    c.init = std::string("nn.") + (max ? "MaxPool" : "AvgPool") + std::to_string(n) + "d(kernel_size=" + pyTuple(k) +
             ", stride=" + pyTuple(s) + ", padding=" + pyTuple(p) + ", ceil_mode=" + pyBool(attrBool(l, "ceil_mode")) + ")";
    c.forward = "self." + g.ident(l) + "(" + x + ")";
    return c;
}

// Applies a batch_first=False recurrent/attention module to batch-first tensors.
std::string timeMajor(const std::string& x, bool batchFirst) { return batchFirst ? x : x + ".transpose(0, 1)"; }

} // namespace

Result<PyTorchLayerCode> pytorchLayerCode(const ExportGraph& g, const Layer& l, const std::vector<std::string>& args)
{
    const std::string& kind = kindOf(l);
    const std::string self = "self." + g.ident(l);
    const std::string x = args.empty() ? std::string() : args[0];
    const auto call = [&](std::string init) {
        PyTorchLayerCode c;
        c.init = std::move(init);
        c.forward = self + "(" + x + ")";
        return c;
    };
    const auto fn = [](std::string expr) {
        PyTorchLayerCode c;
        c.forward = std::move(expr);
        return c;
    };
    const auto inplace = [&]() { return hasAttr(l, "inplace") && attrBool(l, "inplace") ? "inplace=True" : std::string(); };

    if (kind == "Conv1D") return conv(g, l, x, 1);
    if (kind == "Conv2D") return conv(g, l, x, 2);
    if (kind == "Conv3D") return conv(g, l, x, 3);
    if (kind == "ConvTranspose2D") {
        const IntList p = attrList(l, "padding", 2);
        if (p.size() != 2) return unsupported(l, "PyTorch", "asymmetric transposed-convolution padding");
        return call("nn.ConvTranspose2d(" + std::to_string(g.inputShape(l)[0]) + ", " + std::to_string(attrInt(l, "filters")) +
                    ", kernel_size=" + pyTuple(attrList(l, "kernel_size", 2)) + ", stride=" + pyTuple(attrList(l, "stride", 2)) +
                    ", padding=" + pyTuple(p) + ", output_padding=" + pyTuple(attrList(l, "output_padding", 2)) +
                    ", groups=" + std::to_string(attrInt(l, "groups")) + ", bias=" + pyBool(attrBool(l, "bias")) +
                    ", dilation=" + pyTuple(attrList(l, "dilation", 2)) + ")");
    }
    if (kind == "Dense")
        return call("nn.Linear(" + std::to_string(g.inputShape(l).back()) + ", " + std::to_string(attrInt(l, "units")) +
                    ", bias=" + pyBool(attrBool(l, "bias")) + ")");
    if (kind == "MaxPool1D") return pool(g, l, x, 1, true);
    if (kind == "MaxPool2D") return pool(g, l, x, 2, true);
    if (kind == "AvgPool1D") return pool(g, l, x, 1, false);
    if (kind == "AvgPool2D") return pool(g, l, x, 2, false);
    if (kind == "AdaptiveAvgPool2D") return call("nn.AdaptiveAvgPool2d(" + pyTuple(attrList(l, "output_size", 2)) + ")");
    if (kind == "GlobalAvgPool") {
        IntList dims;
        for (int i = 1; i < g.inputShape(l).rank(); ++i) dims.push_back(i + 1);
        return fn(x + ".mean(dim=" + pyTuple(dims) + ", keepdim=" + pyBool(attrBool(l, "keepdims")) + ")");
    }
    if (kind == "BatchNorm") {
        const int rank = g.inputShape(l).rank();
        const int d = rank <= 2 ? 1 : rank - 1;
        return call("nn.BatchNorm" + std::to_string(d) + "d(" + std::to_string(g.inputShape(l)[0]) +
                    ", eps=" + formatFloat(attrFloat(l, "eps")) + ", momentum=" + formatFloat(attrFloat(l, "momentum")) +
                    ", affine=" + pyBool(attrBool(l, "affine")) +
                    ", track_running_stats=" + pyBool(attrBool(l, "track_running_stats")) + ")");
    }
    if (kind == "GroupNorm")
        return call("nn.GroupNorm(" + std::to_string(attrInt(l, "groups")) + ", " + std::to_string(g.inputShape(l)[0]) +
                    ", eps=" + formatFloat(attrFloat(l, "eps")) + ", affine=" + pyBool(attrBool(l, "affine")) + ")");
    if (kind == "LayerNorm") {
        const Shape in = g.inputShape(l);
        IntList dims;
        for (int i = in.rank() - static_cast<int>(attrInt(l, "normalized_dims")); i < in.rank(); ++i) dims.push_back(in[i]);
        return call("nn.LayerNorm(" + pyTuple(dims) + ", eps=" + formatFloat(attrFloat(l, "eps")) +
                    ", elementwise_affine=" + pyBool(attrBool(l, "elementwise_affine")) + ")");
    }
    if (kind == "LRN")
        return call("nn.LocalResponseNorm(" + std::to_string(attrInt(l, "size")) + ", alpha=" + formatFloat(attrFloat(l, "alpha")) +
                    ", beta=" + formatFloat(attrFloat(l, "beta")) + ", k=" + formatFloat(attrFloat(l, "k")) + ")");
    if (kind == "ReLU") return call("nn.ReLU(" + inplace() + ")");
    if (kind == "ReLU6") return call("nn.ReLU6(" + inplace() + ")");
    if (kind == "SiLU") return call("nn.SiLU(" + inplace() + ")");
    if (kind == "Sigmoid") return call("nn.Sigmoid()");
    if (kind == "Tanh") return call("nn.Tanh()");
    if (kind == "HardSwish") return call(std::string("nn.Hardswish(") + inplace() + ")");
    if (kind == "GELU") return call("nn.GELU(approximate='" + attrString(l, "approximate") + "')");
    if (kind == "ELU")
        return call("nn.ELU(alpha=" + formatFloat(attrFloat(l, "alpha")) + (inplace().empty() ? "" : ", inplace=True") + ")");
    if (kind == "LeakyReLU")
        return call("nn.LeakyReLU(negative_slope=" + formatFloat(attrFloat(l, "negative_slope")) +
                    (inplace().empty() ? "" : ", inplace=True") + ")");
    if (kind == "PReLU") return call("nn.PReLU(num_parameters=" + std::to_string(attrInt(l, "num_parameters")) + ")");
    if (kind == "Dropout")
        return call("nn.Dropout(p=" + formatFloat(attrFloat(l, "p")) + (inplace().empty() ? "" : ", inplace=True") + ")");
    if (kind == "Softmax") return fn("torch.softmax(" + x + ", dim=" + std::to_string(attrInt(l, "axis")) + ")");
    if (kind == "Flatten")
        return fn("torch.flatten(" + x + ", " + std::to_string(attrInt(l, "start_dim")) + ", " + std::to_string(attrInt(l, "end_dim")) + ")");
    if (kind == "Reshape") {
        std::string dims;
        for (auto d : attrList(l, "shape")) dims += ", " + std::to_string(d);
        return fn(x + ".reshape(" + x + ".shape[0]" + dims + ")");
    }
    // The op-level kinds: the per-sample dims of Permute shift by one past the batch; Select's and
    // Narrow's axis count the batch already, as torch's dim does.
    if (kind == "Permute") {
        std::string dims = "0";
        for (auto d : attrList(l, "dims")) dims += ", " + std::to_string(d + 1);
        return fn(x + ".permute(" + dims + ")");
    }
    if (kind == "Select") return fn(x + ".select(" + std::to_string(attrInt(l, "axis")) + ", " + std::to_string(attrInt(l, "index")) + ")");
    if (kind == "Narrow") {
        const std::string axis = std::to_string(attrInt(l, "axis"));
        const std::string range = x + ".narrow(" + axis + ", " + std::to_string(attrInt(l, "start")) + ", " +
                                  std::to_string(attrInt(l, "length")) + ")";
        if (attrInt(l, "step") == 1) return fn(range);
        // Every step-th index as views only, like x[..., a:b:step]: the axis to the front, [::step], back.
        return fn(range + ".transpose(" + axis + ", 0)[::" + std::to_string(attrInt(l, "step")) + "].transpose(0, " + axis + ")");
    }
    if (kind == "AddTensor") {
        // T as a buffer of its shape; a learned T as Swin computes it: a parameter table indexed by
        // a fixed int64 buffer (IndexBackward0 keeps that buffer, no activation).
        std::string dims = "1";
        Count elements = 1;
        for (auto d : attrList(l, "shape")) {
            dims += ", " + std::to_string(d);
            elements *= static_cast<Count>(d);
        }
        PyTorchLayerCode c;
        const std::string ident = g.ident(l);
        std::string t = self + "_t";
        if (attrInt(l, "learned") > 0) {
            c.extraInit.push_back(self + "_table = nn.Parameter(torch.zeros(" + std::to_string(attrInt(l, "learned")) + "))");
            c.extraInit.push_back("self.register_buffer('" + ident + "_index', torch.zeros(" + std::to_string(elements) +
                                  ", dtype=torch.long))");
            t = self + "_table[" + self + "_index].view(" + dims + ")";
        } else {
            c.extraInit.push_back("self.register_buffer('" + ident + "_t', torch.zeros(" + dims + "))");
        }
        const bool sub = attrString(l, "op") == "sub";
        const std::string sym = sub ? " - " : " + ";
        c.forward = attrBool(l, "tensor_first") ? t + sym + x : x + sym + t;
        return c;
    }
    if (kind == "MatMul") return fn("torch.matmul(" + join(args, ", ") + ")");
    if (kind == "Elementwise") {
        const std::string op = attrString(l, "op"), c = formatFloat(attrFloat(l, "constant"));
        const bool first = attrBool(l, "constant_first");
        const auto binary = [&](const std::string& sym) { return fn(first ? c + " " + sym + " " + x : x + " " + sym + " " + c); };
        if (op == "add") return binary("+");
        if (op == "sub") return binary("-");
        if (op == "mul") return binary("*");
        // A Python number c / x would run as x.reciprocal() * c; a 0-dim tensor keeps DivBackward0.
        if (op == "div")
            return first ? fn("torch.tensor(" + c + ", dtype=" + x + ".dtype, device=" + x + ".device) / " + x) : binary("/");
        if (op == "pow") return fn(first ? "torch.pow(" + c + ", " + x + ")" : "torch.pow(" + x + ", " + c + ")");
        return fn("torch." + op + "(" + x + ")"); // sqrt, rsqrt, exp, log, erf, neg, abs, reciprocal
    }
    if (kind == "Mean")
        return fn(x + ".mean(dim=" + std::to_string(attrInt(l, "axis")) + ", keepdim=" + pyBool(attrBool(l, "keepdims")) + ")");
    if (kind == "Add") return fn(join(args, " + "));
    if (kind == "Multiply") return fn(join(args, " * "));
    if (kind == "Concat") return fn("torch.cat([" + join(args, ", ") + "], dim=" + std::to_string(attrInt(l, "axis")) + ")");
    if (kind == "Embedding")
        return call("nn.Embedding(" + std::to_string(attrInt(l, "num_embeddings")) + ", " + std::to_string(attrInt(l, "embedding_dim")) + ")");
    if (kind == "Upsample") {
        const IntList size = attrList(l, "size");
        const bool bySize = !(size.size() == 1 && size[0] == 0);
        const int n = g.inputShape(l).rank() - 1;
        const std::string mode = attrString(l, "mode");
        return call("nn.Upsample(" + (bySize ? "size=" + pyTuple(attrList(l, "size", n)) : "scale_factor=" + formatFloat(attrFloat(l, "scale_factor"))) +
                    ", mode='" + mode + "'" + (mode == "bilinear" ? ", align_corners=False" : "") + ")");
    }
    if (kind == "ZeroPadding") {
        const Shape in = g.inputShape(l);
        const int n = in.rank() - 1;
        IntList begin, end;
        std::string message;
        const IntList ones(static_cast<std::size_t>(n), 1);
        const bool last = attrBool(l, "channels_last");
        Shape spatial = spatialOf(in);
        if (last) {
            spatial = Shape{};
            for (int i = 0; i < n; ++i) spatial.push(in[i]);
        }
        if (!kinds::resolvePadding("explicit", attrList(l, "padding"), n, spatial, ones, ones, ones, begin, end, message))
            return makeError("attribute", message, l.name);
        if (last) { // F.pad lists the last axis first: the channels' (0, 0), then the spatial axes from the last
            begin.push_back(0);
            end.push_back(0);
        }
        return fn("F.pad(" + x + ", " + padArg(begin, end) + ")");
    }
    if (kind == "Crop") {
        const Shape in = g.inputShape(l), ref = g.inputShape(l, 1);
        const int axis = static_cast<int>(attrInt(l, "axis")); // 0 = batch
        const IntList off = attrList(l, "offset");
        std::string idx = "[:";
        for (int d = 1; d <= in.rank(); ++d) {
            if (d < axis) {
                idx += ", :";
                continue;
            }
            const std::size_t k = static_cast<std::size_t>(d - axis);
            const std::int64_t o = off.size() == 1 ? off[0] : off.at(k);
            idx += ", " + std::to_string(o) + ":" + std::to_string(o + ref[d - 1]);
        }
        return fn(x + idx + "]");
    }
    if (kind == "Slice") {
        const int axis = static_cast<int>(attrInt(l, "axis"));
        const IntList points = attrList(l, "slice_points");
        IntList sizes;
        std::int64_t prev = 0;
        for (auto p : points) {
            sizes.push_back(p - prev);
            prev = p;
        }
        sizes.push_back(g.inputShape(l)[axis - 1] - prev);
        return fn("torch.split(" + x + ", " + pyList(sizes) +
                  ", dim=" + std::to_string(axis) + ")");
    }
    if (kind == "Scale") {
        PyTorchLayerCode c = call("Scale(" + std::to_string(g.inputShape(l)[0]) + ", bias=" + pyBool(attrBool(l, "bias")) + ")");
        c.helpers.push_back("Scale");
        return c;
    }
    if (kind == "StochasticDepth") {
        PyTorchLayerCode c = call("StochasticDepth(p=" + formatFloat(attrFloat(l, "p")) + ", mode='" + attrString(l, "mode") + "')");
        c.helpers.push_back("StochasticDepth");
        return c;
    }
    if (kind == "PositionalEmbedding") {
        const Shape in = g.inputShape(l);
        std::int64_t p = attrInt(l, "num_positions");
        if (p == 0) p = in[0];
        PyTorchLayerCode c;
        if (attrBool(l, "lookup")) {
            c.init = "nn.Embedding(" + std::to_string(p) + ", " + std::to_string(in.back()) + ")";
            c.forward = x + " + " + self + "(torch.arange(" + x + ".shape[1], device=" + x + ".device))";
        } else {
            c.extraInit.push_back(self + " = nn.Parameter(torch.zeros(1, " + std::to_string(p) + ", " + std::to_string(in.back()) + "))");
            c.forward = x + " + " + self + "[:, :" + x + ".shape[1]]";
        }
        return c;
    }
    if (kind == "ClassToken") {
        const Shape in = g.inputShape(l);
        PyTorchLayerCode c;
        c.extraInit.push_back(self + " = nn.Parameter(torch.zeros(1, " + std::to_string(attrInt(l, "tokens")) + ", " +
                              std::to_string(in.back()) + "))");
        c.forward = "torch.cat([" + self + ".expand(" + x + ".shape[0], -1, -1), " + x + "], dim=1)";
        return c;
    }
    if (kind == "TiedDense") {
        const Layer* owner = g.graph().findByName(attrString(l, "tied_to"));
        if (!owner || kindOf(*owner) != "Embedding") return unsupported(l, "PyTorch", "tied_to names no Embedding layer");
        PyTorchLayerCode c;
        if (attrBool(l, "bias"))
            c.extraInit.push_back(self + "_bias = nn.Parameter(torch.zeros(" + std::to_string(attrInt(l, "units")) + "))");
        c.forward = "F.linear(" + x + ", self." + g.ident(*owner) + ".weight, " + (attrBool(l, "bias") ? self + "_bias" : "None") + ")";
        return c;
    }
    if (kind == "LSTM" || kind == "GRU" || kind == "RNN") {
        const bool bf = attrBool(l, "batch_first");
        const std::string mod = kind == "LSTM" ? "nn.LSTM" : kind == "GRU" ? "nn.GRU" : "nn.RNN";
        PyTorchLayerCode c;
        c.init = mod + "(" + std::to_string(g.inputShape(l).back()) + ", " + std::to_string(attrInt(l, "hidden_size")) +
                 ", num_layers=" + std::to_string(attrInt(l, "num_layers")) + ", bias=" + pyBool(attrBool(l, "bias")) +
                 ", batch_first=" + pyBool(bf) + ", dropout=" + formatFloat(attrFloat(l, "dropout")) +
                 ", bidirectional=" + pyBool(attrBool(l, "bidirectional")) +
                 (kind == "RNN" ? ", nonlinearity='" + attrString(l, "nonlinearity") + "'" : std::string()) + ")";
        // Helper RecurrentOut turns (y, state) into the kind's outputs (batch first).
        c.forward = "recurrent_outputs(" + self + "(" + timeMajor(x, bf) + "), batch_first=" + pyBool(bf) +
                    ", return_sequences=" + pyBool(attrBool(l, "return_sequences")) +
                    ", state_outputs=" + pyBool(attrBool(l, "state_outputs")) + ")";
        c.helpers.push_back("recurrent_outputs");
        return c;
    }
    if (kind == "MultiHeadAttention") {
        const bool bf = attrBool(l, "batch_first");
        PyTorchLayerCode c;
        c.init = "nn.MultiheadAttention(" + std::to_string(attrInt(l, "embed_dim")) + ", " + std::to_string(attrInt(l, "num_heads")) +
                 ", dropout=" + formatFloat(attrFloat(l, "dropout")) + ", bias=" + pyBool(attrBool(l, "bias")) +
                 ", batch_first=" + pyBool(bf) + ")";
        const std::string q = timeMajor(args[0], bf);
        const std::string k = timeMajor(args.size() > 1 ? args[1] : args[0], bf);
        const std::string v = timeMajor(args.size() > 2 ? args[2] : args.size() > 1 ? args[1] : args[0], bf);
        const bool nw = attrBool(l, "need_weights");
        const std::int64_t s = g.inputShape(l)[0];
        const std::string mask = attrBool(l, "causal") ? ", attn_mask=torch.ones(" + std::to_string(s) + ", " + std::to_string(s) +
                                                             ", dtype=torch.bool, device=" + args[0] + ".device).triu(1)"
                                                       : std::string();
        c.forward = "attention_outputs(" + self + "(" + q + ", " + k + ", " + v + ", need_weights=" + pyBool(nw) + mask +
                    "), batch_first=" + pyBool(bf) + ", need_weights=" + pyBool(nw) + ")";
        c.helpers.push_back("attention_outputs");
        return c;
    }
    return unsupported(l, "PyTorch");
}

std::string pytorchHelperClass(const std::string& name)
{
    if (name == "Scale")
        return R"(class Scale(nn.Module):
    """Caffe's Scale: a learnable factor (and shift) per channel (axis 1)."""

    def __init__(self, channels, bias=True):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(channels))
        self.bias = nn.Parameter(torch.zeros(channels)) if bias else None

    def forward(self, x):
        shape = (1, -1) + (1,) * (x.dim() - 2)
        y = x * self.weight.view(shape)
        return y + self.bias.view(shape) if self.bias is not None else y
)";
    if (name == "StochasticDepth")
        return R"(class StochasticDepth(nn.Module):
    """torchvision.ops.StochasticDepth: drops the whole branch with probability p while training."""

    def __init__(self, p, mode):
        super().__init__()
        self.p, self.mode = p, mode

    def forward(self, x):
        if not self.training or self.p == 0.0:
            return x
        size = [x.shape[0]] + [1] * (x.dim() - 1) if self.mode == "row" else [1] * x.dim()
        noise = torch.empty(size, dtype=x.dtype, device=x.device).bernoulli_(1.0 - self.p).div_(1.0 - self.p)
        return x * noise
)";
    if (name == "recurrent_outputs")
        return R"(def recurrent_outputs(result, batch_first, return_sequences, state_outputs):
    """(output, state) of nn.LSTM/GRU/RNN -> NetSizer's outputs, batch first."""
    y, state = result
    if not batch_first:
        y = y.transpose(0, 1)
    if not return_sequences:
        y = y[:, -1]
    if not state_outputs:
        return y
    states = state if isinstance(state, tuple) else (state,)
    return (y,) + tuple(s.transpose(0, 1) for s in states)
)";
    if (name == "attention_outputs")
        return R"(def attention_outputs(result, batch_first, need_weights):
    """(output, weights) of nn.MultiheadAttention -> NetSizer's outputs, batch first."""
    y, w = result
    if not batch_first:
        y = y.transpose(0, 1)
    return (y, w) if need_weights else y
)";
    return {};
}

} // namespace netsizer::core
