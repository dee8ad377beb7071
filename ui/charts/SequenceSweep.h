#pragma once
// The figures of the "memory against sequence length" chart: the model re-analysed at a few
// sequence lengths (core::setSequenceLength on a copy of the graph: powers of two from
// 1/256 of the top up to the top — the longest sequence the layers accept, or four times the
// current length when nothing bounds it — and the current length itself), each estimated at the
// document's training configuration; per GPU, the rank that peaks, when parallel
// (estimateRanks). At each length the point is what is alive at the peak instant, by component,
// so its sum is the peak. The current length reuses the document's own analysis, so its point
// is exactly the summary's peak.
//
// Cost: analyse() is one analysis per sampled length (a sequence or structural edit);
// estimate() one estimate per length (a configuration edit, and a batch edit when parallel: the
// ranks' micro-batch and pipeline balance follow the batch); setBatch() on one GPU only
// re-evaluates each length's events (O(lengths × events), no estimate).

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"

#include <cstdint>
#include <optional>
#include <vector>

namespace netsizer::ui {

class SequenceSweep {
public:
    struct Point {
        std::int64_t length = 0;
        core::PeakComposition peak; // at the configured batch (per GPU: the rank that peaks)
    };

    // The lengths sampled for a model at `current` tokens whose layers accept at most `maximum`.
    static std::vector<std::int64_t> lengthsFor(std::int64_t current, std::optional<std::int64_t> maximum);

    // Re-analyses: `graph` at every sampled length, `analysis` (of `graph`) for the current one.
    // A graph without token-id inputs leaves the sweep empty.
    void analyse(const core::Graph& graph, const core::Analysis& analysis);
    // Re-estimates every length at `config` and evaluates it at config.batch.
    void estimate(const core::TrainingConfig& config);
    // A new batch: on one GPU re-evaluates the stored breakdowns, else re-estimates.
    void setBatch(std::uint64_t batch);

    // The lengths whose analysis and estimate succeeded, ascending, and the current length.
    const std::vector<Point>& points() const { return m_points; }
    std::int64_t currentLength() const { return m_current; }
    const std::optional<core::GpuSpec>& gpu() const { return m_config.gpu; }

private:
    struct Sample {
        std::int64_t length = 0;
        core::Graph graph;
        core::Analysis analysis;
        std::optional<core::MemoryBreakdown> gpu; // empty when this length cannot be estimated
    };
    void evaluate();

    std::vector<Sample> m_samples;
    core::TrainingConfig m_config;
    std::vector<Point> m_points;
    std::int64_t m_current = 0;
};

} // namespace netsizer::ui
