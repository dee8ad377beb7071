#include "core/memory/Component.h"

namespace netsizer::core {

const char* componentName(Component c)
{
    switch (c) {
    case Component::Weights: return "weights";
    case Component::Gradients: return "gradients";
    case Component::OptimizerState: return "optimizer_state";
    case Component::Activations: return "activations";
    case Component::ActivationGradients: return "activation_gradients";
    case Component::Input: return "input";
    case Component::Workspace: return "workspace";
    case Component::Overhead: return "overhead";
    }
    return "?";
}

const char* componentLabel(Component c)
{
    switch (c) {
    case Component::Weights: return "Weights";
    case Component::Gradients: return "Gradients";
    case Component::OptimizerState: return "Optimizer state";
    case Component::Activations: return "Activations";
    case Component::ActivationGradients: return "Activation gradients";
    case Component::Input: return "Input";
    case Component::Workspace: return "Workspace";
    case Component::Overhead: return "Overhead";
    }
    return "?";
}

} // namespace netsizer::core
