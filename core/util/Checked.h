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
