#include "core/io/export/ModelExporter.h"

#include "core/io/NativeFormat.h"
#include "core/io/export/CaffeExporter.h"
#include "core/io/export/KerasExporter.h"
#include "core/io/export/OnnxExporter.h"
#include "core/io/export/PyTorchExporter.h"

#include <cstdio>
#include <filesystem>
#include <fstream>

namespace netsizer::core {

namespace {

std::string extensionOf(const std::string& path)
{
    std::string e = std::filesystem::path(path).extension().string();
    for (char& c : e) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    return e;
}

} // namespace

std::optional<ExportFormat> parseExportFormat(std::string_view n)
{
    if (n == "json" || n == "native") return ExportFormat::Native;
    if (n == "pytorch") return ExportFormat::PyTorch;
    if (n == "keras") return ExportFormat::Keras;
    if (n == "caffe") return ExportFormat::Caffe;
    if (n == "onnx") return ExportFormat::Onnx;
    return std::nullopt;
}

const char* exportFormatName(ExportFormat f)
{
    switch (f) {
    case ExportFormat::Native: return "json";
    case ExportFormat::PyTorch: return "pytorch";
    case ExportFormat::Keras: return "keras";
    case ExportFormat::Caffe: return "caffe";
    case ExportFormat::Onnx: return "onnx";
    }
    return "";
}

Result<ExportFormat> exportFormatFor(const std::string& path, std::optional<ExportFormat> to)
{
    const std::string ext = extensionOf(path);
    std::optional<ExportFormat> byExt;
    if (ext == ".json") byExt = ExportFormat::Native;
    else if (ext == ".onnx") byExt = ExportFormat::Onnx;
    else if (ext == ".prototxt") byExt = ExportFormat::Caffe;
    else if (ext == ".py") byExt = ExportFormat::PyTorch;
    if (to) {
        const bool pyFormat = *to == ExportFormat::PyTorch || *to == ExportFormat::Keras;
        if (byExt && (pyFormat ? ext != ".py" : *byExt != *to))
            return makeError("export_format", std::string("the extension ") + ext + " does not suit --to " + exportFormatName(*to), path);
        return *to;
    }
    if (!byExt)
        return makeError("export_format", "cannot tell the format from the extension '" + ext +
                                              "' (use .json, .onnx, .prototxt or .py, or --to)", path);
    return *byExt;
}

Result<std::vector<ExportedFile>> exportModel(const ModelFile& model, const std::string& path, std::optional<ExportFormat> to,
                                              const ExportOptions& options)
{
    auto format = exportFormatFor(path, to);
    if (!format) return format.error();
    const TrainingConfig config = model.training.value_or(TrainingConfig{});
    const auto located = [&](Error e) {
        e.path = path + (e.path.empty() ? "" : ": " + e.path);
        return e;
    };
    std::vector<ExportedFile> files;
    switch (*format) {
    case ExportFormat::Native: files.push_back({path, writeNativeModel(model)}); break;
    case ExportFormat::PyTorch: {
        auto r = exportPyTorch(model.graph, config);
        if (!r) return located(r.error());
        files.push_back({path, std::move(*r)});
        break;
    }
    case ExportFormat::Keras: {
        auto r = exportKeras(model.graph);
        if (!r) return located(r.error());
        files.push_back({path, std::move(*r)});
        break;
    }
    case ExportFormat::Onnx: {
        auto r = exportOnnx(model.graph, OnnxExportOptions{options.onnxZeroWeights});
        if (!r) return located(r.error());
        files.push_back({path, std::move(*r)});
        break;
    }
    case ExportFormat::Caffe: {
        const std::filesystem::path p(path);
        const std::string solverPath = (p.parent_path() / (p.stem().string() + "_solver.prototxt")).string();
        auto r = exportCaffe(model.graph, config, p.filename().string());
        if (!r) return located(r.error());
        files.push_back({path, std::move(r->net)});
        files.push_back({solverPath, std::move(r->solver)});
        break;
    }
    }
    return files;
}

Status writeExportedFiles(const std::vector<ExportedFile>& files)
{
    for (const auto& f : files) {
        const std::string tmp = f.path + ".tmp-netsizer";
        {
            std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
            out.write(f.bytes.data(), static_cast<std::streamsize>(f.bytes.size()));
            out.flush();
            if (!out) {
                std::remove(tmp.c_str());
                return makeError("io", "cannot write the file", f.path);
            }
        }
        std::error_code ec;
        std::filesystem::rename(tmp, f.path, ec);
        if (ec) {
            std::remove(tmp.c_str());
            return makeError("io", "cannot write the file: " + ec.message(), f.path);
        }
    }
    return Ok{};
}

} // namespace netsizer::core
