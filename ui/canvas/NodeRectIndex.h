#pragma once
// The boxes of the canvas's nodes in a uniform grid, for routing every edge in one pass
// (GraphScene::routeEdges): which boxes meet a rectangle, in time proportional to the grid cells
// the rectangle covers and the boxes found there, never to the scene's item count. A snapshot:
// built from the nodes' positions at one moment and not updated when a node moves, so it lives
// only as long as the routing pass that built it.

#include <QRectF>

#include <cstdint>
#include <unordered_map>
#include <vector>

namespace netsizer::ui {

class NodeItem;

class NodeRectIndex {
public:
    struct Entry {
        const NodeItem* node;
        QRectF box; // scene coordinates
    };

    // `cell`: the grid's cell size in scene units (a node box spans one to four cells).
    explicit NodeRectIndex(double cell = 256);

    void insert(const NodeItem* node, const QRectF& box);
    // Every entry whose box intersects `rect` (QRectF::intersects), each once, in insertion order.
    std::vector<Entry> intersecting(const QRectF& rect) const;
    std::size_t size() const { return m_entries.size(); }

private:
    std::int64_t cellOf(double v) const;
    static std::uint64_t key(std::int64_t x, std::int64_t y);

    double m_cell;
    std::vector<Entry> m_entries;
    std::unordered_map<std::uint64_t, std::vector<std::uint32_t>> m_cells; // cell → entry indices
};

} // namespace netsizer::ui
