#pragma once

#include "core/estimate/AffineBytes.h"
#include "core/estimate/Component.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/LayerId.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace netsizer::core {

// One layer's share of the breakdown (weights, gradients, optimizer state and what it keeps for
// backward). Input, workspace, overhead and activation gradients are whole-network figures.
struct LayerMemory {
    LayerId id{};
    std::array<AffineBytes, kComponentCount> components{};
    AffineBytes total() const
    {
        AffineBytes t;
        for (const auto& c : components) t += c;
        return t;
    }
};

// The memory a network needs for one TrainingConfig, each component affine in the batch:
// total(b) = total.fixed + b × total.perSample holds exactly, so a batch change only
// re-evaluates this line (ARCHITECTURE.md rule 5).
struct MemoryBreakdown {
    TrainingConfig config;
    std::array<AffineBytes, kComponentCount> components{};
    AffineBytes total;
    std::vector<LayerMemory> layers; // same order as Analysis::layers

    const AffineBytes& operator[](Component c) const { return components[static_cast<std::size_t>(c)]; }
    std::uint64_t bytes(Component c) const { return (*this)[c].at(config.batch); }
    std::uint64_t totalBytes() const { return total.at(config.batch); }
    std::uint64_t totalAt(std::uint64_t batch) const { return total.at(batch); }

    // Set when config.gpu is: does the configured batch fit, and the largest batch that does.
    bool fits() const;
    std::optional<std::uint64_t> maxBatch() const;
};

} // namespace netsizer::core
