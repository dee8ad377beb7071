#include "core/checkpoint/CutPoints.h"

#include <unordered_map>

namespace netsizer::core {

std::vector<CutPoint> cutPoints(const Graph& graph, const Analysis& a)
{
    const std::size_t n = a.layers.size();
    std::vector<CutPoint> cuts;
    if (n == 0) return cuts;
    std::vector<int> posOf(graph.size(), -1); // layer index → position in a.layers
    for (std::size_t p = 0; p < n; ++p) posOf[a.layers[p].layerIndex] = static_cast<int>(p);
    // Each tensor (producer position, port) crosses the cuts after producer .. lastUse - 1.
    // A difference array counts them per cut; one of the xor of their ids names the tensor
    // when exactly one crosses (id = producer position × 65,536 + port + 1).
    std::vector<long long> countDiff(n + 1, 0);
    std::vector<std::uint64_t> xorDiff(n + 1, 0);
    struct Use { std::size_t from, to; std::uint64_t id; };
    std::vector<Use> uses;
    for (const Connection& c : graph.connections()) {
        const int f = graph.indexOf(c.from.layer), t = graph.indexOf(c.to.layer);
        if (f < 0 || t < 0) continue;
        const int pf = posOf[static_cast<std::size_t>(f)], pt = posOf[static_cast<std::size_t>(t)];
        if (pf < 0 || pt <= pf) continue;
        uses.push_back({static_cast<std::size_t>(pf), static_cast<std::size_t>(pt),
                        (static_cast<std::uint64_t>(pf) << 16) + c.from.port + 1});
    }
    // The last consumer of every tensor: sort-free, one tensor per (producer, port) id.
    std::unordered_map<std::uint64_t, std::size_t> last;
    last.reserve(uses.size());
    for (const Use& u : uses) {
        auto [it, fresh] = last.emplace(u.id, u.to);
        if (!fresh && u.to > it->second) it->second = u.to;
    }
    for (const auto& [id, to] : last) {
        const std::size_t from = static_cast<std::size_t>(id >> 16);
        countDiff[from] += 1;
        countDiff[to] -= 1;
        xorDiff[from] ^= id;
        xorDiff[to] ^= id;
    }
    long long count = 0;
    std::uint64_t x = 0;
    for (std::size_t p = 0; p + 1 < n; ++p) {
        count += countDiff[p];
        x ^= xorDiff[p];
        if (count == 0) cuts.push_back({p, -1});
        else if (count == 1 && ((x - 1) & 0xFFFF) == 0) cuts.push_back({p, static_cast<std::int32_t>(x >> 16)});
    }
    cuts.push_back({n - 1, -1});
    return cuts;
}

} // namespace netsizer::core
