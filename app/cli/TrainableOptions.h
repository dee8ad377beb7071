#pragma once
// --freeze, --train-only and --train-last applied to a model after it is read: which weights
// train, from layer names or positions, for any file (an ONNX or Caffe file does not say).

#include "app/cli/CliOptions.h"
#include "core/io/ModelFile.h"

namespace netsizer::cli {

// Changes Layer::trainable as the options ask and adds a note saying how many layers are
// frozen; a pattern that matches no layer is an error naming the option.
core::Result<bool> applyTrainableOptions(const CliOptions& options, core::ModelFile& model);

} // namespace netsizer::cli
