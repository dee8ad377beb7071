#include "ui/canvas/GraphLayout.h"

#include "ui/canvas/NodeItem.h"

#include <algorithm>
#include <map>
#include <mutex>
#include <string>
#include <vector>

#ifdef NETSIZER_HAVE_GRAPHVIZ
#include <graphviz/gvc.h>
// The dot layout plugin is linked in and registered explicitly, so layout works without
// Graphviz's plugin configuration file (config6) being present at run time.
extern "C" {
extern gvplugin_library_t gvplugin_dot_layout_LTX_library;
}
#endif

namespace netsizer::ui {

bool GraphLayout::usesGraphviz()
{
#ifdef NETSIZER_HAVE_GRAPHVIZ
    return true;
#else
    return false;
#endif
}

std::unordered_map<std::uint32_t, QPointF> GraphLayout::layout(const core::Graph& graph, QSizeF nodeSize)
{
    if (graph.size() == 0) return {};
    bool ok = false;
    auto result = dot(graph, nodeSize, ok);
    if (ok) return result;
    return layered(graph, nodeSize);
}

std::unordered_map<std::uint32_t, QPointF> GraphLayout::unplaced(const core::Graph& graph)
{
    std::unordered_map<std::uint32_t, QPointF> out;
    const auto& layers = graph.layers();
    if (std::all_of(layers.begin(), layers.end(), [](const core::Layer& l) { return l.hasPosition; })) return out;
    const auto laid = layout(graph, QSizeF(NodeItem::kWidth, NodeItem::kHeight));
    for (const auto& l : layers)
        if (!l.hasPosition) {
            const auto it = laid.find(core::toIndex(l.id));
            out[core::toIndex(l.id)] = it == laid.end() ? QPointF() : it->second;
        }
    return out;
}

std::unordered_map<std::uint32_t, QPointF> GraphLayout::dot(const core::Graph& graph, QSizeF nodeSize, bool& ok)
{
    ok = false;
    std::unordered_map<std::uint32_t, QPointF> out;
#ifdef NETSIZER_HAVE_GRAPHVIZ
    static std::mutex graphviz; // libgvc's global state: one layout at a time
    const std::lock_guard<std::mutex> lock(graphviz);
    static lt_symlist_t builtins[] = {
        {"gvplugin_dot_layout_LTX_library", reinterpret_cast<void*>(&gvplugin_dot_layout_LTX_library)},
        {nullptr, nullptr},
    };
    GVC_t* gvc = gvContextPlugins(builtins, 0);
    if (!gvc) return out;
    Agraph_t* g = agopen(const_cast<char*>("g"), Agdirected, nullptr);
    agattr(g, AGRAPH, const_cast<char*>("rankdir"), const_cast<char*>("TB"));
    agattr(g, AGRAPH, const_cast<char*>("nodesep"), const_cast<char*>("0.35"));
    agattr(g, AGRAPH, const_cast<char*>("ranksep"), const_cast<char*>("0.45"));
    const std::string w = std::to_string(nodeSize.width() / 72.0);
    const std::string h = std::to_string(nodeSize.height() / 72.0);
    agattr(g, AGNODE, const_cast<char*>("shape"), const_cast<char*>("box"));
    agattr(g, AGNODE, const_cast<char*>("fixedsize"), const_cast<char*>("true"));
    agattr(g, AGNODE, const_cast<char*>("width"), const_cast<char*>(w.c_str()));
    agattr(g, AGNODE, const_cast<char*>("height"), const_cast<char*>(h.c_str()));
    agattr(g, AGNODE, const_cast<char*>("label"), const_cast<char*>(""));
    std::map<std::uint32_t, Agnode_t*> nodes;
    for (const auto& l : graph.layers()) {
        const std::string name = "n" + std::to_string(core::toIndex(l.id));
        nodes[core::toIndex(l.id)] = agnode(g, const_cast<char*>(name.c_str()), 1);
    }
    for (const auto& c : graph.connections()) {
        auto a = nodes.find(core::toIndex(c.from.layer));
        auto b = nodes.find(core::toIndex(c.to.layer));
        if (a != nodes.end() && b != nodes.end()) agedge(g, a->second, b->second, nullptr, 1);
    }
    if (gvLayout(gvc, g, "dot") == 0) {
        // dot's y axis points up; the scene's points down.
        for (const auto& [id, n] : nodes) out[id] = QPointF(ND_coord(n).x, -ND_coord(n).y);
        gvFreeLayout(gvc, g);
        ok = true;
    }
    agclose(g);
    gvFreeContext(gvc);
#else
    (void)graph;
    (void)nodeSize;
#endif
    return out;
}

std::unordered_map<std::uint32_t, QPointF> GraphLayout::layered(const core::Graph& graph, QSizeF nodeSize)
{
    // Longest-path layers in topological order (layers on a cycle go to layer 0).
    const auto& layers = graph.layers();
    std::vector<int> level(layers.size(), 0);
    const auto order = graph.topologicalOrder();
    std::vector<std::size_t> seq;
    if (order.ok()) seq = order.value();
    else
        for (std::size_t i = 0; i < layers.size(); ++i) seq.push_back(i);
    for (std::size_t i : seq)
        for (const auto& c : graph.inputsOf(layers[i].id)) {
            const int from = graph.indexOf(c.from.layer);
            if (from >= 0) level[i] = std::max(level[i], level[static_cast<std::size_t>(from)] + 1);
        }
    std::map<int, std::vector<std::size_t>> rows;
    for (std::size_t i : seq) rows[level[i]].push_back(i);
    std::vector<double> xOf(layers.size(), 0.0);
    std::unordered_map<std::uint32_t, QPointF> out;
    const double dx = nodeSize.width() + 30, dy = nodeSize.height() + 40;
    for (auto& [lv, members] : rows) {
        // Barycentre of the parents keeps chains straight and branches apart.
        std::vector<std::pair<double, std::size_t>> keyed;
        for (std::size_t i : members) {
            double sum = 0;
            int n = 0;
            for (const auto& c : graph.inputsOf(layers[i].id)) {
                const int from = graph.indexOf(c.from.layer);
                if (from >= 0) sum += xOf[static_cast<std::size_t>(from)], ++n;
            }
            keyed.push_back({n ? sum / n : 0.0, i});
        }
        std::stable_sort(keyed.begin(), keyed.end(), [](auto& a, auto& b) { return a.first < b.first; });
        const double width = (static_cast<double>(keyed.size()) - 1) * dx;
        double prev = -1e300;
        for (std::size_t k = 0; k < keyed.size(); ++k) {
            double x = std::max(keyed[k].first, -width / 2 + static_cast<double>(k) * dx);
            if (x < prev + dx) x = prev + dx;
            prev = x;
            xOf[keyed[k].second] = x;
            out[core::toIndex(layers[keyed[k].second].id)] = QPointF(x, lv * dy);
        }
    }
    return out;
}

} // namespace netsizer::ui
