#pragma once
// ONNX models (.onnx): the graph is read with ONNX's own protobuf schema and ONNX's shape
// inference (libonnx), operators become NetSizer layer kinds, initializers become weights (their
// dims are enough: weightless exports whose payloads were cleared import the same), and
// operators without a kind become Opaque layers listed in ModelFile::notes.

#include "core/io/ModelFile.h"
#include "core/io/ReadProgress.h"
#include "core/util/Result.h"

#include "core/graph/Shape.h"

#include <cstdint>
#include <map>
#include <string>
#include <string_view>

namespace netsizer::core {

// Files larger than this are refused before parsing (protobuf's own message limit is 2 GiB).
inline constexpr std::uint64_t kMaxOnnxBytes = std::uint64_t{1} << 30;

// Imports the serialized ModelProto in `bytes`. Per-sample shapes drop the batch axis (the
// graph input's symbolic dim 0, wherever shape inference carries that symbol; axis 0
// otherwise). Never throws: malformed bytes, failing shape inference (the importer then goes
// on without inferred shapes where it can), unsupported structures and absurd sizes are
// errors whose path is "<fileName>" or "<fileName>:<ONNX node name>".
// `inputShapes`: per-sample dimensions (no batch axis) replacing those of graph inputs before
// shape inference, by input name ("" = the only graph input), for inputs with symbolic or
// unknown dimensions; an unknown name is an error with code "input_shape".
Result<ModelFile> readOnnxModel(std::string_view bytes, const std::string& fileName,
                                const std::map<std::string, Shape>& inputShapes = {});

// Reads the file at `path` and imports it (errors name the file's base name). The file is
// streamed to the parser; `progress` (may be null) gets the bytes parsed (Reading), then the
// nodes mapped (Analysing), and a stop returns cancelledError (core/io/ReadProgress.h).
Result<ModelFile> readOnnxFile(const std::string& path, const std::map<std::string, Shape>& inputShapes = {},
                               ReadProgress* progress = nullptr);

} // namespace netsizer::core
