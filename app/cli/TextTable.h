#pragma once

#include <string>
#include <vector>

namespace netsizer::cli {

// A plain-text table for terminals: a header, a dashed rule, rows; columns separated by two
// spaces and padded to their widest cell (width counted in UTF-8 code points).
class TextTable {
public:
    explicit TextTable(std::vector<std::string> header) : m_header(std::move(header)), m_right(m_header.size(), false) {}

    // Right-aligns column `column` (numbers).
    void alignRight(std::size_t column) { m_right.at(column) = true; }
    // Adds a row; missing cells are empty.
    void addRow(std::vector<std::string> cells) { m_rows.push_back(std::move(cells)); }
    // A dashed rule across all columns (e.g. before a total row).
    void addRule() { m_rows.emplace_back(); }

    std::string render() const;

private:
    std::vector<std::string> m_header;
    std::vector<bool> m_right;
    std::vector<std::vector<std::string>> m_rows; // an empty row is a rule
};

} // namespace netsizer::cli
