#include "core/io/keras/KerasConfig.h"

namespace netsizer::core::keras {
namespace {

std::string keyName(Keys keys)
{
    return keys.size() ? std::string("'") + *keys.begin() + "'" : std::string("?");
}

std::int64_t checkedInt(const nlohmann::json& v, Keys keys, std::int64_t min, std::int64_t max)
{
    if (!v.is_number_integer() && !(v.is_number_float() && v.get<double>() == static_cast<double>(static_cast<std::int64_t>(v.get<double>()))))
        refuse("type", keyName(keys) + " must be an integer");
    const double d = v.get<double>();
    if (d < static_cast<double>(min) || d > static_cast<double>(max))
        refuse("attribute", keyName(keys) + " = " + v.dump() + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    return v.is_number_integer() ? v.get<std::int64_t>() : static_cast<std::int64_t>(d);
}

} // namespace

void refuse(std::string code, std::string message)
{
    throw KerasConfigError{std::move(code), std::move(message)};
}

const nlohmann::json* findKey(const nlohmann::json& cfg, Keys keys)
{
    if (!cfg.is_object()) return nullptr;
    for (const char* k : keys) {
        auto it = cfg.find(k);
        if (it != cfg.end() && !it->is_null()) return &*it;
    }
    return nullptr;
}

std::int64_t intAt(const nlohmann::json& cfg, Keys keys, std::int64_t def, std::int64_t min, std::int64_t max)
{
    const auto* v = findKey(cfg, keys);
    return v ? checkedInt(*v, keys, min, max) : def;
}

std::int64_t requiredInt(const nlohmann::json& cfg, Keys keys, std::int64_t min, std::int64_t max)
{
    const auto* v = findKey(cfg, keys);
    if (!v) refuse("attribute", "the config has no " + keyName(keys));
    return checkedInt(*v, keys, min, max);
}

bool boolAt(const nlohmann::json& cfg, Keys keys, bool def)
{
    const auto* v = findKey(cfg, keys);
    if (!v) return def;
    if (!v->is_boolean()) refuse("type", keyName(keys) + " must be true or false");
    return v->get<bool>();
}

double floatAt(const nlohmann::json& cfg, Keys keys, double def, double min, double max)
{
    const auto* v = findKey(cfg, keys);
    if (!v) return def;
    if (!v->is_number()) refuse("type", keyName(keys) + " must be a number");
    const double d = v->get<double>();
    if (!(d >= min && d <= max)) refuse("attribute", keyName(keys) + " = " + v->dump() + " is out of range");
    return d;
}

std::string stringAt(const nlohmann::json& cfg, Keys keys, const std::string& def)
{
    const auto* v = findKey(cfg, keys);
    if (!v) return def;
    if (!v->is_string()) refuse("type", keyName(keys) + " must be a string");
    return v->get<std::string>();
}

IntList intsAt(const nlohmann::json& cfg, Keys keys, int n, const IntList& def, std::int64_t min, std::int64_t max)
{
    const auto* v = findKey(cfg, keys);
    if (!v) return def;
    if (!v->is_array()) return IntList(static_cast<std::size_t>(n), checkedInt(*v, keys, min, max));
    if (static_cast<int>(v->size()) != n) refuse("attribute", keyName(keys) + " needs " + std::to_string(n) + " values");
    IntList out;
    for (const auto& e : *v) out.push_back(checkedInt(e, keys, min, max));
    return out;
}

} // namespace netsizer::core::keras
