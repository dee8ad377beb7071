#include "app/cli/ParallelOptions.h"

#include "core/util/NumberFormat.h"

#include <array>
#include <utility>

namespace netsizer::cli {
namespace {

// Any unsigned count with thousands separators (NumberFormat takes 64 bits).
std::string thousands(std::uint64_t n) { return core::withThousands(n); }

// The option that sets each ParallelConfig key (core::validateParallel names keys).
constexpr std::array<std::pair<const char*, const char*>, 12> kOptionOfKey = {{
    {"gpus", "--gpus"}, {"nodes", "--nodes"}, {"strategy", "--parallel"}, {"tensor_parallel", "--tp"},
    {"pipeline_parallel", "--pp"}, {"sequence_parallel", "--sp"}, {"microbatches", "--microbatches"},
    {"schedule", "--schedule"}, {"virtual_stages", "--virtual-stages"}, {"context_parallel", "--cp"}, {"offload", "--offload"}, {"batch", "--batch"},
}};

std::string optionOfKey(const std::string& key)
{
    for (const auto& [k, opt] : kOptionOfKey)
        if (key == k) return opt;
    return key;
}

// "8" -> 8 for a count from 1 to `limit`.
std::optional<std::uint32_t> parseCount(const std::string& value, std::uint32_t limit)
{
    bool digits = !value.empty() && value.size() <= 6;
    for (char c : value) digits &= c >= '0' && c <= '9';
    if (!digits) return std::nullopt;
    const auto n = std::stoul(value);
    if (n < 1 || n > limit) return std::nullopt;
    return static_cast<std::uint32_t>(n);
}

} // namespace

bool isParallelOption(std::string_view opt)
{
    for (const char* known : {"--gpus", "--nodes", "--parallel", "--tp", "--pp", "--microbatches", "--schedule", "--virtual-stages", "--cp", "--offload"})
        if (opt == known) return true;
    return false;
}

std::optional<core::Error> applyParallelOption(CliOptions& o, const std::string& opt, const std::string& value)
{
    auto usage = [&](const std::string& message) { return core::makeError("usage", message, opt); };
    if (opt == "--parallel") {
        o.parallelStrategy = core::parseStrategy(value);
        if (!o.parallelStrategy) return usage("unknown strategy '" + value + "' (" + core::strategyNameList() + ")");
    } else if (opt == "--schedule") {
        o.pipelineSchedule = core::parseSchedule(value);
        if (!o.pipelineSchedule) return usage("unknown pipeline schedule '" + value + "' (gpipe, 1f1b, interleaved)");
    } else if (opt == "--offload") {
        o.offload = core::parseOffload(value);
        if (!o.offload || *o.offload == core::Offload::None) return usage("unknown offload '" + value + "' (optimizer, params, both)");
    } else {
        const bool gpus = opt == "--gpus" || opt == "--nodes" || opt == "--tp" || opt == "--pp" || opt == "--cp";
        const std::uint32_t limit = gpus ? core::ParallelConfig::kMaxGpus : core::ParallelConfig::kMaxMicrobatches;
        const auto n = parseCount(value, limit);
        if (!n) {
            const char* what = opt == "--gpus"           ? "a number of GPUs"
                               : opt == "--nodes"          ? "a number of nodes"
                               : opt == "--microbatches"   ? "a number of micro-batches"
                               : opt == "--virtual-stages" ? "a number of model chunks per stage"
                                                           : "a parallel size";
            return usage("'" + value + "' is not " + what + " from 1 to " + thousands(limit));
        }
        if (opt == "--gpus") o.gpus = n;
        else if (opt == "--nodes") o.nodes = n;
        else if (opt == "--tp") o.tensorParallel = n;
        else if (opt == "--pp") o.pipelineParallel = n;
        else if (opt == "--virtual-stages") o.virtualStages = n;
        else if (opt == "--cp") o.contextParallel = n;
        else o.microbatches = n;
    }
    return std::nullopt;
}

core::Error parallelError(const core::Error& e)
{
    return core::makeError("usage", e.message, optionOfKey(e.path));
}

core::Status applyParallelOptions(const CliOptions& o, core::TrainingConfig& config)
{
    core::ParallelConfig& p = config.parallel;
    if (o.gpus) p.gpus = *o.gpus;
    if (o.nodes) p.nodes = *o.nodes;
    if (o.parallelStrategy) p.strategy = *o.parallelStrategy;
    if (o.tensorParallel) p.tensorParallel = *o.tensorParallel;
    if (o.pipelineParallel) p.pipelineParallel = *o.pipelineParallel;
    if (o.sequenceParallel) p.sequenceParallel = true;
    if (o.microbatches) p.microbatches = *o.microbatches;
    if (o.pipelineSchedule) p.schedule = *o.pipelineSchedule;
    if (o.virtualStages) p.virtualStages = *o.virtualStages;
    if (o.contextParallel) p.contextParallel = *o.contextParallel;
    if (o.offload) p.offload = *o.offload;
    if (!p.active()) return core::Ok{};
    if (auto valid = core::validateParallel(p, config.batch); !valid) return parallelError(valid.error());
    if (config.mode != core::Mode::Train || config.framework != core::Framework::PyTorch)
        return core::makeError("usage", "many GPUs are modelled for PyTorch (CUDA) training only (--framework pytorch --mode train)",
                               o.parallelStrategy ? "--parallel" : "--gpus");
    return core::Ok{};
}

} // namespace netsizer::cli
