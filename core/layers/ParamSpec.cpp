#include "core/layers/ParamSpec.h"

#include <algorithm>
#include <cmath>

namespace netsizer::core {

ParamSpec intParam(std::string name, std::int64_t def, double min, double max, std::string unit,
                   std::string help)
{
    ParamSpec p;
    p.name = std::move(name);
    p.type = AttrType::Int;
    p.defaultValue = def;
    p.min = min;
    p.max = max;
    p.unit = std::move(unit);
    p.help = std::move(help);
    return p;
}

ParamSpec floatParam(std::string name, double def, double min, double max, std::string help)
{
    ParamSpec p;
    p.name = std::move(name);
    p.type = AttrType::Float;
    p.defaultValue = def;
    p.min = min;
    p.max = max;
    p.help = std::move(help);
    return p;
}

ParamSpec boolParam(std::string name, bool def, std::string help)
{
    ParamSpec p;
    p.name = std::move(name);
    p.type = AttrType::Bool;
    p.defaultValue = def;
    p.help = std::move(help);
    return p;
}

ParamSpec choiceParam(std::string name, std::string def, std::vector<std::string> choices,
                      std::string help)
{
    ParamSpec p;
    p.name = std::move(name);
    p.type = AttrType::Choice;
    p.defaultValue = std::move(def);
    p.choices = std::move(choices);
    p.help = std::move(help);
    return p;
}

ParamSpec stringParam(std::string name, std::string def, std::string help)
{
    ParamSpec p;
    p.name = std::move(name);
    p.type = AttrType::String;
    p.defaultValue = std::move(def);
    p.help = std::move(help);
    return p;
}

ParamSpec listParam(std::string name, IntList def, double min, double max, int minLength,
                    int maxLength, std::string unit, std::string help)
{
    ParamSpec p;
    p.name = std::move(name);
    p.type = AttrType::IntList;
    p.defaultValue = std::move(def);
    p.min = min;
    p.max = max;
    p.minLength = minLength;
    p.maxLength = maxLength;
    p.unit = std::move(unit);
    p.help = std::move(help);
    return p;
}

namespace {
std::string rangeText(const ParamSpec& s)
{
    auto num = [](double d) {
        if (std::isinf(d)) return std::string(d < 0 ? "-inf" : "inf");
        if (d == std::floor(d) && std::fabs(d) < 1e18) return std::to_string(static_cast<long long>(d));
        return std::to_string(d);
    };
    return "[" + num(s.min) + ", " + num(s.max) + "]";
}
} // namespace

bool validateAttr(const ParamSpec& spec, const AttrValue& value, std::string& message)
{
    switch (spec.type) {
    case AttrType::Int: {
        const auto* v = std::get_if<std::int64_t>(&value);
        if (!v) { message = "'" + spec.name + "' must be an integer"; return false; }
        if (static_cast<double>(*v) < spec.min || static_cast<double>(*v) > spec.max) {
            message = "'" + spec.name + "' = " + std::to_string(*v) + " is outside " + rangeText(spec);
            return false;
        }
        return true;
    }
    case AttrType::Float: {
        const auto* v = std::get_if<double>(&value);
        if (!v || !std::isfinite(*v)) { message = "'" + spec.name + "' must be a finite number"; return false; }
        if (*v < spec.min || *v > spec.max) {
            message = "'" + spec.name + "' = " + attrToString(value) + " is outside " + rangeText(spec);
            return false;
        }
        return true;
    }
    case AttrType::Bool:
        if (!std::holds_alternative<bool>(value)) { message = "'" + spec.name + "' must be true or false"; return false; }
        return true;
    case AttrType::Choice: {
        const auto* v = std::get_if<std::string>(&value);
        if (!v || std::find(spec.choices.begin(), spec.choices.end(), *v) == spec.choices.end()) {
            std::string all;
            for (const auto& c : spec.choices) all += (all.empty() ? "" : ", ") + c;
            message = "'" + spec.name + "' must be one of: " + all;
            return false;
        }
        return true;
    }
    case AttrType::String:
        if (!std::holds_alternative<std::string>(value)) { message = "'" + spec.name + "' must be a string"; return false; }
        return true;
    case AttrType::IntList: {
        const auto* v = std::get_if<IntList>(&value);
        if (!v) { message = "'" + spec.name + "' must be an integer or a list of integers"; return false; }
        const int n = static_cast<int>(v->size());
        if (n != 1 && (n < spec.minLength || n > spec.maxLength)) {
            message = "'" + spec.name + "' has " + std::to_string(n) + " values; expected " +
                      (spec.minLength == spec.maxLength ? std::to_string(spec.minLength)
                                                        : std::to_string(spec.minLength) + " to " + std::to_string(spec.maxLength));
            return false;
        }
        for (auto e : *v)
            if (static_cast<double>(e) < spec.min || static_cast<double>(e) > spec.max) {
                message = "'" + spec.name + "' value " + std::to_string(e) + " is outside " + rangeText(spec);
                return false;
            }
        return true;
    }
    }
    return false;
}

} // namespace netsizer::core
