#include "core/util/NumberFormat.h"

#include <cctype>
#include <cmath>
#include <cstdio>
#include <string_view>

namespace netsizer::core {

std::string withThousands(std::uint64_t value)
{
    std::string digits = std::to_string(value);
    std::string out;
    out.reserve(digits.size() + digits.size() / 3);
    for (std::size_t i = 0; i < digits.size(); ++i) {
        if (i != 0 && (digits.size() - i) % 3 == 0)
            out.push_back(',');
        out.push_back(digits[i]);
    }
    return out;
}

std::string withThousands(std::int64_t value)
{
    if (value < 0)
        return "-" + withThousands(static_cast<std::uint64_t>(-(value + 1)) + 1u);
    return withThousands(static_cast<std::uint64_t>(value));
}

std::string formatBytes(double bytes, ByteUnits units)
{
    const double base = units == ByteUnits::Binary ? 1024.0 : 1000.0;
    static const char* binary[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB", "EiB"};
    static const char* decimal[] = {"B", "kB", "MB", "GB", "TB", "PB", "EB"};
    const char** names = units == ByteUnits::Binary ? binary : decimal;
    const bool negative = bytes < 0;
    double v = std::fabs(bytes);
    int unit = 0;
    while (v >= base && unit < 6) {
        v /= base;
        ++unit;
    }
    char buf[64];
    if (unit == 0)
        std::snprintf(buf, sizeof buf, "%s%.0f B", negative ? "-" : "", v);
    else
        std::snprintf(buf, sizeof buf, "%s%.2f %s", negative ? "-" : "", v, names[unit]);
    return buf;
}

bool parseByteSize(const std::string& text, std::uint64_t& bytes)
{
    std::string_view s = text;
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.front()))) s.remove_prefix(1);
    while (!s.empty() && std::isspace(static_cast<unsigned char>(s.back()))) s.remove_suffix(1);
    std::size_t i = 0;
    bool seenDigit = false, seenDot = false;
    while (i < s.size() && (std::isdigit(static_cast<unsigned char>(s[i])) || (s[i] == '.' && !seenDot))) {
        seenDigit |= std::isdigit(static_cast<unsigned char>(s[i])) != 0;
        seenDot |= s[i] == '.';
        ++i;
    }
    if (!seenDigit) return false;
    const std::string number(s.substr(0, i));
    std::string unit;
    for (char c : s.substr(i))
        if (!std::isspace(static_cast<unsigned char>(c))) unit.push_back(static_cast<char>(std::tolower(static_cast<unsigned char>(c))));

    long double multiplier = 0;
    if (unit.empty() || unit == "b") multiplier = 1;
    else if (unit == "kb" || unit == "k") multiplier = 1e3L;
    else if (unit == "mb" || unit == "m") multiplier = 1e6L;
    else if (unit == "gb" || unit == "g") multiplier = 1e9L;
    else if (unit == "tb" || unit == "t") multiplier = 1e12L;
    else if (unit == "kib") multiplier = 1024.0L;
    else if (unit == "mib") multiplier = 1024.0L * 1024;
    else if (unit == "gib") multiplier = 1024.0L * 1024 * 1024;
    else if (unit == "tib") multiplier = 1024.0L * 1024 * 1024 * 1024;
    else return false;

    // Rounded to the nearest byte without going through a signed type (llroundl of 10^19 is
    // undefined); sizes of 2^64 bytes and more do not fit and are refused.
    const long double value = std::floor(std::strtold(number.c_str(), nullptr) * multiplier + 0.5L);
    if (!(value >= 0) || value >= 18446744073709551616.0L) return false;
    bytes = static_cast<std::uint64_t>(value);
    return true;
}

} // namespace netsizer::core
