#pragma once
// Builds graphs in code (tests, benchmarks, importers): layers by kind id with named attributes,
// each new layer fed by the given outputs. Misuse (unknown kind or attribute, wrong value type)
// is a programming error and asserts; input *data* errors belong to the file readers.

#include "core/graph/AttrValue.h"
#include "core/graph/Graph.h"
#include "core/layers/KindRegistry.h"

#include <initializer_list>
#include <string>
#include <utility>
#include <vector>

namespace netsizer::core {

class GraphBuilder {
public:
    using Attr = std::pair<std::string, AttrValue>;

    explicit GraphBuilder(const KindRegistry& registry = KindRegistry::builtin()) : m_registry(registry) {}

    // Adds a layer of kind `kindId` named `name` (made unique if taken) fed by `inputs`
    // (output port 0 of each, in port order). Returns its id.
    LayerId add(const std::string& kindId, const std::string& name, std::vector<PortRef> inputs,
                std::initializer_list<Attr> attrs = {});
    // Shorthand: inputs are port 0 of the given layers.
    LayerId add(const std::string& kindId, const std::string& name, std::initializer_list<LayerId> inputs,
                std::initializer_list<Attr> attrs = {});

    Graph& graph() { return m_graph; }
    Graph take() { return std::move(m_graph); }

private:
    const KindRegistry& m_registry;
    Graph m_graph;
};

} // namespace netsizer::core
