#include "core/io/ModelReader.h"

#include "core/io/NameLimits.h"
#include "core/io/NativeFormat.h"
#include "core/io/keras/KerasImport.h"
#include "core/io/onnx/OnnxImport.h"
#include "core/util/Utf8.h"

#include <algorithm>
#include <fstream>
#include <sstream>

namespace netsizer::core {
namespace {

std::string lowerExtension(const std::string& path)
{
    const auto dot = path.rfind('.');
    const auto slash = path.find_last_of("/\\");
    if (dot == std::string::npos || (slash != std::string::npos && dot < slash)) return {};
    std::string ext = path.substr(dot + 1);
    std::transform(ext.begin(), ext.end(), ext.begin(), [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return ext;
}

std::string baseName(const std::string& path)
{
    const auto slash = path.find_last_of("/\\");
    return slash == std::string::npos ? path : path.substr(slash + 1);
}

// Names and notes become valid UTF-8 (core/util/Utf8.h), so every report and writer can show
// them; a layer whose name changes keeps a unique one, and a note says how many changed.
void makeTextValid(ModelFile& model)
{
    model.graph.name = validUtf8(model.graph.name);
    model.description = validUtf8(model.description);
    for (auto& n : model.notes) n = validUtf8(n);
    std::vector<LayerId> invalid;
    for (const Layer& l : model.graph.layers())
        if (!isValidUtf8(l.name)) invalid.push_back(l.id);
    for (LayerId id : invalid) {
        const std::string old = model.graph.find(id)->name;
        const std::string name = model.graph.uniqueName(validUtf8(old));
        model.graph.renameLayer(id, name);
        if (auto it = model.layerSource.find(old); it != model.layerSource.end()) {
            std::string where = validUtf8(it->second);
            model.layerSource.erase(it);
            model.layerSource[name] = std::move(where);
        }
    }
    if (!invalid.empty())
        model.notes.push_back(std::to_string(invalid.size()) + " layer name(s) held bytes that are not UTF-8; "
                              "each such byte became U+FFFD");
}

// Reads a text file, then starts the Analysing phase (its parse and import).
Result<std::string> readTextForImport(const std::string& path, ReadProgress* progress)
{
    auto text = readTextFile(path, progress);
    if (text && progress && !progress->begin(ReadPhase::Analysing)) return cancelledError(path);
    return text;
}

Result<ModelFile> readAnyModelFile(const std::string& path, const ImportOptions& options, ReadProgress* progress)
{
    const std::string ext = lowerExtension(path);
    if (ext == "prototxt" || ext == "pbtxt") {
        auto text = readTextForImport(path, progress);
        if (!text) return text.error();
        auto model = readCaffeNet(*text, baseName(path), options.caffe);
        if (!model) return model;
        if (options.caffeSolverPath) {
            auto solver = readTextFile(*options.caffeSolverPath);
            if (!solver) return solver.error();
            if (auto s = applyCaffeSolver(*solver, baseName(*options.caffeSolverPath), *model->training, model->notes); !s)
                return s.error();
        }
        return model;
    }
    if (ext == "onnx") return readOnnxFile(path, options.onnxInputShapes, progress);
    if (ext == "json" || ext.empty()) {
        // .json is native, Keras (model.to_json()) or TF.js: decided by the content.
        auto text = readTextForImport(path, progress);
        if (!text) return text.error();
        if (isHuggingFaceConfig(*text)) return readHuggingFaceConfig(*text, baseName(path), options.huggingFace);
        const JsonModelFlavour flavour = sniffJsonModel(*text);
        if (flavour == JsonModelFlavour::Keras || flavour == JsonModelFlavour::TfjsLayers || flavour == JsonModelFlavour::TfjsGraph)
            return readKerasModel(*text, baseName(path));
        return readNativeModelText(*text, path); // the text already read
    }
    return makeError("format", "unknown model file type '." + ext + "' (NetSizer reads .json, .onnx and Caffe .prototxt)", path);
}

} // namespace

Result<ModelFile> readModelFile(const std::string& path, const ImportOptions& options, ReadProgress* progress)
{
    auto model = readAnyModelFile(path, options, progress);
    if (model && progress && progress->stopped()) return cancelledError(path);
    if (!model) {
        Error e = model.error();
        return makeError(e.code, validUtf8(e.message), validUtf8(e.path));
    }
    // Every format's names are bounded (core/io/NameLimits.h), where the native reader's
    // own check has not already named the JSON pointer.
    if (auto tooLong = nameTooLong("the model name", model->graph.name); !tooLong.empty())
        return makeError("limit", tooLong, baseName(path));
    for (const Layer& l : model->graph.layers())
        if (auto tooLong = nameTooLong("layer name", l.name); !tooLong.empty()) {
            const auto source = model->layerSource.find(l.name);
            std::string where = baseName(path);
            if (source != model->layerSource.end())
                where = source->second.rfind('/', 0) == 0 ? where + ": " + source->second : source->second;
            return makeError("limit", tooLong, validUtf8(where));
        }
    makeTextValid(*model);
    return model;
}

} // namespace netsizer::core
