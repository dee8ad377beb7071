#include "core/report/PeakHeadline.h"

#include "core/timeline/PeakPlace.h"

namespace netsizer::core {

FitVerdict fitVerdict(const PeakComposition& peak, const TrainingConfig& config)
{
    if (!config.gpu) return FitVerdict::NoGpu;
    const std::uint64_t cap = config.gpu->memoryBytes;
    if (peak.high <= cap) return FitVerdict::Fits;
    if (peak.low <= cap) return FitVerdict::MayNotFit;
    return FitVerdict::DoesNotFit;
}

const char* fitVerdictName(FitVerdict v)
{
    switch (v) {
    case FitVerdict::NoGpu: return "no_gpu";
    case FitVerdict::Fits: return "fits";
    case FitVerdict::MayNotFit: return "may_not_fit";
    case FitVerdict::DoesNotFit: return "does_not_fit";
    }
    return "";
}

std::string byteRange(std::uint64_t low, std::uint64_t high, ByteUnits units)
{
    const std::string lo = formatBytes(static_cast<double>(low), units), hi = formatBytes(static_cast<double>(high), units);
    const auto sp = lo.rfind(' ');
    if (sp != std::string::npos && hi.size() >= lo.size() - sp && hi.compare(hi.size() - (lo.size() - sp), lo.size() - sp, lo, sp) == 0)
        return lo.substr(0, sp) + "\u2013" + hi;
    return lo + "\u2013" + hi;
}

std::string peakHeadline(const MemoryBreakdown& m, ByteUnits units)
{
    const PeakComposition p = m.peakComposition();
    std::string out = "Needs " + formatBytes(static_cast<double>(p.bytes), units);
    if (p.low != p.bytes || p.high != p.bytes) out += " (" + byteRange(p.low, p.high, units) + ")";
    return out + " at batch " + withThousands(m.config.batch);
}

std::string peakPlaceText(const MemoryBreakdown& m, const std::string& layerName)
{
    if (m.timeline.events.size() <= 1) {
        const bool caffe = m.config.framework == Framework::Caffe && m.config.mode == Mode::Train;
        return caffe ? "Caffe allocates every blob (data and diff) before the first iteration, so the peak is the sum of the components"
                     : "inference keeps nothing for backward, so the peak is the sum of the components";
    }
    std::string out = eventPlace(m.timeline, m.peak().event);
    if (!layerName.empty()) out += ", layer '" + layerName + "'";
    return out;
}

} // namespace netsizer::core
