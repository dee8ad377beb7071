#pragma once
// The fast attribute check the analyser runs on every layer of every analysis (see
// attrIsValid). Kept apart from ParamSpec.h so that only its few users recompile with it.

#include "core/layers/ParamSpec.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <string>
#include <variant>

namespace netsizer::core {

// The same checks as validateAttr without building a message: true exactly when validateAttr
// accepts. Inline because the analyser checks every attribute of every layer on each analysis
// (a 1,000-layer network: ~3,000 calls); on false, call validateAttr for the message.
inline bool attrIsValid(const ParamSpec& spec, const AttrValue& value)
{
    switch (spec.type) {
    case AttrType::Int: {
        const auto* v = std::get_if<std::int64_t>(&value);
        return v && !(static_cast<double>(*v) < spec.min || static_cast<double>(*v) > spec.max);
    }
    case AttrType::Float: {
        const auto* v = std::get_if<double>(&value);
        return v && std::isfinite(*v) && !(*v < spec.min || *v > spec.max);
    }
    case AttrType::Bool: return std::holds_alternative<bool>(value);
    case AttrType::Choice: {
        const auto* v = std::get_if<std::string>(&value);
        return v && std::find(spec.choices.begin(), spec.choices.end(), *v) != spec.choices.end();
    }
    case AttrType::String: return std::holds_alternative<std::string>(value);
    case AttrType::IntList: {
        const auto* v = std::get_if<IntList>(&value);
        if (!v) return false;
        const int n = static_cast<int>(v->size());
        if (n != 1 && (n < spec.minLength || n > spec.maxLength)) return false;
        for (auto e : *v)
            if (static_cast<double>(e) < spec.min || static_cast<double>(e) > spec.max) return false;
        return true;
    }
    }
    return false;
}

} // namespace netsizer::core
