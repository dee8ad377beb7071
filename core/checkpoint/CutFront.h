#pragma once
// The Pareto front of one cut in the dynamic programme of the budget placement
// (core/checkpoint/CheckpointPlacement.h): the placement prefixes that end at the cut, each
// with the bytes it keeps for backward and what it costs in recomputation, no state keeping
// at least as much as another for no lower cost. Kept ascending, cost strictly descending.
//
// The programme offers candidates in batches: one transition (the plain layers to the next cut,
// or a checkpointed segment) applied to states of one source front, which shifts every state by
// the same bytes and cost, so a batch is a front itself. Most candidates are dominated; each is
// checked against the settled states by one walk along both and dropped. The rest wait in a
// pending list that is sorted and merged into the settled states once it has grown (so memory
// stays bounded) and when the programme reaches the cut (`settle`). Ties between equal states go
// to the one offered first, so the result equals inserting every candidate one by one.

#include "core/util/Checked.h"

#include <cstddef>
#include <cstdint>
#include <vector>

namespace netsizer::core {

// Where a state came from: the front it extends (its cut, and whether there the tensor crossing
// the cut had lost the layer keeping it) and the kind of transition. cut -1: the start.
struct PlacementOrigin {
    int cut = -1;
    bool lost = false;
    bool segment = false; // a checkpointed segment, else the plain layers to the next cut
};

struct PlacementState {
    std::uint64_t kept = 0; // forward-kept bytes of the prefix
    std::uint64_t cost = 0; // what its recomputation costs (CheckpointPlacement.cpp's cost scale)
    PlacementOrigin from;
    int prevState = -1; // the index of the state it extends in its origin's front
};

class CutFront {
public:
    CutFront();

    // The programme's start: one state, settled.
    void seed(const PlacementState& state);

    // Offers source[*i] shifted by `added` bytes and `cost`, for i in [first, last) (indices of
    // states kept ascending, cost descending), as transitions `from` the source's front, while
    // the shifted kept bytes are within `limit` (the rest keep more).
    void offer(const std::vector<PlacementState>& source, const std::size_t* first, const std::size_t* last, PlacementOrigin from,
               std::uint64_t added, std::uint64_t cost, std::uint64_t limit);

    // Merges the pending candidates; the front, final once no cut before it offers more.
    std::vector<PlacementState>& settle();

    std::vector<PlacementState>& states() { return settled_; } // as of the last settle

private:
    void index();

    std::vector<PlacementState> settled_, pending_, merged_;
    // settled_'s kept bytes and costs for the walk in offer, between sentinels that end the walk
    // and dominate nothing: kept 0 and 2^64 - 1, cost 2^64 - 1.
    std::vector<std::uint64_t> keptOf_, costOf_;
};

} // namespace netsizer::core
