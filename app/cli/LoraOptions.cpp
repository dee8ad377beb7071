#include "app/cli/LoraOptions.h"

#include "core/analysis/Analysis.h"
#include "core/analysis/LoraAdapters.h"
#include "core/util/NumberFormat.h"

#include <cstdlib>

namespace netsizer::cli {
namespace {

core::Error usageError(const std::string& opt, const std::string& message) { return core::makeError("usage", message, opt); }

std::optional<double> number(const std::string& value)
{
    char* end = nullptr;
    const double v = value.empty() ? -1.0 : std::strtod(value.c_str(), &end);
    if (value.empty() || end != value.c_str() + value.size()) return std::nullopt;
    return v;
}

std::vector<std::string> splitList(const std::string& value)
{
    std::vector<std::string> out;
    std::size_t start = 0;
    while (start <= value.size()) {
        const std::size_t comma = value.find(',', start);
        const std::string item = value.substr(start, comma == std::string::npos ? std::string::npos : comma - start);
        if (!item.empty()) out.push_back(item);
        if (comma == std::string::npos) break;
        start = comma + 1;
    }
    return out;
}

} // namespace

bool isLoraOption(std::string_view opt)
{
    return opt == "--lora-rank" || opt == "--lora-alpha" || opt == "--lora-targets" || opt == "--lora-dropout" ||
           opt == "--quantize" || opt == "--base-dtype";
}

std::optional<core::Error> applyLoraOption(CliOptions& o, const std::string& opt, const std::string& value)
{
    if (opt == "--lora-rank") {
        const auto r = number(value);
        if (!r || *r < 1 || *r > 1e6 || *r != static_cast<double>(static_cast<std::int64_t>(*r)))
            return usageError(opt, "'" + value + "' is not a rank (an integer from 1 to 1,000,000)");
        o.loraRank = static_cast<std::int64_t>(*r);
    } else if (opt == "--lora-alpha") {
        const auto a = number(value);
        if (!a || !(*a > 0.0) || *a > 1e9) return usageError(opt, "'" + value + "' is not a positive alpha");
        o.loraAlpha = *a;
    } else if (opt == "--lora-dropout") {
        const auto p = number(value);
        if (!p || !(*p >= 0.0 && *p < 1.0)) return usageError(opt, "'" + value + "' is not a dropout rate from 0 to below 1");
        o.loraDropout = *p;
    } else if (opt == "--lora-targets") {
        const auto targets = splitList(value);
        if (targets.empty()) return usageError(opt, "needs layer names, comma-separated (q_proj,v_proj or all-linear)");
        o.loraTargets = targets;
    } else if (opt == "--quantize" || opt == "--base-dtype") {
        const bool quantize = opt == "--quantize";
        const auto f = core::parseWeightFormat(value);
        if (!f || (*f != core::WeightFormat::Native && core::weightFormatInfo(*f).quantised != quantize) ||
            (!quantize && *f == core::WeightFormat::Native))
            return usageError(opt, "unknown format '" + value + "' (" + (quantize ? "none, nf4, int8" : "fp32, bf16, fp16") + ")");
        (quantize ? o.quantize : o.baseDtype) = *f;
    }
    return std::nullopt;
}

core::Result<bool> applyLoraOptions(const CliOptions& o, core::ModelFile& model)
{
    if (!o.loraRank) {
        if (o.loraAlpha || o.loraDropout || !o.loraTargets.empty())
            return usageError(o.loraAlpha ? "--lora-alpha" : o.loraDropout ? "--lora-dropout" : "--lora-targets", "needs --lora-rank");
        return false;
    }
    core::LoraSpec spec;
    spec.rank = *o.loraRank;
    if (o.loraAlpha) spec.alpha = *o.loraAlpha;
    if (o.loraDropout) spec.dropout = *o.loraDropout;
    if (!o.loraTargets.empty()) spec.targets = o.loraTargets;
    const core::Count before = core::analyze(model.graph).paramsTotal;
    auto adapted = core::addLoraAdapters(model.graph, spec);
    if (!adapted) return usageError(adapted.error().path == "lora/rank" ? "--lora-rank" : "--lora-targets", adapted.error().message);
    const core::Count after = core::analyze(model.graph).paramsTotal;
    std::string targets;
    for (const std::string& t : spec.targets) targets += (targets.empty() ? "" : ",") + t;
    model.notes.push_back("LoRA r=" + std::to_string(spec.rank) + " on " + core::withThousands(static_cast<std::uint64_t>(*adapted)) +
                          " Linear layers (" + targets + "): " + core::withThousands(after - before) +
                          " adapter parameters train, every other weight is frozen");
    return true;
}

void applyFrozenWeightOptions(const CliOptions& o, core::TrainingConfig& config)
{
    if (o.baseDtype) config.frozenWeights.base = *o.baseDtype;
    if (o.quantize) config.frozenWeights.quantize = *o.quantize;
    if (o.doubleQuant) config.frozenWeights.doubleQuant = true;
}

} // namespace netsizer::cli
