// advise --format table | json (field reference in docs/cli.md, "advise").
#include "app/cli/AdviseCommand.h"

#include "core/util/JsonText.h"
#include "core/util/NumberFormat.h"

#include <nlohmann/json.hpp>

#include <cstdio>

namespace netsizer::cli {
namespace {

std::string changesText(const std::vector<std::string>& changes)
{
    std::string out;
    for (const std::string& c : changes) {
        const bool quote = c.find(' ') != std::string::npos;
        out += (out.empty() ? "" : " ") + (quote ? "\"" + c + "\"" : c);
    }
    return out;
}

std::string pct(double v)
{
    char buf[32];
    std::snprintf(buf, sizeof buf, "%+.1f %%", v);
    return buf;
}

} // namespace

std::string formatAdviseTable(const AdviseReport& r)
{
    const core::Advice& a = r.advice;
    const core::TrainingConfig& c = r.config;
    std::string out = "Model: " + r.modelPath + "\n";
    const bool many = c.parallel.active();
    out += "Batch " + core::withThousands(c.batch) + " on " + (many ? core::withThousands(std::uint64_t{c.parallel.gpus}) + " × " : std::string()) +
           c.gpu->name + " (" + core::formatBytes(static_cast<double>(c.gpu->memoryBytes)) + (many ? " each" : "") + "): " +
           (many ? "the rank that peaks needs " : "needs ") + core::formatBytes(static_cast<double>(a.peakBytes)) +
           (a.fits ? ", fits" : ", does NOT fit") + "\n";
    if (!a.suggestions.empty())
        out += many ? "\nWhat makes every GPU fit, cheapest first (each re-estimated per rank with the change applied):\n"
                    : "\nWhat makes it fit, cheapest first (each re-estimated with the change applied):\n";
    int n = 0;
    for (const core::Suggestion& s : a.suggestions) {
        out += "\n" + std::to_string(++n) + ". [" + core::suggestionKindName(s.kind) + "] " + s.description + "\n";
        out += "   needs " + core::formatBytes(static_cast<double>(s.peakBytes)) + " (" + core::withThousands(s.peakBytes) +
               " B)";
        if (s.extraComputePct != 0.0) out += ", compute " + pct(s.extraComputePct);
        out += "\n   netsizer-cli estimate " + r.modelPath + " ... " + changesText(s.changes) + "\n";
    }
    if (!a.fits && a.suggestions.empty()) out += "\nNo change the advisor knows makes it fit.\n";
    for (const std::string& note : a.notes) out += "Note: " + note + "\n";
    return out;
}

std::string formatAdviseJson(const AdviseReport& r)
{
    using nlohmann::ordered_json;
    const core::Advice& a = r.advice;
    ordered_json j;
    j["command"] = "advise";
    j["model"] = r.modelPath;
    j["batch"] = r.config.batch;
    j["gpu"] = r.config.gpu->name;
    j["gpu_memory_bytes"] = r.config.gpu->memoryBytes;
    if (r.config.parallel.active()) j["gpus"] = r.config.parallel.gpus;
    j["peak_bytes"] = a.peakBytes;
    j["fits"] = a.fits;
    ordered_json list = ordered_json::array();
    for (const core::Suggestion& s : a.suggestions) {
        ordered_json e;
        e["kind"] = core::suggestionKindName(s.kind);
        e["description"] = s.description;
        e["changes"] = s.changes;
        e["peak_bytes"] = s.peakBytes;
        e["fits"] = s.fits;
        e["extra_compute_pct"] = s.extraComputePct;
        list.push_back(e);
    }
    j["suggestions"] = list;
    j["notes"] = a.notes;
    return core::dumpJson(j, 2) + "\n";
}

} // namespace netsizer::cli
