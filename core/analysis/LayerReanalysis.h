#pragma once
// One layer analysed again from its inputs' shapes, for the explanations (ExplainLayer,
// core/explain): the analysis keeps each layer's outputs and parameters but not the
// saved-tensor rules of its kind, which only a new kind call returns. Done on demand, never on
// the estimate path.

#include "core/analysis/Analysis.h"
#include "core/layers/LayerKind.h"

#include <optional>
#include <vector>

namespace netsizer::core {

struct LayerReanalysis {
    const Layer* layer = nullptr;
    const LayerAnalysis* analysis = nullptr;
    std::vector<TensorInfo> inputs;       // port order
    std::vector<PortRef> sources;         // the output feeding each input port
    KindResult result;
    // The context the kind saw; valid while this object and the graph live unchanged.
    LayerContext context() const { return LayerContext{layer->attrs, inputs, layer->name}; }
};

// The analysis entry of `id`, or null.
const LayerAnalysis* findAnalysed(const Analysis& analysis, LayerId id);

// Layer `id` of `graph` (analysed as `analysis`) run through its kind again; nullopt when the
// layer is unknown or was not analysed (it or a layer feeding it has an error).
std::optional<LayerReanalysis> reanalyzeLayer(const Graph& graph, const Analysis& analysis, LayerId id);

} // namespace netsizer::core
