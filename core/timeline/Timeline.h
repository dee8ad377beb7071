#pragma once
// One training step simulated as allocations and frees, layer by layer. Every
// quantity is affine in the batch (AffineBytes), so the peak at any batch is found in
// O(events) without re-simulating, and the largest batch whose peak fits in O(events) too.
//
// What is modelled (PyTorch, training; Caffe and inference get one event equal to the total):
// - always alive: weights, optimizer state (it exists from the first step on), the input
//   batch, workspace and overhead;
// - forward, layer i in topological order: what layers 0..i keep for backward, plus layer i's
//   freshly written outputs (an upper bound by one output: they may be among the kept ones);
// - loss: everything kept, plus the logits' gradient (the last layer's output size);
// - backward, layer i in reverse order: what layers 0..i keep (layer i's saved tensors are
//   released once its backward ran), the gradients flowing through layer i (its outputs' and
//   its inputs' gradients, LayerAnalysis::activationGradientNumel), and the parameter gradients
//   of layers i..n-1 — PyTorch frees them with zero_grad(set_to_none=True) (the default since
//   torch 2.0) so they appear during backward, layer by layer;
// - optimizer step: all gradients, the state and the step's temporaries
//   (OptimizerInfo::foreachTempPerParam: torch.optim's foreach implementations, the default
//   on CUDA, build whole-list intermediates such as Adam's `exp_avg_sq.sqrt() + eps` —
//   torch/optim/adam.py _multi_tensor_adam — about one parameter-sized temporary per
//   element); activations are all freed.
// - gradient checkpointing (core/analysis/CheckpointSegment.h): a checkpointed layer keeps in
//   forward only its segment's inputs (charged as any kept tensor). When backward reaches the
//   segment's last layer, a Recompute event: the segment's forward runs again, so what its
//   layers save is alive again (StepInputs::recomputed, all of the segment) beside what the
//   layers before it keep, while the gradient of its output waits (its output's size); then
//   each of its layers' backward holds the recomputed tensors of the segment's layers up to
//   it. The peak may fall in a recomputation or in a recomputed segment's backward;
// - gradient accumulation (TrainingConfig::accumulationSteps > 1): the step simulated is a
//   micro-batch after the first, so the whole gradient buffer is alive from its start (the
//   gradients accumulate in place) and the peak is that of the last micro-batch. Caffe's
//   diffs are allocated up front either way (iter_size changes nothing there).
// Not modelled: the caching allocator's rounding and fragmentation (separate lines), autograd's
// gradient accumulation buffers for tensors with several consumers, per-op scratch.

#include "core/memory/AffineBytes.h"
#include "core/memory/Component.h"
#include "core/graph/LayerId.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace netsizer::core {

// Recompute: a checkpointed segment's forward run again during backward (its event carries the
// segment's last layer).
enum class StepPhase : std::uint8_t { Start, Forward, Loss, Backward, Optimizer, Recompute };
// "start", "forward", "loss", "backward", "optimizer", "recompute"
const char* stepPhaseName(StepPhase p);

// One moment of the step. Only the components that change during a step are stored per event
// (104 bytes instead of 160: estimating 1,000 layers writes 2,000 events); the others are the
// timeline's `steady` ones. Timeline::components() gives the whole set.
struct TimelineEvent {
    StepPhase phase = StepPhase::Start;
    std::optional<LayerId> layer; // the layer running (Forward / Backward)
    // Component::Activations, ActivationGradients, Gradients and OptimizerState at this moment.
    std::array<AffineBytes, 4> varying{};
    AffineBytes total; // every component: Timeline::steadyTotal + the varying ones

    // The components stored per event, in the order of `varying`.
    static constexpr std::array<Component, 4> kVarying = {Component::Activations, Component::ActivationGradients,
                                                          Component::Gradients, Component::OptimizerState};
    // Index of `c` in `varying`, or -1 when it is steady.
    static constexpr int varyingIndex(Component c)
    {
        for (int i = 0; i < 4; ++i)
            if (kVarying[static_cast<std::size_t>(i)] == c) return i;
        return -1;
    }
};

struct TimelinePeak {
    std::uint64_t bytes = 0;
    StepPhase phase = StepPhase::Start;
    std::optional<LayerId> layer;
    std::size_t event = 0; // index into Timeline::events
};

struct Timeline {
    // The components alive unchanged through the whole step (weights, input, workspace,
    // overhead); the entries of TimelineEvent::kVarying are zero here. steadyTotal is their sum.
    std::array<AffineBytes, kComponentCount> steady{};
    AffineBytes steadyTotal;
    std::vector<TimelineEvent> events;

    // Component `c` at event `e` (an event of this timeline).
    AffineBytes component(const TimelineEvent& e, Component c) const
    {
        const int v = TimelineEvent::varyingIndex(c);
        return v >= 0 ? e.varying[static_cast<std::size_t>(v)] : steady[static_cast<std::size_t>(c)];
    }
    // Every component at event `e`.
    std::array<AffineBytes, kComponentCount> components(const TimelineEvent& e) const
    {
        std::array<AffineBytes, kComponentCount> all = steady;
        for (std::size_t v = 0; v < TimelineEvent::kVarying.size(); ++v)
            all[static_cast<std::size_t>(TimelineEvent::kVarying[v])] = e.varying[v];
        return all;
    }

    bool empty() const { return events.empty(); }
    // The largest event total at `batch` (the first such event on ties). Empty timeline: bytes 0.
    TimelinePeak peakAt(std::uint64_t batch) const;
};

} // namespace netsizer::core
