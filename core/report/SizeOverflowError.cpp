#include "core/report/SizeOverflowError.h"

#include "core/util/NumberFormat.h"

#include <string>

namespace netsizer::core {

std::optional<Error> sizeOverflowError(const MemoryBreakdown& breakdown, const Graph& graph)
{
    const auto where = breakdown.overflowAt(breakdown.config.batch);
    if (!where) return std::nullopt;
    const std::string batch = "at batch " + withThousands(breakdown.config.batch);
    const Layer* layer = where->layer ? graph.find(*where->layer) : nullptr;
    if (!layer)
        return makeError("overflow", "memory " + batch + " exceeds 2^64 bytes (" + where->what + ")");
    std::string message = "layer '" + layer->name + "': memory " + batch + " exceeds 2^64 bytes";
    if (where->what != "layer") message += " (" + where->what + " step)";
    return makeError("overflow", message, layer->name);
}

} // namespace netsizer::core
