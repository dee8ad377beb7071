#include "core/io/keras/KerasModelBuilder.h"

#include <map>
#include <set>

namespace netsizer::core::keras {
namespace {

using nlohmann::json;

constexpr int kMaxNesting = 16;

std::string ptr(const std::string& at, const std::string& key) { return at + "/" + key; }
std::string ptr(const std::string& at, std::size_t i) { return at + "/" + std::to_string(i); }

std::string layerName(const json& layer)
{
    if (layer.contains("name") && layer["name"].is_string()) return layer["name"].get<std::string>();
    if (layer.contains("config") && layer["config"].is_object() && layer["config"].contains("name") &&
        layer["config"]["name"].is_string())
        return layer["config"]["name"].get<std::string>();
    return {};
}

std::string className(const json& layer)
{
    return layer.contains("class_name") && layer["class_name"].is_string() ? layer["class_name"].get<std::string>() : std::string();
}

// A reference to a tensor: (layer name, node index, tensor index).
struct TensorRef {
    std::string layer;
    std::size_t node = 0, index = 0;
};

bool parseRef(const json& j, TensorRef& ref)
{
    // Keras 1/2: [name, node, tensor(, kwargs)]; Keras 3: {"config": {"keras_history": [...]}}.
    if (j.is_object() && j.contains("config") && j["config"].is_object() && j["config"].contains("keras_history"))
        return parseRef(j["config"]["keras_history"], ref);
    if (!j.is_array() || j.size() < 3 || !j[0].is_string() || !j[1].is_number_unsigned() || !j[2].is_number_unsigned()) return false;
    ref.layer = j[0].get<std::string>();
    ref.node = j[1].get<std::size_t>();
    ref.index = j[2].get<std::size_t>();
    return ref.node < 100000 && ref.index < 100000;
}

// The tensor references of one inbound node, or an empty list with `ok` false.
std::vector<TensorRef> nodeRefs(const json& node, bool& ok)
{
    std::vector<TensorRef> refs;
    ok = true;
    const json* list = &node;
    if (node.is_object() && node.contains("args")) list = &node["args"]; // Keras 3
    if (!list->is_array()) {
        ok = false;
        return refs;
    }
    for (const auto& e : *list) {
        TensorRef r;
        if (parseRef(e, r)) refs.push_back(r);
        else if (e.is_array() && !e.empty() && !e[0].is_string()) // Keras 3: args may hold a list of tensors
            for (const auto& inner : e) {
                if (!parseRef(inner, r)) {
                    ok = false;
                    return refs;
                }
                refs.push_back(r);
            }
        else {
            ok = false;
            return refs;
        }
    }
    return refs;
}

} // namespace

bool isKerasModelClass(const std::string& c)
{
    return c == "Sequential" || c == "Model" || c == "Functional";
}

Result<std::vector<KerasTensor>> KerasModelBuilder::build(const json& model, const std::string& at, const std::string& prefix,
                                                          const std::vector<KerasTensor>& inputs, int depth)
{
    if (depth > kMaxNesting) return makeError("format", "models nested more than " + std::to_string(kMaxNesting) + " deep", at);
    if (!model.is_object()) return makeError("type", "a model must be an object with class_name and config", at);
    const std::string cls = className(model);
    if (!model.contains("config")) return makeError("format", "the model has no 'config'", at);
    const json& config = model["config"];
    if (cls == "Sequential") {
        if (config.is_array()) return sequential(config, ptr(at, "config"), prefix, inputs, depth);
        if (config.is_object() && config.contains("layers") && config["layers"].is_array())
            return sequential(config["layers"], ptr(ptr(at, "config"), "layers"), prefix, inputs, depth);
        return makeError("format", "a Sequential config must be a list of layers or hold 'layers'", ptr(at, "config"));
    }
    if (cls == "Model" || cls == "Functional") {
        if (!config.is_object() || !config.contains("layers") || !config["layers"].is_array())
            return makeError("format", "a functional model's config must hold 'layers'", ptr(at, "config"));
        return functional(config, ptr(at, "config"), prefix, inputs, depth);
    }
    return makeError("format", "'class_name' must be Sequential, Model or Functional, got '" + cls + "'", ptr(at, "class_name"));
}

Result<std::vector<KerasTensor>> KerasModelBuilder::call(const json& layer, const std::string& at, const std::string& prefix,
                                                         const std::vector<KerasTensor>& inputs, int depth)
{
    const std::string cls = className(layer);
    const std::string name = layerName(layer);
    if (!layer.is_object() || cls.empty() || !layer.contains("config") || (!layer["config"].is_object() && !isKerasModelClass(cls)))
        return makeError("type", "a layer must be an object with a string class_name and an object config", at);
    if (isKerasModelClass(cls)) return build(layer, at, prefix + (name.empty() ? std::string("model") : name) + "/", inputs, depth + 1);
    return m_mapper.map(KerasCall{cls, &layer["config"], prefix + (name.empty() ? cls : name), at, inputs});
}

Result<std::vector<KerasTensor>> KerasModelBuilder::sequential(const json& layers, const std::string& at, const std::string& prefix,
                                                               const std::vector<KerasTensor>& inputs, int depth)
{
    if (layers.empty()) return makeError("format", "the Sequential model has no layers", at);
    std::vector<KerasTensor> current = inputs;
    if (current.size() > 1) return makeError("inputs", "a Sequential model takes one input", at);
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const json& layer = layers[i];
        const std::string here = ptr(at, i);
        const std::string cls = className(layer);
        const json* cfg = layer.is_object() && layer.contains("config") ? &layer["config"] : nullptr;
        if (current.empty()) {
            // The first layer declares the input: an InputLayer, or batch_input_shape on the layer.
            const json* shape = nullptr;
            if (cfg && cfg->is_object()) {
                for (const char* key : {"batch_input_shape", "batch_shape"})
                    if (cfg->contains(key)) shape = &(*cfg)[key];
            }
            json made;
            if (!shape && cfg && cfg->is_object() && cfg->contains("input_dim") && (*cfg)["input_dim"].is_number_integer() &&
                cls != "Embedding") {
                made = json::array({nullptr, (*cfg)["input_dim"]});
                shape = &made;
            }
            if (!shape && cls == "Embedding" && cfg && cfg->is_object() && cfg->contains("input_length")) {
                made = json::array({nullptr, (*cfg)["input_length"]});
                shape = &made;
            }
            if (!shape) return makeError("shape", "the first layer of the Sequential model declares no batch_input_shape", here);
            std::string dtype = cfg->contains("dtype") && (*cfg)["dtype"].is_string() ? (*cfg)["dtype"].get<std::string>() : "float32";
            if (cls == "Embedding") dtype = "int32"; // it reads token ids
            else if (i + 1 < layers.size() && className(layers[i + 1]) == "Embedding" && cls == "InputLayer") dtype = "int32";
            const std::string inName = cls == "InputLayer" ? prefix + layerName(layer) : prefix + "input";
            auto in = m_mapper.addInput(inName, *shape, dtype, here);
            if (!in) return in.error();
            current = {*in};
            if (cls == "InputLayer") continue;
        } else if (cls == "InputLayer") {
            continue;
        }
        auto out = call(layer, here, prefix, {current.at(0)}, depth);
        if (!out) return out.error();
        if (out->empty()) return makeError("format", "layer '" + layerName(layer) + "' produces nothing", here);
        current = {out->at(0)};
    }
    return current;
}

