#pragma once

#include <array>
#include <cstdint>

namespace netsizer::core {

// The parts of a memory breakdown. These names are used everywhere: code, JSON, CSV, UI.
enum class Component {
    Weights,             // parameters and buffers
    Gradients,           // one per trainable weight
    OptimizerState,      // momentum, Adam moments, step counters
    Activations,         // what the forward pass keeps for backward (per sample × batch)
    ActivationGradients, // the transient peak of gradients flowing backward
    Input,               // the mini-batch itself
    Workspace,           // convolution scratch buffers
    Overhead,            // CUDA context and allocator reserve
};
inline constexpr int kComponentCount = 8;

inline constexpr std::array<Component, kComponentCount> kAllComponents = {
    Component::Weights, Component::Gradients, Component::OptimizerState, Component::Activations,
    Component::ActivationGradients, Component::Input, Component::Workspace, Component::Overhead,
};

const char* componentName(Component c);  // "optimizer_state"
const char* componentLabel(Component c); // "Optimizer state"

} // namespace netsizer::core
