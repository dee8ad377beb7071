#include "core/checkpoint/CheckpointScopes.h"

#include "core/layers/LayerKind.h"

#include <string>

namespace netsizer::core {

Result<std::size_t> checkpointScope(Graph& graph, std::string_view scope)
{
    std::size_t marked = 0;
    std::vector<LayerId> ids;
    for (const Layer& l : graph.layers())
        if (!scope.empty() && l.name.starts_with(scope) && !(l.kind && l.kind->maxInputs == 0)) ids.push_back(l.id);
    for (LayerId id : ids) {
        graph.find(id)->checkpoint = std::string(scope);
        ++marked;
    }
    if (marked == 0)
        return makeError("checkpoint_scope", "--checkpoint '" + std::string(scope) + "': no layer's name starts with it", std::string(scope));
    return marked;
}

std::size_t clearCheckpoints(Graph& graph)
{
    std::vector<LayerId> ids;
    for (const Layer& l : graph.layers())
        if (!l.checkpoint.empty()) ids.push_back(l.id);
    for (LayerId id : ids) graph.find(id)->checkpoint.clear();
    return ids.size();
}

} // namespace netsizer::core
