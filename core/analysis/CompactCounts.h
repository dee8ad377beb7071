#pragma once

#include "core/graph/ElemKind.h"
#include "core/util/Checked.h"

namespace netsizer::core {

// One layer's element counts reduced to what fixes their bytes: elements of
// ElemKind::Activation (whose size the precision chooses) and the bytes of every other kind
// (fixed sizes), each as a fixed part and a per-sample part. 32 bytes where an ElemCounts takes
// 88: the analysis keeps six of these per layer, and a smaller LayerAnalysis is most of what
// makes analysing 1,000 layers fast (docs/benchmarks.md).
//
// No overflow flag: a layer adds at most a few dozen tensors of at most 2^40 elements × 8 bytes
// (the analyser's cap), far inside 64 bits. Network totals are ElemCounts, which check. The
// byte conversions saturate (Checked.h) all the same, so no caller can see a wrapped size.
struct CompactCounts {
    Count activationPerSample = 0;
    Count activationFixed = 0;
    Count otherBytesPerSample = 0;
    Count otherBytesFixed = 0;

    void addPerSample(ElemKind k, Count n)
    {
        if (k == ElemKind::Activation) activationPerSample += n;
        else otherBytesPerSample += n * elemBytes(k, 0);
    }
    void addFixed(ElemKind k, Count n)
    {
        if (k == ElemKind::Activation) activationFixed += n;
        else otherBytesFixed += n * elemBytes(k, 0);
    }

    // Bytes for an activation element size of `activationBytes` (4 fp32, 2 half).
    Count bytesPerSample(Count activationBytes) const
    {
        return saturatingMulAdd(activationPerSample, activationBytes, otherBytesPerSample);
    }
    Count bytesFixed(Count activationBytes) const { return saturatingMulAdd(activationFixed, activationBytes, otherBytesFixed); }
};

} // namespace netsizer::core
