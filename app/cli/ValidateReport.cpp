// The three renderings of `validate` (docs/cli.md): a table for people, JSON and CSV for scripts.
#include "app/cli/ValidateCommand.h"

#include "app/cli/TextTable.h"
#include "core/util/JsonText.h"
#include "core/util/NumberFormat.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace netsizer::cli {
namespace {

using namespace netsizer::core;
using nlohmann::ordered_json;

std::string percent(const std::optional<double>& pct)
{
    if (!pct) return "n/a";
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.2f %%", *pct);
    return buf;
}

std::string peakWhere(const ValidateReport& r)
{
    const MemoryBreakdown& b = r.estimate.breakdown;
    const TimelinePeak p = b.peak();
    const Layer* layer = p.layer ? r.estimate.model.graph.find(*p.layer) : nullptr;
    return std::string(stepPhaseName(p.phase)) + (layer ? " at layer '" + layer->name + "'" : std::string());
}

} // namespace

std::string formatValidateTable(const ValidateReport& r)
{
    const Measurement& m = r.measurement;
    const TrainingConfig& c = r.estimate.breakdown.config;
    std::string out = "Model: " + r.estimate.modelPath;
    if (!r.estimate.model.graph.name.empty()) out += " (" + r.estimate.model.graph.name + ")";
    out += "\nMeasurement: " + r.measurementPath + " (device " + m.device +
           (m.torchVersion.empty() ? std::string() : ", torch " + m.torchVersion) + ")\n";
    out += "Configuration: batch " + withThousands(c.batch) + ", " + optimizerInfo(c.optimizer).name + ", " +
           precisionInfo(c.precision).name + ", " + frameworkInfo(c.framework).name + "\n\n";
    TextTable t({"Component", "Estimated", "Measured", "Error", "Estimated (B)", "Measured (B)"});
    for (std::size_t col : {1u, 2u, 3u, 4u, 5u}) t.alignRight(col);
    for (const ComparisonRow& row : r.rows) {
        if (row.name == "peak") t.addRule();
        t.addRow({row.name, formatBytes(static_cast<double>(row.estimated)), formatBytes(static_cast<double>(row.measured)),
                  percent(row.relativeErrorPct), withThousands(row.estimated), withThousands(row.measured)});
    }
    out += t.render();
    out += "(Error: (estimated − measured) / measured. Estimated peak: " + r.peakRule + ".)\n";
    const MemoryBreakdown& b = r.estimate.breakdown;
    out += "Simulated step peak: " + formatBytes(static_cast<double>(b.peakBytes())) + " (" + withThousands(b.peakBytes()) +
           " B) during " + peakWhere(r) + "\n";
    if (m.params) {
        const std::uint64_t est = r.estimate.analysis.paramsTotal;
        out += "Parameters: " + withThousands(est) + " estimated, " + withThousands(*m.params) + " measured" +
               (est == *m.params ? "" : " (they differ: the exported model is not the same network)") + "\n";
    }
    for (const auto& note : r.estimate.model.notes) out += "Note: " + note + "\n";
    return out;
}

std::string formatValidateJson(const ValidateReport& r)
{
    const Measurement& m = r.measurement;
    const TrainingConfig& c = r.estimate.breakdown.config;
    const MemoryBreakdown& b = r.estimate.breakdown;
    ordered_json j;
    j["command"] = "validate";
    j["model"] = r.estimate.modelPath;
    j["measurement"] = r.measurementPath;
    j["name"] = r.estimate.model.graph.name;
    j["device"] = m.device;
    j["torch_version"] = m.torchVersion;
    j["batch"] = c.batch;
    j["optimizer"] = optimizerInfo(c.optimizer).name;
    j["precision"] = precisionInfo(c.precision).name;
    j["framework"] = frameworkInfo(c.framework).name;
    j["peak_kind"] = peakKindName(m.peakKind);
    j["params"] = {{"estimated", r.estimate.analysis.paramsTotal},
                   {"measured", m.params ? ordered_json(*m.params) : ordered_json(nullptr)}};
    ordered_json components;
    for (const ComparisonRow& row : r.rows) {
        ordered_json o;
        o["estimated"] = row.estimated;
        o["measured"] = row.measured;
        o["relative_error_pct"] = row.relativeErrorPct ? ordered_json(*row.relativeErrorPct) : ordered_json(nullptr);
        if (row.recorded) o["recorded_estimate"] = *row.recorded;
        components[row.name] = o;
    }
    j["components"] = components;
    j["peak_rule"] = r.peakRule;
    const TimelinePeak p = b.peak();
    const Layer* layer = p.layer ? r.estimate.model.graph.find(*p.layer) : nullptr;
    j["peak_bytes"] = b.peakBytes();
    j["peak_phase"] = stepPhaseName(p.phase);
    j["peak_layer"] = layer ? ordered_json(layer->name) : ordered_json(nullptr);
    j["total_bytes"] = b.componentMaximaSumAt(b.config.batch); // the sum of the component maxima (kept for scripts)
    ordered_json notes = ordered_json::array();
    for (const auto& n : r.estimate.model.notes) notes.push_back(n);
    j["notes"] = notes;
    return core::dumpJson(j, 2) + "\n";
}

std::string formatValidateCsv(const ValidateReport& r)
{
    std::string out = "component,estimated,measured,relative_error_pct\n";
    for (const ComparisonRow& row : r.rows) {
        std::string pct;
        if (row.relativeErrorPct) {
            char buf[32];
            std::snprintf(buf, sizeof buf, "%.6f", *row.relativeErrorPct);
            pct = buf;
        }
        out += row.name + "," + std::to_string(row.estimated) + "," + std::to_string(row.measured) + "," + pct + "\n";
    }
    return out;
}

} // namespace netsizer::cli
