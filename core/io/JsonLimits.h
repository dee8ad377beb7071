#pragma once

#include "core/util/Result.h"

#include <optional>
#include <string_view>

namespace netsizer::core {

inline constexpr std::size_t kMaxJsonBytes = 512u * 1024u * 1024u; // 512 MiB
inline constexpr int kMaxJsonDepth = 200;

// Refuses input that would make a recursive JSON parser run out of stack (nesting deeper than
// kMaxJsonDepth) or that is absurdly large, before parsing. Strings are skipped correctly.
std::optional<Error> checkJsonLimits(std::string_view text);

} // namespace netsizer::core
