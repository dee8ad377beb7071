#pragma once
// Opens any model file NetSizer can read, choosing the reader by the file's extension:
// .json (native, or Keras/TF.js once their readers exist), .prototxt (Caffe).

#include "core/io/ModelFile.h"
#include "core/io/caffe/CaffeImport.h"
#include "core/util/Result.h"

#include <optional>
#include <string>

namespace netsizer::core {

struct ImportOptions {
    CaffeImportOptions caffe;
    // A Caffe solver to apply; when empty, a `solver.prototxt` (or `*solver*.prototxt` naming
    // this net) beside a Caffe net is not guessed: solvers are applied only when given.
    std::optional<std::string> caffeSolverPath;
};

// Reads `path`. Error paths start with the file name.
Result<ModelFile> readModelFile(const std::string& path, const ImportOptions& options = {});

// The text of a file, or an "io" error naming it.
Result<std::string> readTextFile(const std::string& path);

} // namespace netsizer::core
