#pragma once
// Typed, located reads of a Hugging Face config.json object: every failure is an Error whose
// path is the JSON pointer of the key ("/num_attention_heads") and whose message says what the
// value must be.

#include "core/util/Result.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <string>

namespace netsizer::core {

class HfConfigFields {
public:
    explicit HfConfigFields(const nlohmann::json& config) : m_config(config) {}

    bool has(const char* key) const;
    // A positive integer no larger than `max` (a present JSON null counts as absent).
    Result<std::int64_t> positive(const char* key, std::int64_t max = std::int64_t{1} << 40) const;
    Result<std::int64_t> positiveOr(const char* key, std::int64_t fallback, std::int64_t max = std::int64_t{1} << 40) const;
    // A number in [min, max].
    Result<double> numberOr(const char* key, double fallback, double min, double max) const;
    Result<bool> boolOr(const char* key, bool fallback) const;
    Result<std::string> stringOr(const char* key, const std::string& fallback) const;

    static Error error(const char* key, const std::string& message);

private:
    const nlohmann::json* find(const char* key) const;
    const nlohmann::json& m_config;
};

} // namespace netsizer::core
