#include "app/cli/RanksReport.h"

#include "app/cli/TextTable.h"
#include "core/report/PeakHeadline.h"
#include "core/util/NumberFormat.h"

#include <nlohmann/json.hpp>

namespace netsizer::cli {
namespace {

// Any unsigned count with thousands separators (NumberFormat takes 64 bits).
std::string thousands(std::uint64_t n) { return core::withThousands(n); }

using namespace netsizer::core;

std::string bytesText(std::uint64_t b) { return formatBytes(static_cast<double>(b)); }

std::uint64_t buffersOf(const RankEstimate& r) { return saturatingAdd(r.states.gatherBuffer, r.states.commBuffer); }

std::string settingsLine(const ParallelEstimate& pe, const ParallelConfig& p)
{
    std::string line = "Parallel: " + thousands(p.gpus) + " GPU(s) on " + thousands(p.nodes) + " node(s), " +
                       strategyName(p.strategy) + " over " + thousands(p.dataParallel()) + " data-parallel rank(s)";
    if (p.tensorParallel > 1) line += ", tensor parallel " + thousands(p.tensorParallel) + (p.sequenceParallel ? " + sequence parallel" : "");
    if (p.contextParallel > 1) line += ", context parallel " + thousands(p.contextParallel);
    if (p.pipelineParallel > 1)
        line += ", " + thousands(p.pipelineParallel) + " pipeline stages (" + scheduleName(p.schedule) +
                (p.schedule == PipelineSchedule::Interleaved ? " with " + thousands(p.virtualStages) + " model chunks per stage" : "") +
                ", " + thousands(p.microbatches) + " micro-batches)";
    if (p.offload != Offload::None) line += ", offload " + std::string(offloadName(p.offload));
    return line + "; global batch " + thousands(pe.globalBatch) + ", " + thousands(pe.microBatch) +
           " sample(s) per rank and pass\n";
}

// "12..20", or an interleaved stage's chunks "0..1, 8..9, 16..17" (the first and last three
// around "…" beyond six).
std::string layersText(const RankEstimate& r)
{
    auto range = [](const PipelineStage& c) { return thousands(c.first) + ".." + thousands(c.last); };
    if (r.chunks.size() <= 1) return thousands(r.firstLayer) + ".." + thousands(r.lastLayer);
    std::string out;
    for (std::size_t i = 0; i < r.chunks.size(); ++i) {
        if (r.chunks.size() > 6 && i >= 3 && i + 3 < r.chunks.size()) {
            if (i == 3) out += ", …";
            continue;
        }
        out += (out.empty() ? "" : ", ") + range(r.chunks[i]);
    }
    return out;
}

std::string verdictText(const RankEstimate& r)
{
    return fitVerdictName(fitVerdict(r.breakdown.peakComposition(), r.breakdown.config));
}

} // namespace

std::string ranksTable(const EstimateReport& report)
{
    if (!report.parallel) return "";
    const ParallelEstimate& pe = *report.parallel;
    const ParallelConfig& p = report.breakdown.config.parallel;
    TextTable t({"Rank", "GPUs", "Layers", "In flight", "Weights", "Gradients", "Optimizer", "Activations", "Buffers", "Peak", "CPU",
                 "Verdict"});
    for (std::size_t col = 1; col < 11; ++col) t.alignRight(col);
    for (const RankEstimate& r : pe.ranks) {
        const PeakComposition at = r.breakdown.peakComposition();
        t.addRow({r.role, thousands(r.ranks), layersText(r), thousands(r.inFlight),
                  bytesText(at[Component::Weights]), bytesText(at[Component::Gradients]), bytesText(at[Component::OptimizerState]),
                  bytesText(at[Component::Activations]), bytesText(buffersOf(r)), bytesText(at.bytes), bytesText(r.states.cpu),
                  verdictText(r)});
    }
    const RankEstimate& top = pe.ranks[pe.peakRank];
    return settingsLine(pe, p) + "\n" + t.render() + "(Per GPU, at each rank's peak; Buffers: the gathered units and all-reduce buckets, part of the workspace; CPU: offloaded shards.)\nThe rank that peaks: " +
           top.role + ", " + bytesText(top.breakdown.peakBytes()) + " (" + thousands(top.breakdown.peakBytes()) +
           " B); the breakdown below is this rank's.\n";
}

void addRanksJson(const EstimateReport& report, nlohmann::ordered_json& into)
{
    if (!report.parallel) return;
    const ParallelEstimate& pe = *report.parallel;
    const ParallelConfig& p = report.breakdown.config.parallel;
    into["parallel"] = {{"gpus", p.gpus},
                        {"nodes", p.nodes},
                        {"strategy", strategyName(p.strategy)},
                        {"data_parallel", p.dataParallel()},
                        {"tensor_parallel", p.tensorParallel},
                        {"pipeline_parallel", p.pipelineParallel},
                        {"sequence_parallel", p.sequenceParallel},
                        {"microbatches", p.microbatches},
                        {"schedule", scheduleName(p.schedule)},
                        {"virtual_stages", p.virtualStages},
                        {"context_parallel", p.contextParallel},
                        {"offload", offloadName(p.offload)},
                        {"global_batch", pe.globalBatch},
                        {"micro_batch", pe.microBatch}};
    nlohmann::ordered_json ranks = nlohmann::ordered_json::array();
    for (const RankEstimate& r : pe.ranks) {
        const PeakComposition at = r.breakdown.peakComposition();
        nlohmann::ordered_json j;
        j["role"] = r.role;
        j["stage"] = r.stage;
        j["gpus"] = r.ranks;
        j["first_layer"] = r.firstLayer;
        j["last_layer"] = r.lastLayer;
        j["in_flight"] = r.inFlight;
        j["in_flight_chunks"] = r.inFlightChunks;
        nlohmann::ordered_json chunks = nlohmann::ordered_json::array();
        for (const PipelineStage& c : r.chunks) chunks.push_back({c.first, c.last});
        j["chunks"] = chunks;
        nlohmann::ordered_json comps;
        for (Component c : kAllComponents) comps[componentName(c)] = at[c];
        j["peak_components"] = comps;
        j["gather_buffer_bytes"] = r.states.gatherBuffer;
        j["comm_buffer_bytes"] = r.states.commBuffer;
        j["context_ring_bytes"] = r.contextRingBytes();
        j["peak_bytes"] = at.bytes;
        j["peak_phase"] = stepPhaseName(at.where.phase);
        j["fits"] = r.breakdown.config.gpu ? nlohmann::ordered_json(r.breakdown.fits()) : nlohmann::ordered_json(nullptr);
        j["verdict"] = verdictText(r);
        j["cpu_bytes"] = r.states.cpu;
        ranks.push_back(j);
    }
    into["ranks"] = ranks;
    into["peak_rank"] = pe.peakRank;
}

} // namespace netsizer::cli
