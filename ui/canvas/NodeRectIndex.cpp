#include "ui/canvas/NodeRectIndex.h"

#include <algorithm>
#include <cmath>

namespace netsizer::ui {

NodeRectIndex::NodeRectIndex(double cell) : m_cell(cell > 0 ? cell : 256) {}

std::int64_t NodeRectIndex::cellOf(double v) const
{
    // Scene coordinates far beyond any canvas are clamped: their cells are only looked up, and a
    // clamped cell still holds every box that reaches it.
    const double c = std::floor(v / m_cell);
    return static_cast<std::int64_t>(std::clamp(c, -1e9, 1e9));
}

std::uint64_t NodeRectIndex::key(std::int64_t x, std::int64_t y)
{
    return (static_cast<std::uint64_t>(static_cast<std::uint32_t>(x)) << 32) | static_cast<std::uint32_t>(y);
}

void NodeRectIndex::insert(const NodeItem* node, const QRectF& box)
{
    const auto index = static_cast<std::uint32_t>(m_entries.size());
    m_entries.push_back({node, box});
    for (std::int64_t x = cellOf(box.left()); x <= cellOf(box.right()); ++x)
        for (std::int64_t y = cellOf(box.top()); y <= cellOf(box.bottom()); ++y) m_cells[key(x, y)].push_back(index);
}

std::vector<NodeRectIndex::Entry> NodeRectIndex::intersecting(const QRectF& rect) const
{
    std::vector<Entry> out;
    const auto meets = [&rect](const QRectF& box) { return box.intersects(rect); };
    const std::int64_t x0 = cellOf(rect.left()), x1 = cellOf(rect.right());
    const std::int64_t y0 = cellOf(rect.top()), y1 = cellOf(rect.bottom());
    // A rectangle covering more cells than there are boxes (a detour round the whole graph) is
    // answered by one scan of the boxes instead.
    const double cells = (static_cast<double>(x1 - x0) + 1) * (static_cast<double>(y1 - y0) + 1);
    if (cells > static_cast<double>(m_entries.size())) {
        for (const Entry& e : m_entries)
            if (meets(e.box)) out.push_back(e);
        return out;
    }
    std::vector<std::uint32_t> found;
    for (std::int64_t x = x0; x <= x1; ++x)
        for (std::int64_t y = y0; y <= y1; ++y) {
            const auto it = m_cells.find(key(x, y));
            if (it == m_cells.end()) continue;
            for (std::uint32_t i : it->second)
                if (meets(m_entries[i].box)) found.push_back(i);
        }
    std::sort(found.begin(), found.end());
    found.erase(std::unique(found.begin(), found.end()), found.end());
    out.reserve(found.size());
    for (std::uint32_t i : found) out.push_back(m_entries[i]);
    return out;
}

} // namespace netsizer::ui
