#include "app/cli/CheckpointOptions.h"

#include "core/analysis/Analysis.h"
#include "core/checkpoint/CheckpointPlacement.h"
#include "core/checkpoint/CheckpointScopes.h"
#include "core/estimate/GpuCatalog.h"
#include "core/util/NumberFormat.h"

#include <cstdio>

namespace netsizer::cli {

core::Result<bool> applyCheckpointOptions(const CliOptions& o, const core::TrainingConfig& config, core::ModelFile& model)
{
    if (o.checkpoint.empty() && !o.checkpointAuto) return false;
    const char* option = o.checkpointAuto ? "--checkpoint-auto" : "--checkpoint";
    if (config.framework != core::Framework::PyTorch && config.framework != core::Framework::PyTorchCpu)
        return core::makeError("usage", std::string("gradient checkpointing is modelled for PyTorch only, not ") +
                                            core::frameworkInfo(config.framework).label,
                               option);
    core::Graph& g = model.graph;
    if (!o.checkpoint.empty()) {
        core::clearCheckpoints(g);
        for (const std::string& scope : o.checkpoint)
            if (auto marked = core::checkpointScope(g, scope); !marked) return core::makeError("usage", marked.error().message, "--checkpoint");
    } else {
        const std::uint64_t context = core::GpuCatalog::builtin().defaultContextBytes();
        core::Result<core::CheckpointedGraph> placed = core::makeError("usage", "", option);
        if (*o.checkpointAuto == CliOptions::CheckpointAuto::Sqrt) {
            placed = core::checkpointSqrt(g, config, context);
        } else {
            if (!o.budgetBytes && !config.gpu)
                return core::makeError("usage", "the budget is the GPU's memory: give --gpu NAME, --gpu-memory SIZE or --budget SIZE", option);
            placed = core::checkpointForBudget(g, config, o.budgetBytes ? *o.budgetBytes : config.gpu->memoryBytes, context);
        }
        if (!placed) return placed.error();
        g = std::move(placed.value().graph);
    }
    const core::Analysis a = core::analyze(g);
    if (!a.ok()) return true; // the command reports the analysis error
    std::size_t layers = 0;
    for (const auto& s : a.segments) layers += s.last - s.first + 1;
    std::string note = core::withThousands(static_cast<std::uint64_t>(a.segments.size())) + " checkpointed segment(s), " +
                       core::withThousands(static_cast<std::uint64_t>(layers)) + " layers, by " + option;
    if (a.macs > 0) {
        char pct[32];
        std::snprintf(pct, sizeof pct, "%.1f", 100.0 * static_cast<double>(a.recomputedMacs) / static_cast<double>(a.macs));
        note += ": recomputing them adds " + std::string(pct) + " % of the forward MACs";
    }
    model.notes.push_back(note);
    return true;
}

} // namespace netsizer::cli
