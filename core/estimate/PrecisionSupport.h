#pragma once
// Which precisions a framework profile and a GPU can actually train in. The estimator computes
// any combination (the arithmetic is the same); this says which of them a person could run, so
// the designer can mark the others unavailable and say why.

#include "core/estimate/Framework.h"
#include "core/estimate/GpuSpec.h"
#include "core/estimate/Precision.h"

#include <optional>
#include <string>

namespace netsizer::core {

// Why `precision` cannot be trained with `framework` on `gpu`, as one sentence naming the
// framework or the GPU with its architecture and compute capability; empty when it can.
// - BVLC Caffe 1.0 blobs are float or double: fp32 only (no half precision, no AMP).
// - On a GPU (PyTorch CUDA profile): fp16 and mixed fp16 need compute capability 6.0 (Pascal)
//   or later (GpuSpec::runsFp16Fast), bf16 and mixed bf16 need 8.0 (Ampere) or later
//   (GpuSpec::runsBf16). A GPU of unknown capability (custom memory) or none is not checked.
// - The PyTorch CPU profile runs every precision (CPU autocast; no GPU involved).
std::string precisionUnavailableReason(Precision precision, Framework framework, const std::optional<GpuSpec>& gpu);

} // namespace netsizer::core
