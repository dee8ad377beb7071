#pragma once
// The graph's connections indexed by layer index, built once per analysis: the connections
// ending at each layer (by input port) and how many leave each output port. Flat arrays, two
// passes over the connections — no per-layer vectors and no scan of every connection per layer
// (which made the analysis O(layers × connections)).

#include "core/graph/Connection.h"
#include "core/graph/Graph.h"

#include <cstddef>
#include <span>
#include <vector>

namespace netsizer::core {

class ConnectionIndex {
public:
    // Indexes `graph`'s connections; those naming a layer that does not exist are left out.
    void build(const Graph& graph);

    // The connections ending at layer `layerIndex`, sorted by input port: exactly what
    // Graph::inputsOf(id) returns (insertion order, stable-sorted by port).
    std::span<const Connection> inputsOf(std::size_t layerIndex) const
    {
        return {m_inputConns.data() + m_inputBegin[layerIndex], m_inputBegin[layerIndex + 1] - m_inputBegin[layerIndex]};
    }

    // Connections leaving output `port` of layer `layerIndex`.
    int consumersOf(std::size_t layerIndex, std::size_t port) const
    {
        const std::size_t ports = m_consumerBegin[layerIndex + 1] - m_consumerBegin[layerIndex];
        return port < ports ? m_consumers[m_consumerBegin[layerIndex] + port] : 0;
    }

private:
    void countConsumers(const Graph& graph);
    void indexInputs(const Graph& graph);

    // Layer i's ports are m_consumers[m_consumerBegin[i] .. m_consumerBegin[i + 1]), as many as
    // its highest connected port + 1.
    std::vector<std::size_t> m_consumerBegin; // by layer index, n + 1 offsets into m_consumers
    std::vector<int> m_consumers;             // connections per output port, grouped by layer
    // Layer i's inputs are m_inputConns[m_inputBegin[i] .. m_inputBegin[i + 1]).
    std::vector<std::size_t> m_inputBegin; // by layer index, n + 1 offsets into m_inputConns
    std::vector<Connection> m_inputConns;  // connections grouped by target layer, by port
    std::vector<int> m_connTarget;         // by connection: index of the target layer, or -1
};

} // namespace netsizer::core
