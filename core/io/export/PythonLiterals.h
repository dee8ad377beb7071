#pragma once
// Python source literals for the exporters that write Python (PyTorch, Keras).

#include "core/graph/AttrValue.h"
#include "core/util/JsonText.h"

#include <nlohmann/json.hpp>
#include <string>

namespace netsizer::core {

// (a, b) — and (a,) for one element, as Python needs for a 1-tuple.
inline std::string pyTuple(const IntList& v)
{
    std::string s = "(";
    for (std::size_t i = 0; i < v.size(); ++i) s += (i ? ", " : "") + std::to_string(v[i]);
    return s + (v.size() == 1 ? ",)" : ")");
}

inline std::string pyBool(bool b) { return b ? "True" : "False"; }

// A quoted, escaped string: a JSON string literal is a valid Python literal.
inline std::string pyString(const std::string& s) { return dumpJson(nlohmann::json(s)); }

} // namespace netsizer::core
