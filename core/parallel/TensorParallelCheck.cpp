#include "core/parallel/TensorParallelCheck.h"

#include "core/layers/LayerKind.h"

#include <string>

namespace netsizer::core {
namespace {

std::int64_t intAttr(const Layer& l, const char* name)
{
    const int i = l.kind->paramIndex(name);
    if (i < 0) return 0;
    const auto* v = std::get_if<std::int64_t>(&l.attrs[static_cast<std::size_t>(i)]);
    return v ? *v : 0;
}

} // namespace

Status checkTensorParallel(const Graph& graph, std::uint32_t tensorParallel)
{
    if (tensorParallel <= 1) return Ok{};
    const std::string t = std::to_string(tensorParallel);
    for (const Layer& l : graph.layers()) {
        if (!l.kind || (l.kind->id != "ScaledDotProductAttention" && l.kind->id != "MultiHeadAttention")) continue;
        const std::int64_t heads = intAttr(l, "num_heads");
        if (heads > 0 && heads % tensorParallel != 0)
            return makeError("bad_attribute",
                             "tensor parallel " + t + " splits attention by heads, but '" + l.name + "' has " +
                                 std::to_string(heads) + " heads (not a multiple of " + t + ")",
                             "tensor_parallel");
        const std::int64_t kvHeads = intAttr(l, "num_kv_heads");
        if (kvHeads > 0 && kvHeads % tensorParallel != 0)
            return makeError("bad_attribute",
                             "tensor parallel " + t + " splits the key/value heads too, but '" + l.name + "' has " +
                                 std::to_string(kvHeads) + " of them (not a multiple of " + t + ")",
                             "tensor_parallel");
    }
    return Ok{};
}

} // namespace netsizer::core
