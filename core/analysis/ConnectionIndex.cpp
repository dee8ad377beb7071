#include "core/analysis/ConnectionIndex.h"

#include <algorithm>
#include <utility>

namespace netsizer::core {

void ConnectionIndex::build(const Graph& graph)
{
    countConsumers(graph);
    indexInputs(graph);
}

void ConnectionIndex::countConsumers(const Graph& graph)
{
    const std::size_t n = graph.layers().size();
    const auto& conns = graph.connections();
    m_consumerBegin.assign(n + 1, 0);
    for (const auto& c : conns) {
        const int from = graph.indexOf(c.from.layer);
        if (from < 0) continue;
        auto& ports = m_consumerBegin[static_cast<std::size_t>(from) + 1];
        ports = std::max<std::size_t>(ports, c.from.port + 1u);
    }
    for (std::size_t i = 0; i < n; ++i) m_consumerBegin[i + 1] += m_consumerBegin[i];
    m_consumers.assign(m_consumerBegin[n], 0);
    for (const auto& c : conns) {
        const int from = graph.indexOf(c.from.layer);
        if (from < 0) continue;
        ++m_consumers[m_consumerBegin[static_cast<std::size_t>(from)] + c.from.port];
    }
}

void ConnectionIndex::indexInputs(const Graph& graph)
{
    const auto& conns = graph.connections();
    const std::size_t n = graph.layers().size();
    m_inputBegin.assign(n + 1, 0);
    m_connTarget.resize(conns.size());
    for (std::size_t k = 0; k < conns.size(); ++k) {
        m_connTarget[k] = graph.indexOf(conns[k].to.layer);
        if (m_connTarget[k] >= 0) ++m_inputBegin[static_cast<std::size_t>(m_connTarget[k]) + 1];
    }
    for (std::size_t i = 0; i < n; ++i) m_inputBegin[i + 1] += m_inputBegin[i];
    m_inputConns.resize(m_inputBegin[n]);
    std::vector<std::size_t> fill(m_inputBegin.begin(), m_inputBegin.end() - 1);
    for (std::size_t k = 0; k < conns.size(); ++k)
        if (m_connTarget[k] >= 0) m_inputConns[fill[static_cast<std::size_t>(m_connTarget[k])]++] = conns[k];
    for (std::size_t i = 0; i < n; ++i) {
        // Insertion sort: stable, and a layer has few inputs.
        Connection* first = m_inputConns.data() + m_inputBegin[i];
        Connection* last = m_inputConns.data() + m_inputBegin[i + 1];
        for (Connection* it = first + (first != last); it < last; ++it)
            for (Connection* j = it; j > first && (j - 1)->to.port > j->to.port; --j) std::swap(*(j - 1), *j);
    }
}

} // namespace netsizer::core
