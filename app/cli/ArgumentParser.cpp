#include "app/cli/ArgumentParser.h"

#include "app/cli/LoraOptions.h"
#include "app/cli/ParallelOptions.h"
#include "core/util/NumberFormat.h"

#include <cstdlib>
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

// "5", "5%", "2.5" -> 0.05, 0.05, 0.025; nullopt outside 0..100 or for text.
std::optional<double> parsePercent(std::string value)
{
    if (!value.empty() && value.back() == '%') value.pop_back();
    if (value.empty() || value.size() > 12) return std::nullopt;
    bool dot = false;
    for (char c : value) {
        if (c == '.' && !dot) dot = true;
        else if (c < '0' || c > '9') return std::nullopt;
    }
    if (value == ".") return std::nullopt;
    const double pct = std::stod(value);
    if (pct < 0.0 || pct > 100.0) return std::nullopt;
    return pct / 100.0;
}

// Memory sizes above 1 PiB are refused: no GPU comes near, and the estimate's sums of bytes
// stay far from 2^64.
constexpr std::uint64_t kMaxMemoryBytes = std::uint64_t{1} << 50;

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
    } else if (opt == "--loss") {
        o.loss = core::parseLossKind(value);
        if (!o.loss) return usage(opt, "unknown loss '" + value + "' (" + core::lossKindNameList() + ")");
    } else if (opt == "--mode") {
        o.mode = core::parseMode(value);
        if (!o.mode) return usage(opt, "unknown mode '" + value + "' (train, inference)");
    } else if (opt == "--gpu") {
        if (value.empty()) return usage(opt, "needs a GPU preset name (netsizer-cli gpus lists them)");
        o.gpuName = value;
    } else if (opt == "--gpu-memory" || opt == "--budget") {
        std::uint64_t bytes = 0;
        if (!core::parseByteSize(value, bytes) || bytes == 0)
            return usage(opt, "'" + value + "' is not a memory size (e.g. 4GiB, 4GB, 4096MiB, 4294967296)");
        if (bytes > kMaxMemoryBytes) return usage(opt, "'" + value + "' is more than 1 PiB, larger than any GPU");
        (opt == "--budget" ? o.budgetBytes : o.gpuMemoryBytes) = bytes;
    } else if (opt == "--context" || opt == "--workspace-cap") {
        std::uint64_t bytes = 0;
        if (!core::parseByteSize(value, bytes))
            return usage(opt, "'" + value + "' is not a memory size (e.g. 300MiB, 0.5GiB, 8388608)");
        if (bytes > kMaxMemoryBytes) return usage(opt, "'" + value + "' is more than 1 PiB, larger than any GPU");
        (opt == "--context" ? o.contextBytes : o.workspaceCapBytes) = bytes;
    } else if (opt == "--fragmentation") {
        auto fraction = parsePercent(value);
        if (!fraction) return usage(opt, "'" + value + "' is not a percentage from 0 to 100 (e.g. 5 or 5%)");
        o.fragmentation = *fraction;
    } else if (opt == "--solver") {
        if (value.empty()) return usage(opt, "needs a Caffe solver file (solver.prototxt)");
        o.solverPath = value;
    } else if (opt == "--input-shape") {
        auto shape = parseInputShape(value);
        if (!shape) return usage(opt, "'" + value + "' is not a per-sample shape: [NAME=]DxDx... with 1 to " +
                                          std::to_string(core::Shape::kMaxRank) + " positive dimensions (e.g. data=3x224x224)");
        for (const auto& s : o.inputShapes)
            if (s.name == shape->name) return usage(opt, "'" + shape->name + "' is given twice");
        o.inputShapes.push_back(*shape);
    } else if (opt == "--accumulate" || opt == "--train-last") {
        const bool steps = opt == "--accumulate";
        const std::uint64_t limit = steps ? core::TrainingConfig::kMaxAccumulationSteps : 1000000;
        bool digits = !value.empty() && value.size() <= 7;
        for (char c : value) digits &= c >= '0' && c <= '9';
        const std::uint64_t n = digits ? std::stoull(value) : 0;
        if (!digits || n < 1 || n > limit)
            return usage(opt, "'" + value + "' is not " + (steps ? "a number of micro-batches" : "a number of layers") + " from 1 to " +
                                  core::withThousands(limit));
        if (steps) o.accumulationSteps = static_cast<std::uint32_t>(n);
        else o.trainLast = static_cast<std::size_t>(n);
    } else if (opt == "--freeze" || opt == "--train-only") {
        if (value.empty()) return usage(opt, "needs a part of a layer name (e.g. features. or lora_)");
        (opt == "--freeze" ? o.freeze : o.trainOnly).push_back(value);
    } else if (opt == "--dropout") {
        const auto eq = value.rfind('=');
        const std::string rate = eq == std::string::npos ? "" : value.substr(eq + 1);
        char* end = nullptr;
        const double p = rate.empty() ? -1.0 : std::strtod(rate.c_str(), &end);
        if (eq == 0 || eq == std::string::npos || end != rate.c_str() + rate.size() || !(p >= 0.0 && p < 1.0))
            return usage(opt, "'" + value + "' is not LAYER=RATE with a rate from 0 to below 1 (e.g. /decoder/MatMul=0.2)");
        o.dropouts.emplace_back(value.substr(0, eq), p);
    } else if (opt == "--inplace") {
        if (value.empty()) return usage(opt, "needs a layer name");
        o.inplace.push_back(value);
    } else if (opt == "--checkpoint") {
        if (value.empty()) return usage(opt, "needs the start of layer names (e.g. layer2. or /layer2/)");
        o.checkpoint.push_back(value);
    } else if (opt == "--checkpoint-auto") {
        if (value == "sqrt") o.checkpointAuto = CliOptions::CheckpointAuto::Sqrt;
        else if (value == "budget") o.checkpointAuto = CliOptions::CheckpointAuto::Budget;
        else return usage(opt, "unknown placement '" + value + "' (sqrt, budget)");
    } else if (opt == "--seq-len") {
        bool digits = !value.empty() && value.size() <= 9;
        for (char c : value) digits &= c >= '0' && c <= '9';
        const std::int64_t n = digits ? std::stoll(value) : 0;
        if (n < 1) return usage(opt, "'" + value + "' is not a sequence length (tokens per sample, 1 to 999,999,999)");
        o.seqLen = n;
    } else if (opt == "--attention") {
        if (value == "eager") o.flashAttention = false;
        else if (value == "flash") o.flashAttention = true;
        else return usage(opt, "unknown attention '" + value + "' (eager, flash)");
    } else if (isParallelOption(opt)) {
        return applyParallelOption(o, opt, value);
    } else if (isLoraOption(opt)) {
        return applyLoraOption(o, opt, value);
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
    for (const char* known : {"--batch", "--optimizer", "--precision", "--framework", "--mode", "--gpu", "--gpu-memory",
                              "--format", "--context", "--workspace-cap", "--fragmentation", "--solver", "--input-shape",
                              "--accumulate", "--freeze", "--train-only", "--train-last", "--dropout", "--inplace",
                              "--checkpoint", "--checkpoint-auto", "--budget", "--seq-len", "--attention", "--loss"})
        if (opt == known) return true;
    return isParallelOption(opt) || isLoraOption(opt);
}

