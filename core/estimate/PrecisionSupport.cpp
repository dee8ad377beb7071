#include "core/estimate/PrecisionSupport.h"

namespace netsizer::core {
namespace {

// "GRID K520 (Kepler, compute capability 3.0)".
std::string describe(const GpuSpec& gpu)
{
    const std::string cc = std::to_string(gpu.computeCapability / 10) + "." + std::to_string(gpu.computeCapability % 10);
    return gpu.name + " (" + (gpu.architecture.empty() ? std::string() : gpu.architecture + ", ") + "compute capability " + cc + ")";
}

} // namespace

std::string precisionUnavailableReason(Precision precision, Framework framework, const std::optional<GpuSpec>& gpu)
{
    if (precision == Precision::Fp32) return {};
    if (framework == Framework::Caffe)
        return "BVLC Caffe 1.0 trains in fp32 only: its blobs are float or double, with no half precision and no AMP";
    if (precision == Precision::Bf16Master && framework == Framework::TensorFlow)
        return "bf16 weights with an fp32 master copy in the optimizer is the scheme of Megatron-LM and DeepSpeed (PyTorch); "
               "Keras mixed precision keeps fp32 weights (choose mixed bf16)";
    if (framework == Framework::PyTorchCpu || !gpu || !gpu->knownCapability()) return {};
    const bool half = precision == Precision::Fp16 || precision == Precision::MixedFp16;
    if (half && !gpu->runsFp16Fast())
        return describe(*gpu) + " has no fast fp16 arithmetic: half precision needs compute capability 6.0 (Pascal) or later";
    if (!half && !gpu->runsBf16())
        return describe(*gpu) + " has no bf16 support: bfloat16 needs compute capability 8.0 (Ampere) or later";
    return {};
}

} // namespace netsizer::core
