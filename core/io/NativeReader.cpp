#include "core/io/NativeFormat.h"

#include "core/graph/GroupScopes.h"
#include "core/io/JsonLimits.h"
#include "core/io/NameLimits.h"
#include "core/io/TextFile.h"
#include "core/io/TrainingConfigJson.h"
#include "core/util/JsonText.h"

#include <nlohmann/json.hpp>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>
#include <unordered_map>

namespace netsizer::core {
namespace {

using nlohmann::json;

std::string ptr(std::string_view base, std::string_view key) { return std::string(base) + "/" + std::string(key); }
std::string ptr(std::string_view base, std::size_t i) { return std::string(base) + "/" + std::to_string(i); }

// Converts one JSON value to an attribute of `spec`'s type. Range checks come after.
Result<AttrValue> toAttr(const ParamSpec& spec, const json& v, const std::string& at, const std::string& layer)
{
    auto typeError = [&](const char* want) {
        return makeError("type", "layer '" + layer + "': attribute '" + spec.name + "' must be " + want, at);
    };
    auto asInt = [&](const json& x, std::int64_t& out) {
        if (x.is_number_unsigned()) {
            const auto u = x.get<std::uint64_t>();
            if (u > static_cast<std::uint64_t>(std::numeric_limits<std::int64_t>::max())) return false;
            out = static_cast<std::int64_t>(u);
            return true;
        }
        if (x.is_number_integer()) { out = x.get<std::int64_t>(); return true; }
        return false;
    };
    switch (spec.type) {
    case AttrType::Int: {
        std::int64_t i = 0;
        if (!asInt(v, i)) return typeError("an integer (at most 2^63 - 1)");
        return AttrValue{i};
    }
    case AttrType::Float:
        if (!v.is_number()) return typeError("a number");
        return AttrValue{v.get<double>()};
    case AttrType::Bool:
        if (!v.is_boolean()) return typeError("true or false");
        return AttrValue{v.get<bool>()};
    case AttrType::Choice:
    case AttrType::String:
        if (!v.is_string()) return typeError("a string");
        return AttrValue{v.get<std::string>()};
    case AttrType::IntList: {
        std::int64_t i = 0;
        if (asInt(v, i)) return AttrValue{IntList{i}};
        if (!v.is_array()) return typeError("an integer or a list of integers");
        IntList list;
        for (std::size_t k = 0; k < v.size(); ++k) {
            if (!asInt(v[k], i))
                return makeError("type", "layer '" + layer + "': attribute '" + spec.name + "' must hold integers",
                                 ptr(at, k));
            list.push_back(i);
        }
        return AttrValue{std::move(list)};
    }
    }
    return typeError("valid");
}

struct PendingInput {
    std::size_t layerIndex;
    std::uint16_t port;
    std::string source; // "name" or "name:port"
    std::string at;
};

Result<Layer> readLayer(const json& j, const std::string& at, const KindRegistry& kinds, std::vector<PendingInput>& pending,
                        std::size_t index)
{
    if (!j.is_object()) return makeError("type", "a layer must be an object", at);
    const auto name = j.find("name");
    if (name == j.end() || !name->is_string() || name->get<std::string>().empty())
        return makeError("type", "layer " + std::to_string(index) + " needs a non-empty string 'name'", ptr(at, "name"));
    const std::string layerName = name->get<std::string>();
    if (auto tooLong = nameTooLong("layer name", layerName); !tooLong.empty()) return makeError("limit", tooLong, ptr(at, "name"));
    const auto type = j.find("type");
    if (type == j.end() || !type->is_string())
        return makeError("type", "layer '" + layerName + "' needs a string 'type'", ptr(at, "type"));
    const LayerKind* kind = kinds.find(type->get<std::string>());
    if (!kind)
        return makeError("unknown_kind", "layer '" + layerName + "': unknown layer type '" + clippedText(type->get<std::string>()) +
                                             "' (netsizer-cli layers lists them)", ptr(at, "type"));
    Layer layer = makeLayer(*kind, layerName);

    if (const auto attrs = j.find("attrs"); attrs != j.end()) {
        if (!attrs->is_object()) return makeError("type", "layer '" + layerName + "': 'attrs' must be an object", ptr(at, "attrs"));
        for (const auto& [key, value] : attrs->items()) {
            const std::string attrAt = ptr(ptr(at, "attrs"), key);
            const int i = kind->paramIndex(key);
            if (i < 0)
                return makeError("unknown_attribute", "layer '" + layerName + "': " + kind->id + " has no attribute '" + key + "'", attrAt);
            const ParamSpec& spec = kind->params[static_cast<std::size_t>(i)];
            auto v = toAttr(spec, value, attrAt, layerName);
            if (!v) return v.error();
            std::string message;
            if (!validateAttr(spec, *v, message))
                return makeError("bad_attribute", "layer '" + layerName + "': " + message, attrAt);
            layer.attrs[static_cast<std::size_t>(i)] = std::move(v).value();
        }
    }
    if (const auto t = j.find("trainable"); t != j.end()) {
        if (!t->is_boolean()) return makeError("type", "layer '" + layerName + "': 'trainable' must be true or false", ptr(at, "trainable"));
        layer.trainable = t->get<bool>();
    }
    if (const auto p = j.find("position"); p != j.end()) {
        if (!p->is_array() || p->size() != 2 || !(*p)[0].is_number() || !(*p)[1].is_number())
            return makeError("type", "layer '" + layerName + "': 'position' must be [x, y]", ptr(at, "position"));
        layer.x = (*p)[0].get<double>();
        layer.y = (*p)[1].get<double>();
        layer.hasPosition = std::isfinite(layer.x) && std::isfinite(layer.y);
    }
    if (const auto g = j.find("group"); g != j.end()) {
        if (!g->is_string()) return makeError("type", "layer '" + layerName + "': 'group' must be a string", ptr(at, "group"));
        std::string group = g->get<std::string>();
        if (auto tooLong = nameTooLong("group name", group); !tooLong.empty()) return makeError("limit", tooLong, ptr(at, "group"));
        if (!group.empty() && !isGroupPath(group))
            return makeError("bad_group", "layer '" + layerName + "': group '" + clippedText(group) +
                                              "' must be dot-separated names, none empty, without '/' or control characters",
                             ptr(at, "group"));
        layer.group = std::move(group);
    }
    if (const auto c = j.find("checkpoint"); c != j.end()) {
        if (!c->is_string()) return makeError("type", "layer '" + layerName + "': 'checkpoint' must be a string (the segment's name)", ptr(at, "checkpoint"));
        std::string segment = c->get<std::string>();
        if (auto tooLong = nameTooLong("checkpoint segment name", segment); !tooLong.empty())
            return makeError("limit", tooLong, ptr(at, "checkpoint"));
        layer.checkpoint = std::move(segment);
    }
    if (const auto ins = j.find("inputs"); ins != j.end()) {
        if (!ins->is_array()) return makeError("type", "layer '" + layerName + "': 'inputs' must be a list of layer names", ptr(at, "inputs"));
        if (ins->size() > 65535) return makeError("type", "layer '" + layerName + "': too many inputs", ptr(at, "inputs"));
        for (std::size_t k = 0; k < ins->size(); ++k) {
            if (!(*ins)[k].is_string())
                return makeError("type", "layer '" + layerName + "': inputs must be layer names", ptr(ptr(at, "inputs"), k));
            pending.push_back({index, static_cast<std::uint16_t>(k), (*ins)[k].get<std::string>(), ptr(ptr(at, "inputs"), k)});
        }
    }
    return layer;
}

// "conv1" -> (conv1, 0); "lstm:1" -> (lstm, 1). A name containing ':' followed by a non-number
// is taken whole. A port number above 65,535 (no layer has that many outputs) is returned as
// kPortTooLarge, never wrapped to a small port.
constexpr int kPortTooLarge = -1;
std::pair<std::string, int> splitSource(const std::string& s)
{
    const auto colon = s.rfind(':');
    if (colon == std::string::npos || colon + 1 == s.size()) return {s, 0};
    int port = 0;
    for (std::size_t i = colon + 1; i < s.size(); ++i) {
        if (s[i] < '0' || s[i] > '9') return {s, 0};
        if (port != kPortTooLarge) port = port * 10 + (s[i] - '0');
        if (port > 65535) port = kPortTooLarge;
    }
    return {s.substr(0, colon), port};
}

Error lineColumnError(std::string_view text, std::size_t byte, const std::string& what)
{
    std::size_t line = 1, col = 1;
    for (std::size_t i = 0; i < byte && i < text.size(); ++i) {
        if (text[i] == '\n') { ++line; col = 1; }
        else ++col;
    }
    return makeError("json", what, "line " + std::to_string(line) + ", column " + std::to_string(col));
}

} // namespace

Result<ModelFile> readNativeModel(std::string_view text, const KindRegistry& kinds, const GpuCatalog& gpus)
{
    if (auto e = checkJsonLimits(text)) return *e;
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        std::string what = e.what();
        if (auto p = what.find("syntax error"); p != std::string::npos) what = what.substr(p);
        return lineColumnError(text, e.byte > 0 ? e.byte - 1 : 0, "not valid JSON: " + what);
    } catch (const std::exception& e) {
        return makeError("json", std::string("not valid JSON: ") + e.what(), "");
    }
    if (!doc.is_object()) return makeError("format", "a model file must be a JSON object", "");
    const auto fmt = doc.find("format");
    if (fmt == doc.end() || !fmt->is_string() || fmt->get<std::string>() != "netsizer-model")
        return makeError("format", "not a NetSizer model: \"format\" must be \"netsizer-model\"", "/format");
    const auto ver = doc.find("version");
    if (ver == doc.end() || !ver->is_number_integer())
        return makeError("format", "\"version\" must be an integer", "/version");
    // An unsigned above 2^63 is not read as a negative int64: the message quotes the file's number.
    const bool inRange = ver->is_number_unsigned() ? ver->get<std::uint64_t>() <= std::uint64_t(kNativeFormatVersion)
                                                   : ver->get<std::int64_t>() <= kNativeFormatVersion;
    if (!inRange || ver->get<std::int64_t>() < 1)
        return makeError("format", "file format version " + dumpJson(*ver) + " is not supported (this NetSizer reads 1 to " +
                                       std::to_string(kNativeFormatVersion) + ")", "/version");
    // Migration of older versions goes here, one step per version, before reading. Versions 1
    // and 2 need none: they are version 3 without "checkpoint" fields / "training/parallel"
    // (NativeFormat.h).
    const std::int64_t version = ver->get<std::int64_t>();

