#include "core/parallel/ParallelConfig.h"

#include <algorithm>
#include <array>
#include <utility>

namespace netsizer::core {
namespace {

constexpr std::array<std::pair<ParallelStrategy, const char*>, 7> kStrategies = {{
    {ParallelStrategy::None, "none"}, {ParallelStrategy::Ddp, "ddp"}, {ParallelStrategy::Zero1, "zero1"},
    {ParallelStrategy::Zero2, "zero2"}, {ParallelStrategy::Zero3, "zero3"}, {ParallelStrategy::Fsdp, "fsdp"},
    {ParallelStrategy::Fsdp2, "fsdp2"},
}};
constexpr std::array<std::pair<Offload, const char*>, 4> kOffloads = {{
    {Offload::None, "none"}, {Offload::Optimizer, "optimizer"}, {Offload::Params, "params"}, {Offload::Both, "both"},
}};

template <typename E, std::size_t N>
const char* nameOf(const std::array<std::pair<E, const char*>, N>& table, E v)
{
    for (const auto& [e, n] : table)
        if (e == v) return n;
    return "?";
}

template <typename E, std::size_t N>
std::optional<E> parseIn(const std::array<std::pair<E, const char*>, N>& table, std::string_view name)
{
    for (const auto& [e, n] : table)
        if (name == n) return e;
    return std::nullopt;
}

} // namespace

bool shardsParams(ParallelStrategy s)
{
    return s == ParallelStrategy::Zero3 || s == ParallelStrategy::Fsdp || s == ParallelStrategy::Fsdp2;
}

const char* strategyName(ParallelStrategy s) { return nameOf(kStrategies, s); }
const char* offloadName(Offload o) { return nameOf(kOffloads, o); }
const char* scheduleName(PipelineSchedule s)
{
    return s == PipelineSchedule::GPipe ? "gpipe" : s == PipelineSchedule::Interleaved ? "interleaved" : "1f1b";
}
std::optional<ParallelStrategy> parseStrategy(std::string_view name) { return parseIn(kStrategies, name); }
std::optional<Offload> parseOffload(std::string_view name) { return parseIn(kOffloads, name); }

std::optional<PipelineSchedule> parseSchedule(std::string_view name)
{
    if (name == "gpipe") return PipelineSchedule::GPipe;
    if (name == "1f1b") return PipelineSchedule::OneFOneB;
    if (name == "interleaved") return PipelineSchedule::Interleaved;
    return std::nullopt;
}

std::string strategyNameList()
{
    std::string s;
    for (const auto& [e, n] : kStrategies) s += (s.empty() ? "" : ", ") + std::string(n);
    return s;
}

std::uint32_t ParallelConfig::inFlightChunks(std::uint32_t stage) const
{
    const std::uint64_t v = std::max<std::uint32_t>(virtualStages, 1), all = std::uint64_t{microbatches} * v;
    if (schedule == PipelineSchedule::GPipe || stage >= pipelineParallel) return static_cast<std::uint32_t>(all);
    if (schedule == PipelineSchedule::OneFOneB) return std::min(pipelineParallel - stage, microbatches);
    const std::uint64_t warmup = 2 * std::uint64_t{pipelineParallel - stage - 1} + (v - 1) * pipelineParallel;
    return static_cast<std::uint32_t>(std::min(warmup + 1, all));
}

std::uint32_t ParallelConfig::inFlight(std::uint32_t stage) const
{
    const std::uint32_t v = std::max<std::uint32_t>(virtualStages, 1);
    return (inFlightChunks(stage) + v - 1) / v;
}

Status validateParallel(const ParallelConfig& p, std::uint64_t globalBatch)
{
    auto bad = [](const char* key, std::string message) { return makeError("bad_attribute", std::move(message), key); };
    if (p.gpus < 1 || p.gpus > ParallelConfig::kMaxGpus) return bad("gpus", "the number of GPUs must be from 1 to 65,536");
    if (p.nodes < 1 || p.gpus % p.nodes != 0)
        return bad("nodes", "the number of nodes must divide the " + std::to_string(p.gpus) + " GPUs evenly");
    if (p.tensorParallel < 1 || p.pipelineParallel < 1)
        return bad(p.tensorParallel < 1 ? "tensor_parallel" : "pipeline_parallel", "a parallel size must be at least 1");
    if (p.contextParallel < 1 || p.contextParallel > ParallelConfig::kMaxGpus)
        return bad("context_parallel", "the context-parallel size must be from 1 to 65,536");
    const std::uint64_t modelParallel = std::uint64_t{p.tensorParallel} * p.pipelineParallel * p.contextParallel;
    if (p.gpus % modelParallel != 0)
        return bad(p.contextParallel > 1 ? "context_parallel" : p.tensorParallel > 1 ? "tensor_parallel" : "pipeline_parallel",
                   std::string(p.contextParallel > 1 ? "tensor × pipeline × context parallel (" : "tensor × pipeline parallel (") +
                       std::to_string(modelParallel) + ") must divide the " + std::to_string(p.gpus) + " GPUs");
    if (p.sequenceParallel && p.tensorParallel < 2)
        return bad("sequence_parallel", "sequence parallel splits the tensor-parallel region: it needs a tensor-parallel size above 1");
    if (p.microbatches < 1 || p.microbatches > ParallelConfig::kMaxMicrobatches)
        return bad("microbatches", "the number of micro-batches must be from 1 to 65,536");
    if (p.schedule == PipelineSchedule::Interleaved && (p.pipelineParallel < 2 || p.virtualStages < 2))
        return bad(p.pipelineParallel < 2 ? "pipeline_parallel" : "virtual_stages",
                   "the interleaved schedule needs at least 2 pipeline stages and at least 2 model chunks (virtual stages) per stage");
    if (p.schedule != PipelineSchedule::Interleaved && p.virtualStages != 1)
        return bad("virtual_stages", "model chunks per stage (virtual stages) apply to the interleaved schedule only");
    if (p.virtualStages > ParallelConfig::kMaxMicrobatches)
        return bad("virtual_stages", "the number of virtual stages must be from 1 to 65,536");
    const std::uint32_t dp = p.dataParallel();
    if (p.shardingRanks() > 1 && p.strategy == ParallelStrategy::None)
        return bad("strategy", std::to_string(p.shardingRanks()) + (p.contextParallel > 1 ? " data- and context-parallel" : " data-parallel") +
                                   " ranks need a strategy (" + strategyNameList() + ")");
    if (p.offload != Offload::None) {
        if (p.strategy == ParallelStrategy::None || p.strategy == ParallelStrategy::Ddp)
            return bad("offload", "CPU offload needs a sharded strategy (zero1, zero2, zero3, fsdp, fsdp2)");
        if ((p.offload == Offload::Params || p.offload == Offload::Both) && !shardsParams(p.strategy))
            return bad("offload", std::string("offloading parameters needs zero3, fsdp or fsdp2 (") + strategyName(p.strategy) +
                                      " keeps every parameter on the GPU)");
    }
    const std::uint64_t slices = std::uint64_t{dp} * p.microbatches;
    if (globalBatch % slices != 0 || globalBatch < slices)
        return bad("batch", "the batch " + std::to_string(globalBatch) + " does not divide into " + std::to_string(dp) +
                                " data-parallel rank(s) × " + std::to_string(p.microbatches) + " micro-batch(es)");
    return Ok{};
}

} // namespace netsizer::core
