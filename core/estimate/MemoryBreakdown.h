#pragma once

#include "core/estimate/TrainingConfig.h"
#include "core/graph/LayerId.h"
#include "core/memory/AffineBytes.h"
#include "core/memory/Component.h"
#include "core/memory/LayerMemory.h"
#include "core/timeline/Timeline.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace netsizer::core {

// One overhead line: its centre bytes (part of Component::Overhead or
// Component::Workspace) and the band it may really take.
struct OverheadLine {
    std::string name;     // "cuda_context", "conv_workspace", "allocator_rounding", "fragmentation"
    AffineBytes bytes;    // centre
    AffineBytes low, high;
    const char* source = ""; // where the default comes from
};

// What is alive at the peak instant of a training step at one batch (MemoryBreakdown::
// peakCompositionAt): the headline figure, its band, and its composition by component, which
// sums to `bytes` exactly. Which instant peaks depends on the batch (the peak is the largest of
// the timeline's affine events), so the composition is evaluated per batch.
struct PeakComposition {
    std::uint64_t bytes = 0;               // the peak: what the GPU must hold
    std::uint64_t low = 0, high = 0;       // its band (the overhead lines at their low / high ends)
    std::array<std::uint64_t, kComponentCount> components{}; // indexed by Component, sum = bytes
    TimelinePeak where;                    // the event (phase, layer) that peaks

    std::uint64_t operator[](Component c) const { return components[static_cast<std::size_t>(c)]; }
};

// Where a size first exceeds 64 bits at one batch (MemoryBreakdown::overflowAt): the layer whose
// own bytes do, else the step event whose total does (its layer, when it runs one), else the
// component. `what` says which in words ("layer", "forward", "loss", "Weights" …).
struct SizeOverflow {
    std::optional<LayerId> layer;
    std::string what;
};

// The memory a network needs for one TrainingConfig, each component affine in the batch, and
// one training step simulated as events (each affine too), so a batch change only re-evaluates
// lines (ARCHITECTURE.md rule 5). The headline is the peak of the step (peakCompositionAt):
// the most memory alive at one instant, which is what the GPU must hold and what every fit
// decision uses. For Caffe (every blob is allocated before the first iteration) and for
// inference the step is one event, and the peak equals the sum of the components.
struct MemoryBreakdown {
    TrainingConfig config;
    // Each component at its own maximum over the step (the weights all along, the activations at
    // the end of forward, the gradients at the end of backward, …).
    std::array<AffineBytes, kComponentCount> components{};
    // The sum of the components, each at its own maximum: NOT the peak, and not a bound of it
    // either way. It exceeds the peak when components peak at different instants (cnn_180x50 at
    // batch 128: 1.35 GiB against a peak of 1.11 GiB), and falls below it when the peak holds a
    // tensor no component counts at its maximum — the output a layer is writing (the logits at
    // the loss, with their gradient) and the optimizer step's temporaries (GPT-2 at batch 8:
    // 18.67 GiB against a peak of 19.72 GiB at the loss).
    AffineBytes componentMaximaSum;
    // The error band of the sum from the uncertain parts (workspace, context, allocator,
    // fragmentation; see overheadLines). The peak's band has the same excess below and above.
    AffineBytes componentMaximaLow, componentMaximaHigh;
    std::vector<OverheadLine> overheadLines;
    std::vector<LayerMemory> layers; // same order as Analysis::layers
    // One training step as events (core/timeline/Timeline.h); its peak is what a GPU shows.
    Timeline timeline;

    // Component `c` at its own maximum.
    const AffineBytes& operator[](Component c) const { return components[static_cast<std::size_t>(c)]; }
    std::uint64_t bytes(Component c) const { return (*this)[c].at(config.batch); }
    std::uint64_t componentMaximaSumAt(std::uint64_t batch) const { return componentMaximaSum.at(batch); }

    // The peak of the step at `batch` with its band and what is alive then. O(events).
    PeakComposition peakCompositionAt(std::uint64_t batch) const;
    PeakComposition peakComposition() const { return peakCompositionAt(config.batch); }
    // The timeline's peak at the configured batch: which event, and its bytes.
    TimelinePeak peak() const { return timeline.peakAt(config.batch); }
    std::uint64_t peakBytes() const { return peakAt(config.batch); }
    std::uint64_t peakAt(std::uint64_t batch) const;
    std::uint64_t peakLowAt(std::uint64_t batch) const;  // peak - (centre - low) of the band
    std::uint64_t peakHighAt(std::uint64_t batch) const; // peak + (high - centre) of the band

    // Sizes are saturating (AffineBytes): a figure too large for 64 bits reads as 2^64 - 1 and
    // is never a valid answer. Where the first such figure is at `batch`, or nullopt when every
    // figure is exact. O(layers + events); callers check it before reporting any number.
    std::optional<SizeOverflow> overflowAt(std::uint64_t batch) const;
    std::optional<SizeOverflow> overflow() const { return overflowAt(config.batch); }

    // Set when config.gpu is: does the configured batch fit (by the peak), and the largest batch
    // that does; `conservative` uses the top of the error band (`fit --safe`).
    bool fits(bool conservative = false) const;
    std::optional<std::uint64_t> maxBatch(bool conservative = false) const;
};

} // namespace netsizer::core
