#include "core/graph/Graph.h"

#include <algorithm>
#include <cassert>
#include <unordered_set>

namespace netsizer::core {

LayerId Graph::addLayer(Layer layer)
{
    assert(!findByName(layer.name) && "layer names must be unique");
    layer.id = LayerId{m_nextId++};
    const auto idx = toIndex(layer.id);
    if (m_indexById.size() <= idx) m_indexById.resize(idx + 1, -1);
    m_indexById[idx] = static_cast<int>(m_layers.size());
    m_idByName.emplace(layer.name, layer.id);
    m_layers.push_back(std::move(layer));
    return m_layers.back().id;
}

void Graph::restoreLayer(Layer layer)
{
    assert(!find(layer.id) && "restoring a layer whose id is taken");
    const auto idx = toIndex(layer.id);
    if (m_nextId <= idx) m_nextId = idx + 1;
    if (m_indexById.size() <= idx) m_indexById.resize(idx + 1, -1);
    m_indexById[idx] = static_cast<int>(m_layers.size());
    m_idByName.emplace(layer.name, layer.id);
    m_layers.push_back(std::move(layer));
}

bool Graph::removeLayer(LayerId id)
{
    const int i = indexOf(id);
    if (i < 0) return false;
    m_idByName.erase(m_layers[static_cast<std::size_t>(i)].name);
    m_layers.erase(m_layers.begin() + i);
    std::erase_if(m_connections, [this, id](const Connection& c) {
        const bool touches = c.from.layer == id || c.to.layer == id;
        if (touches) m_connectionSet.erase(c);
        return touches;
    });
    rebuildIndex();
    return true;
}

bool Graph::renameLayer(LayerId id, const std::string& name)
{
    Layer* l = find(id);
    if (!l) return false;
    if (l->name == name) return true;
    if (m_idByName.count(name)) return false;
    m_idByName.erase(l->name);
    l->name = name;
    m_idByName.emplace(name, id);
    return true;
}

bool Graph::connect(const Connection& c)
{
    if (!find(c.from.layer) || !find(c.to.layer)) return false;
    if (!m_connectionSet.insert(c).second) return false;
    m_connections.push_back(c);
    return true;
}

bool Graph::disconnect(const Connection& c)
{
    if (!m_connectionSet.erase(c)) return false;
    m_connections.erase(std::find(m_connections.begin(), m_connections.end(), c));
    return true;
}

const Layer* Graph::find(LayerId id) const
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &m_layers[static_cast<std::size_t>(i)];
}

Layer* Graph::find(LayerId id)
{
    const int i = indexOf(id);
    return i < 0 ? nullptr : &m_layers[static_cast<std::size_t>(i)];
}

const Layer* Graph::findByName(std::string_view name) const
{
    const auto it = m_idByName.find(std::string(name));
    return it == m_idByName.end() ? nullptr : find(it->second);
}

std::vector<Connection> Graph::inputsOf(LayerId id) const
{
    std::vector<Connection> out;
    for (const auto& c : m_connections)
        if (c.to.layer == id) out.push_back(c);
    std::stable_sort(out.begin(), out.end(), [](const Connection& a, const Connection& b) { return a.to.port < b.to.port; });
    return out;
}

std::vector<Connection> Graph::outputsOf(LayerId id) const
{
    std::vector<Connection> out;
    for (const auto& c : m_connections)
        if (c.from.layer == id) out.push_back(c);
    return out;
}

std::string Graph::uniqueName(std::string_view base) const
{
    std::string b(base);
    if (!m_idByName.count(b)) return b;
    for (int n = 2;; ++n) {
        std::string candidate = b + "_" + std::to_string(n);
        if (!m_idByName.count(candidate)) return candidate;
    }
}

Result<std::vector<std::size_t>> Graph::topologicalOrder() const
{
    const std::size_t n = m_layers.size();
    std::vector<int> indegree(n, 0);
    // Successors of layer i, in connection insertion order: next[nextBegin[i] .. nextBegin[i + 1]).
    // Flat (two allocations) rather than a vector per layer.
    std::vector<std::size_t> nextBegin(n + 1, 0);
    for (const auto& c : m_connections) {
        const int from = indexOf(c.from.layer), to = indexOf(c.to.layer);
        if (from < 0 || to < 0) continue;
        ++nextBegin[static_cast<std::size_t>(from) + 1];
        ++indegree[static_cast<std::size_t>(to)];
    }
    for (std::size_t i = 0; i < n; ++i) nextBegin[i + 1] += nextBegin[i];
    std::vector<std::size_t> next(nextBegin[n]);
    {
        std::vector<std::size_t> fill(nextBegin.begin(), nextBegin.end() - 1);
        for (const auto& c : m_connections) {
            const int from = indexOf(c.from.layer), to = indexOf(c.to.layer);
            if (from < 0 || to < 0) continue;
            next[fill[static_cast<std::size_t>(from)]++] = static_cast<std::size_t>(to);
        }
    }
    // Kahn's algorithm; ties broken by insertion order so the result is deterministic and
    // follows the file's layer order for sequential models.
    std::vector<std::size_t> order;
    order.reserve(n);
    std::vector<std::size_t> ready;
    for (std::size_t i = n; i-- > 0;)
        if (indegree[i] == 0) ready.push_back(i);
    while (!ready.empty()) {
        const std::size_t i = ready.back();
        ready.pop_back();
        order.push_back(i);
        // push in reverse so that the lowest index pops first
        for (std::size_t k = nextBegin[i + 1]; k-- > nextBegin[i];)
            if (--indegree[next[k]] == 0) ready.push_back(next[k]);
    }
    if (order.size() != n) {
        for (std::size_t i = 0; i < n; ++i)
            if (indegree[i] > 0)
                return makeError("cycle", "the connections form a cycle through layer '" + m_layers[i].name + "'", m_layers[i].name);
    }
    return order;
}

void Graph::rebuildIndex()
{
    std::fill(m_indexById.begin(), m_indexById.end(), -1);
    for (std::size_t i = 0; i < m_layers.size(); ++i) m_indexById[toIndex(m_layers[i].id)] = static_cast<int>(i);
}

} // namespace netsizer::core
