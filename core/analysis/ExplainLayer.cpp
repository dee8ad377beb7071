#include "core/analysis/ExplainLayer.h"

#include "core/analysis/LayerReanalysis.h"

namespace netsizer::core {

std::vector<Formula> explainLayer(const Graph& graph, const Analysis& analysis, LayerId id)
{
    const Layer* layer = graph.find(id);
    if (!layer || !layer->kind || !layer->kind->explain) return {};
    const auto re = reanalyzeLayer(graph, analysis, id);
    if (!re) return {};
    return layer->kind->explain(re->context(), re->result);
}

} // namespace netsizer::core
