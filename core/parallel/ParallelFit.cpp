#include "core/parallel/ParallelFit.h"

#include "core/parallel/RankEstimator.h"

#include <algorithm>

namespace netsizer::core {

Result<ParallelFit> fitParallel(const Graph& graph, const Analysis& analysis, const TrainingConfig& config,
                                std::uint64_t defaultContextBytes, bool conservative)
{
    if (!config.gpu) return makeError("usage", "fitting a batch needs a GPU (--gpu NAME or --gpu-memory SIZE)", "gpu");
    const ParallelConfig& p = config.parallel;
    const std::uint64_t unit = std::uint64_t{p.dataParallel()} * p.microbatches; // one sample per rank and pass
    auto at = [&](std::uint64_t micro) {
        TrainingConfig c = config;
        c.batch = micro * unit;
        return estimateParallel(graph, analysis, c, defaultContextBytes);
    };
    auto fits = [&](const ParallelEstimate& e) {
        return std::all_of(e.ranks.begin(), e.ranks.end(), [&](const RankEstimate& r) { return r.breakdown.fits(conservative); });
    };
    auto first = at(1);
    if (!first) return first.error();
    ParallelFit out;
    if (unit == 0 || unit > TrainingConfig::kMaxBatch || !fits(*first)) {
        out.estimate = std::move(first).value();
        return out;
    }
    // Invariant: micro-batch `lo` fits (its estimate in `best`), `hi` + 1 does not or is beyond the limit.
    std::uint64_t lo = 1, hi = TrainingConfig::kMaxBatch / unit;
    ParallelEstimate best = std::move(first).value();
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo + 1) / 2;
        auto e = at(mid);
        if (!e) return e.error();
        if (fits(*e)) {
            lo = mid;
            best = std::move(e).value();
        } else {
            hi = mid - 1;
        }
    }
    out.globalBatch = lo * unit;
    out.estimate = std::move(best);
    return out;
}

} // namespace netsizer::core
