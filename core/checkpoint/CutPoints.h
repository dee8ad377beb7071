#pragma once
// The single-tensor cut points of a network: the articulation points of its DAG in topological
// order, where a checkpointed segment can begin and end (a segment is a module with one input).

#include "core/analysis/Analysis.h"
#include "core/graph/Graph.h"

#include <cstddef>
#include <vector>

namespace netsizer::core {

// A cut after position `after` of Analysis::layers: the layers 0..after and after+1..n-1 are
// joined by exactly one tensor, output 0 of the layer at position `producer` (<= after), or by
// none (`producer` -1: the end of the network, or a part fed by nothing before it).
struct CutPoint {
    std::size_t after = 0;
    std::int32_t producer = -1;
};

// Every cut point, in increasing `after`; the last is always the network's end (after n - 1).
// O(layers + connections). `analysis` must come from `graph`.
std::vector<CutPoint> cutPoints(const Graph& graph, const Analysis& analysis);

} // namespace netsizer::core
