#pragma once

#include <cstdint>
#include <string>

namespace netsizer::core {

// A GPU to fit the training into: a preset from resources/gpus.json or a custom memory size.
struct GpuSpec {
    std::string name;                 // "GRID K520", or "custom" for --gpu-memory
    std::uint64_t memoryBytes = 0;    // total device memory as the vendor states it
    std::uint64_t contextBytes = 0;   // CUDA context + allocator reserve the framework cannot use
    std::string architecture;         // "Kepler", "Ampere", ... (empty for custom)
    // CUDA compute capability as major × 10 + minor (sm_86 → 86); 0 when unknown (custom).
    int computeCapability = 0;

    // Half-precision arithmetic at full rate or better: compute capability 6.0 (Pascal) on.
    // Kepler and Maxwell store fp16 but compute it no faster than fp32 (or not at all).
    static constexpr int kFastFp16From = 60;
    // Native bfloat16 (tensor cores and CUDA cores): compute capability 8.0 (Ampere) on;
    // torch.cuda.is_bf16_supported() is false before it.
    static constexpr int kBf16From = 80;
    bool knownCapability() const { return computeCapability > 0; }
    bool runsFp16Fast() const { return computeCapability >= kFastFp16From; }
    bool runsBf16() const { return computeCapability >= kBf16From; }
};

} // namespace netsizer::core
