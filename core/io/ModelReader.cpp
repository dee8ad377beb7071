#include "core/io/ModelReader.h"

#include "core/io/NativeFormat.h"
#include "core/io/keras/KerasImport.h"
#include "core/io/onnx/OnnxImport.h"

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

} // namespace

Result<ModelFile> readModelFile(const std::string& path, const ImportOptions& options)
{
    const std::string ext = lowerExtension(path);
    if (ext == "prototxt" || ext == "pbtxt") {
        auto text = readTextFile(path);
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
    if (ext == "onnx") return readOnnxFile(path, options.onnxInputShapes);
    if (ext == "json" || ext.empty()) {
        // .json is native, Keras (model.to_json()) or TF.js: decided by the content.
        auto text = readTextFile(path);
        if (!text) return text.error();
        const JsonModelFlavour flavour = sniffJsonModel(*text);
        if (flavour == JsonModelFlavour::Keras || flavour == JsonModelFlavour::TfjsLayers || flavour == JsonModelFlavour::TfjsGraph)
            return readKerasModel(*text, baseName(path));
        return readNativeModelFile(path);
    }
    return makeError("format", "unknown model file type '." + ext + "' (NetSizer reads .json, .onnx and Caffe .prototxt)", path);
}

} // namespace netsizer::core
