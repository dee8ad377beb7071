#include "core/io/JsonLimits.h"

#include <string>

namespace netsizer::core {

std::optional<Error> checkJsonLimits(std::string_view text)
{
    if (text.size() > kMaxJsonBytes) return makeError("json", "the file is larger than 512 MiB", "");
    int depth = 0;
    bool inString = false, escaped = false;
    std::size_t line = 1;
    for (char c : text) {
        if (c == '\n') ++line;
        if (inString) {
            if (escaped) escaped = false;
            else if (c == '\\') escaped = true;
            else if (c == '"') inString = false;
            continue;
        }
        if (c == '"') inString = true;
        else if (c == '[' || c == '{') {
            if (++depth > kMaxJsonDepth)
                return makeError("json", "nested deeper than " + std::to_string(kMaxJsonDepth) + " levels", "line " + std::to_string(line));
        } else if (c == ']' || c == '}') --depth;
    }
    return std::nullopt;
}

} // namespace netsizer::core
