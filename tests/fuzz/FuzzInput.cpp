#include "tests/fuzz/FuzzInput.h"

#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/Measurement.h"
#include "core/io/NativeFormat.h"
#include "core/io/caffe/CaffeImport.h"
#include "core/io/keras/KerasImport.h"
#include "core/io/onnx/OnnxImport.h"

#include <array>
#include <utility>

namespace netsizer::fuzz {
namespace {

constexpr std::array<std::pair<Format, const char*>, 7> kNames{{
    {Format::Native, "native"},
    {Format::Onnx, "onnx"},
    {Format::CaffeNet, "caffe-net"},
    {Format::CaffeSolver, "caffe-solver"},
    {Format::Keras, "keras"},
    {Format::Tfjs, "tfjs"},
    {Format::Measurement, "measurement"},
}};

// A reader's error must say what and where (ARCHITECTURE.md rule 6): its path starts with the
// file's name (then a JSON pointer, a line, an ONNX node).
void checkLocated(const core::Error& e, const std::string& fileName, const char* who, std::vector<std::string>& violations)
{
    if (e.code.empty()) violations.push_back(std::string(who) + " error without a code: " + e.describe());
    if (e.message.empty()) violations.push_back(std::string(who) + " error without a message (path '" + e.path + "')");
    if (e.path.rfind(fileName, 0) != 0)
        violations.push_back(std::string(who) + " error does not name the file: " + e.describe());
}

// What a model reader accepted must analyse and estimate without crashing; analysis errors
// name their layer.
void analyseAndEstimate(const core::ModelFile& model, std::vector<std::string>& violations)
{
    const core::Analysis analysis = core::analyze(model.graph);
    for (const core::Error& e : analysis.errors)
        if (e.path.empty() || e.message.empty())
            violations.push_back("analysis error names no layer: " + e.describe());
    const core::TrainingConfig config = model.training.value_or(core::TrainingConfig{});
    const core::MemoryBreakdown breakdown =
        core::estimate(analysis, config, core::GpuCatalog::builtin().defaultContextBytes());
    (void)breakdown;
}

// A native document that was read writes out, reads back and writes out to the same bytes.
void checkNativeRoundTrip(const core::ModelFile& model, std::vector<std::string>& violations)
{
    const std::string written = core::writeNativeModel(model);
    auto again = core::readNativeModel(written);
    if (!again) {
        violations.push_back("the written document does not read back: " + again.error().describe());
        return;
    }
    if (core::writeNativeModel(*again) != written)
        violations.push_back("the written document reads back as a different document");
}

Outcome fromModel(core::Result<core::ModelFile> r, const std::string& fileName, const char* who, bool nativeRoundTrip)
{
    Outcome out;
    if (!r) {
        out.readError = r.error();
        checkLocated(r.error(), fileName, who, out.violations);
        return out;
    }
    analyseAndEstimate(*r, out.violations);
    if (nativeRoundTrip) checkNativeRoundTrip(*r, out.violations);
    return out;
}

} // namespace

const std::vector<Format>& allFormats()
{
    static const std::vector<Format> all = [] {
        std::vector<Format> v;
        for (const auto& [f, name] : kNames) v.push_back(f);
        return v;
    }();
    return all;
}

const char* formatName(Format f)
{
    for (const auto& [g, name] : kNames)
        if (g == f) return name;
    return "?";
}

std::optional<Format> parseFormat(std::string_view name)
{
    for (const auto& [f, n] : kNames)
        if (name == n) return f;
    return std::nullopt;
}

Outcome runInput(Format format, std::string_view bytes, const std::string& fileName)
{
    switch (format) {
    case Format::Native: {
        // readNativeModel's paths are JSON pointers or "line L, column C"; the document-level
        // ones ("not a JSON object") are empty and get the file name as readNativeModelFile does.
        auto r = core::readNativeModel(bytes);
        if (!r) {
            core::Error e = r.error();
            e.path = e.path.empty() ? fileName : fileName + ": " + e.path;
            return fromModel(std::move(e), fileName, "native reader", false);
        }
        return fromModel(std::move(r), fileName, "native reader", true);
    }
    case Format::Onnx:
        return fromModel(core::readOnnxModel(bytes, fileName), fileName, "ONNX reader", false);
    case Format::CaffeNet:
        return fromModel(core::readCaffeNet(bytes, fileName), fileName, "Caffe net reader", false);
    case Format::CaffeSolver: {
        Outcome out;
        core::TrainingConfig config;
        std::vector<std::string> notes;
        const core::Status s = core::applyCaffeSolver(bytes, fileName, config, notes);
        if (!s) {
            out.readError = s.error();
            checkLocated(s.error(), fileName, "Caffe solver reader", out.violations);
        }
        return out;
    }
    case Format::Keras:
    case Format::Tfjs:
        return fromModel(core::readKerasModel(bytes, fileName), fileName, "Keras reader", false);
    case Format::Measurement: {
        Outcome out;
        auto m = core::readMeasurement(bytes, fileName);
        if (!m) {
            out.readError = m.error();
            checkLocated(m.error(), fileName, "measurement reader", out.violations);
        }
        return out;
    }
    }
    return {};
}

} // namespace netsizer::fuzz
