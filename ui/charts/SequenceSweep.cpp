#include "ui/charts/SequenceSweep.h"

#include "core/analysis/SequenceLength.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "ui/document/GpuEstimate.h"

#include <algorithm>

namespace netsizer::ui {

std::vector<std::int64_t> SequenceSweep::lengthsFor(std::int64_t current, std::optional<std::int64_t> maximum)
{
    const std::int64_t top = std::max(current, maximum.value_or(current * 4));
    std::int64_t p = 1;
    while (p < top / 256) p <<= 1;
    std::vector<std::int64_t> lengths;
    for (; p < top; p <<= 1) lengths.push_back(p);
    lengths.push_back(top);
    lengths.push_back(current);
    std::sort(lengths.begin(), lengths.end());
    lengths.erase(std::unique(lengths.begin(), lengths.end()), lengths.end());
    return lengths;
}

void SequenceSweep::analyse(const core::Graph& graph, const core::Analysis& analysis)
{
    m_samples.clear();
    m_points.clear();
    const auto current = core::sequenceLength(graph);
    m_current = current.value_or(0);
    if (!current) return;
    for (const std::int64_t length : lengthsFor(*current, core::maxSequenceLength(graph))) {
        Sample& s = m_samples.emplace_back();
        s.length = length;
        s.graph = graph;
        if (length == *current) {
            s.analysis = analysis;
            continue;
        }
        core::setSequenceLength(s.graph, length);
        s.analysis = core::analyze(s.graph);
    }
}

void SequenceSweep::estimate(const core::TrainingConfig& config)
{
    m_config = config;
    for (Sample& s : m_samples) {
        s.gpu.reset();
        if (!s.analysis.ok()) continue;
        if (!config.parallel.active()) {
            s.gpu = core::estimate(s.analysis, config, core::GpuCatalog::builtin().defaultContextBytes());
            continue;
        }
        auto ranks = estimateRanks(s.graph, s.analysis, config);
        if (ranks) s.gpu = std::move(ranks->ranks[ranks->peakRank].breakdown);
    }
    evaluate();
}

void SequenceSweep::setBatch(std::uint64_t batch)
{
    m_config.batch = batch;
    if (m_config.parallel.active()) {
        estimate(m_config);
        return;
    }
    for (Sample& s : m_samples)
        if (s.gpu) s.gpu->config.batch = batch;
    evaluate();
}

void SequenceSweep::evaluate()
{
    m_points.clear();
    for (const Sample& s : m_samples)
        if (s.gpu) m_points.push_back({s.length, s.gpu->peakComposition()});
}

} // namespace netsizer::ui
