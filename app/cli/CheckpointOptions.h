#pragma once
// --checkpoint SCOPE and --checkpoint-auto sqrt|budget applied to a model once the training
// configuration is known (the budget placement depends on the batch and the GPU).

#include "app/cli/CliOptions.h"
#include "core/estimate/TrainingConfig.h"
#include "core/io/ModelFile.h"

namespace netsizer::cli {

// Sets Layer::checkpoint as the options ask and adds a note naming the segments and the extra
// compute. Errors (exit 2): a scope that matches no layer (naming it), checkpointing under a
// framework without it (Caffe, TensorFlow), --checkpoint-auto budget without a GPU or --budget.
// False when no checkpoint option was given.
core::Result<bool> applyCheckpointOptions(const CliOptions& options, const core::TrainingConfig& config, core::ModelFile& model);

} // namespace netsizer::cli
