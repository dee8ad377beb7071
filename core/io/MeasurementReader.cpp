#include "core/io/Measurement.h"

#include "core/estimate/TrainingConfig.h"
#include "core/io/JsonLimits.h"
#include "core/io/TextFile.h"

#include <nlohmann/json.hpp>

namespace netsizer::core {
namespace {

using nlohmann::json;

constexpr std::int64_t kMeasurementVersion = 1;

// Errors of one file: every path starts with the file's name.
class Reader {
public:
    explicit Reader(std::string fileName) : m_file(std::move(fileName)) {}

    Error error(const std::string& code, const std::string& message, const std::string& pointer) const
    {
        return makeError(code, message, m_file + ": " + pointer);
    }

    // A required member of `obj` (at `pointer`), or an error naming the missing key.
    Result<const json*> member(const json& obj, const std::string& pointer, const char* key) const
    {
        const auto it = obj.find(key);
        if (it == obj.end() || it->is_null())
            return error("missing", std::string("missing key \"") + key + "\"", pointer + "/" + key);
        return &*it;
    }

    Result<std::string> string(const json& obj, const std::string& pointer, const char* key) const
    {
        auto m = member(obj, pointer, key);
        if (!m) return m.error();
        if (!(*m)->is_string()) return error("type", std::string("\"") + key + "\" must be a string", pointer + "/" + key);
        return (*m)->get<std::string>();
    }

