#include "app/cli/ArgumentParser.h"

#include "core/util/NumberFormat.h"

#include <string_view>

namespace netsizer::cli {
namespace {

using core::Error;
using core::makeError;

Error usage(const std::string& where, const std::string& message)
{
    return makeError("usage", message, where);
}

std::string names(const auto& infos)
{
    std::string s;
    for (const auto& i : infos) s += (s.empty() ? "" : ", ") + std::string(i.name);
    return s;
}

// Applies one option with its value; nullopt on success.
std::optional<Error> applyOption(CliOptions& o, const std::string& opt, const std::string& value)
{
    if (opt == "--batch") {
        std::uint64_t b = 0;
        bool digits = !value.empty() && value.size() <= 6;
        for (char c : value) digits &= c >= '0' && c <= '9';
        if (digits) b = std::stoull(value);
        if (!digits || b < 1 || b > core::TrainingConfig::kMaxBatch)
            return usage(opt, "'" + value + "' is not a batch size from 1 to " + core::withThousands(core::TrainingConfig::kMaxBatch));
        o.batch = b;
    } else if (opt == "--optimizer") {
        o.optimizer = core::parseOptimizer(value);
        if (!o.optimizer) return usage(opt, "unknown optimizer '" + value + "' (" + names(core::allOptimizers()) + ")");
    } else if (opt == "--precision") {
        o.precision = core::parsePrecision(value);
        if (!o.precision) return usage(opt, "unknown precision '" + value + "' (" + names(core::allPrecisions()) + ")");
    } else if (opt == "--framework") {
        o.framework = core::parseFramework(value);
        if (!o.framework) return usage(opt, "unknown framework '" + value + "' (" + names(core::allFrameworks()) + ")");
    } else if (opt == "--mode") {
        o.mode = core::parseMode(value);
        if (!o.mode) return usage(opt, "unknown mode '" + value + "' (train, inference)");
    } else if (opt == "--gpu") {
        if (value.empty()) return usage(opt, "needs a GPU preset name (netsizer-cli gpus lists them)");
        o.gpuName = value;
    } else if (opt == "--gpu-memory") {
        std::uint64_t bytes = 0;
        if (!core::parseByteSize(value, bytes) || bytes == 0)
            return usage(opt, "'" + value + "' is not a memory size (e.g. 4GiB, 4GB, 4096MiB, 4294967296)");
        o.gpuMemoryBytes = bytes;
    } else if (opt == "--format") {
        if (value == "table") o.format = OutputFormat::Table;
        else if (value == "json") o.format = OutputFormat::Json;
        else if (value == "csv") o.format = OutputFormat::Csv;
        else return usage(opt, "unknown format '" + value + "' (table, json, csv)");
    } else {
        return usage(opt, "unknown option (see netsizer-cli --help)");
    }
    return std::nullopt;
}

bool isKnownOption(std::string_view opt)
{
    for (const char* known : {"--batch", "--optimizer", "--precision", "--framework", "--mode", "--gpu", "--gpu-memory", "--format"})
        if (opt == known) return true;
    return false;
}

// Every option but --format configures an estimate.
bool isEstimateOption(std::string_view opt)
{
    return opt != "--format";
}

} // namespace

core::Result<CliOptions> parseArguments(const std::vector<std::string>& args)
{
    CliOptions o;
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return o; // Command::Help
    if (args.empty()) return usage("", "missing command: estimate, fit, layers or gpus (see --help)");

    const std::string& cmd = args[0];
    if (cmd == "estimate") o.command = Command::Estimate;
    else if (cmd == "fit") o.command = Command::Fit;
    else if (cmd == "layers") o.command = Command::Layers;
    else if (cmd == "gpus") o.command = Command::Gpus;
    else if (cmd == "help") return o;
    else return usage(cmd, "unknown command: use estimate, fit, layers or gpus (see --help)");
    const bool needsModel = o.command == Command::Estimate || o.command == Command::Fit;

    bool gpuFlag = false, gpuMemoryFlag = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (a.size() >= 2 && a[0] == '-' && a != "-") {
            std::string opt = a, value;
            const auto eq = a.find('=');
            if (eq != std::string::npos) {
                opt = a.substr(0, eq);
                value = a.substr(eq + 1);
            } else {
                if (!isKnownOption(opt)) return usage(opt, "unknown option (see netsizer-cli --help)");
                if (i + 1 >= args.size()) return usage(opt, "needs a value");
                value = args[++i];
            }
            if (!isKnownOption(opt)) return usage(opt, "unknown option (see netsizer-cli --help)");
            if (!needsModel && isEstimateOption(opt))
                return usage(opt, "is an option of estimate and fit, not of " + cmd);
            if (auto e = applyOption(o, opt, value)) return *e;
            gpuFlag |= opt == "--gpu";
            gpuMemoryFlag |= opt == "--gpu-memory";
        } else if (needsModel && o.modelPath.empty()) {
            o.modelPath = a;
        } else {
            return usage(a, "unexpected argument (see netsizer-cli --help)");
        }
    }
    if (needsModel && o.modelPath.empty()) return usage(cmd, "needs a model file (netsizer-cli " + cmd + " MODEL ...)");
    if (gpuFlag && gpuMemoryFlag) return usage("--gpu-memory", "give either --gpu or --gpu-memory, not both");
    if (o.format == OutputFormat::Csv && !needsModel) return usage("--format", "csv is available for estimate and fit");
    return o;
}

} // namespace netsizer::cli
