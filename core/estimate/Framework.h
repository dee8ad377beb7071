#pragma once

#include "core/layers/KindResult.h"

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace netsizer::core {

// A framework profile: the rules of one framework for what training keeps in memory.
enum class Framework {
    PyTorch,    // PyTorch autograd on a CUDA GPU
    PyTorchCpu, // PyTorch autograd on the CPU (what ../shared/truth measured)
    Caffe,      // BVLC Caffe 1.0: data + diff for every blob, solver history per parameter
    TensorFlow, // TensorFlow 2 / Keras on a GPU: what GradientTape keeps (docs/tensorflow.md)
};

struct FrameworkInfo {
    Framework framework;
    const char* name;  // "pytorch-cpu"
    const char* label; // "PyTorch (CPU)"
    Profile profile;
    bool onGpu;        // pays a CUDA context (overhead)
};

const FrameworkInfo& frameworkInfo(Framework f);
const std::vector<FrameworkInfo>& allFrameworks();
std::optional<Framework> parseFramework(std::string_view name);
// The profile names parseFramework accepts, for messages: "pytorch, pytorch-cpu, ...".
std::string frameworkNameList();

} // namespace netsizer::core
