#pragma once
// Writes a model in another format, chosen by the output's extension or explicitly:
// .json -> native, .onnx -> ONNX, .prototxt -> Caffe (net + "<stem>_solver.prototxt" beside it),
// .py -> PyTorch (or Keras with ExportFormat::Keras).

#include "core/io/ModelFile.h"
#include "core/util/Result.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace netsizer::core {

enum class ExportFormat { Native, PyTorch, Keras, Caffe, Onnx };

// "json", "pytorch", "keras", "caffe", "onnx" (also "native").
std::optional<ExportFormat> parseExportFormat(std::string_view name);
const char* exportFormatName(ExportFormat f);

// The format for `path`: `to` when given (it must agree with the extension: .py for PyTorch and
// Keras, .prototxt for Caffe, .onnx, .json), otherwise by extension (.py means PyTorch). An
// "export_format" error with path = `path` otherwise.
Result<ExportFormat> exportFormatFor(const std::string& path, std::optional<ExportFormat> to);

struct ExportedFile {
    std::string path;
    std::string bytes;
};

struct ExportOptions {
    bool onnxZeroWeights = false; // ONNX: zero-filled initializer data (see OnnxExportOptions)
};

// The files an export of `model` to `path` writes (not written yet). The training configuration
// is the model's own, or TrainingConfig{} when it has none.
Result<std::vector<ExportedFile>> exportModel(const ModelFile& model, const std::string& path,
                                              std::optional<ExportFormat> to = std::nullopt,
                                              const ExportOptions& options = {});

// Writes each file atomically (a temporary beside it, then rename). An "io" error naming the file.
Status writeExportedFiles(const std::vector<ExportedFile>& files);

} // namespace netsizer::core
