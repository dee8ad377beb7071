// readKerasModel and sniffJsonModel (KerasImport.h).
#include "core/io/JsonLimits.h"
#include "core/io/keras/KerasImport.h"
#include "core/io/keras/KerasModelBuilder.h"

namespace netsizer::core {
namespace {

using nlohmann::json;

std::optional<json> parse(std::string_view text)
{
    if (checkJsonLimits(text)) return std::nullopt;
    json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded()) return std::nullopt;
    return doc;
}

bool isGraphTopology(const json& topology)
{
    return topology.is_object() && (topology.contains("node") || topology.contains("versions") || topology.contains("library"));
}

JsonModelFlavour flavourOf(const json& doc)
{
    if (!doc.is_object()) return JsonModelFlavour::Unknown;
    const auto format = doc.find("format");
    if (format != doc.end() && format->is_string()) {
        if (*format == "netsizer-model") return JsonModelFlavour::Native;
        if (*format == "graph-model") return JsonModelFlavour::TfjsGraph;
    }
    if (doc.contains("modelTopology")) {
        if (isGraphTopology(doc["modelTopology"])) return JsonModelFlavour::TfjsGraph;
        return JsonModelFlavour::TfjsLayers;
    }
    if (doc.contains("class_name") && doc.contains("config")) return JsonModelFlavour::Keras;
    return JsonModelFlavour::Unknown;
}

// Whether any layer asks for channels_first images (Keras 2 data_format, Keras 1 dim_ordering).
bool anyChannelsFirst(const json& j, int depth = 0)
{
    if (depth > kMaxJsonDepth) return false;
    if (j.is_object()) {
        for (auto it = j.begin(); it != j.end(); ++it) {
            if ((it.key() == "data_format" && *it == "channels_first") || (it.key() == "dim_ordering" && *it == "th")) return true;
            if (anyChannelsFirst(*it, depth + 1)) return true;
        }
    } else if (j.is_array()) {
        for (const auto& e : j)
            if (anyChannelsFirst(e, depth + 1)) return true;
    }
    return false;
}

} // namespace

JsonModelFlavour sniffJsonModel(std::string_view text)
{
    const auto doc = parse(text);
    return doc ? flavourOf(*doc) : JsonModelFlavour::Unknown;
}

Result<ModelFile> readKerasModel(std::string_view text, const std::string& fileName)
{
    auto located = [&](Error e) {
        e.path = e.path.empty() ? fileName : fileName + ": " + e.path;
        return e;
    };
    if (auto e = checkJsonLimits(text)) return located(*e);
    json doc = json::parse(text.begin(), text.end(), nullptr, false);
    if (doc.is_discarded()) return located(makeError("json", "not valid JSON (truncated or malformed)"));
    const JsonModelFlavour flavour = flavourOf(doc);
    if (flavour == JsonModelFlavour::TfjsGraph)
        return located(makeError("unsupported_format",
                                 "a TF.js graph model (a frozen TensorFlow graph, \"format\": \"graph-model\") has no Keras layers to "
                                 "import; NetSizer reads TF.js layers models — convert the original Keras/SavedModel with "
                                 "tensorflowjs_converter --output_format tfjs_layers_model, or import it as ONNX",
                                 doc.contains("format") ? "/format" : "/modelTopology"));
    if (flavour != JsonModelFlavour::Keras && flavour != JsonModelFlavour::TfjsLayers)
        return located(makeError("format", "not a Keras model: expected \"class_name\" and \"config\", or a TF.js \"modelTopology\""));
    const json* model = &doc;
    std::string at;
    if (flavour == JsonModelFlavour::TfjsLayers) {
        model = &doc["modelTopology"];
        at = "/modelTopology";
        if (model->is_object() && model->contains("model_config")) {
            model = &(*model)["model_config"];
            at += "/model_config";
        }
    }
    ModelFile file;
    keras::KerasLayerMapper mapper(!anyChannelsFirst(*model), file.notes);
    keras::KerasModelBuilder builder(mapper, file.notes);
    // Readers return errors as values; anything thrown below (a config of an unexpected shape
    // that slipped past the checks) becomes an error at the model, never a crash.
    try {
        auto outputs = builder.build(*model, at, "", {});
        if (!outputs) return located(outputs.error());
    } catch (const std::exception& e) {
        return located(makeError("format", std::string("the model config cannot be read (") + e.what() + ")", at));
    }
    file.graph = mapper.take();
    if (file.graph.layers().empty()) return located(makeError("format", "the model has no layers", at));
    const json* cfg = model->is_object() && model->contains("config") ? &(*model)["config"] : nullptr;
    std::string name = cfg && cfg->is_object() && cfg->contains("name") && (*cfg)["name"].is_string() ? (*cfg)["name"].get<std::string>() : "";
    std::string version;
    for (const json* j : {static_cast<const json*>(&doc), model})
        if (j->is_object() && j->contains("keras_version") && (*j)["keras_version"].is_string()) version = (*j)["keras_version"];
    if (doc.contains("modelTopology") && doc["modelTopology"].is_object() && doc["modelTopology"].contains("keras_version") &&
        doc["modelTopology"]["keras_version"].is_string())
        version = doc["modelTopology"]["keras_version"];
    file.description = std::string(flavour == JsonModelFlavour::TfjsLayers ? "TF.js layers model" : "Keras model") +
                       (name.empty() ? "" : " '" + name + "'") + (version.empty() ? "" : " (Keras " + version + ")") +
                       " imported from " + fileName;
    // A Keras or TF.js model trains under TensorFlow (or TF.js): open it with that profile.
    TrainingConfig config;
    config.framework = Framework::TensorFlow;
    file.training = config;
    return file;
}

} // namespace netsizer::core
