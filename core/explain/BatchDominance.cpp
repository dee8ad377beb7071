#include "core/explain/BatchDominance.h"

#include <algorithm>

namespace netsizer::core {
namespace {

bool growsWithBatch(Component c)
{
    return c == Component::Activations || c == Component::ActivationGradients || c == Component::Input;
}

bool growingOutweighs(const PeakComposition& p)
{
    std::uint64_t growing = 0, fixed = 0;
    for (Component c : kAllComponents) {
        std::uint64_t& side = growsWithBatch(c) ? growing : fixed;
        side = saturatingAdd(side, p[c]);
    }
    return growing > 0 && growing >= fixed;
}

} // namespace

std::vector<Component> dominantComponents(const PeakComposition& peak, std::size_t maxCount)
{
    std::vector<Component> order(kAllComponents.begin(), kAllComponents.end());
    std::stable_sort(order.begin(), order.end(), [&](Component a, Component b) { return peak[a] > peak[b]; });
    std::vector<Component> out;
    std::uint64_t sum = 0;
    for (Component c : order) {
        if (out.size() >= maxCount || peak[c] == 0) break;
        out.push_back(c);
        sum = saturatingAdd(sum, peak[c]);
        if (sum > peak.bytes / 2) break;
    }
    return out;
}

std::vector<std::uint64_t> batchSamples(std::uint64_t configured)
{
    const std::uint64_t top = std::min<std::uint64_t>(kMaxBatchSize, std::max<std::uint64_t>(256, saturatingMul(configured, 4)));
    std::vector<std::uint64_t> out;
    for (std::uint64_t b = 1; b <= top; b *= 2) out.push_back(b);
    if (configured >= 1 && configured <= kMaxBatchSize && !std::binary_search(out.begin(), out.end(), configured))
        out.insert(std::upper_bound(out.begin(), out.end(), configured), configured);
    return out;
}

std::uint64_t batchWhereActivationsOutweigh(const MemoryBreakdown& breakdown)
{
    if (!growingOutweighs(breakdown.peakCompositionAt(kMaxBatchSize))) return 0;
    std::uint64_t lo = 1, hi = kMaxBatchSize; // the answer is in [lo, hi]
    while (lo < hi) {
        const std::uint64_t mid = lo + (hi - lo) / 2;
        if (growingOutweighs(breakdown.peakCompositionAt(mid))) hi = mid;
        else lo = mid + 1;
    }
    return lo;
}

} // namespace netsizer::core
