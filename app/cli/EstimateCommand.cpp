#include "app/cli/EstimateCommand.h"

#include "core/estimate/BatchPlanner.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"

#include <algorithm>
#include <filesystem>

namespace netsizer::cli {
namespace {

using core::Error;
using core::makeError;

// The first analysis error, placed in the file: "model.json: /layers/3: layer 'conv1': ...".
Error analysisError(const std::string& file, const core::Analysis& a, const core::Graph& g)
{
    const Error& first = a.errors.front();
    std::string where = file;
    // Analyser errors name the layer in `path`; files list layers in graph order, so the
    // layer's index is its JSON pointer.
    if (const core::Layer* layer = g.findByName(first.path)) where += ": /layers/" + std::to_string(g.indexOf(layer->id));
    std::string message = first.message;
    if (a.errors.size() > 1)
        message += " (and " + std::to_string(a.errors.size() - 1) + " more error" + (a.errors.size() > 2 ? "s" : "") + ")";
    return makeError(first.code, message, where);
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
    if (o.command == Command::Fit && !c.gpu)
        return makeError("usage", "needs --gpu NAME or --gpu-memory SIZE (or a \"gpu\" in the model's training section)", "fit");
    return c;
}

} // namespace

core::Result<EstimateReport> runEstimate(const CliOptions& o)
{
    EstimateReport r;
    r.modelPath = o.modelPath;
    r.fitCommand = o.command == Command::Fit;
    std::error_code ec;
    if (!std::filesystem::exists(o.modelPath, ec)) return makeError("io", "no such file", o.modelPath);
    if (std::filesystem::is_directory(o.modelPath, ec)) return makeError("io", "is a directory, not a model file", o.modelPath);
    auto loaded = core::readModelFile(o.modelPath); // native, Keras/TF.js, ONNX or Caffe
    if (!loaded) return loaded.error();
    r.model = std::move(loaded).value();
    auto config = configFor(o, r.model);
    if (!config) return config.error();

    r.analysis = core::analyze(r.model.graph);
    if (!r.analysis.ok()) return analysisError(o.modelPath, r.analysis, r.model.graph);
    r.breakdown = core::estimate(r.analysis, *config, core::GpuCatalog::builtin().defaultContextBytes());
    if (r.fitCommand) {
        // Memory is affine in the batch: moving to the fitted batch re-evaluates nothing.
        const std::uint64_t best = r.breakdown.maxBatch().value_or(0);
        r.fittedBatch = best;
        r.breakdown.config.batch = std::max<std::uint64_t>(best, 1);
    }
    return r;
}

} // namespace netsizer::cli
