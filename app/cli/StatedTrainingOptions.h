#pragma once
// --dropout LAYER=p and --inplace LAYER applied to a model after it is read: what the file
// cannot say about training (an eval-mode ONNX export has no Dropout; no format records an
// in-place activation), stated by the user (core/analysis/StatedTraining.h).

#include "app/cli/CliOptions.h"
#include "core/io/ModelFile.h"

namespace netsizer::cli {

// Inserts the dropouts and sets the in-place flags, adding one note for each; a layer name
// that matches no layer (or a kind without an in-place form) is an error naming the option.
core::Status applyStatedTrainingOptions(const CliOptions& options, core::ModelFile& model);

} // namespace netsizer::cli
