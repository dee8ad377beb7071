#include "core/estimate/MemoryBreakdown.h"

#include "core/memory/BatchPlanner.h"

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
        AffineBytes t = m.componentMaximaSum;
        t += extra;
        lines.push_back(t);
    }
    return lines;
}

AffineBytes bandExcess(const MemoryBreakdown& m)
{
    const AffineBytes& c = m.componentMaximaSum;
    const AffineBytes& h = m.componentMaximaHigh;
    return {h.fixed > c.fixed ? h.fixed - c.fixed : 0, h.perSample > c.perSample ? h.perSample - c.perSample : 0};
}

// How far the band reaches below the centre.
AffineBytes bandDeficit(const MemoryBreakdown& m)
{
    const AffineBytes& c = m.componentMaximaSum;
    const AffineBytes& l = m.componentMaximaLow;
    return {c.fixed > l.fixed ? c.fixed - l.fixed : 0, c.perSample > l.perSample ? c.perSample - l.perSample : 0};
}

} // namespace

std::uint64_t MemoryBreakdown::peakAt(std::uint64_t batch) const
{
    return timeline.empty() ? componentMaximaSum.at(batch) : timeline.peakAt(batch).bytes;
}

std::uint64_t MemoryBreakdown::peakLowAt(std::uint64_t batch) const
{
    const std::uint64_t p = peakAt(batch), deficit = bandDeficit(*this).at(batch);
    return p > deficit ? p - deficit : 0;
}

PeakComposition MemoryBreakdown::peakCompositionAt(std::uint64_t batch) const
{
    PeakComposition pc;
    if (timeline.empty()) {
        for (Component c : kAllComponents) pc.components[static_cast<std::size_t>(c)] = (*this)[c].at(batch);
    } else {
        pc.where = timeline.peakAt(batch);
        const auto at = timeline.components(timeline.events[pc.where.event]);
        for (std::size_t c = 0; c < at.size(); ++c) pc.components[c] = at[c].at(batch);
    }
    for (std::uint64_t v : pc.components) pc.bytes = saturatingAdd(pc.bytes, v);
    pc.low = peakLowAt(batch);
    pc.high = peakHighAt(batch);
    return pc;
}

std::uint64_t MemoryBreakdown::peakHighAt(std::uint64_t batch) const
{
    const std::uint64_t p = peakAt(batch), extra = bandExcess(*this).at(batch);
    return saturatingAdd(p, extra);
}

std::optional<SizeOverflow> MemoryBreakdown::overflowAt(std::uint64_t batch) const
{
    for (const auto& l : layers)
        if (l.total().at(batch) == kSaturated) return SizeOverflow{l.id, "layer"};
    for (const auto& e : timeline.events)
        if (e.total.at(batch) == kSaturated) return SizeOverflow{e.layer, stepPhaseName(e.phase)};
    for (Component c : kAllComponents)
        if ((*this)[c].at(batch) == kSaturated) return SizeOverflow{std::nullopt, componentName(c)};
    if (componentMaximaSum.at(batch) == kSaturated || peakHighAt(batch) == kSaturated)
        return SizeOverflow{std::nullopt, "total"};
    return std::nullopt;
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
