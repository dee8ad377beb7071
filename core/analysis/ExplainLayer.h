#pragma once
// The teaching view's formulas for one analysed layer (LayerKind::explain), computed on demand.
// The analysis keeps each layer's outputs and parameters but not the saved-tensor rules a kind's
// explain() also reads, so the layer is analysed again from its inputs' shapes: one kind call,
// done only when someone asks.

#include "core/analysis/Analysis.h"
#include "core/layers/LayerKind.h"

#include <vector>

namespace netsizer::core {

// The formulas of layer `id` of `graph`, analysed as `analysis` (analyze(graph)). Empty when
// the layer was not analysed (it or a layer feeding it has an error) or its kind explains
// nothing.
std::vector<Formula> explainLayer(const Graph& graph, const Analysis& analysis, LayerId id);

} // namespace netsizer::core
