#pragma once
// One input through one reader, exactly as a fuzz target (FuzzTarget.cpp) and the regression
// test (tst_fuzz_regressions.cpp) run it: the reader, then, when it accepts the input, the
// analysis and the estimate of what it read, then the invariants below. Qt-free, so the
// sanitized fuzz tree (NETSIZER_FUZZ=ON, netsizer_core only) builds it.

#include "core/util/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace netsizer::fuzz {

// One per reader; the name is the fuzz target's suffix (netsizer-fuzz-<name>), the folder of
// its seeds, dictionary and regression inputs (tests/fuzz/{seeds,regressions}/<name>/,
// tests/fuzz/dict/<name>.dict).
enum class Format {
    Native,      // netsizer-model JSON (readNativeModel)
    Onnx,        // ONNX ModelProto bytes (readOnnxModel)
    CaffeNet,    // Caffe net prototxt (readCaffeNet)
    CaffeSolver, // Caffe solver prototxt (applyCaffeSolver)
    Keras,       // Keras model.to_json() (readKerasModel)
    Tfjs,        // TF.js model.json (readKerasModel, which tells the flavours apart)
    Measurement, // netsizer-measurement JSON (readMeasurement)
};

const std::vector<Format>& allFormats();
const char* formatName(Format f);
std::optional<Format> parseFormat(std::string_view name);

// What became of one input.
struct Outcome {
    // The reader's verdict: nullopt when it accepted the input, its error otherwise.
    std::optional<core::Error> readError;
    // Broken invariants (empty when all hold): an error without a code or a message, or whose
    // path does not start with `fileName`; a native document that does not read back as
    // written; an analysis error naming no layer. The fuzz targets abort on any, the
    // regression test fails on any.
    std::vector<std::string> violations;
};

// Runs `bytes` through `format`'s reader as a file named `fileName` (readers put it in error
// paths). Never throws on its own; a reader that throws or crashes is what the caller catches.
Outcome runInput(Format format, std::string_view bytes, const std::string& fileName);

} // namespace netsizer::fuzz
