#include "core/memory/BatchPlanner.h"

#include <algorithm>

namespace netsizer::core {

std::uint64_t largestBatchThatFits(const AffineBytes& total, std::uint64_t capacityBytes, std::uint64_t cap)
{
    if (total.fixed > capacityBytes) return 0;
    const std::uint64_t room = capacityBytes - total.fixed;
    if (total.perSample == 0) return cap;
    return std::min(cap, room / total.perSample);
}

} // namespace netsizer::core

namespace netsizer::core {

std::uint64_t largestBatchThatFitsAll(const AffineBytes* lines, std::size_t count, std::uint64_t capacityBytes,
                                      std::uint64_t cap)
{
    std::uint64_t best = cap;
    for (std::size_t i = 0; i < count; ++i) best = std::min(best, largestBatchThatFits(lines[i], capacityBytes, cap));
    return best;
}

} // namespace netsizer::core
