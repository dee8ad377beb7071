#pragma once
// A measured training step (docs/measurement-format.md, "netsizer-measurement" version 1): what
// an exported PyTorch file writes with `--out` (core/io/export/PyTorchHarness.cpp), read back to
// compare NetSizer's estimate with reality (`netsizer-cli validate`).

#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/util/Result.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace netsizer::core {

// How `MeasuredBytes::peak` was obtained (the file's "peak_kind").
enum class PeakKind {
    CudaMaxMemoryAllocated, // torch.cuda.max_memory_allocated(): no CUDA context, no allocator slack
    CpuSumOfComponents,     // weights + gradients + optimizer_state + activations + input
};

// Bytes as measured, for the whole batch (component names of core/memory/Component.h).
struct MeasuredBytes {
    std::uint64_t weights = 0;
    std::uint64_t gradients = 0;
    std::uint64_t optimizerState = 0;
    std::uint64_t activations = 0;
    std::uint64_t input = 0;
    std::uint64_t peak = 0;
};

struct Measurement {
    std::string model;        // display name (may be empty)
    std::string device;       // "cpu" or a CUDA device name
    std::string torchVersion; // may be empty
    // The profile the run corresponds to: pytorch-cpu when device is "cpu", pytorch otherwise.
    Framework framework = Framework::PyTorchCpu;
    std::uint64_t batch = 1;
    Optimizer optimizer = Optimizer::Sgd;
    Precision precision = Precision::Fp32;
    std::optional<std::uint64_t> params; // the framework's learnable parameter count
    MeasuredBytes measured;
    PeakKind peakKind = PeakKind::CpuSumOfComponents;
    // The file's "estimate": what NetSizer predicted when the model was exported, by component
    // name plus "total" (empty when absent).
    std::map<std::string, std::uint64_t> recordedEstimate;
};

// Parses a measurement. Every error's path is "<fileName>: <JSON pointer>" ("m.json:
// /measured/weights") or "<fileName>: line L, column C" for text that is not JSON. Unknown keys
// are ignored; "framework", when present, must agree with "device".
Result<Measurement> readMeasurement(std::string_view text, const std::string& fileName);
// Reads the file at `path` (errors name `path` as given).
Result<Measurement> readMeasurementFile(const std::string& path);

const char* peakKindName(PeakKind k); // "cuda_max_memory_allocated" / "cpu_sum_of_components"

} // namespace netsizer::core
