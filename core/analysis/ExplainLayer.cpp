#include "core/analysis/ExplainLayer.h"

namespace netsizer::core {

std::vector<Formula> explainLayer(const Graph& graph, const Analysis& analysis, LayerId id)
{
    const Layer* layer = graph.find(id);
    if (!layer || !layer->kind || !layer->kind->explain) return {};
    const LayerAnalysis* self = nullptr;
    for (const auto& la : analysis.layers)
        if (la.id == id) self = &la;
    if (!self || !self->analysed) return {};
    std::vector<TensorInfo> inputs;
    for (const Connection& c : graph.inputsOf(id)) {
        const LayerAnalysis* src = nullptr;
        for (const auto& la : analysis.layers)
            if (la.id == c.from.layer) src = &la;
        if (!src || c.from.port >= src->result.outputs.size()) return {};
        inputs.push_back(src->result.outputs[c.from.port]);
    }
    const LayerContext ctx{layer->attrs, inputs, layer->name};
    const auto r = layer->kind->analyze(ctx);
    if (!r) return {};
    return layer->kind->explain(ctx, *r);
}

} // namespace netsizer::core
