#pragma once
// CSV text (RFC 4180): what netsizer-cli's --format csv and the designer's breakdown export write.

#include <string>
#include <vector>

namespace netsizer::core {

// A field, quoted (with inner quotes doubled) only when it holds a comma, quote or line break.
inline std::string csvField(const std::string& s)
{
    if (s.find_first_of(",\"\n\r") == std::string::npos) return s;
    std::string q = "\"";
    for (char c : s) q += c == '"' ? std::string("\"\"") : std::string(1, c);
    return q + "\"";
}

// One line: the fields joined by commas, ending in "\n".
inline std::string csvRow(const std::vector<std::string>& cells)
{
    std::string line;
    for (std::size_t i = 0; i < cells.size(); ++i) line += (i ? "," : "") + csvField(cells[i]);
    return line + "\n";
}

} // namespace netsizer::core
