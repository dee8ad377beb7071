#include "core/graph/GraphBuilder.h"

#include "core/util/Check.h"

namespace netsizer::core {

LayerId GraphBuilder::add(const std::string& kindId, const std::string& name, std::vector<PortRef> inputs,
                          std::initializer_list<Attr> attrs)
{
    const LayerKind* kind = m_registry.find(kindId);
    NETSIZER_CHECK(kind, "GraphBuilder::add: unknown layer kind");
    Layer layer = makeLayer(*kind, m_graph.uniqueName(name));
    for (const auto& [key, value] : attrs) {
        const int i = kind->paramIndex(key);
        NETSIZER_CHECK(i >= 0, "GraphBuilder::add: unknown attribute for this kind");
        // Convenience: an integer given for a list attribute means a one-element list, and an
        // integer given for a float attribute is converted.
        const auto& spec = kind->params[static_cast<std::size_t>(i)];
        if (spec.type == AttrType::IntList && std::holds_alternative<std::int64_t>(value))
            layer.attrs[static_cast<std::size_t>(i)] = IntList{std::get<std::int64_t>(value)};
        else if (spec.type == AttrType::Float && std::holds_alternative<std::int64_t>(value))
            layer.attrs[static_cast<std::size_t>(i)] = static_cast<double>(std::get<std::int64_t>(value));
        else
            layer.attrs[static_cast<std::size_t>(i)] = value;
    }
    const LayerId id = m_graph.addLayer(std::move(layer));
    for (std::size_t p = 0; p < inputs.size(); ++p)
        m_graph.connect(Connection{inputs[p], PortRef{id, static_cast<std::uint16_t>(p)}});
    return id;
}

LayerId GraphBuilder::add(const std::string& kindId, const std::string& name, std::initializer_list<LayerId> inputs,
                          std::initializer_list<Attr> attrs)
{
    std::vector<PortRef> refs;
    for (LayerId id : inputs) refs.push_back(PortRef{id, 0});
    return add(kindId, name, std::move(refs), attrs);
}

} // namespace netsizer::core
