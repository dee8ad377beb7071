#pragma once
// Opens any model file NetSizer can read, choosing the reader by the file's extension:
// .json (native, Keras model.to_json(), TF.js model.json or a Hugging Face config.json, told
// apart by content), .prototxt
// (Caffe), .onnx (ONNX).

#include "core/io/ModelFile.h"
#include "core/io/ReadProgress.h"
#include "core/io/TextFile.h"
#include "core/io/caffe/CaffeImport.h"
#include "core/io/hf/HfConfigImport.h"
#include "core/util/Result.h"

#include <map>
#include <optional>
#include <string>

namespace netsizer::core {

struct ImportOptions {
    CaffeImportOptions caffe;
    // A Caffe solver to apply; when empty, a `solver.prototxt` (or `*solver*.prototxt` naming
    // this net) beside a Caffe net is not guessed: solvers are applied only when given.
    std::optional<std::string> caffeSolverPath;
    // ONNX graph inputs' per-sample shapes by name ("" = the only input), for symbolic or
    // unknown dimensions (readOnnxModel).
    std::map<std::string, Shape> onnxInputShapes;
    // Hugging Face config.json files (core/io/hf): the sequence length.
    HfImportOptions huggingFace;
};

// Reads `path`. Error paths start with the file name. Names, notes and error texts are valid
// UTF-8 (other bytes become U+FFFD, core/util/Utf8.h) and names are at most kMaxNameBytes long
// (core/io/NameLimits.h), whatever the format.
// `progress` (may be null, core/io/ReadProgress.h): Reading reports the model file's bytes
// consumed (an ONNX file as protobuf parses it, a text file as it is read into memory), then
// Analysing the parse and import (ONNX: counted in nodes). A Caffe solver file is read without
// reports. When the progress is stopped, the read ends at its next report with cancelledError.
Result<ModelFile> readModelFile(const std::string& path, const ImportOptions& options = {}, ReadProgress* progress = nullptr);


} // namespace netsizer::core
