#pragma once
// Numbers never silently wrap (ARCHITECTURE.md rule 7): element counts and byte sizes are
// std::uint64_t, combined with these helpers, which report overflow instead of wrapping.

#include <cstdint>
#include <limits>
#include <optional>

namespace netsizer::core {

using Count = std::uint64_t;

// a * b, or nullopt when the product does not fit in 64 bits.
inline std::optional<Count> checkedMul(Count a, Count b)
{
    Count r = 0;
    if (__builtin_mul_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

// a + b, or nullopt when the sum does not fit in 64 bits.
inline std::optional<Count> checkedAdd(Count a, Count b)
{
    Count r = 0;
    if (__builtin_add_overflow(a, b, &r))
        return std::nullopt;
    return r;
}

// Saturating forms for byte sizes: the result is kSaturated (2^64 - 1) when the exact value
// does not fit, and kSaturated stays kSaturated through further sums and products (by any
// non-zero factor), so one test at the end (== kSaturated) tells a size that exceeds 64 bits.
inline constexpr Count kSaturated = std::numeric_limits<Count>::max();

inline constexpr Count saturatingMul(Count a, Count b)
{
    Count r = 0;
    return __builtin_mul_overflow(a, b, &r) ? kSaturated : r;
}

inline constexpr Count saturatingAdd(Count a, Count b)
{
    Count r = 0;
    return __builtin_add_overflow(a, b, &r) ? kSaturated : r;
}

// a × b + c, saturating.
inline constexpr Count saturatingMulAdd(Count a, Count b, Count c) { return saturatingAdd(saturatingMul(a, b), c); }

// Accumulates products and sums; once any step overflows, stays overflowed.
// Use: CheckedCount c{1}; c *= a; c *= b; if (!c.ok()) -> overflow error.
class CheckedCount {
public:
    constexpr CheckedCount(Count v = 0) : m_value(v) {}
    CheckedCount& operator*=(Count b)
    {
        if (m_ok) m_ok = !__builtin_mul_overflow(m_value, b, &m_value);
        return *this;
    }
    CheckedCount& operator+=(Count b)
    {
        if (m_ok) m_ok = !__builtin_add_overflow(m_value, b, &m_value);
        return *this;
    }
    CheckedCount& operator+=(const CheckedCount& b)
    {
        if (!b.m_ok) m_ok = false;
        return *this += b.m_value;
    }
    bool ok() const { return m_ok; }
    Count value() const { return m_value; } // meaningful only when ok()

private:
    Count m_value = 0;
    bool m_ok = true;
};

inline CheckedCount operator*(CheckedCount a, Count b) { return a *= b; }
inline CheckedCount operator+(CheckedCount a, Count b) { return a += b; }

} // namespace netsizer::core
