#include "core/analysis/StatedTraining.h"

#include "core/layers/KindRegistry.h"

namespace netsizer::core {

namespace {

Error noSuchLayer(std::string_view layer)
{
    return makeError("usage", "no layer is named '" + std::string(layer) + "' (the names netsizer-cli estimate lists)");
}

} // namespace

Result<LayerId> insertDropoutAfter(Graph& graph, std::string_view layer, double p)
{
    const Layer* from = graph.findByName(layer);
    if (!from) return noSuchLayer(layer);
    if (!(p >= 0.0 && p < 1.0)) return makeError("usage", "dropout rate " + std::to_string(p) + " is not in [0, 1)");
    const LayerKind* dropout = KindRegistry::builtin().find("Dropout");
    const LayerId source = from->id;
    Layer l = makeLayer(*dropout, graph.uniqueName(std::string(layer) + "/dropout"));
    l.attrs[static_cast<std::size_t>(dropout->paramIndex("p"))] = p;
    l.trainable = from->trainable;
    const LayerId id = graph.addLayer(std::move(l));
    for (const Connection& c : graph.outputsOf(source)) {
        if (c.from.port != 0) continue;
        graph.disconnect(c);
        graph.connect(Connection{PortRef{id, 0}, c.to});
    }
    graph.connect(Connection{PortRef{source, 0}, PortRef{id, 0}});
    return id;
}

Status setInplace(Graph& graph, std::string_view layer)
{
    const Layer* named = graph.findByName(layer);
    if (!named) return noSuchLayer(layer);
    Layer* l = graph.find(named->id);
    const int i = l->kind->paramIndex("inplace");
    if (i < 0)
        return makeError("usage", "layer '" + std::string(layer) + "' (" + l->kind->id + ") has no in-place form");
    l->attrs[static_cast<std::size_t>(i)] = true;
    return Ok{};
}

} // namespace netsizer::core
