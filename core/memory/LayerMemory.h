#pragma once

#include "core/graph/LayerId.h"
#include "core/memory/AffineBytes.h"
#include "core/memory/Component.h"

#include <array>
#include <cstddef>

namespace netsizer::core {

// One layer's share of the breakdown (weights, gradients, optimizer state and what it keeps for
// backward). Input, workspace, overhead and activation gradients are whole-network figures: a
// layer's are zero, and only the four it owns are stored (the estimate writes one per layer).
struct LayerMemory {
    // Component::Weights, Gradients, OptimizerState and Activations: the first four of the enum.
    static constexpr std::size_t kOwnedCount = 4;
    static_assert(static_cast<int>(Component::Activations) == kOwnedCount - 1);

    LayerId id{};
    std::array<AffineBytes, kOwnedCount> owned{}; // indexed by Component

    // Component `c` of this layer (zero for the whole-network components).
    AffineBytes operator[](Component c) const
    {
        const auto i = static_cast<std::size_t>(c);
        return i < kOwnedCount ? owned[i] : AffineBytes{};
    }
    AffineBytes total() const
    {
        AffineBytes t;
        for (const auto& c : owned) t += c;
        return t;
    }
};

} // namespace netsizer::core
