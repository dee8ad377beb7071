#pragma once
// Caffe network definitions (.prototxt, both the current `layer {` and the legacy V1 `layers {`
// format) and solver files, parsed with libprotobuf's TextFormat over caffe_subset.proto.

#include "core/estimate/TrainingConfig.h"
#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <map>
#include <string>
#include <string_view>

namespace netsizer::core {

struct CaffeImportOptions {
    // Per-sample shapes ([C, H, W]) for data layers whose shape lives in a database (LMDB
    // Data layers without crop_size, HDF5, Python data layers), by top blob name.
    std::map<std::string, Shape> inputShapes;
};

// Imports a Caffe net in its TRAIN phase (layers included only in TEST are skipped). The
// training configuration gets framework = caffe and the batch of the first input. Errors name
// the file, the line and the layer ("deploy.prototxt:123: layer 'fc7': ...").
Result<ModelFile> readCaffeNet(std::string_view text, const std::string& fileName,
                               const CaffeImportOptions& options = {});

// Applies a solver.prototxt to `config`: optimizer from `type`/`solver_type` and momentum
// (SGD with momentum 0 stays sgd), and, when the solver names iter_size > 1, notes it in
// `notes` (Caffe accumulates gradients over iter_size batches of the net's batch; memory
// follows the net's batch, not batch × iter_size).
Status applyCaffeSolver(std::string_view text, const std::string& fileName, TrainingConfig& config,
                        std::vector<std::string>& notes);

} // namespace netsizer::core
