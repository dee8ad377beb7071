#pragma once
// Every JSON text the program writes goes through dumpJson: nlohmann's dump() throws
// type_error 316 on a string that is not valid UTF-8, dumpJson replaces such bytes by U+FFFD
// (core/util/Utf8.h) instead, so a name read from a file can never stop a report or a save.

#include <nlohmann/json.hpp>

#include <string>

namespace netsizer::core {

// `indent` as in nlohmann::basic_json::dump (-1: one line, no whitespace).
template <class Json>
std::string dumpJson(const Json& j, int indent = -1)
{
    return j.dump(indent, ' ', false, nlohmann::json::error_handler_t::replace);
}

} // namespace netsizer::core
