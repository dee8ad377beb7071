#pragma once
// One training step simulated as allocations and frees, layer by layer (issue 5 §2). Every
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
// Not modelled: the caching allocator's rounding and fragmentation (separate lines), autograd's
// gradient accumulation buffers for tensors with several consumers, per-op scratch.

#include "core/estimate/AffineBytes.h"
#include "core/estimate/Component.h"
#include "core/graph/LayerId.h"

#include <array>
#include <cstdint>
#include <optional>
#include <vector>

namespace netsizer::core {

enum class StepPhase : std::uint8_t { Start, Forward, Loss, Backward, Optimizer };
const char* stepPhaseName(StepPhase p); // "start", "forward", "loss", "backward", "optimizer"

struct TimelineEvent {
    StepPhase phase = StepPhase::Start;
    std::optional<LayerId> layer; // the layer running (Forward / Backward)
    std::array<AffineBytes, kComponentCount> components{};
    AffineBytes total;
};

struct TimelinePeak {
    std::uint64_t bytes = 0;
    StepPhase phase = StepPhase::Start;
    std::optional<LayerId> layer;
    std::size_t event = 0; // index into Timeline::events
};

struct Timeline {
    std::vector<TimelineEvent> events;

    bool empty() const { return events.empty(); }
    // The largest event total at `batch` (the first such event on ties). Empty timeline: bytes 0.
    TimelinePeak peakAt(std::uint64_t batch) const;
    // The largest batch <= cap whose peak fits in `capacityBytes`: the minimum over events of
    // the batch that event allows (each is affine). 0 when one sample does not fit.
    std::uint64_t largestBatchThatFits(std::uint64_t capacityBytes, std::uint64_t cap) const;
};

} // namespace netsizer::core
