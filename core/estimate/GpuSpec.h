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
};

} // namespace netsizer::core
