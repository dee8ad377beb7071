#include "core/layers/LayerKind.h"

namespace netsizer::core {

int LayerKind::paramIndex(const std::string& name) const
{
    for (std::size_t i = 0; i < params.size(); ++i)
        if (params[i].name == name) return static_cast<int>(i);
    return -1;
}

} // namespace netsizer::core