Result<std::vector<KerasTensor>> KerasModelBuilder::functional(const json& config, const std::string& at, const std::string& prefix,
                                                               const std::vector<KerasTensor>& inputs, int depth)
{
    const json& layers = config["layers"];
    const std::string layersAt = ptr(at, "layers");
    std::map<std::string, std::size_t> byName;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const std::string n = layerName(layers[i]);
        if (n.empty()) return makeError("format", "a layer without a name", ptr(layersAt, i));
        if (!byName.emplace(n, i).second) return makeError("duplicate_name", "two layers are named '" + n + "'", ptr(layersAt, i));
    }
    auto refList = [&](const char* key, std::vector<TensorRef>& refs) -> Status {
        if (!config.contains(key)) return Ok{};
        const json& list = config[key];
        if (!list.is_array()) return makeError("type", std::string("'") + key + "' must be a list", ptr(at, key));
        // Keras 3 writes a single output as one reference instead of a list of them.
        TensorRef single;
        if (parseRef(list, single)) {
            refs.push_back(single);
            return Ok{};
        }
        for (std::size_t i = 0; i < list.size(); ++i) {
            TensorRef r;
            if (!parseRef(list[i], r)) return makeError("type", "a reference must be [layer, node, tensor]", ptr(ptr(at, key), i));
            if (!byName.count(r.layer)) return makeError("dangling", "'" + r.layer + "' names no layer", ptr(ptr(at, key), i));
            refs.push_back(r);
        }
        return Ok{};
    };
    std::vector<TensorRef> inputRefs, outputRefs;
    if (auto s = refList("input_layers", inputRefs); !s) return s.error();
    if (auto s = refList("output_layers", outputRefs); !s) return s.error();

    // Which inputs feed an Embedding directly: those are token ids.
    std::set<std::string> tokenInputs;
    for (const auto& l : layers)
        if (className(l) == "Embedding" && l.contains("inbound_nodes") && l["inbound_nodes"].is_array())
            for (const auto& node : l["inbound_nodes"]) {
                bool ok = false;
                for (const auto& r : nodeRefs(node, ok)) tokenInputs.insert(r.layer);
            }

    std::map<std::string, std::vector<std::vector<KerasTensor>>> produced; // layer -> node -> tensors
    struct Pending { std::size_t layer, node; std::vector<TensorRef> refs; };
    std::vector<Pending> pending;
    std::size_t inputIndex = 0;
    for (std::size_t i = 0; i < layers.size(); ++i) {
        const json& layer = layers[i];
        const std::string here = ptr(layersAt, i), name = layerName(layer), cls = className(layer);
        if (cls == "InputLayer") {
            if (!inputs.empty()) { // a nested model: bound to the caller's tensors, by input_layers order
                std::size_t k = inputIndex;
                for (std::size_t j = 0; j < inputRefs.size(); ++j)
                    if (inputRefs[j].layer == name) k = j;
                if (k >= inputs.size()) return makeError("inputs", "the nested model gets fewer inputs than it declares", here);
                produced[name] = {{inputs[k]}};
                ++inputIndex;
                continue;
            }
            const json* cfg = layer.contains("config") && layer["config"].is_object() ? &layer["config"] : nullptr;
            const json* shape = nullptr;
            for (const char* key : {"batch_input_shape", "batch_shape"})
                if (cfg && cfg->contains(key)) shape = &(*cfg)[key];
            if (!shape) return makeError("shape", "input '" + name + "' has no batch_input_shape", here);
            std::string dtype = cfg->contains("dtype") && (*cfg)["dtype"].is_string() ? (*cfg)["dtype"].get<std::string>() : "float32";
            if (tokenInputs.count(name)) dtype = "int32";
            auto t = m_mapper.addInput(prefix + name, *shape, dtype, here);
            if (!t) return t.error();
            produced[name] = {{*t}};
            continue;
        }
        if (!layer.contains("inbound_nodes") || !layer["inbound_nodes"].is_array())
            return makeError("format", "layer '" + name + "' has no inbound_nodes list", here);
        const json& nodes = layer["inbound_nodes"];
        if (nodes.empty()) {
            m_notes.push_back("layer '" + prefix + name + "' is never called; left out");
            continue;
        }
        if (nodes.size() > 1)
            m_notes.push_back("layer '" + prefix + name + "' is called " + std::to_string(nodes.size()) +
                              " times; Keras shares its weights, NetSizer counts them once per call");
        for (std::size_t n = 0; n < nodes.size(); ++n) {
            bool ok = false;
            auto refs = nodeRefs(nodes[n], ok);
            if (!ok || refs.empty())
                return makeError("type", "layer '" + name + "': an inbound node must list [layer, node, tensor] references",
                                 ptr(ptr(here, "inbound_nodes"), n));
            for (const auto& r : refs)
                if (!byName.count(r.layer))
                    return makeError("dangling", "layer '" + name + "': input '" + r.layer + "' names no layer",
                                     ptr(ptr(here, "inbound_nodes"), n));
            pending.push_back({i, n, std::move(refs)});
        }
    }
    // Calls run once all their inputs exist; a pass without progress means a cycle.
    while (!pending.empty()) {
        bool progress = false;
        for (auto it = pending.begin(); it != pending.end();) {
            std::vector<KerasTensor> ins;
            bool ready = true;
            for (const auto& r : it->refs) {
                auto p = produced.find(r.layer);
                if (p == produced.end() || r.node >= p->second.size() || p->second[r.node].empty()) {
                    ready = false;
                    break;
                }
                if (r.index >= p->second[r.node].size())
                    return makeError("dangling", "layer '" + layerName(layers[it->layer]) + "': '" + r.layer + "' has no output " +
                                                     std::to_string(r.index),
                                     ptr(layersAt, it->layer));
                ins.push_back(p->second[r.node][r.index]);
            }
            if (!ready) {
                ++it;
                continue;
            }
            const json& layer = layers[it->layer];
            auto out = call(layer, ptr(layersAt, it->layer), prefix, ins, depth);
            if (!out) return out.error();
            auto& slots = produced[layerName(layer)];
            if (slots.size() <= it->node) slots.resize(it->node + 1);
            slots[it->node] = std::move(*out);
            it = pending.erase(it);
            progress = true;
        }
        if (!progress) {
            const auto& p = pending.front();
            return makeError("cycle", "layer '" + layerName(layers[p.layer]) +
                                          "': its inputs are never produced (the inbound_nodes form a cycle)",
                             ptr(layersAt, p.layer));
        }
    }
    std::vector<KerasTensor> outputs;
    for (const auto& r : outputRefs) {
        auto p = produced.find(r.layer);
        if (p == produced.end() || r.node >= p->second.size() || r.index >= p->second[r.node].size())
            return makeError("dangling", "output '" + r.layer + "' is not produced", ptr(at, "output_layers"));
        outputs.push_back(p->second[r.node][r.index]);
    }
    return outputs;
}

} // namespace netsizer::core::keras
