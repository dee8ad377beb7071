#include "core/checkpoint/CutFront.h"

#include <algorithm>

namespace netsizer::core {
namespace {

// Ties between equal states go to the one offered first: from an earlier source cut, from the
// same cut the front that kept its tensor before the other, the plain transition before the
// segment, and then the earlier source state.
bool offeredFirst(const PlacementState& a, const PlacementState& b)
{
    if (a.from.cut != b.from.cut) return a.from.cut < b.from.cut;
    if (a.from.lost != b.from.lost) return !a.from.lost;
    if (a.from.segment != b.from.segment) return !a.from.segment;
    return a.prevState < b.prevState;
}

// The order in which a front is built: kept ascending, then the cheapest, then the first offered.
bool frontOrder(const PlacementState& a, const PlacementState& b)
{
    if (a.kept != b.kept) return a.kept < b.kept;
    if (a.cost != b.cost) return a.cost < b.cost;
    return offeredFirst(a, b);
}

} // namespace

CutFront::CutFront() { index(); }

void CutFront::seed(const PlacementState& state)
{
    settled_.assign(1, state);
    pending_.clear();
    index();
}

void CutFront::offer(const std::vector<PlacementState>& source, const std::size_t* first, const std::size_t* last, PlacementOrigin from,
                     std::uint64_t added, std::uint64_t cost, std::uint64_t limit)
{
    // Indices into keptOf_/costOf_: 1 + the settled index, between the sentinels.
    const std::uint64_t* kept = keptOf_.data();
    const std::uint64_t* costs = costOf_.data();
    std::size_t p = 1;
    for (; first != last; ++first) {
        const PlacementState& s = source[*first];
        const std::uint64_t k = saturatingAdd(s.kept, added);
        if (k > limit) break;
        const std::uint64_t c = saturatingAdd(s.cost, cost);
        while (kept[p] < k) ++p;
        if (costs[p - 1] <= c) continue;                  // one that keeps less is as cheap
        if (kept[p] == k && costs[p] <= c) continue;      // one that keeps as much is as cheap
        pending_.push_back(PlacementState{k, c, from, static_cast<int>(*first)});
    }
    if (pending_.size() > std::max<std::size_t>(12, settled_.size() / 8)) settle();
}

std::vector<PlacementState>& CutFront::settle()
{
    if (pending_.empty()) return settled_;
    std::sort(pending_.begin(), pending_.end(), frontOrder);
    merged_.clear();
    auto a = settled_.cbegin();
    auto b = pending_.cbegin();
    while (a != settled_.cend() || b != pending_.cend()) {
        // Settled states were offered before every pending one: they win exact ties.
        const bool takeSettled = b == pending_.cend() || (a != settled_.cend() && !frontOrder(*b, *a));
        const PlacementState& next = takeSettled ? *a++ : *b++;
        if (merged_.empty() || next.cost < merged_.back().cost) merged_.push_back(next);
    }
    settled_.swap(merged_);
    pending_.clear();
    index();
    return settled_;
}

void CutFront::index()
{
    keptOf_.assign(settled_.size() + 2, 0);
    costOf_.assign(settled_.size() + 2, kSaturated);
    for (std::size_t i = 0; i < settled_.size(); ++i) {
        keptOf_[i + 1] = settled_[i].kept;
        costOf_[i + 1] = settled_[i].cost;
    }
    keptOf_.back() = kSaturated;
}

} // namespace netsizer::core
