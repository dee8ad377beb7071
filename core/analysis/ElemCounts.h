#pragma once

#include "core/graph/ElemKind.h"
#include "core/util/Checked.h"

#include <array>

namespace netsizer::core {

// Element counts split by element kind, each as a fixed part and a per-sample part. Turned
// into bytes only by the estimator, which knows the precision. Additions saturate into an
// overflow flag (see ok()); the byte and element totals saturate at kSaturated (Checked.h).
struct ElemCounts {
    std::array<Count, kElemKindCount> perSample{};
    std::array<Count, kElemKindCount> fixed{};
    bool overflow = false;

    void addPerSample(ElemKind k, Count n) { add(perSample[static_cast<std::size_t>(elemIndex(k))], n); }
    void addFixed(ElemKind k, Count n) { add(fixed[static_cast<std::size_t>(elemIndex(k))], n); }
    void add(const ElemCounts& o)
    {
        for (std::size_t i = 0; i < perSample.size(); ++i) {
            add(perSample[i], o.perSample[i]);
            add(fixed[i], o.fixed[i]);
        }
        overflow |= o.overflow;
    }
    bool ok() const { return !overflow; }

    // Bytes for an activation element size of `activationBytes` (4 fp32, 2 half).
    Count bytesPerSample(Count activationBytes) const { return bytes(perSample, activationBytes); }
    Count bytesFixed(Count activationBytes) const { return bytes(fixed, activationBytes); }
    Count numelPerSample() const
    {
        Count n = 0;
        for (Count c : perSample) n = saturatingAdd(n, c);
        return n;
    }

private:
    void add(Count& into, Count n) { overflow |= __builtin_add_overflow(into, n, &into); }
    static Count bytes(const std::array<Count, kElemKindCount>& a, Count activationBytes)
    {
        Count total = 0;
        for (int i = 0; i < kElemKindCount; ++i)
            total = saturatingMulAdd(a[static_cast<std::size_t>(i)], elemBytes(static_cast<ElemKind>(i), activationBytes), total);
        return total;
    }
};

} // namespace netsizer::core
