#pragma once
// Typed reads of a Keras layer config with the Keras 1 / Keras 2 spellings of one setting
// (e.g. {"filters", "nb_filter"}): the first key present with a non-null value wins. A value of
// the wrong type or out of range throws KerasConfigError, which the mapper turns into an Error
// located at the layer (exceptions never leave core/io/keras).

#include "core/graph/AttrValue.h"

#include <nlohmann/json.hpp>

#include <cstdint>
#include <initializer_list>
#include <string>

namespace netsizer::core::keras {

struct KerasConfigError {
    std::string code;    // "type", "attribute", "unsupported", "shape"
    std::string message; // without the layer name (the mapper adds it)
};

using Keys = std::initializer_list<const char*>;

// The first key of `keys` with a non-null value, or nullptr.
const nlohmann::json* findKey(const nlohmann::json& cfg, Keys keys);

// Integers are bounded to [min, max]; sizes default to [1, 1e9].
std::int64_t intAt(const nlohmann::json& cfg, Keys keys, std::int64_t def, std::int64_t min = 1,
                   std::int64_t max = 1000000000);
// An integer required to be present.
std::int64_t requiredInt(const nlohmann::json& cfg, Keys keys, std::int64_t min = 1, std::int64_t max = 1000000000);
bool boolAt(const nlohmann::json& cfg, Keys keys, bool def);
double floatAt(const nlohmann::json& cfg, Keys keys, double def, double min, double max);
std::string stringAt(const nlohmann::json& cfg, Keys keys, const std::string& def);
// An int (repeated n times) or a list of n ints, each in [min, max]; `def` when absent.
IntList intsAt(const nlohmann::json& cfg, Keys keys, int n, const IntList& def, std::int64_t min = 1,
               std::int64_t max = 1000000000);

[[noreturn]] void refuse(std::string code, std::string message);

} // namespace netsizer::core::keras
