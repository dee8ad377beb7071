#pragma once
// A per-sample shape as a compact token for reports and command lines: "3x224x224" (the
// dimensions joined by 'x', no batch axis; "" for a scalar). The same text `--input-shape`
// accepts and the breakdown CSV's output_shape column holds. Shape::toString() is the bracketed
// form for prose ("[3, 224, 224]").

#include "core/graph/Shape.h"

#include <string>

namespace netsizer::core {

inline std::string shapeText(const Shape& s)
{
    std::string t;
    for (int i = 0; i < s.rank(); ++i) t += (i ? "x" : "") + std::to_string(s[i]);
    return t;
}

} // namespace netsizer::core
