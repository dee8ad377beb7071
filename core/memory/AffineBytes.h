#pragma once

#include <cstdint>
#include <limits>

namespace netsizer::core {

// Memory that is affine in the batch size: bytes(b) = fixed + b × perSample.
struct AffineBytes {
    std::uint64_t fixed = 0;
    std::uint64_t perSample = 0;

    // Saturates at the largest uint64 instead of wrapping.
    std::uint64_t at(std::uint64_t batch) const
    {
        std::uint64_t prod = 0, sum = 0;
        if (__builtin_mul_overflow(perSample, batch, &prod) || __builtin_add_overflow(prod, fixed, &sum))
            return std::numeric_limits<std::uint64_t>::max();
        return sum;
    }
    AffineBytes& operator+=(const AffineBytes& o)
    {
        fixed += o.fixed;
        perSample += o.perSample;
        return *this;
    }
    bool operator==(const AffineBytes&) const = default;
};

} // namespace netsizer::core