    ModelFile model;
    if (const auto n = doc.find("name"); n != doc.end()) {
        if (!n->is_string()) return makeError("type", "\"name\" must be a string", "/name");
        model.graph.name = n->get<std::string>();
        if (auto tooLong = nameTooLong("the model name", model.graph.name); !tooLong.empty()) return makeError("limit", tooLong, "/name");
    }
    if (const auto d = doc.find("description"); d != doc.end()) {
        if (!d->is_string()) return makeError("type", "\"description\" must be a string", "/description");
        model.description = d->get<std::string>();
    }
    const auto layers = doc.find("layers");
    if (layers == doc.end() || !layers->is_array()) return makeError("format", "\"layers\" must be a list", "/layers");

    std::vector<PendingInput> pending;
    std::unordered_map<std::string, LayerId> byName;
    std::vector<LayerId> ids;
    for (std::size_t i = 0; i < layers->size(); ++i) {
        const std::string at = ptr("/layers", i);
        auto layer = readLayer((*layers)[i], at, kinds, pending, i);
        if (!layer) return layer.error();
        if (byName.count(layer->name))
            return makeError("duplicate_name", "two layers are named '" + layer->name + "'", ptr(at, "name"));
        const std::string name = layer->name;
        const LayerId id = model.graph.addLayer(std::move(layer).value());
        byName.emplace(name, id);
        ids.push_back(id);
        model.layerSource.emplace(name, at);
    }
    for (const auto& p : pending) {
        auto [source, port] = splitSource(p.source);
        auto it = byName.find(source);
        if (it == byName.end()) it = byName.find(p.source); // a name that really contains ':'
        const std::string& target = model.graph.layers()[p.layerIndex].name;
        if (it == byName.end())
            return makeError("dangling", "layer '" + target + "': input '" + p.source + "' names no layer", p.at);
        if (it->first != p.source && port == kPortTooLarge)
            return makeError("dangling", "layer '" + target + "': input '" + p.source + "' names an output port above 65,535", p.at);
        model.graph.connect(Connection{PortRef{it->second, static_cast<std::uint16_t>(it->first == p.source ? 0 : port)},
                                       PortRef{ids[p.layerIndex], p.port}});
    }
    if (const auto t = doc.find("training"); t != doc.end()) {
        if (t->is_object() && t->contains("parallel") && version < kNativeFormatFirstParallelVersion)
            return makeError("format", "training 'parallel' needs format version " + std::to_string(kNativeFormatFirstParallelVersion),
                             "/training/parallel");
        if (t->is_object() && t->contains("frozen_weights") && version < kNativeFormatFirstFrozenWeightsVersion)
            return makeError("format",
                             "training 'frozen_weights' needs format version " + std::to_string(kNativeFormatFirstFrozenWeightsVersion),
                             "/training/frozen_weights");
        auto cfg = trainingConfigFromJson(*t, "/training", gpus);
        if (!cfg) return cfg.error();
        model.training = std::move(cfg).value();
    }
    return model;
}

Result<ModelFile> readNativeModelFile(const std::string& path, const KindRegistry& kinds, const GpuCatalog& gpus)
{
    auto text = readTextFile(path);
    if (!text) return text.error();
    return readNativeModelText(*text, path, kinds, gpus);
}

Result<ModelFile> readNativeModelText(std::string_view text, const std::string& path, const KindRegistry& kinds, const GpuCatalog& gpus)
{
    auto r = readNativeModel(text, kinds, gpus);
    if (!r) {
        Error e = r.error();
        e.path = e.path.empty() ? path : path + ": " + e.path;
        return e;
    }
    return r;
}

} // namespace netsizer::core
