#pragma once
// The hand rules students use to size a training run, computed for a model so they can be set
// beside the engine's figure (EstimateGap). Every rule counts 4-byte (fp32) values, as the rules
// do when written down:
//  - WeightsOnly: "params × 4 B" — the parameters alone.
//  - ForwardActivations: "every forward output × batch × 4 B" — the sum of all layers' outputs
//    as a layer table lists them (the model input excluded), times the batch.
//  - Cs231n: "(params × 3 + activations × 2 × batch) × 4 B" — Stanford CS231n, "Convolutional
//    Neural Networks for Visual Recognition", course notes "ConvNets", section "Computational
//    Considerations" (the ConvNet memory paragraph): the activations and their gradients, and
//    the parameters with their gradients and a step cache ("multiplied by a factor of at least
//    3 or so"), times 4 bytes per value.
// Each rule's bytes are split into the engine's component vocabulary (core::Component), so a
// difference from the engine can be named component by component.

#include "core/analysis/Analysis.h"
#include "core/memory/Component.h"

#include <array>
#include <cstdint>
#include <vector>

namespace netsizer::core {

enum class HandRule { WeightsOnly, ForwardActivations, Cs231n };

// The rules in the order a lesson shows them (simplest first).
const std::vector<HandRule>& allHandRules();

// The two numbers every hand rule starts from.
struct HandCounts {
    Count params = 0;                    // learnable elements, frozen included (Analysis::paramsTotal)
    Count forwardOutputsPerSample = 0;   // Σ of every analysed layer's float outputs, model inputs excluded
};

// Counts from an analysis: LayerAnalysis::outputActivationNumel summed over the analysed layers
// that are not model inputs — in-place layers included, since a layer table lists their outputs
// too (the engine knows they share storage; the rule does not).
HandCounts handCounts(const Analysis& analysis);

// A rule's figure at one batch, by component (indexed by Component; the parts sum to `bytes`).
struct HandEstimate {
    HandRule rule = HandRule::Cs231n;
    std::uint64_t batch = 1;
    HandCounts counts;
    std::array<std::uint64_t, kComponentCount> parts{};
    std::uint64_t bytes = 0;

    std::uint64_t operator[](Component c) const { return parts[static_cast<std::size_t>(c)]; }
};

// The value size every rule assumes: fp32.
inline constexpr std::uint64_t kHandRuleValueBytes = 4;

// `rule` applied to `counts` at `batch`. Saturating (a figure beyond 64 bits reads 2^64 - 1).
HandEstimate handEstimate(HandRule rule, const HandCounts& counts, std::uint64_t batch);

} // namespace netsizer::core
