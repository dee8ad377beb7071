#include "core/graph/GroupScopes.h"

#include <cassert>
#include <unordered_map>
#include <unordered_set>

namespace netsizer::core {
namespace {

std::vector<std::string_view> split(std::string_view text, char sep)
{
    std::vector<std::string_view> parts;
    std::size_t start = 0;
    while (start <= text.size()) {
        const auto end = text.find(sep, start);
        const auto stop = end == std::string_view::npos ? text.size() : end;
        parts.push_back(text.substr(start, stop - start));
        if (end == std::string_view::npos) break;
        start = end + 1;
    }
    return parts;
}

} // namespace

bool isGroupPath(std::string_view path)
{
    if (path.empty()) return false;
    for (const auto segment : split(path, '.')) {
        if (segment.empty()) return false;
        for (const char c : segment)
            if (c == '/' || static_cast<unsigned char>(c) < 0x20 || c == 0x7F) return false;
    }
    return true;
}

std::string modulePath(std::string_view layerName)
{
    if (layerName.find('/') == std::string_view::npos) return std::string(layerName);
    std::vector<std::string_view> scopes;
    for (const auto part : split(layerName, '/'))
        if (!part.empty()) scopes.push_back(part);
    // The last part names the op ("Conv", "Add"), the parts before it the module scopes.
    std::string path;
    for (std::size_t i = 0; i < scopes.size(); ++i) {
        const auto scope = scopes[i];
        if (i + 1 == scopes.size()) {
            path = path.empty() ? std::string(scope) : path + "." + std::string(scope);
            break;
        }
        if (!path.empty() && scope.size() > path.size() && scope.substr(0, path.size()) == path && scope[path.size()] == '.')
            path = std::string(scope);
        else
            path = path.empty() ? std::string(scope) : path + "." + std::string(scope);
    }
    return path;
}

std::vector<std::pair<LayerId, std::string>> scopeGroups(const Graph& graph, std::size_t depth)
{
    assert(depth >= 1);
    std::vector<std::pair<LayerId, std::string>> out;
    out.reserve(graph.size());
    for (const Layer& l : graph.layers()) {
        const std::string path = modulePath(l.name);
        const auto segments = split(path, '.');
        std::string group;
        for (std::size_t i = 0; i + 1 < segments.size() && i < depth; ++i)
            group += (i ? "." : "") + std::string(segments[i]);
        if (!isGroupPath(group)) group.clear(); // "a..b" style names give no group
        out.emplace_back(l.id, std::move(group));
    }
    std::unordered_map<std::string, std::size_t> members;
    for (const auto& entry : out)
        if (!entry.second.empty()) ++members[entry.second];
    for (auto& entry : out)
        if (!entry.second.empty() && members[entry.second] < 2) entry.second.clear();
    return out;
}

std::size_t groupByScopes(Graph& graph, std::size_t depth)
{
    std::size_t grouped = 0;
    for (auto& [id, group] : scopeGroups(graph, depth)) {
        if (!group.empty()) ++grouped;
        graph.find(id)->group = std::move(group);
    }
    return grouped;
}

std::vector<std::string> groupsOf(const Graph& graph)
{
    std::vector<std::string> out;
    std::unordered_set<std::string> seen;
    for (const Layer& l : graph.layers())
        if (!l.group.empty() && seen.insert(l.group).second) out.push_back(l.group);
    return out;
}

} // namespace netsizer::core
