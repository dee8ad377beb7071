#include "core/io/keras/KerasLayerMapper.h"

#include "core/io/keras/KerasConfig.h"
#include "core/layers/LayerContext.h"
#include "core/layers/LayerKind.h"
#include "core/util/JsonText.h"

#include <algorithm>

namespace netsizer::core::keras {
namespace {

using nlohmann::json;
using S = std::string;

bool isOneOf(const std::string& s, std::initializer_list<const char*> names)
{
    return std::any_of(names.begin(), names.end(), [&](const char* n) { return s == n; });
}

} // namespace

KerasLayerMapper::KerasLayerMapper(bool channelsLast, std::vector<std::string>& notes)
    : m_channelsLast(channelsLast), m_notes(notes)
{
}

bool KerasLayerMapper::imageChannelsLast(const json& cfg) const
{
    const std::string f = stringAt(cfg, {"data_format"}, "");
    if (f == "channels_first") return false;
    if (f == "channels_last") return true;
    const std::string d = stringAt(cfg, {"dim_ordering"}, "");
    if (d == "th") return false;
    if (d == "tf") return true;
    return m_channelsLast;
}

std::vector<KerasTensor> KerasLayerMapper::add(const std::string& kind, const std::string& name,
                                               const std::vector<KerasTensor>& inputs, Attrs attrs, bool permuted)
{
    std::vector<PortRef> ports;
    std::vector<TensorInfo> infos;
    for (const auto& t : inputs) {
        ports.push_back(t.port);
        infos.push_back(t.info);
    }
    const LayerId id = m_builder.add(kind, name, ports, attrs);
    const Layer& layer = *m_builder.graph().find(id);
    const std::string who = layer.name == name ? "" : "(as '" + layer.name + "') ";
    for (std::size_t i = 0; i < layer.attrs.size(); ++i) {
        std::string message;
        if (!validateAttr(layer.kind->params[i], layer.attrs[i], message))
            refuse("attribute", who + layer.kind->params[i].name + ": " + message);
    }
    const int n = static_cast<int>(inputs.size());
    if (n < layer.kind->minInputs || (layer.kind->maxInputs != LayerKind::kUnbounded && n > layer.kind->maxInputs))
        refuse("inputs", who + kind + " cannot take " + std::to_string(n) + " inputs");
    const LayerContext ctx{layer.attrs, infos, layer.name};
    auto r = layer.kind->analyze(ctx);
    if (!r) refuse(r.error().code, who + kind + ": " + r.error().message);
    std::vector<KerasTensor> out;
    for (std::size_t p = 0; p < r->outputs.size(); ++p)
        out.push_back(KerasTensor{PortRef{id, static_cast<std::uint16_t>(p)}, r->outputs[p],
                                  permuted && r->outputs[p].shape.rank() >= 2});
    return out;
}

KerasTensor KerasLayerMapper::layout(const KerasTensor& t, bool permuted, const std::string& name)
{
    if (t.info.shape.rank() < 2 || t.permuted == permuted) return t;
    const IntList keras = kerasShape(t);
    return add1("Reshape", name + "_layout", t, {{"shape", permuted ? channelsFirst(keras) : keras}}, permuted);
}

KerasTensor KerasLayerMapper::activation(const std::string& a, const KerasTensor& t, const std::string& name)
{
    const std::string n = name + "_" + a;
    if (a.empty() || a == "linear") return t;
    if (a == "relu") return add1("ReLU", n, t, {}, t.permuted);
    if (a == "relu6") return add1("ReLU6", n, t, {}, t.permuted);
    if (a == "sigmoid" || a == "hard_sigmoid") {
        if (a == "hard_sigmoid") m_notes.push_back("layer '" + name + "': hard_sigmoid imported as a sigmoid (same memory)");
        return add1("Sigmoid", n, t, {}, t.permuted);
    }
    if (a == "tanh") return add1("Tanh", n, t, {}, t.permuted);
    if (a == "softmax") return add1("Softmax", n, t, {{"axis", std::int64_t{t.permuted ? 1 : -1}}}, t.permuted);
    if (a == "elu" || a == "selu") {
        if (a == "selu") m_notes.push_back("layer '" + name + "': selu imported as an ELU (same memory, no parameters)");
        return add1("ELU", n, t, {}, t.permuted);
    }
    if (a == "swish" || a == "silu") return add1("SiLU", n, t, {}, t.permuted);
    if (a == "gelu") return add1("GELU", n, t, {}, t.permuted);
    if (a == "hard_swish") return add1("HardSwish", n, t, {}, t.permuted);
    if (a == "leaky_relu") return add1("LeakyReLU", n, t, {{"negative_slope", 0.2}}, t.permuted);
    refuse("unsupported", "activation '" + a + "' has no NetSizer layer kind");
}

Result<KerasTensor> KerasLayerMapper::addInput(const std::string& name, const json& batchShape, const std::string& dtype,
                                               const std::string& at)
{
    try {
        if (!batchShape.is_array() || batchShape.size() < 2 || batchShape.size() > 6)
            refuse("shape", "batch_input_shape must list the batch axis and 1 to 5 more axes");
        IntList keras;
        bool unknown = false;
        const int rank = static_cast<int>(batchShape.size()) - 1;
        for (int i = 1; i <= rank; ++i) {
            const json& d = batchShape[static_cast<std::size_t>(i)];
            if (d.is_null()) {
                unknown = true;
                // Unknown sizes: a sequence length of 1, an image side of 224 (channels must be known).
                if (rank >= 3 && i == rank) refuse("shape", "the channel axis of batch_input_shape is unknown");
                keras.push_back(rank >= 3 ? 224 : 1);
                continue;
            }
            if (!d.is_number_integer() || d.get<std::int64_t>() < 1 || d.get<std::int64_t>() > 1000000000)
                refuse("shape", "batch_input_shape axis " + std::to_string(i) + " = " + dumpJson(d) + " is not a size in [1, 1e9]");
            keras.push_back(d.get<std::int64_t>());
        }
        if (unknown)
            m_notes.push_back("input '" + name + "': unknown sizes in " + dumpJson(batchShape) + " taken as " + shapeText(keras) +
                              " (1 for a sequence length, 224 for an image side); set the real ones in the Input layer");
        const bool integer = dtype.rfind("int", 0) == 0 || dtype.rfind("uint", 0) == 0;
        const bool permuted = m_channelsLast && rank >= 3;
        return add("Input", name, {}, {{"shape", permuted ? channelsFirst(keras) : keras}, {"dtype", S(integer ? "int64" : "float32")}},
                   permuted)
            .at(0);
    } catch (const KerasConfigError& e) {
        return makeError(e.code, "input '" + name + "': " + e.message, at);
    }
}

Result<std::vector<KerasTensor>> KerasLayerMapper::map(const KerasCall& c)
{
    try {
        if (c.inputs.empty()) refuse("dangling", "has no input");
        std::vector<KerasTensor> out;
        for (auto f : {&KerasLayerMapper::mapCore, &KerasLayerMapper::mapConv, &KerasLayerMapper::mapPool,
                       &KerasLayerMapper::mapNorm, &KerasLayerMapper::mapShape}) {
            out = (this->*f)(c);
            if (!out.empty()) return out;
        }
        if (c.className == "Lambda")
            refuse("unsupported", "Lambda layers run Python code whose output NetSizer cannot infer; layer class 'Lambda' is not supported");
        refuse("unsupported", "layer class '" + c.className + "' is not supported");
    } catch (const KerasConfigError& e) {
        return makeError(e.code, "layer '" + c.name + "' (" + c.className + "): " + e.message, c.at);
    } catch (const json::exception& e) {
        return makeError("type", "layer '" + c.name + "' (" + c.className + "): a config value has the wrong type (" + e.what() + ")",
                         c.at);
    } catch (const std::exception& e) {
        return makeError("format", "layer '" + c.name + "' (" + c.className + "): cannot be imported (" + e.what() + ")", c.at);
    }
}

std::vector<KerasTensor> KerasLayerMapper::mapCore(const KerasCall& c)
{
    const json& cfg = *c.config;
    const std::string& k = c.className;
    const KerasTensor& in = c.inputs[0];
    if (k == "Dense") {
        const auto units = requiredInt(cfg, {"units", "output_dim"});
        const bool bias = boolAt(cfg, {"use_bias", "bias"}, true);
        const KerasTensor out = add1("Dense", c.name, layout(in, false, c.name), {{"units", units}, {"bias", bias}}, false);
        return {activation(stringAt(cfg, {"activation"}, "linear"), out, c.name)};
    }
    if (k == "Activation") return {activation(stringAt(cfg, {"activation"}, "linear"), in, c.name)};
    if (isOneOf(k, {"Dropout", "SpatialDropout1D", "SpatialDropout2D", "SpatialDropout3D", "AlphaDropout", "GaussianDropout"})) {
        const double p = floatAt(cfg, {"rate", "p"}, 0.5, 0.0, 1.0);
        if (p <= 0.0) return {in};
        return {add1("Dropout", c.name, in, {{"p", std::min(p, 0.999999)}}, in.permuted)};
    }
    if (isOneOf(k, {"Masking", "GaussianNoise", "ActivityRegularization", "InputSpec"})) {
        m_notes.push_back("layer '" + c.name + "' (" + k + ") left out: it adds no parameters and keeps nothing that matters");
        return {in};
    }
    if (k == "ReLU") {
        const double maxValue = floatAt(cfg, {"max_value"}, -1.0, -1.0, 1e30);
        const double slope = floatAt(cfg, {"negative_slope"}, 0.0, 0.0, 1e6);
        if (maxValue == 6.0 && slope == 0.0) return {add1("ReLU6", c.name, in, {}, in.permuted)};
        if (maxValue >= 0.0) refuse("unsupported", "ReLU with max_value " + std::to_string(maxValue) + " (only 6) is not supported");
        if (slope > 0.0) return {add1("LeakyReLU", c.name, in, {{"negative_slope", slope}}, in.permuted)};
        return {add1("ReLU", c.name, in, {}, in.permuted)};
    }
    if (k == "LeakyReLU")
        return {add1("LeakyReLU", c.name, in, {{"negative_slope", floatAt(cfg, {"alpha", "negative_slope"}, 0.3, 0.0, 1e6)}}, in.permuted)};
    if (k == "ELU") return {add1("ELU", c.name, in, {{"alpha", floatAt(cfg, {"alpha"}, 1.0, 0.0, 1e6)}}, in.permuted)};
    if (k == "Softmax") {
        const int rank = in.info.shape.rank();
        const int axis = sampleAxis(intAt(cfg, {"axis"}, -1, -7, 6), rank);
        const int ns = in.permuted ? (axis == rank - 1 ? 0 : axis + 1) : axis;
        return {add1("Softmax", c.name, in, {{"axis", std::int64_t{ns + 1}}}, in.permuted)};
    }
    if (k == "PReLU") {
        // Keras's alpha has the input's shape with shared axes set to 1; NetSizer's PReLU has one
        // slope or one per channel.
        const int rank = in.info.shape.rank();
        std::vector<bool> shared(static_cast<std::size_t>(rank), false);
        if (const auto* s = findKey(cfg, {"shared_axes"})) {
            for (const auto& a : s->is_array() ? *s : json::array({*s})) {
                const std::int64_t ax = a.get<std::int64_t>();
                if (ax < 1 || ax > rank) refuse("attribute", "shared_axes names axis " + std::to_string(ax));
                shared[static_cast<std::size_t>(ax - 1)] = true;
            }
        }
        const int free = static_cast<int>(std::count(shared.begin(), shared.end(), false));
        if (free == 0) return {add1("PReLU", c.name, in, {{"num_parameters", std::int64_t{1}}}, in.permuted)};
        if (free == 1 && !shared[static_cast<std::size_t>(rank - 1)]) {
            const KerasTensor t = layout(in, rank >= 2, c.name);
            return {add1("PReLU", c.name, t, {{"num_parameters", t.info.shape[0]}}, t.permuted)};
        }
        refuse("unsupported", "PReLU with a slope per element (shared_axes other than all but the channels) is not supported");
    }
    if (k == "Embedding") {
        if (in.info.elem != ElemKind::Int64)
            refuse("dtype", "expects integer token ids, but its input is float (declare the Input with dtype int32)");
        return {add1("Embedding", c.name, in,
                     {{"num_embeddings", requiredInt(cfg, {"input_dim"})}, {"embedding_dim", requiredInt(cfg, {"output_dim"})}}, false)};
    }
    if (isOneOf(k, {"LSTM", "GRU", "SimpleRNN", "CuDNNLSTM", "CuDNNGRU"})) return mapRecurrent(c, cfg, false, "concat");
    if (k == "Bidirectional") {
        const json* layer = findKey(cfg, {"layer"});
        if (!layer || !layer->is_object() || !layer->contains("config")) refuse("attribute", "Bidirectional needs a wrapped 'layer'");
        KerasCall inner = c;
        inner.className = stringAt(*layer, {"class_name"}, "");
        if (!isOneOf(inner.className, {"LSTM", "GRU", "SimpleRNN", "CuDNNLSTM", "CuDNNGRU"}))
            refuse("unsupported", "Bidirectional(" + inner.className + ") is not supported");
        const json* mm = cfg.is_object() && cfg.contains("merge_mode") ? &cfg.at("merge_mode") : nullptr;
        return mapRecurrent(inner, layer->at("config"), true, mm && mm->is_null() ? "none" : stringAt(cfg, {"merge_mode"}, "concat"));
    }
    if (k == "TimeDistributed") {
        const json* layer = findKey(cfg, {"layer"});
        if (!layer || !layer->is_object() || !layer->contains("config")) refuse("attribute", "TimeDistributed needs a wrapped 'layer'");
        KerasCall inner = c;
        inner.className = stringAt(*layer, {"class_name"}, "");
        inner.config = &layer->at("config");
        if (!isOneOf(inner.className, {"Dense", "Dropout", "Activation"}))
            refuse("unsupported", "TimeDistributed(" + inner.className +
                                      ") is not supported: NetSizer has a per-step form only of Dense, Dropout and Activation");
        return mapCore(inner);
    }
    if (k == "Merge") {
        const json* mode = findKey(cfg, {"mode"});
        if (mode && !mode->is_string()) refuse("unsupported", "Merge with a Python function as mode is not supported");
        return mapMerge(c, mode ? mode->get<std::string>() : "sum", static_cast<int>(intAt(cfg, {"concat_axis"}, -1, -7, 7)));
    }
    static const std::pair<const char*, const char*> merges[] = {{"Add", "sum"},          {"Subtract", "sub"}, {"Multiply", "mul"},
                                                                 {"Average", "ave"},      {"Maximum", "max"},  {"Minimum", "min"},
                                                                 {"Concatenate", "concat"}, {"Dot", "dot"}};
    for (const auto& [cls, mode] : merges)
        if (k == cls) return mapMerge(c, mode, static_cast<int>(intAt(cfg, {"axis"}, -1, -7, 7)));
    return {};
}

std::vector<KerasTensor> KerasLayerMapper::mapMerge(const KerasCall& c, const std::string& mode, int axis)
{
    if (c.inputs.size() < 2) refuse("inputs", "a merge needs at least two inputs");
    const KerasTensor& first = c.inputs[0];
    std::vector<KerasTensor> ins{first};
    for (std::size_t i = 1; i < c.inputs.size(); ++i)
        ins.push_back(layout(c.inputs[i], first.permuted, c.name + "_in" + std::to_string(i)));
    if (mode == "sum" || mode == "ave" || mode == "sub") {
        if (mode != "sum")
            m_notes.push_back("layer '" + c.name + "': merge mode '" + mode + "' imported as an Add (same shapes, no parameters)");
        return {add("Add", c.name, ins, {}, first.permuted).at(0)};
    }
    if (mode == "mul") return {add("Multiply", c.name, ins, {}, first.permuted).at(0)};
    if (mode == "concat") {
        const int rank = first.info.shape.rank();
        const int k = sampleAxis(axis, rank);
        const int ns = first.permuted ? (k == rank - 1 ? 0 : k + 1) : k;
        return {add("Concat", c.name, ins, {{"axis", std::int64_t{ns + 1}}}, first.permuted).at(0)};
    }
    refuse("unsupported", "merge mode '" + mode + "' has no NetSizer layer kind");
}

std::vector<KerasTensor> KerasLayerMapper::mapRecurrent(const KerasCall& c, const json& cfg, bool bidirectional,
                                                        const std::string& mergeMode)
{
    const std::string& k = c.className;
    const char* kind = k.find("LSTM") != std::string::npos ? "LSTM" : k.find("GRU") != std::string::npos ? "GRU" : "RNN";
    const auto units = requiredInt(cfg, {"units", "output_dim"});
    const bool bias = boolAt(cfg, {"use_bias", "bias"}, true);
    const bool seq = boolAt(cfg, {"return_sequences"}, false);
    const bool states = boolAt(cfg, {"return_state"}, false);
    // Keras keeps one bias per gate block, except GRU with reset_after (TF2's default) and the
    // CuDNN layers, which keep PyTorch's two.
    const bool recurrentBias = k.rfind("CuDNN", 0) == 0 || (k == "GRU" && boolAt(cfg, {"reset_after"}, false));
    if (c.inputs.size() > 1)
        m_notes.push_back("layer '" + c.name + "': initial states passed to the layer are not modelled (zeros, as NetSizer's " +
                          kind + " kind assumes)");
    const KerasTensor t = layout(c.inputs[0], false, c.name);
    std::vector<KerasTensor> out;
    if (std::string(kind) == "RNN") {
        const std::string act = stringAt(cfg, {"activation"}, "tanh");
        if (act != "tanh" && act != "relu") refuse("unsupported", "SimpleRNN activation '" + act + "' (only tanh or relu)");
        out = add(kind, c.name, {t},
                  {{"hidden_size", units}, {"bidirectional", bidirectional}, {"return_sequences", seq}, {"bias", bias},
                   {"recurrent_bias", recurrentBias}, {"state_outputs", states}, {"nonlinearity", act}},
                  false);
    } else {
        out = add(kind, c.name, {t},
                  {{"hidden_size", units}, {"bidirectional", bidirectional}, {"return_sequences", seq}, {"bias", bias},
                   {"recurrent_bias", recurrentBias}, {"state_outputs", states}},
                  false);
    }
    if (!bidirectional || mergeMode == "concat") return out;
    if (states) refuse("unsupported", "Bidirectional with return_state and merge_mode '" + mergeMode + "' is not supported");
    // NetSizer concatenates the directions; Keras's other merge modes split them and combine.
    const std::int64_t lastAxis = out[0].info.shape.rank(); // Slice counts axes from 1 (0 = batch)
    auto halves = add("Slice", c.name + "_directions", {out[0]}, {{"axis", lastAxis}, {"slice_points", IntList{units}}}, false);
    if (mergeMode == "none") return halves;
    if (mergeMode == "mul") return {add("Multiply", c.name + "_mul", halves, {}, false).at(0)};
    if (mergeMode == "sum" || mergeMode == "ave") return {add("Add", c.name + "_" + mergeMode, halves, {}, false).at(0)};
    refuse("unsupported", "Bidirectional merge_mode '" + mergeMode + "' is not supported");
}

} // namespace netsizer::core::keras
