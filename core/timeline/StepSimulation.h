#pragma once
// One training step simulated as events (what is modelled: core/timeline/Timeline.h), from the
// estimate's components and per-layer rows and the analysis' per-layer tensor sizes.

#include "core/analysis/Analysis.h"
#include "core/memory/AffineBytes.h"
#include "core/memory/Component.h"
#include "core/memory/LayerMemory.h"
#include "core/timeline/Timeline.h"

#include <array>
#include <vector>

namespace netsizer::core {

struct StepInputs {
    // Every component at its own maximum, and each layer's own share (parallel to
    // Analysis::layers), as the estimator computed them.
    const std::array<AffineBytes, kComponentCount>& components;
    const std::vector<LayerMemory>& layers;
    // false (Caffe, inference): one event holding every component, the whole step.
    bool simulate = true;
    // Gradient accumulation: the gradients of earlier micro-batches are alive from the start.
    bool accumulate = false;
    Count activationBytes = 4;   // per element of activations and their gradients
    Count optimizerTempBytes = 0; // the optimizer step's temporaries, in bytes
    // Gradient checkpointing: what each layer keeps while its segment is recomputed, parallel to
    // Analysis::layers (null: no segment, or a profile without checkpointing). Not owned.
    const std::vector<AffineBytes>* recomputed = nullptr;
    // The loss (core/estimate/LossMemory.h): what it holds at the Loss event only (released
    // before the last layer's backward), and whether the last layer's output and its gradient
    // are never allocated (a fused linear cross-entropy).
    AffineBytes lossKept;
    bool lossDropsOutput = false;
};

// O(layers). `analysis` must be the one `in.layers` was estimated from.
Timeline simulateStep(const StepInputs& in, const Analysis& analysis);

} // namespace netsizer::core
