#include "core/io/hf/HfConfigFields.h"

#include <cmath>

namespace netsizer::core {

Error HfConfigFields::error(const char* key, const std::string& message)
{
    return makeError("config", std::string("\"") + key + "\" " + message, std::string("/") + key);
}

const nlohmann::json* HfConfigFields::find(const char* key) const
{
    const auto it = m_config.find(key);
    if (it == m_config.end() || it->is_null()) return nullptr;
    return &*it;
}

bool HfConfigFields::has(const char* key) const { return find(key) != nullptr; }

Result<std::int64_t> HfConfigFields::positive(const char* key, std::int64_t max) const
{
    const nlohmann::json* v = find(key);
    if (!v) return error(key, "is missing (a positive integer)");
    if (!v->is_number_integer() && !v->is_number_unsigned())
        return error(key, "must be a positive integer, got " + v->dump());
    if (v->is_number_unsigned() ? v->get<std::uint64_t>() > static_cast<std::uint64_t>(max) : v->get<std::int64_t>() > max)
        return error(key, "is " + v->dump() + ", more than " + std::to_string(max));
    const auto n = v->get<std::int64_t>();
    if (n < 1) return error(key, "must be a positive integer, got " + v->dump());
    return n;
}

Result<std::int64_t> HfConfigFields::positiveOr(const char* key, std::int64_t fallback, std::int64_t max) const
{
    if (!has(key)) return fallback;
    return positive(key, max);
}

Result<double> HfConfigFields::numberOr(const char* key, double fallback, double min, double max) const
{
    const nlohmann::json* v = find(key);
    if (!v) return fallback;
    if (!v->is_number()) return error(key, "must be a number, got " + v->dump());
    const double x = v->get<double>();
    if (!std::isfinite(x) || x < min || x > max)
        return error(key, "is " + v->dump() + ", outside [" + nlohmann::json(min).dump() + ", " + nlohmann::json(max).dump() + "]");
    return x;
}

Result<bool> HfConfigFields::boolOr(const char* key, bool fallback) const
{
    const nlohmann::json* v = find(key);
    if (!v) return fallback;
    if (!v->is_boolean()) return error(key, "must be true or false, got " + v->dump());
    return v->get<bool>();
}

Result<std::string> HfConfigFields::stringOr(const char* key, const std::string& fallback) const
{
    const nlohmann::json* v = find(key);
    if (!v) return fallback;
    if (!v->is_string()) return error(key, "must be a string, got " + v->dump());
    return v->get<std::string>();
}

} // namespace netsizer::core
