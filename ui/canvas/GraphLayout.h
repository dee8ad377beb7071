#pragma once
// Automatic layered layout, top to bottom, for graphs that arrive without canvas positions.
// Uses Graphviz's `dot` (libgvc, Debian libgraphviz-dev) when the build found it, else a
// simple longest-path layering with barycentre ordering. Pure computation on a core::Graph:
// it returns centres in scene units and changes nothing. Callable from any thread: libgvc keeps
// global state, so the Graphviz calls of concurrent layouts take turns.

#include "core/graph/Graph.h"

#include <QPointF>
#include <QSizeF>

#include <unordered_map>

namespace netsizer::ui {

class GraphLayout {
public:
    // Centres of every layer (key: core::toIndex(id)) for nodes of `nodeSize` scene units.
    static std::unordered_map<std::uint32_t, QPointF> layout(const core::Graph& graph, QSizeF nodeSize);
    // Centres for canvas nodes (NodeItem's size) of the layers of `graph` that have no saved
    // position; empty when every layer has one. Pure, and safe on any thread: the designer
    // lays out a file's graph on the worker thread that read it (ui/files/BackgroundRead).
    static std::unordered_map<std::uint32_t, QPointF> unplaced(const core::Graph& graph);
    // True when this build lays out with Graphviz dot.
    static bool usesGraphviz();

private:
    static std::unordered_map<std::uint32_t, QPointF> layered(const core::Graph& graph, QSizeF nodeSize);
    static std::unordered_map<std::uint32_t, QPointF> dot(const core::Graph& graph, QSizeF nodeSize, bool& ok);
};

} // namespace netsizer::ui