// Options without a value.
bool isFlag(std::string_view opt)
{
    return opt == "--safe" || opt == "--allocator-rounding" || opt == "--no-allocator-rounding" || opt == "--sp" ||
           opt == "--double-quant";
}

// Every option but --format configures an estimate.
bool isEstimateOption(std::string_view opt)
{
    return opt != "--format";
}

// validate takes the configuration from the measurement: only the GPU, the overheads, the
// import options and the format apply.
bool isValidateOption(std::string_view opt)
{
    for (const char* allowed : {"--gpu", "--gpu-memory", "--format", "--context", "--workspace-cap", "--fragmentation",
                                "--solver", "--input-shape", "--allocator-rounding", "--no-allocator-rounding"})
        if (opt == allowed) return true;
    return false;
}

} // namespace

std::optional<InputShapeOption> parseInputShape(const std::string& value)
{
    InputShapeOption s;
    std::string dims = value;
    if (const auto eq = value.rfind('='); eq != std::string::npos) {
        s.name = value.substr(0, eq);
        dims = value.substr(eq + 1);
        if (s.name.empty()) return std::nullopt;
    }
    std::string digits;
    auto flush = [&] {
        if (digits.empty() || digits.size() > 9) return false;
        const auto d = std::stoll(digits);
        digits.clear();
        return d >= 1 && s.shape.push(d);
    };
    for (char c : dims) {
        if (c >= '0' && c <= '9') digits += c;
        else if (c == 'x' || c == 'X' || c == ',') {
            if (!flush()) return std::nullopt;
        } else return std::nullopt;
    }
    if (!flush()) return std::nullopt;
    return s;
}

