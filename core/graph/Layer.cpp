#include "core/graph/Layer.h"

#include "core/layers/LayerKind.h"

namespace netsizer::core {

Layer makeLayer(const LayerKind& kind, std::string name)
{
    Layer l;
    l.name = std::move(name);
    l.kind = &kind;
    l.attrs.reserve(kind.params.size());
    for (const auto& p : kind.params) l.attrs.push_back(p.defaultValue);
    return l;
}

} // namespace netsizer::core
