#include "core/parallel/PipelineStages.h"

#include <algorithm>

namespace netsizer::core {

std::vector<PipelineStage> balanceStages(const std::vector<LayerMemory>& layers, std::uint64_t batch, std::uint32_t stages)
{
    const std::size_t n = layers.size();
    std::vector<PipelineStage> out;
    if (stages == 0 || n < stages) return out;
    long double total = 0;
    for (const LayerMemory& l : layers) total += static_cast<long double>(l.total().at(batch));
    long double running = 0;
    std::size_t first = 0;
    for (std::size_t i = 0; i < n && out.size() + 1 < stages; ++i) {
        running += static_cast<long double>(layers[i].total().at(batch));
        const std::size_t stagesLeft = stages - out.size() - 1; // after the one ending here
        const bool reached = running * stages >= total * static_cast<long double>(out.size() + 1);
        if ((reached && n - (i + 1) >= stagesLeft) || n - (i + 1) == stagesLeft) {
            out.push_back({first, i});
            first = i + 1;
        }
    }
    out.push_back({first, n - 1});
    return out;
}

std::vector<PipelineStage> chunksOfRank(const std::vector<PipelineStage>& chunks, std::uint32_t pipelineRanks, std::uint32_t stage)
{
    std::vector<PipelineStage> out;
    for (std::size_t c = stage; pipelineRanks > 0 && c < chunks.size(); c += pipelineRanks) out.push_back(chunks[c]);
    return out;
}

void restrictToStage(Analysis& view, const std::vector<PipelineStage>& ranges)
{
    auto inStage = [&](std::size_t i) {
        return std::any_of(ranges.begin(), ranges.end(), [i](const PipelineStage& r) { return i >= r.first && i <= r.last; });
    };
    const std::size_t n = view.layers.size();
    view.paramsTrainable = 0;
    view.trainableTensors = 0;
    view.activationGradientPeakNumel = 0;
    for (std::size_t i = 0; i < n; ++i) {
        LayerAnalysis& la = view.layers[i];
        if (!inStage(i)) {
            la.analysed = false;
            continue;
        }
        if (la.paramsTrainable) {
            view.paramsTrainable += la.learnableParams;
            view.trainableTensors += la.learnableTensors;
        }
        view.activationGradientPeakNumel = std::max(view.activationGradientPeakNumel, la.activationGradientNumel);
    }
    if (!inStage(0)) view.input = ElemCounts{}; // the model input lives on the first stage
}

} // namespace netsizer::core