core::Result<CliOptions> parseArguments(const std::vector<std::string>& args)
{
    CliOptions o;
    for (const auto& a : args)
        if (a == "--help" || a == "-h") return o; // Command::Help
    if (args.empty()) return usage("", "missing command: estimate, fit, advise, validate, layers, gpus or convert (see --help)");

    const std::string& cmd = args[0];
    if (cmd == "estimate") o.command = Command::Estimate;
    else if (cmd == "fit") o.command = Command::Fit;
    else if (cmd == "validate") o.command = Command::Validate;
    else if (cmd == "layers") o.command = Command::Layers;
    else if (cmd == "gpus") o.command = Command::Gpus;
    else if (cmd == "advise") o.command = Command::Advise;
    else if (cmd == "help") return o;
    else return usage(cmd, "unknown command: use estimate, fit, advise, validate, layers, gpus or convert (see --help)");
    const bool validate = o.command == Command::Validate;
    const bool needsModel = o.command == Command::Estimate || o.command == Command::Fit || o.command == Command::Advise || validate;

    bool gpuFlag = false, gpuMemoryFlag = false;
    for (std::size_t i = 1; i < args.size(); ++i) {
        const std::string& a = args[i];
        if (isFlag(a)) {
            if (!needsModel) return usage(a, "is an option of estimate, fit, advise and validate, not of " + cmd);
            if (a == "--safe" && o.command != Command::Fit) return usage(a, "is an option of fit, not of " + cmd);
            if (a == "--sp" && o.command != Command::Estimate && o.command != Command::Fit && o.command != Command::Advise)
                return usage(a, "is an option of estimate, fit and advise, not of " + cmd);
            if (a == "--safe") o.safe = true;
            else if (a == "--sp") o.sequenceParallel = true;
            else if (a == "--double-quant") o.doubleQuant = true;
            else o.allocatorRounding = a == "--allocator-rounding";
        } else if (a.size() >= 2 && a[0] == '-' && a != "-") {
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
                return usage(opt, "is an option of estimate, fit, advise and validate, not of " + cmd);
            if (validate && !isValidateOption(opt))
                return usage(opt, "validate takes the batch, optimizer, precision and framework from the measurement file");
            if (isParallelOption(opt) && o.command != Command::Estimate && o.command != Command::Fit && o.command != Command::Advise)
                return usage(opt, "is an option of estimate, fit and advise, not of " + cmd + " (many GPUs are estimated per rank)");
            if (auto e = applyOption(o, opt, value)) return *e;
            gpuFlag |= opt == "--gpu";
            gpuMemoryFlag |= opt == "--gpu-memory";
        } else if (needsModel && o.modelPath.empty()) {
            o.modelPath = a;
        } else if (validate && o.measurementPath.empty()) {
            o.measurementPath = a;
        } else {
            return usage(a, "unexpected argument (see netsizer-cli --help)");
        }
    }
    if (needsModel && o.modelPath.empty()) return usage(cmd, "needs a model file (netsizer-cli " + cmd + " MODEL ...)");
    if (validate && o.measurementPath.empty())
        return usage(cmd, "needs a measurement file (netsizer-cli validate MODEL MEASURED.json)");
    if (gpuFlag && gpuMemoryFlag) return usage("--gpu-memory", "give either --gpu or --gpu-memory, not both");
    if (o.format == OutputFormat::Csv && !needsModel) return usage("--format", "csv is available for estimate, fit and validate");
    if (o.format == OutputFormat::Csv && o.command == Command::Advise) return usage("--format", "advise prints a table or json");
    if (o.trainLast && (!o.freeze.empty() || !o.trainOnly.empty()))
        return usage("--train-last", "give --train-last or --freeze / --train-only, not both");
    if (o.checkpointAuto && !o.checkpoint.empty())
        return usage("--checkpoint-auto", "give --checkpoint SCOPE or --checkpoint-auto, not both");
    if (o.budgetBytes && o.checkpointAuto != CliOptions::CheckpointAuto::Budget)
        return usage("--budget", "applies to --checkpoint-auto budget only");
    return o;
}

} // namespace netsizer::cli
