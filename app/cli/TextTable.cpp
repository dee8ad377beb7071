#include "app/cli/TextTable.h"

#include <algorithm>

namespace netsizer::cli {
namespace {

std::size_t displayWidth(const std::string& s)
{
    std::size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80; // count UTF-8 lead bytes
    return n;
}

} // namespace

std::string TextTable::render() const
{
    const std::size_t columns = m_header.size();
    std::vector<std::size_t> width(columns, 0);
    auto measure = [&](const std::vector<std::string>& row) {
        for (std::size_t c = 0; c < std::min(columns, row.size()); ++c) width[c] = std::max(width[c], displayWidth(row[c]));
    };
    measure(m_header);
    for (const auto& row : m_rows) measure(row);

    std::string out;
    auto emit = [&](const std::vector<std::string>& row) {
        std::string line;
        for (std::size_t c = 0; c < columns; ++c) {
            const std::string cell = c < row.size() ? row[c] : std::string();
            const std::string pad(width[c] - displayWidth(cell), ' ');
            if (c) line += "  ";
            line += m_right[c] ? pad + cell : cell + pad;
        }
        while (!line.empty() && line.back() == ' ') line.pop_back();
        out += line + '\n';
    };
    auto rule = [&] {
        std::string line;
        for (std::size_t c = 0; c < columns; ++c) line += (c ? "  " : "") + std::string(width[c], '-');
        out += line + '\n';
    };
    emit(m_header);
    rule();
    for (const auto& row : m_rows) {
        if (row.empty()) rule();
        else emit(row);
    }
    return out;
}

} // namespace netsizer::cli