    // A non-negative integer (bytes, counts); 2.0 or "2" are refused.
    Result<std::uint64_t> count(const json& obj, const std::string& pointer, const char* key) const
    {
        auto m = member(obj, pointer, key);
        if (!m) return m.error();
        if (!(*m)->is_number_unsigned())
            return error("type", std::string("\"") + key + "\" must be a non-negative integer", pointer + "/" + key);
        return (*m)->get<std::uint64_t>();
    }

private:
    std::string m_file;
};

std::string names(const auto& infos)
{
    std::string s;
    for (const auto& i : infos) s += (s.empty() ? "" : ", ") + std::string(i.name);
    return s;
}

} // namespace

const char* peakKindName(PeakKind k)
{
    return k == PeakKind::CudaMaxMemoryAllocated ? "cuda_max_memory_allocated" : "cpu_sum_of_components";
}

Result<Measurement> readMeasurement(std::string_view text, const std::string& fileName)
{
    const Reader r(fileName);
    if (auto e = checkJsonLimits(text)) return makeError(e->code, e->message, fileName);
    json doc;
    try {
        doc = json::parse(text);
    } catch (const json::parse_error& e) {
        std::size_t line = 1, col = 1;
        const std::size_t end = e.byte > 0 ? e.byte - 1 : 0;
        for (std::size_t i = 0; i < end && i < text.size(); ++i) {
            if (text[i] == '\n') { line = line + 1; col = 1; }
            else ++col;
        }
        const bool truncated = end >= text.size();
        return makeError("json", truncated ? "not valid JSON: the file ends early (truncated?)" : "not valid JSON",
                         fileName + ": line " + std::to_string(line) + ", column " + std::to_string(col));
    } catch (const json::exception& e) {
        // Well-formed but not representable: a number beyond a double's range ("1e999" is
        // nlohmann's out_of_range 406, which names the number in its message).
        return makeError("json", std::string("not valid JSON: ") + e.what(), fileName);
    }
    if (!doc.is_object()) return r.error("format", "a measurement file must be a JSON object", "/");

    auto format = r.string(doc, "", "format");
    if (!format) return format.error();
    if (*format != "netsizer-measurement")
        return r.error("format", "not a NetSizer measurement: \"format\" must be \"netsizer-measurement\"", "/format");
    auto version = r.count(doc, "", "version");
    if (!version) return version.error();
    if (*version != kMeasurementVersion)
        return r.error("format", "measurement version " + std::to_string(*version) + " is not supported (this NetSizer reads 1)",
                       "/version");

    Measurement m;
    if (const auto it = doc.find("model"); it != doc.end() && !it->is_null()) {
        if (!it->is_string()) return r.error("type", "\"model\" must be a string", "/model");
        m.model = it->get<std::string>();
    }
    if (const auto it = doc.find("torch_version"); it != doc.end() && !it->is_null()) {
        if (!it->is_string()) return r.error("type", "\"torch_version\" must be a string", "/torch_version");
        m.torchVersion = it->get<std::string>();
    }
    auto device = r.string(doc, "", "device");
    if (!device) return device.error();
    if (device->empty()) return r.error("bad_value", "\"device\" must name a device (\"cpu\" or a CUDA device)", "/device");
    m.device = *device;
    m.framework = m.device == "cpu" ? Framework::PyTorchCpu : Framework::PyTorch;
    if (const auto it = doc.find("framework"); it != doc.end() && !it->is_null()) {
        if (!it->is_string()) return r.error("type", "\"framework\" must be a string", "/framework");
        const auto f = parseFramework(it->get<std::string>());
        if (f != m.framework)
            return r.error("bad_value",
                           "framework '" + it->get<std::string>() + "' disagrees with device '" + m.device + "' (expected '" +
                               frameworkInfo(m.framework).name + "')",
                           "/framework");
    }

    auto batch = r.count(doc, "", "batch");
    if (!batch) return batch.error();
    if (*batch < 1 || *batch > TrainingConfig::kMaxBatch)
        return r.error("bad_value", "\"batch\" must be from 1 to " + std::to_string(TrainingConfig::kMaxBatch), "/batch");
    m.batch = *batch;
    auto optimizer = r.string(doc, "", "optimizer");
    if (!optimizer) return optimizer.error();
    const auto opt = parseOptimizer(*optimizer);
    if (!opt) return r.error("bad_value", "unknown optimizer '" + *optimizer + "' (" + names(allOptimizers()) + ")", "/optimizer");
    m.optimizer = *opt;
    auto precision = r.string(doc, "", "precision");
    if (!precision) return precision.error();
    const auto prec = parsePrecision(*precision);
    if (!prec) return r.error("bad_value", "unknown precision '" + *precision + "' (" + names(allPrecisions()) + ")", "/precision");
    m.precision = *prec;
    if (const auto it = doc.find("params"); it != doc.end() && !it->is_null()) {
        auto p = r.count(doc, "", "params");
        if (!p) return p.error();
        m.params = *p;
    }

    auto measured = r.member(doc, "", "measured");
    if (!measured) return measured.error();
    const json& mj = **measured;
    if (!mj.is_object()) return r.error("type", "\"measured\" must be an object of byte counts", "/measured");
    struct Field {
        const char* key;
        std::uint64_t MeasuredBytes::*member;
    };
    for (const Field f : {Field{"weights", &MeasuredBytes::weights}, Field{"gradients", &MeasuredBytes::gradients},
                          Field{"optimizer_state", &MeasuredBytes::optimizerState},
                          Field{"activations", &MeasuredBytes::activations}, Field{"input", &MeasuredBytes::input},
                          Field{"peak", &MeasuredBytes::peak}}) {
        auto v = r.count(mj, "/measured", f.key);
        if (!v) return v.error();
        m.measured.*f.member = *v;
    }
    auto peakKind = r.string(doc, "", "peak_kind");
    if (!peakKind) return peakKind.error();
    if (*peakKind == "cuda_max_memory_allocated") m.peakKind = PeakKind::CudaMaxMemoryAllocated;
    else if (*peakKind == "cpu_sum_of_components") m.peakKind = PeakKind::CpuSumOfComponents;
    else
        return r.error("bad_value",
                       "unknown peak_kind '" + *peakKind + "' (cuda_max_memory_allocated, cpu_sum_of_components)",
                       "/peak_kind");

    if (const auto it = doc.find("estimate"); it != doc.end() && !it->is_null()) {
        if (!it->is_object()) return r.error("type", "\"estimate\" must be an object of byte counts", "/estimate");
        for (const auto& [key, value] : it->items()) {
            if (!value.is_number_unsigned())
                return r.error("type", "\"" + key + "\" must be a non-negative integer", "/estimate/" + key);
            m.recordedEstimate[key] = value.get<std::uint64_t>();
        }
    }
    return m;
}

Result<Measurement> readMeasurementFile(const std::string& path)
{
    auto text = readTextFile(path);
    if (!text) return text.error();
    return readMeasurement(*text, path);
}

} // namespace netsizer::core
