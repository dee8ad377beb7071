#include "app/cli/ModelLoading.h"

#include "app/cli/LoraOptions.h"
#include "app/cli/SequenceOptions.h"
#include "app/cli/StatedTrainingOptions.h"
#include "app/cli/TrainableOptions.h"

#include "core/estimate/GpuCatalog.h"
#include "core/graph/ShapeText.h"
#include "core/io/ModelReader.h"
#include "core/io/hf/HfPresets.h"
#include "core/layers/LayerKind.h"

#include <cctype>
#include <filesystem>

namespace netsizer::cli {
namespace {

using core::Error;
using core::makeError;
using core::shapeText;

bool hasExtension(const std::string& path, const char* wanted)
{
    std::string ext = std::filesystem::path(path).extension().string();
    for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return ext == wanted;
}

bool isCaffeNet(const std::string& path)
{
    return hasExtension(path, ".prototxt") || hasExtension(path, ".pbtxt");
}

// Sets the per-sample shape of Input layers (files other than Caffe nets).
core::Status applyInputShapes(const std::vector<InputShapeOption>& shapes, core::ModelFile& model)
{
    if (shapes.empty()) return core::Ok{};
    std::vector<core::LayerId> inputs;
    std::string names;
    for (const core::Layer& l : model.graph.layers())
        if (l.kind && l.kind->id == "Input") {
            inputs.push_back(l.id);
            names += (names.empty() ? "'" : ", '") + l.name + "'";
        }
    for (const InputShapeOption& s : shapes) {
        core::Layer* target = nullptr;
        if (s.name.empty()) {
            if (inputs.size() != 1)
                return makeError("usage", "the model has " + std::to_string(inputs.size()) + " inputs (" + names +
                                              "): name the one to shape (NAME=" + shapeText(s.shape) + ")",
                                 "--input-shape");
            target = model.graph.find(inputs.front());
        } else {
            for (core::LayerId id : inputs)
                if (model.graph.find(id)->name == s.name) target = model.graph.find(id);
            if (!target) return makeError("usage", "the model has no input named '" + s.name + "' (inputs: " + names + ")", "--input-shape");
        }
        const int index = target->kind->paramIndex("shape");
        if (index < 0) return makeError("usage", "input '" + target->name + "' has no shape to set", "--input-shape");
        core::IntList dims;
        for (int i = 0; i < s.shape.rank(); ++i) dims.push_back(s.shape[i]);
        target->attrs[static_cast<std::size_t>(index)] = dims;
        model.notes.push_back("input '" + target->name + "' set to " + s.shape.toString() + " per sample (--input-shape)");
    }
    return core::Ok{};
}

} // namespace

core::Result<core::ModelFile> loadModel(const CliOptions& o)
{
    std::error_code ec;
    // A preset name (core/io/hf/HfPresets.h) where no file of that name exists.
    const bool preset = !std::filesystem::exists(o.modelPath, ec) && core::findHfPreset(o.modelPath);
    if (!preset && !std::filesystem::exists(o.modelPath, ec)) return makeError("io", "no such file", o.modelPath);
    if (std::filesystem::is_directory(o.modelPath, ec)) return makeError("io", "is a directory, not a model file", o.modelPath);
    const bool caffe = isCaffeNet(o.modelPath);
    core::ImportOptions import;
    if (o.solverPath) {
        if (!caffe) return makeError("usage", "a solver applies to Caffe nets (.prototxt) only", "--solver");
        if (!std::filesystem::is_regular_file(*o.solverPath, ec)) return makeError("io", "no such file", *o.solverPath);
        import.caffeSolverPath = o.solverPath;
    }
    if (caffe)
        for (const InputShapeOption& s : o.inputShapes) {
            if (s.name.empty())
                return makeError("usage", "a Caffe net needs the data blob's name (e.g. data=" + shapeText(s.shape) + ")",
                                 "--input-shape");
            import.caffe.inputShapes[s.name] = s.shape;
        }
    const bool onnx = hasExtension(o.modelPath, ".onnx");
    if (onnx)
        for (const InputShapeOption& s : o.inputShapes) import.onnxInputShapes[s.name] = s.shape;
    import.huggingFace.sequenceLength = o.seqLen;
    // native, Keras/TF.js, Hugging Face config.json, ONNX or Caffe
    auto loaded = preset ? core::readHfPreset(o.modelPath, import.huggingFace) : core::readModelFile(o.modelPath, import);
    if (!loaded) {
        // The ONNX reader names a wrong input; the user wrote it in the option.
        if (onnx && loaded.error().code == "input_shape") return makeError("usage", loaded.error().message, "--input-shape");
        return loaded.error();
    }
    core::ModelFile model = std::move(loaded).value();
    if (!caffe && !onnx)
        if (auto s = applyInputShapes(o.inputShapes, model); !s) return s.error();
    if (onnx)
        for (const InputShapeOption& s : o.inputShapes)
            model.notes.push_back("graph input " + (s.name.empty() ? std::string("(the only one)") : "'" + s.name + "'") + " set to " +
                                  s.shape.toString() + " per sample (--input-shape)");
    if (auto sequence = applySequenceOptions(o, onnx, model); !sequence) return sequence.error();
    if (auto stated = applyStatedTrainingOptions(o, model); !stated) return stated.error();
    if (auto applied = applyTrainableOptions(o, model); !applied) return applied.error();
    if (auto lora = applyLoraOptions(o, model); !lora) return lora.error();
    return model;
}

core::Result<core::TrainingConfig> configFor(const CliOptions& o, const core::ModelFile& model)
{
    const auto& gpus = core::GpuCatalog::builtin();
    core::TrainingConfig c = model.training.value_or(core::TrainingConfig{});
    if (o.batch) c.batch = *o.batch;
    if (o.optimizer) c.optimizer = *o.optimizer;
    if (o.precision) c.precision = *o.precision;
    if (o.framework) c.framework = *o.framework;
    if (o.mode) c.mode = *o.mode;
    if (o.accumulationSteps) c.accumulationSteps = *o.accumulationSteps;
    if (o.loss) c.loss = *o.loss;
    applyFrozenWeightOptions(o, c);
    if (o.gpuName) {
        const auto spec = gpus.find(*o.gpuName);
        if (!spec) return makeError("usage", "unknown GPU preset '" + *o.gpuName + "' (netsizer-cli gpus lists them)", "--gpu");
        c.gpu = *spec;
    }
    if (o.gpuMemoryBytes) {
        core::GpuSpec spec;
        spec.name = "custom";
        spec.memoryBytes = *o.gpuMemoryBytes;
        spec.contextBytes = gpus.defaultContextBytes();
        c.gpu = spec;
    }
    if (o.contextBytes) c.overheads.contextBytes = *o.contextBytes;
    if (o.workspaceCapBytes) c.overheads.convWorkspaceCapBytes = *o.workspaceCapBytes;
    if (o.allocatorRounding) c.overheads.allocatorRounding = *o.allocatorRounding;
    if (o.fragmentation) c.overheads.fragmentationFraction = *o.fragmentation;
    if (o.command == Command::Fit && !c.gpu)
        return makeError("usage", "needs --gpu NAME or --gpu-memory SIZE (or a \"gpu\" in the model's training section)", "fit");
    return c;
}

Error placedError(const std::string& file, const Error& e, const core::ModelFile& model)
{
    std::string where = file;
    // Analyser errors name the layer in `path` and in the message; the place the file defines
    // it ("/layers/3", "net.prototxt:12") is added where the format has one.
    const core::Layer* layer = model.graph.findByName(e.path);
    const auto source = layer ? model.layerSource.find(layer->name) : model.layerSource.end();
    if (source != model.layerSource.end()) {
        if (!source->second.empty() && source->second.front() == '/') where += ": " + source->second;
        else where = source->second; // "net.prototxt:12" names its file
    }
    return makeError(e.code, e.message, where);
}

Error analysisError(const std::string& file, const core::Analysis& a, const core::ModelFile& model)
{
    Error placed = placedError(file, a.errors.front(), model);
    if (a.errors.size() > 1)
        placed.message += " (and " + std::to_string(a.errors.size() - 1) + " more error" + (a.errors.size() > 2 ? "s" : "") + ")";
    return placed;
}

} // namespace netsizer::cli
