#include "core/estimate/MemoryBreakdown.h"

#include "core/estimate/BatchPlanner.h"

#include <vector>

namespace netsizer::core {
namespace {

// The timeline's event totals plus `extra` (the band's excess for the conservative answer).
std::vector<AffineBytes> peakLines(const MemoryBreakdown& m, const AffineBytes& extra)
{
    std::vector<AffineBytes> lines;
    lines.reserve(m.timeline.events.size() + 1);
    for (const auto& e : m.timeline.events) {
        AffineBytes t = e.total;
        t += extra;
        lines.push_back(t);
    }
    if (lines.empty()) {
        AffineBytes t = m.total;
        t += extra;
        lines.push_back(t);
    }
    return lines;
}

AffineBytes bandExcess(const MemoryBreakdown& m)
{
    return {m.totalHigh.fixed > m.total.fixed ? m.totalHigh.fixed - m.total.fixed : 0,
            m.totalHigh.perSample > m.total.perSample ? m.totalHigh.perSample - m.total.perSample : 0};
}

} // namespace

std::uint64_t MemoryBreakdown::peakAt(std::uint64_t batch) const
{
    return timeline.empty() ? total.at(batch) : timeline.peakAt(batch).bytes;
}

std::uint64_t MemoryBreakdown::peakHighAt(std::uint64_t batch) const
{
    const std::uint64_t p = peakAt(batch), extra = bandExcess(*this).at(batch);
    return p + extra < p ? ~std::uint64_t{0} : p + extra;
}

bool MemoryBreakdown::fits(bool conservative) const
{
    return config.gpu && (conservative ? peakHighAt(config.batch) : peakBytes()) <= config.gpu->memoryBytes;
}

std::optional<std::uint64_t> MemoryBreakdown::maxBatch(bool conservative) const
{
    if (!config.gpu) return std::nullopt;
    const auto lines = peakLines(*this, conservative ? bandExcess(*this) : AffineBytes{});
    return largestBatchThatFitsAll(lines.data(), lines.size(), config.gpu->memoryBytes, TrainingConfig::kMaxBatch);
}

} // namespace netsizer::core
