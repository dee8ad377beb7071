#pragma once

#include "core/util/Checked.h"

#include <cstdint>

namespace netsizer::core {

// Memory that is affine in the batch size: bytes(b) = fixed + b × perSample.
// Sums saturate at kSaturated (2^64 - 1) instead of wrapping, and at() does too, so a size too
// large for 64 bits reads as kSaturated wherever it ends up (MemoryBreakdown::overflowAt finds
// where it first does).
struct AffineBytes {
    std::uint64_t fixed = 0;
    std::uint64_t perSample = 0;

    // Saturates at kSaturated instead of wrapping.
    std::uint64_t at(std::uint64_t batch) const { return saturatingMulAdd(perSample, batch, fixed); }
    // Whether a part is already too large for 64 bits (at() is then kSaturated at every batch).
    bool saturated() const { return fixed == kSaturated || perSample == kSaturated; }
    AffineBytes& operator+=(const AffineBytes& o)
    {
        fixed = saturatingAdd(fixed, o.fixed);
        perSample = saturatingAdd(perSample, o.perSample);
        return *this;
    }
    bool operator==(const AffineBytes&) const = default;
};

} // namespace netsizer::core
