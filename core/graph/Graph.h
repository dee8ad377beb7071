#pragma once

#include "core/graph/Connection.h"
#include "core/graph/Layer.h"
#include "core/util/Result.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

namespace netsizer::core {

// A network: layers and the connections between their ports. A directed graph that should be
// acyclic; cycles, dangling ports and shape errors are reported by the analyser, not prevented
// here, so an editor can hold a half-built network. A plain value type (copyable).
class Graph {
public:
    std::string name; // the model's display name (file format "name")

    // Adds a layer and returns its new id (the id in `layer` is ignored). Layer names must be
    // unique: asserts when `layer.name` is taken (use uniqueName()).
    LayerId addLayer(Layer layer);
    // Adds a layer keeping `layer.id` (undo of a removal). Asserts the id is free.
    void restoreLayer(Layer layer);
    // Removes the layer and every connection touching it. False when there is no such layer.
    bool removeLayer(LayerId id);
    // Renames a layer. Names are indexed: change them only through here, never by assigning
    // Layer::name through find(). False when there is no such layer or `name` is taken by
    // another layer.
    bool renameLayer(LayerId id, const std::string& name);

    // Adds a connection; false when it already exists or an end names no layer.
    bool connect(const Connection& c);
    bool disconnect(const Connection& c);

    const std::vector<Layer>& layers() const { return m_layers; }
    const std::vector<Connection>& connections() const { return m_connections; }
    std::size_t size() const { return m_layers.size(); }

    const Layer* find(LayerId id) const;
    Layer* find(LayerId id);
    const Layer* findByName(std::string_view name) const;
    // Index of the layer in layers(), or -1.
    int indexOf(LayerId id) const // inline: the analyser calls it per connection
    {
        const auto idx = toIndex(id);
        return idx < m_indexById.size() ? m_indexById[idx] : -1;
    }

    // Connections ending at `id`, sorted by input port.
    std::vector<Connection> inputsOf(LayerId id) const;
    // Connections starting at `id`, in insertion order.
    std::vector<Connection> outputsOf(LayerId id) const;

    // `base` if no layer has that name, else "base_2", "base_3", ...
    std::string uniqueName(std::string_view base) const;

    // Indices into layers() in an order where every layer follows all layers feeding it; an
    // error naming a layer on a cycle when there is one.
    Result<std::vector<std::size_t>> topologicalOrder() const;

private:
    void rebuildIndex();

    std::vector<Layer> m_layers;
    std::vector<Connection> m_connections;
    std::vector<int> m_indexById; // LayerId -> index in m_layers, -1 when removed
    std::unordered_map<std::string, LayerId> m_idByName;
    // The same connections as m_connections, for O(1) duplicate checks in connect().
    struct ConnectionHash {
        std::size_t operator()(const Connection& c) const noexcept
        {
            const std::uint64_t a = (std::uint64_t{toIndex(c.from.layer)} << 16) | c.from.port;
            const std::uint64_t b = (std::uint64_t{toIndex(c.to.layer)} << 16) | c.to.port;
            return std::hash<std::uint64_t>{}(a * 0x9E3779B97F4A7C15ull ^ b);
        }
    };
    std::unordered_set<Connection, ConnectionHash> m_connectionSet;
    std::uint32_t m_nextId = 1;
};

} // namespace netsizer::core
