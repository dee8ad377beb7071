#include "app/cli/ConvertCommand.h"

#include "app/cli/ArgumentParser.h"
#include "app/cli/ModelLoading.h"
#include "core/io/export/ModelExporter.h"

namespace netsizer::cli {

core::Result<std::vector<std::string>> runConvert(const std::vector<std::string>& args)
{
    using core::makeError;
    std::vector<std::string> paths;
    std::optional<core::ExportFormat> to;
    core::ExportOptions options;
    CliOptions input; // the import options (--solver, --input-shape)
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a == "--to" || a.rfind("--to=", 0) == 0) {
            std::string v;
            if (a == "--to") {
                if (i + 1 >= args.size()) return makeError("usage", "needs a value (pytorch, keras, caffe, onnx or json)", "--to");
                v = args[++i];
            } else {
                v = a.substr(5);
            }
            to = core::parseExportFormat(v);
            if (!to) return makeError("usage", "unknown format '" + v + "' (pytorch, keras, caffe, onnx or json)", "--to");
        } else if (a == "--solver" || a == "--input-shape") {
            if (i + 1 >= args.size()) return makeError("usage", "needs a value", a);
            const std::string& v = args[++i];
            if (a == "--solver") {
                input.solverPath = v;
            } else {
                auto shape = parseInputShape(v);
                if (!shape) return makeError("usage", "'" + v + "' is not a per-sample shape: [NAME=]DxDx... (e.g. data=3x224x224)", a);
                input.inputShapes.push_back(*shape);
            }
        } else if (a == "--zero-weights") {
            options.onnxZeroWeights = true;
        } else if (!a.empty() && a[0] == '-' && a != "-") {
            return makeError("usage", "unknown option for convert", a);
        } else {
            paths.push_back(a);
        }
    }
    if (paths.size() != 2) return makeError("usage", "convert needs IN and OUT: convert IN OUT [--to pytorch|keras|caffe|onnx|json]", "convert");
    input.modelPath = paths[0];
    auto model = loadModel(input);
    if (!model) return model.error();
    auto files = core::exportModel(*model, paths[1], to, options);
    if (!files) return files.error();
    auto written = core::writeExportedFiles(*files);
    if (!written) return written.error();
    std::vector<std::string> out;
    for (const auto& f : *files) out.push_back(f.path);
    return out;
}

} // namespace netsizer::cli
