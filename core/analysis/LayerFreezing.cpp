#include "core/analysis/LayerFreezing.h"

#include <algorithm>

namespace netsizer::core {
namespace {

bool containsAny(const std::string& name, const std::vector<std::string>& substrings)
{
    return std::any_of(substrings.begin(), substrings.end(),
                       [&](const std::string& s) { return !s.empty() && name.find(s) != std::string::npos; });
}

std::size_t setTrainable(Graph& graph, LayerId id, bool trainable)
{
    Layer* layer = graph.find(id);
    if (!layer || layer->trainable == trainable) return 0;
    layer->trainable = trainable;
    return 1;
}

} // namespace

std::size_t freezeMatching(Graph& graph, const std::vector<std::string>& substrings)
{
    std::size_t changed = 0;
    for (const Layer& l : graph.layers())
        if (containsAny(l.name, substrings)) changed += setTrainable(graph, l.id, false);
    return changed;
}

std::size_t trainOnlyMatching(Graph& graph, const std::vector<std::string>& substrings)
{
    std::size_t changed = 0;
    for (const Layer& l : graph.layers())
        if (!containsAny(l.name, substrings)) changed += setTrainable(graph, l.id, false);
    return changed;
}

std::vector<LayerId> layersWithWeights(const Analysis& analysis)
{
    std::vector<LayerId> ids;
    for (const LayerAnalysis& la : analysis.layers)
        if (la.analysed && la.learnableParams > 0) ids.push_back(la.id);
    return ids;
}

std::size_t trainLastLayers(Graph& graph, const Analysis& analysis, std::size_t count)
{
    const std::vector<LayerId> ids = layersWithWeights(analysis);
    const std::size_t frozen = ids.size() > count ? ids.size() - count : 0;
    std::size_t changed = 0;
    for (std::size_t i = 0; i < ids.size(); ++i) changed += setTrainable(graph, ids[i], i >= frozen);
    return changed;
}

} // namespace netsizer::core
