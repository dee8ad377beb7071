#pragma once

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

namespace netsizer::core {

enum class Precision { Fp32, Fp16, Bf16, MixedFp16, MixedBf16, Bf16Master };

struct PrecisionInfo {
    Precision precision;
    const char* name;  // "mixed-fp16"
    const char* label; // "Mixed fp16 (AMP)"
    std::uint64_t weightBytes;     // the stored (master) weights
    std::uint64_t gradientBytes;
    std::uint64_t stateBytes;      // optimizer state
    std::uint64_t activationBytes; // activations, activation gradients, the input
    // Mixed precision: bytes per element of the half-precision weight copies that autocast
    // casts once per forward and autograd keeps for backward — only weights of ops autocast
    // lowers (ParamTensor::autocastCopy), a fixed cost seen in ../shared/truth
    // `autocast_bf16.saved_fixed_bytes`. 0 otherwise; non-zero also selects the autocast
    // accounting of Analysis::activationsAutocast.
    std::uint64_t castCopyBytes;
    // Bytes per trainable parameter of the fp32 master copy the optimizer keeps beside half
    // precision model weights (Megatron-LM's Float16OptimizerWithFloat16Params / distributed
    // optimizer, DeepSpeed's ZeRO): part of the optimizer state, so ZeRO-1 and Megatron's
    // distributed optimizer shard it with the moments. 0 where the stored weights are the master.
    // Non-zero also keeps the gradients alive all step (the scheme's persistent gradient buffer).
    std::uint64_t masterWeightBytes = 0;
};

const PrecisionInfo& precisionInfo(Precision p);
const std::vector<PrecisionInfo>& allPrecisions();
std::optional<Precision> parsePrecision(std::string_view name);

} // namespace netsizer::core
