#include "core/analysis/SequenceLength.h"

#include "core/layers/LayerKind.h"

#include <algorithm>
#include <string_view>

namespace netsizer::core {
namespace {

// The shape attribute of `l` when it is a token-id input, else null.
const IntList* tokenShape(const Layer& l)
{
    if (!l.kind || l.kind->id != "Input") return nullptr;
    const int shape = l.kind->paramIndex("shape"), dtype = l.kind->paramIndex("dtype");
    if (shape < 0 || dtype < 0) return nullptr;
    const auto* type = std::get_if<std::string>(&l.attrs[static_cast<std::size_t>(dtype)]);
    const auto* dims = std::get_if<IntList>(&l.attrs[static_cast<std::size_t>(shape)]);
    if (!type || *type != "int64" || !dims || dims->size() != 1) return nullptr;
    return dims;
}

// Attribute `name` of `l` as an integer, 0 when it has none.
std::int64_t intAttr(const Layer& l, std::string_view name)
{
    const int i = l.kind->paramIndex(std::string(name));
    if (i < 0) return 0;
    const auto* v = std::get_if<std::int64_t>(&l.attrs[static_cast<std::size_t>(i)]);
    return v ? *v : 0;
}

bool boolAttr(const Layer& l, std::string_view name)
{
    const int i = l.kind->paramIndex(std::string(name));
    if (i < 0) return false;
    const auto* v = std::get_if<bool>(&l.attrs[static_cast<std::size_t>(i)]);
    return v && *v;
}

} // namespace

std::vector<LayerId> tokenInputs(const Graph& graph)
{
    std::vector<LayerId> ids;
    for (const Layer& l : graph.layers())
        if (tokenShape(l)) ids.push_back(l.id);
    return ids;
}

std::optional<std::int64_t> sequenceLength(const Graph& graph)
{
    std::optional<std::int64_t> s;
    for (const Layer& l : graph.layers())
        if (const IntList* dims = tokenShape(l)) s = std::max(s.value_or(0), (*dims)[0]);
    return s;
}

std::optional<std::int64_t> maxSequenceLength(const Graph& graph)
{
    std::optional<std::int64_t> limit;
    const auto bound = [&](std::int64_t v) {
        if (v > 0) limit = std::min(limit.value_or(v), v);
    };
    for (const Layer& l : graph.layers()) {
        if (!l.kind) continue;
        if (l.kind->id == "RotaryEmbedding" && boolAttr(l, "cache_buffers")) bound(intAttr(l, "max_position_embeddings"));
        else if (l.kind->id == "PositionalEmbedding") bound(intAttr(l, "num_positions"));
        else if (l.kind->id == "ScaledDotProductAttention") bound(intAttr(l, "mask_buffer_positions"));
    }
    return limit;
}

std::vector<std::string> setSequenceLength(Graph& graph, std::int64_t length)
{
    std::vector<std::string> changed;
    for (const LayerId id : tokenInputs(graph)) {
        Layer& l = *graph.find(id);
        auto& dims = std::get<IntList>(l.attrs[static_cast<std::size_t>(l.kind->paramIndex("shape"))]);
        if (dims[0] == length) continue;
        dims[0] = length;
        changed.push_back(l.name);
    }
    return changed;
}

} // namespace netsizer::core
