#include "core/analysis/LayerReanalysis.h"

namespace netsizer::core {

const LayerAnalysis* findAnalysed(const Analysis& analysis, LayerId id)
{
    for (const auto& la : analysis.layers)
        if (la.id == id) return &la;
    return nullptr;
}

std::optional<LayerReanalysis> reanalyzeLayer(const Graph& graph, const Analysis& analysis, LayerId id)
{
    LayerReanalysis out;
    out.layer = graph.find(id);
    if (!out.layer || !out.layer->kind || !out.layer->kind->analyze) return std::nullopt;
    out.analysis = findAnalysed(analysis, id);
    if (!out.analysis || !out.analysis->analysed) return std::nullopt;
    for (const Connection& c : graph.inputsOf(id)) {
        const LayerAnalysis* src = findAnalysed(analysis, c.from.layer);
        if (!src || c.from.port >= src->result.outputs.size()) return std::nullopt;
        out.inputs.push_back(src->result.outputs[c.from.port]);
        out.sources.push_back(c.from);
    }
    auto r = out.layer->kind->analyze(out.context());
    if (!r) return std::nullopt;
    out.result = std::move(*r);
    return out;
}

} // namespace netsizer::core
