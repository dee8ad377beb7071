#pragma once
// Two training iterations as a student steps through them: every event says what was allocated
// and what was freed (bytes and category, in the vocabulary of PyTorch's memory profiler and
// snapshot viewer: parameter, gradient, optimizer_state, activation, autograd_detail, input,
// temporary), what is alive after it by component, and what a caption needs (the layer, the
// tensor the layer keeps and why: KeptTensorNote).
//
// The events are the estimate's own timeline (MemoryBreakdown::timeline, core/timeline), played
// twice:
// - iteration 1 starts with the weights, the input batch, workspace and overhead, and no
//   optimizer state: torch.optim creates it lazily, in the first step() (Adagrad is the exception:
//   it creates its sums in __init__; the fp32 master weights of a master-weight precision exist
//   before training too). Its optimizer step allocates the state, then zero_grad() frees the
//   gradients (set_to_none=True; a persistent gradient buffer is zeroed in place instead);
// - iteration 2 starts with the state alive: every one of its events is the timeline event of
//   the same index, so its levels — and the peak — are exactly the estimate's.
// Between two events the live bytes change by exactly the allocations minus the frees listed
// (per component, fixed and per-sample parts alike), so a viewer can show them as a ledger.
// With gradient accumulation the step shown is each iteration's last micro-batch: the earlier
// micro-batches' gradients are alive from its start (as in the timeline). Caffe and inference
// are one event (the whole step), as in the timeline.
//
// Lives in core/explain, not core/timeline: it reads the estimate (MemoryBreakdown) and the
// explanations (KeptTensorNote), both above the timeline in the dependency order.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/explain/KeptTensorNote.h"
#include "core/graph/Graph.h"
#include "core/memory/AffineBytes.h"
#include "core/memory/Component.h"

#include <array>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <vector>

namespace netsizer::core {

// What happens at an event.
enum class StepAction : std::uint8_t {
    Start,         // before the iteration's forward: what is alive as it begins
    Forward,       // a layer's forward ran
    Loss,          // the loss and the gradient of the network's output
    Recompute,     // a checkpointed segment's forward ran again (its last layer's event)
    Backward,      // a layer's backward ran
    OptimizerStep, // optimizer.step()
    ZeroGrad,      // optimizer.zero_grad() (set_to_none=True, the default since torch 2.0)
    WholeStep,     // Caffe or inference: one level for the whole step
};
// "start", "forward", "loss", "recompute", "backward", "optimizer_step", "zero_grad", "whole_step"
const char* stepActionName(StepAction a);

// The allocation categories of PyTorch's memory profiler (torch/profiler/_memory_profiler.py
// Category), which its memory timeline and snapshot viewer colour by; Unknown for what is no
// tensor (the CUDA context, the allocator's reserve).
enum class SnapshotCategory : std::uint8_t {
    Parameter, Gradient, OptimizerState, Activation, AutogradDetail, Input, Temporary, Unknown,
};
// "parameter", "gradient", "optimizer_state", "activation", "autograd_detail", "input",
// "temporary", "unknown"
const char* snapshotCategoryName(SnapshotCategory c);

// What an allocation or a free is.
enum class StepTensor : std::uint8_t {
    Weights,              // parameters and buffers
    InputBatch,           // the mini-batch
    Workspace,            // convolution scratch
    Overhead,             // the CUDA context and the allocator's reserve (no tensor)
    LayerOutput,          // the output the layer writes
    SavedForBackward,     // what the layer keeps for its backward (StepEvent::kept says why)
    PreviousOutput,       // the previous output, once nothing needs it beyond what is kept
    LogitsGradient,       // the gradient of the loss with respect to the network's output
    ActivationGradient,   // the gradients flowing through a layer in backward
    SavedReleased,        // tensors kept for backward, released once the backward needing them ran
    Recomputed,           // a checkpointed segment's kept tensors, computed again
    WeightGradient,       // the parameters' .grad
    OptimizerState,       // momentum, Adam's moments, step counters, master weights
    OptimizerTemporaries, // the foreach step's parameter-sized intermediates
};
// The category PyTorch's profiler gives `t`.
SnapshotCategory snapshotCategory(StepTensor t);

// One allocation or free.
struct StepChange {
    StepTensor tensor = StepTensor::Weights;
    bool allocated = true;             // false: freed
    Component component = Component::Weights; // the band of the memory charts it belongs to
    AffineBytes bytes;
    std::optional<LayerId> layer;      // whose tensor, when one layer's (the previous layer's for PreviousOutput)
};

struct StepEvent {
    int iteration = 1; // 1 or 2
    StepAction action = StepAction::Start;
    std::optional<LayerId> layer;              // Forward, Backward, Recompute: the layer running
    std::optional<std::size_t> timelineEvent;  // the MemoryBreakdown::timeline event it mirrors (none: ZeroGrad)
    std::vector<StepChange> changes;           // allocations first, then frees
    std::array<AffineBytes, kComponentCount> live{}; // alive after the event, indexed by Component
    AffineBytes total;                         // the sum of `live`
    // Forward: the tensor the caption names — the first the layer keeps and pays for, else the
    // first kept by an earlier layer or being the mini-batch; nullopt when it keeps nothing.
    std::optional<KeptTensorNote> kept;

    // The bytes of the changes of `t` allocated (or freed), summed.
    AffineBytes changed(StepTensor t, bool allocated = true) const;
    AffineBytes operator[](Component c) const { return live[static_cast<std::size_t>(c)]; }
};

class StepEvents {
public:
    StepEvents() = default;
    // The events of `breakdown`, estimated from `analysis` of `graph`. An empty timeline gives
    // no events; a breakdown whose rows do not match the analysis gives events without the
    // per-layer detail (no crash).
    static StepEvents build(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& breakdown);

    const std::vector<StepEvent>& events() const { return m_events; }
    std::size_t size() const { return m_events.size(); }
    bool empty() const { return m_events.empty(); }
    const StepEvent& operator[](std::size_t i) const { return m_events[i]; }

    // Whether the step is simulated event by event (false: Caffe or inference, one event).
    bool simulated() const { return m_simulated; }
    // Whether the configuration trains (false: inference).
    bool training() const { return m_training; }
    // The index of the first event of iteration `iteration` (1 or 2); size() when it has none.
    std::size_t iterationBegin(int iteration) const;
    // The event with the most bytes alive at `batch`, the first on ties; 0 when empty.
    std::size_t peakAt(std::uint64_t batch) const;
    // The most bytes alive during iteration `iteration` at `batch` (0 when it has no events).
    std::uint64_t iterationPeakAt(int iteration, std::uint64_t batch) const;
    // Optimizer state alive at iteration 1's start (eager state: Adagrad's sums, master weights).
    const AffineBytes& eagerState() const { return m_eagerState; }
    // The gradients are alive from each iteration's start: accumulated over earlier micro-batches.
    bool accumulating() const { return m_accumulating; }
    // The gradients live in a persistent buffer (a master-weight precision): zero_grad zeroes them.
    bool persistentGradients() const { return m_persistentGradients; }

private:
    std::vector<StepEvent> m_events;
    bool m_simulated = false;
    bool m_training = false;
    bool m_accumulating = false;
    bool m_persistentGradients = false;
    AffineBytes m_eagerState;
};

} // namespace netsizer::core
