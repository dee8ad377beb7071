#include "core/estimate/Precision.h"

namespace netsizer::core {

const std::vector<PrecisionInfo>& allPrecisions()
{
    static const std::vector<PrecisionInfo> all = {
        {Precision::Fp32, "fp32", "fp32", 4, 4, 4, 4, 0},
        {Precision::Fp16, "fp16", "fp16 (pure)", 2, 2, 2, 2, 0},
        {Precision::Bf16, "bf16", "bf16 (pure)", 2, 2, 2, 2, 0},
        // fp32 master weights, gradients and optimizer state; half-precision activations.
        {Precision::MixedFp16, "mixed-fp16", "Mixed fp16 (AMP)", 4, 4, 4, 2, 2},
        {Precision::MixedBf16, "mixed-bf16", "Mixed bf16 (AMP)", 4, 4, 4, 2, 2},
        // Megatron-LM --bf16 (and DeepSpeed bf16): the model's weights are bf16, gradients are
        // accumulated and reduced in fp32 (main_grad, accumulate_allreduce_grads_in_fp32), and
        // the optimizer keeps an fp32 master copy beside its fp32 moments: 2 + 4 + 4 + 8 = 18
        // bytes per parameter with Adam, megatron/training/theoretical_memory_usage.py
        // num_bytes_per_parameter. Activations bf16; no autocast copies (weights are bf16 already).
        {Precision::Bf16Master, "bf16-master", "bf16 + fp32 master (Megatron, DeepSpeed)", 2, 4, 4, 2, 0, 4},
    };
    return all;
}

const PrecisionInfo& precisionInfo(Precision p)
{
    return allPrecisions()[static_cast<std::size_t>(p)];
}

std::optional<Precision> parsePrecision(std::string_view name)
{
    for (const auto& i : allPrecisions())
        if (name == i.name) return i.precision;
    return std::nullopt;
}

} // namespace netsizer::core
