#include "core/timeline/StepSimulation.h"

#include <algorithm>
#include <optional>

namespace netsizer::core {
namespace {
constexpr std::size_t idx(Component c) { return static_cast<std::size_t>(c); }
} // namespace

Timeline simulateStep(const StepInputs& in, const Analysis& a)
{
    Timeline t;
    // Steady: everything but the varying components, which each event carries.
    t.steady = in.components;
    for (Component c : TimelineEvent::kVarying) t.steady[idx(c)] = AffineBytes{};
    for (const auto& c : t.steady) t.steadyTotal += c;
    // Appends an event with the given varying components and its total.
    auto push = [&](StepPhase phase, std::optional<LayerId> layer, const AffineBytes& activations,
                    const AffineBytes& activationGradients, const AffineBytes& gradients, const AffineBytes& state) {
        TimelineEvent& e = t.events.emplace_back();
        e.phase = phase;
        e.layer = layer;
        e.varying = {activations, activationGradients, gradients, state};
        e.total = t.steadyTotal;
        for (const auto& v : e.varying) e.total += v;
    };
    const AffineBytes state = in.components[idx(Component::OptimizerState)];
    if (!in.simulate) {
        push(StepPhase::Start, std::nullopt, in.components[idx(Component::Activations)],
             in.components[idx(Component::ActivationGradients)], in.components[idx(Component::Gradients)], state);
        return t;
    }
    const AffineBytes none;
    // With gradient accumulation the step simulated is a later micro-batch: the gradients of
    // the earlier ones are alive from its start (PyTorch adds into .grad in place).
    const AffineBytes carried = in.accumulate ? in.components[idx(Component::Gradients)] : none;
    push(StepPhase::Start, std::nullopt, none, none, carried, state);
    const std::size_t n = a.layers.size();
    t.events.reserve(2 * n + 3 + a.segments.size()); // start, forward and backward per layer at most, loss, a recomputation per segment, optimizer
    std::vector<AffineBytes> keptUpTo(n + 1); // kept by layers [0, i)
    for (std::size_t i = 0; i < n; ++i) {
        keptUpTo[i + 1] = keptUpTo[i];
        if (i < in.layers.size()) keptUpTo[i + 1] += in.layers[i].owned[idx(Component::Activations)];
    }
    const Count act = in.activationBytes;
    // Saturating (Checked.h), as every size: MemoryBreakdown::overflowAt finds the event.
    auto outputBytes = [&](const LayerAnalysis& la) { return saturatingMulAdd(la.outputActivationNumel, act, la.outputOtherBytes); };
    Count lastOutput = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const LayerAnalysis& la = a.layers[i];
        if (!la.analysed || la.modelInput) continue; // the input batch is alive from the start
        lastOutput = outputBytes(la);
        push(StepPhase::Forward, la.id, {keptUpTo[i + 1].fixed, saturatingAdd(keptUpTo[i + 1].perSample, lastOutput)}, none, carried, state);
    }
    if (in.lossDropsOutput && lastOutput > 0) {
        // The fused loss computes the last layer itself, chunk by chunk: its output never exists.
        TimelineEvent& last = t.events.back();
        last.varying[0].perSample -= std::min(last.varying[0].perSample, lastOutput);
        last.total.perSample -= std::min(last.total.perSample, lastOutput);
        lastOutput = 0;
    }
    AffineBytes atLoss{keptUpTo[n].fixed, saturatingAdd(keptUpTo[n].perSample, lastOutput)};
    atLoss += in.lossKept;
    push(StepPhase::Loss, std::nullopt, atLoss, {0, lastOutput}, carried, state);
    AffineBytes grads;
    // Checkpointing: while a segment's backward runs at layer k, its recomputed tensors of the
    // layers first..k are alive (each layer's are released once its backward ran).
    const std::vector<AffineBytes>* r = in.recomputed && in.recomputed->size() == n ? in.recomputed : nullptr;
    std::vector<AffineBytes> recomputedUpTo(r ? n : 0);
    if (r)
        for (const CheckpointSegment& seg : a.segments) {
            AffineBytes sum;
            for (std::size_t j = seg.first; j <= seg.last && j < n; ++j) recomputedUpTo[j] = sum += (*r)[j];
        }
    auto plus = [](AffineBytes x, const AffineBytes& y) { return x += y; };
    for (std::size_t k = n; k-- > 0;) {
        const LayerAnalysis& la = a.layers[k];
        if (!la.analysed) continue;
        const bool checkpointed = r && la.segment >= 0 && static_cast<std::size_t>(la.segment) < a.segments.size();
        if (checkpointed && a.segments[static_cast<std::size_t>(la.segment)].last == k && la.outputNeedsGrad) {
            // Autograd reaches the segment: its forward runs again, keeping everything its
            // layers save, while the gradient of its output waits.
            push(StepPhase::Recompute, la.id, plus(keptUpTo[k + 1], recomputedUpTo[k]), {0, outputBytes(la)}, in.accumulate ? carried : grads,
                 state);
        }
        if (k < in.layers.size()) grads += in.layers[k].owned[idx(Component::Gradients)];
        if (!la.outputNeedsGrad) continue; // autograd never reaches it
        push(StepPhase::Backward, la.id, checkpointed ? plus(keptUpTo[k + 1], recomputedUpTo[k]) : keptUpTo[k + 1],
             {0, saturatingMul(la.activationGradientNumel, act)}, in.accumulate ? carried : grads, state);
    }
    AffineBytes stepState = state;
    stepState.fixed = saturatingAdd(stepState.fixed, in.optimizerTempBytes);
    push(StepPhase::Optimizer, std::nullopt, none, none, in.components[idx(Component::Gradients)], stepState);
    return t;
}

} // namespace netsizer::core
