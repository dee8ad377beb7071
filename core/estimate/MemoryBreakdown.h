#pragma once

#include "core/estimate/AffineBytes.h"
#include "core/estimate/Component.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/LayerId.h"
#include "core/timeline/Timeline.h"

#include <string>

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

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

// One overhead line (issue 5 §3): its centre bytes (part of Component::Overhead or
// Component::Workspace) and the band it may really take.
struct OverheadLine {
    std::string name;     // "cuda_context", "conv_workspace", "allocator_rounding", "fragmentation"
    AffineBytes bytes;    // centre
    AffineBytes low, high;
    const char* source = ""; // where the default comes from
};

// The memory a network needs for one TrainingConfig, each component affine in the batch:
// total(b) = total.fixed + b × total.perSample holds exactly, so a batch change only
// re-evaluates this line (ARCHITECTURE.md rule 5).
struct MemoryBreakdown {
    TrainingConfig config;
    std::array<AffineBytes, kComponentCount> components{};
    // The sum of the components, each at its own maximum over the step. Not an upper bound of
    // the timeline's peak: the peak also holds tensors no component has — the output a layer is
    // writing (the logits at the loss, with their gradient) and the optimizer step's
    // temporaries — so a network with large logits (GPT-2: 50,257 per token) peaks above it
    // (batch 8: total 18.67 GiB, peak 19.72 GiB at the loss). Fit decisions use the peak.
    AffineBytes total;
    // The error band around `total` from the uncertain parts (workspace, context, allocator,
    // fragmentation; see overheadLines).
    AffineBytes totalLow, totalHigh;
    std::vector<OverheadLine> overheadLines;
    std::vector<LayerMemory> layers; // same order as Analysis::layers
    // One training step as events (core/timeline/Timeline.h); peak() is what a GPU shows.
    Timeline timeline;

    const AffineBytes& operator[](Component c) const { return components[static_cast<std::size_t>(c)]; }
    std::uint64_t bytes(Component c) const { return (*this)[c].at(config.batch); }
    std::uint64_t totalBytes() const { return total.at(config.batch); }
    std::uint64_t totalAt(std::uint64_t batch) const { return total.at(batch); }

    // The timeline's peak at the configured batch, plus the overheads the timeline leaves out
    // (fragmentation is a fraction of the peak, included by peakBytes()).
    TimelinePeak peak() const { return timeline.peakAt(config.batch); }
    std::uint64_t peakBytes() const { return peakAt(config.batch); }
    std::uint64_t peakAt(std::uint64_t batch) const;
    std::uint64_t peakHighAt(std::uint64_t batch) const; // peak + (high - centre) of the band

    // Set when config.gpu is: does the configured batch fit (by the peak), and the largest batch
    // that does; `conservative` uses the top of the error band (issue 5 §4, `fit --safe`).
    bool fits(bool conservative = false) const;
    std::optional<std::uint64_t> maxBatch(bool conservative = false) const;
};

} // namespace netsizer::core
