#include "core/io/keras/KerasConfig.h"
#include "core/util/JsonText.h"

#include <cmath>

namespace netsizer::core::keras {
namespace {

std::string keyName(Keys keys)
{
    return keys.size() ? std::string("'") + *keys.begin() + "'" : std::string("?");
}

// Integers and integral floats in [min, max]. The range is checked before any conversion:
// casting a double at or beyond 2^63 (or a NaN) to int64 is undefined, and an unsigned above
// 2^63 − 1 must not be read as a negative number.
std::int64_t checkedInt(const nlohmann::json& v, Keys keys, std::int64_t min, std::int64_t max)
{
    const auto outside = [&] {
        refuse("attribute", keyName(keys) + " = " + dumpJson(v) + " is outside [" + std::to_string(min) + ", " + std::to_string(max) + "]");
    };
    if (v.is_number_unsigned()) {
        if (max < 0 || v.get<std::uint64_t>() > static_cast<std::uint64_t>(max)) outside();
        return static_cast<std::int64_t>(v.get<std::uint64_t>());
    }
    if (v.is_number_integer()) {
        const std::int64_t i = v.get<std::int64_t>();
        if (i < min || i > max) outside();
        return i;
    }
    if (!v.is_number_float()) refuse("type", keyName(keys) + " must be an integer");
    const double d = v.get<double>();
    if (std::isfinite(d) && d != std::floor(d)) refuse("type", keyName(keys) + " must be an integer");
    if (!(d >= -9223372036854775808.0 && d < 9223372036854775808.0)) outside(); // NaN and ±inf too
    const auto i = static_cast<std::int64_t>(d);
    if (i < min || i > max) outside();
    return i;
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
    if (!(d >= min && d <= max)) refuse("attribute", keyName(keys) + " = " + dumpJson(*v) + " is out of range");
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
