#pragma once
// The steps `estimate`, `fit` and `validate` share: reading the model with the import options
// (--solver, --input-shape), merging the configuration, analysing.

#include "app/cli/CliOptions.h"
#include "core/analysis/Analysis.h"
#include "core/io/ModelFile.h"
#include "core/util/Result.h"

namespace netsizer::cli {

// Reads options.modelPath (any importable file). --solver applies to Caffe nets only (an error
// naming --solver otherwise); --input-shape gives Caffe data layers their per-sample shape, and
// replaces the "shape" of Input layers of other files (by name, or the only Input layer);
// --freeze / --train-only / --train-last then set which weights train (TrainableOptions.h).
core::Result<core::ModelFile> loadModel(const CliOptions& options);

// The model's "training" section (or the defaults) with the options applied over it: batch,
// optimizer, precision, framework, mode, GPU and the overhead settings. Errors name the option.
core::Result<core::TrainingConfig> configFor(const CliOptions& options, const core::ModelFile& model);

// The first analysis error, placed in the file ("model.json: /layers/3: ...", "net.prototxt:12:
// ...", or "model.onnx: layer 'conv1': ..." where the format has no finer place), with the
// count of the others.
core::Error analysisError(const std::string& file, const core::Analysis& analysis, const core::ModelFile& model);

// `error` (whose path names a layer, or is empty) placed in the file the same way.
core::Error placedError(const std::string& file, const core::Error& error, const core::ModelFile& model);

} // namespace netsizer::cli
