#pragma once
// Names read from files are bounded: a layer or model name longer than kMaxNameBytes is an
// error (a 50 MB name would be copied into every view, table and message), and a message
// quotes at most the first kQuotedNameBytes of any text taken from a file.

#include "core/util/Utf8.h"

#include <cstddef>
#include <string>
#include <string_view>

namespace netsizer::core {

inline constexpr std::size_t kMaxNameBytes = 4096;
inline constexpr std::size_t kQuotedNameBytes = 60;

// `text` for a message: whole when short, else its first bytes (not splitting a UTF-8
// sequence) followed by "…".
inline std::string clippedText(std::string_view text)
{
    if (text.size() <= kQuotedNameBytes) return std::string(text);
    std::size_t end = kQuotedNameBytes;
    while (end > 0 && (static_cast<unsigned char>(text[end]) & 0xC0) == 0x80) --end;
    return validUtf8(text.substr(0, end)) + "…";
}

// "the name is 52,428,800 bytes long; names are at most 4,096 bytes" — or empty when it fits.
inline std::string nameTooLong(std::string_view what, std::string_view name)
{
    if (name.size() <= kMaxNameBytes) return {};
    return std::string(what) + " '" + clippedText(name) + "' is " + std::to_string(name.size()) +
           " bytes long; names are at most " + std::to_string(kMaxNameBytes) + " bytes";
}

} // namespace netsizer::core
