#pragma once
// One attribute value of a layer (kernel_size, stride, padding mode, ...). Which alternative a
// given attribute holds is fixed by the kind's ParamSpec (core/layers/ParamSpec.h).

#include <cstdint>
#include <string>
#include <variant>
#include <vector>

namespace netsizer::core {

using IntList = std::vector<std::int64_t>;
using AttrValue = std::variant<std::int64_t, double, bool, std::string, IntList>;

// Compact text for tables and error messages: 3, 0.5, true, "same", [3, 3].
std::string attrToString(const AttrValue& v);

} // namespace netsizer::core
