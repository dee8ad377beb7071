#include "core/explain/StepEvents.h"

#include "core/analysis/LayerReanalysis.h"
#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"

#include <algorithm>
#include <map>

namespace netsizer::core {

namespace {

constexpr std::size_t idx(Component c) { return static_cast<std::size_t>(c); }

bool isZero(const AffineBytes& b) { return b.fixed == 0 && b.perSample == 0; }

AffineBytes plus(AffineBytes a, const AffineBytes& b) { return a += b; }

// `after` − `before`, part by part: what grew (up) and what shrank (down).
struct Difference {
    AffineBytes up, down;
};
Difference difference(const AffineBytes& before, const AffineBytes& after)
{
    Difference d;
    (after.fixed >= before.fixed ? d.up.fixed : d.down.fixed) =
        after.fixed >= before.fixed ? after.fixed - before.fixed : before.fixed - after.fixed;
    (after.perSample >= before.perSample ? d.up.perSample : d.down.perSample) =
        after.perSample >= before.perSample ? after.perSample - before.perSample : before.perSample - after.perSample;
    return d;
}

// `b` with at most `cap` bytes of its fixed part (and none of the per-sample one) split off.
AffineBytes takeFixed(AffineBytes& b, Count cap)
{
    const Count taken = std::min(b.fixed, cap);
    b.fixed -= taken;
    return AffineBytes{taken, 0};
}
AffineBytes takePerSample(AffineBytes& b, Count cap)
{
    const Count taken = std::min(b.perSample, cap);
    b.perSample -= taken;
    return AffineBytes{0, taken};
}

// What a change of component `c` is when nothing more specific is known.
StepTensor plainTensor(Component c, bool allocated)
{
    switch (c) {
    case Component::Weights: return StepTensor::Weights;
    case Component::Gradients: return StepTensor::WeightGradient;
    case Component::OptimizerState: return StepTensor::OptimizerState;
    case Component::Activations: return allocated ? StepTensor::SavedForBackward : StepTensor::SavedReleased;
    case Component::ActivationGradients: return StepTensor::ActivationGradient;
    case Component::Input: return StepTensor::InputBatch;
    case Component::Workspace: return StepTensor::Workspace;
    case Component::Overhead: return StepTensor::Overhead;
    }
    return StepTensor::Weights;
}

StepAction actionOf(StepPhase p)
{
    switch (p) {
    case StepPhase::Start: return StepAction::Start;
    case StepPhase::Forward: return StepAction::Forward;
    case StepPhase::Loss: return StepAction::Loss;
    case StepPhase::Backward: return StepAction::Backward;
    case StepPhase::Optimizer: return StepAction::OptimizerStep;
    case StepPhase::Recompute: return StepAction::Recompute;
    }
    return StepAction::Start;
}

// The tensor a forward caption names among the layer's notes (StepEvent::kept).
std::optional<KeptTensorNote> captionNote(std::vector<KeptTensorNote> notes)
{
    for (KeptCharge wanted : {KeptCharge::Here, KeptCharge::EarlierLayer, KeptCharge::ModelInput})
        for (KeptTensorNote& n : notes)
            if (n.charge == wanted) return std::move(n);
    return std::nullopt;
}

// Builds the events one after the other, naming each event's changes from the previous one.
class Builder {
public:
    Builder(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& breakdown)
        : m_graph(graph), m_analysis(analysis), m_breakdown(breakdown),
          m_activationBytes(precisionInfo(breakdown.config.precision).activationBytes),
          m_profile(frameworkInfo(breakdown.config.framework).profile)
    {
        const auto& events = breakdown.timeline.events;
        // The optimizer step's temporaries: its state beyond the state kept between steps.
        if (!events.empty() && events.back().phase == StepPhase::Optimizer) {
            const Count withTemps = breakdown.timeline.component(events.back(), Component::OptimizerState).fixed;
            const Count kept = breakdown[Component::OptimizerState].fixed;
            m_temporaries = withTemps > kept ? withTemps - kept : 0;
        }
    }

    // Appends an event with `live` after it, naming what changed since the previous event.
    void add(StepEvent e, std::vector<StepEvent>& out)
    {
        for (const auto& c : e.live) e.total += c;
        const StepAction previous = out.empty() ? StepAction::Start : out.back().action;
        const std::optional<LayerId> previousLayer = out.empty() ? std::nullopt : out.back().layer;
        for (Component c : kAllComponents) {
            const AffineBytes& before = m_live[idx(c)];
            const AffineBytes& after = e.live[idx(c)];
            if (before == after && !(c == Component::ActivationGradients && replacesGradients(e.action))) continue;
            describe(e, c, before, after, previous, previousLayer);
        }
        std::stable_partition(e.changes.begin(), e.changes.end(), [](const StepChange& s) { return s.allocated; });
        if (e.action == StepAction::Forward) {
            m_lastForward = e.layer;
            m_lastOutput = outputBytes(e.layer);
        }
        if (e.action == StepAction::Start) {
            m_lastForward.reset();
            m_lastOutput = 0;
        }
        m_live = e.live;
        out.push_back(std::move(e));
    }

    std::optional<KeptTensorNote> keptNote(LayerId id)
    {
        auto it = m_notes.find(toIndex(id));
        if (it == m_notes.end())
            it = m_notes.emplace(toIndex(id), captionNote(keptTensorNotes(m_graph, m_analysis, id, m_profile))).first;
        return it->second;
    }

private:
    static bool replacesGradients(StepAction a) { return a == StepAction::Backward || a == StepAction::Recompute; }

    // The bytes of the output layer `id` writes (as core/timeline/StepSimulation counts them).
    Count outputBytes(std::optional<LayerId> id) const
    {
        const LayerAnalysis* la = id ? findAnalysed(m_analysis, *id) : nullptr;
        return la ? saturatingMulAdd(la->outputActivationNumel, m_activationBytes, la->outputOtherBytes) : 0;
    }

    static void push(StepEvent& e, StepTensor t, bool allocated, Component c, const AffineBytes& bytes,
                     std::optional<LayerId> layer)
    {
        if (!isZero(bytes)) e.changes.push_back(StepChange{t, allocated, c, bytes, layer});
    }

    void describe(StepEvent& e, Component c, const AffineBytes& before, const AffineBytes& after, StepAction previous,
                  std::optional<LayerId> previousLayer)
    {
        Difference d = difference(before, after);
        switch (c) {
        case Component::Activations:
            if (e.action == StepAction::Forward) {
                // The layer writes its output; the previous output goes once nothing needs it
                // beyond what is kept; what remains is what this layer keeps.
                const AffineBytes output{0, outputBytes(e.layer)}, previousOutput{0, m_lastForward ? m_lastOutput : 0};
                const Difference kept = difference(plus(before, output), plus(after, previousOutput));
                push(e, StepTensor::LayerOutput, true, c, output, e.layer);
                push(e, StepTensor::SavedForBackward, true, c, kept.up, e.layer);
                push(e, StepTensor::PreviousOutput, false, c, previousOutput, m_lastForward);
                push(e, StepTensor::SavedReleased, false, c, kept.down, e.layer);
                return;
            }
            if (previous == StepAction::Loss && e.action != StepAction::OptimizerStep) {
                // The network's output goes once the loss and its gradient exist.
                push(e, StepTensor::PreviousOutput, false, c, takePerSample(d.down, m_lastOutput), m_lastForward);
            }
            push(e, e.action == StepAction::Recompute ? StepTensor::Recomputed : StepTensor::SavedForBackward, true, c, d.up,
                 e.action == StepAction::Loss ? std::nullopt : e.layer);
            push(e, StepTensor::SavedReleased, false, c, d.down,
                 previous == StepAction::Backward ? previousLayer : std::nullopt);
            return;
        case Component::ActivationGradients:
            if (replacesGradients(e.action)) {
                // Each backward frees the gradient it consumed and writes the ones it produces.
                push(e, StepTensor::ActivationGradient, true, c, after, e.layer);
                push(e, previous == StepAction::Loss ? StepTensor::LogitsGradient : StepTensor::ActivationGradient, false, c,
                     before, previous == StepAction::Loss ? std::nullopt : previousLayer);
                return;
            }
            push(e, e.action == StepAction::Loss ? StepTensor::LogitsGradient : StepTensor::ActivationGradient, true, c, d.up,
                 std::nullopt);
            push(e, previous == StepAction::Loss ? StepTensor::LogitsGradient : StepTensor::ActivationGradient, false, c,
                 d.down, previous == StepAction::Backward ? previousLayer : std::nullopt);
            return;
        case Component::OptimizerState:
            if (e.action == StepAction::OptimizerStep)
                push(e, StepTensor::OptimizerTemporaries, true, c, takeFixed(d.up, m_temporaries), std::nullopt);
            if (e.action == StepAction::ZeroGrad)
                push(e, StepTensor::OptimizerTemporaries, false, c, takeFixed(d.down, m_temporaries), std::nullopt);
            break;
        default: break;
        }
        const bool layerOwned = c == Component::Gradients;
        push(e, plainTensor(c, true), true, c, d.up, layerOwned ? e.layer : std::nullopt);
        push(e, plainTensor(c, false), false, c, d.down, std::nullopt);
    }

    const Graph& m_graph;
    const Analysis& m_analysis;
    const MemoryBreakdown& m_breakdown;
    Count m_activationBytes;
    Profile m_profile;
    Count m_temporaries = 0;
    std::array<AffineBytes, kComponentCount> m_live{}; // after the last event added
    std::optional<LayerId> m_lastForward;
    Count m_lastOutput = 0;
    std::map<std::uint32_t, std::optional<KeptTensorNote>> m_notes;
};

// Optimizer state that exists before the first step (see StepEvents.h), at most `state`.
AffineBytes eagerStateOf(const Analysis& a, const MemoryBreakdown& b)
{
    const AffineBytes& state = b[Component::OptimizerState];
    if (b.config.optimizer == Optimizer::Adagrad) return state;
    const Count master = precisionInfo(b.config.precision).masterWeightBytes;
    if (master == 0) return {};
    Count bytes = 0;
    for (const LayerAnalysis& la : a.layers)
        if (la.analysed && la.paramsTrainable) bytes = saturatingAdd(bytes, saturatingMul(la.learnableParams, master));
    return AffineBytes{std::min(bytes, state.fixed), 0};
}

} // namespace

const char* stepActionName(StepAction a)
{
    switch (a) {
    case StepAction::Start: return "start";
    case StepAction::Forward: return "forward";
    case StepAction::Loss: return "loss";
    case StepAction::Recompute: return "recompute";
    case StepAction::Backward: return "backward";
    case StepAction::OptimizerStep: return "optimizer_step";
    case StepAction::ZeroGrad: return "zero_grad";
    case StepAction::WholeStep: return "whole_step";
    }
    return "";
}

const char* snapshotCategoryName(SnapshotCategory c)
{
    switch (c) {
    case SnapshotCategory::Parameter: return "parameter";
    case SnapshotCategory::Gradient: return "gradient";
    case SnapshotCategory::OptimizerState: return "optimizer_state";
    case SnapshotCategory::Activation: return "activation";
    case SnapshotCategory::AutogradDetail: return "autograd_detail";
    case SnapshotCategory::Input: return "input";
    case SnapshotCategory::Temporary: return "temporary";
    case SnapshotCategory::Unknown: return "unknown";
    }
    return "";
}

SnapshotCategory snapshotCategory(StepTensor t)
{
    switch (t) {
    case StepTensor::Weights: return SnapshotCategory::Parameter;
    case StepTensor::InputBatch: return SnapshotCategory::Input;
    case StepTensor::Workspace:
    case StepTensor::OptimizerTemporaries: return SnapshotCategory::Temporary;
    case StepTensor::Overhead: return SnapshotCategory::Unknown;
    case StepTensor::LayerOutput:
    case StepTensor::SavedForBackward:
    case StepTensor::PreviousOutput:
    case StepTensor::SavedReleased:
    case StepTensor::Recomputed: return SnapshotCategory::Activation;
    case StepTensor::LogitsGradient:
    case StepTensor::ActivationGradient: return SnapshotCategory::AutogradDetail;
    case StepTensor::WeightGradient: return SnapshotCategory::Gradient;
    case StepTensor::OptimizerState: return SnapshotCategory::OptimizerState;
    }
    return SnapshotCategory::Unknown;
}

AffineBytes StepEvent::changed(StepTensor t, bool allocated) const
{
    AffineBytes sum;
    for (const StepChange& c : changes)
        if (c.tensor == t && c.allocated == allocated) sum += c.bytes;
    return sum;
}

StepEvents StepEvents::build(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& breakdown)
{
    StepEvents out;
    const Timeline& t = breakdown.timeline;
    if (t.events.empty()) return out;
    const bool train = breakdown.config.mode == Mode::Train;
    out.m_training = train;
    out.m_simulated = train && breakdown.config.framework != Framework::Caffe && t.events.size() > 1;
    Builder builder(graph, analysis, breakdown);
    if (!out.m_simulated) {
        StepEvent e;
        e.action = StepAction::WholeStep;
        e.timelineEvent = 0;
        e.live = t.components(t.events.front());
        builder.add(std::move(e), out.m_events);
        return out;
    }
    out.m_accumulating = breakdown.config.accumulationSteps > 1;
    out.m_persistentGradients = precisionInfo(breakdown.config.precision).masterWeightBytes > 0;
    out.m_eagerState = eagerStateOf(analysis, breakdown);
    const bool rowsMatch = breakdown.layers.size() == analysis.layers.size();
    for (int iteration = 1; iteration <= 2; ++iteration) {
        for (std::size_t i = 0; i < t.events.size(); ++i) {
            const TimelineEvent& te = t.events[i];
            StepEvent e;
            e.iteration = iteration;
            e.action = actionOf(te.phase);
            e.layer = te.layer;
            e.timelineEvent = i;
            e.live = t.components(te);
            // Before the first step() the lazily created state does not exist yet.
            if (iteration == 1 && te.phase != StepPhase::Optimizer) e.live[idx(Component::OptimizerState)] = out.m_eagerState;
            if (e.action == StepAction::Forward && e.layer && rowsMatch) e.kept = builder.keptNote(*e.layer);
            builder.add(std::move(e), out.m_events);
        }
        // zero_grad(): the temporaries are gone with step(), the gradients are set to None (a
        // persistent buffer is zeroed in place and stays).
        StepEvent z;
        z.iteration = iteration;
        z.action = StepAction::ZeroGrad;
        z.live = t.components(t.events.front());
        z.live[idx(Component::Gradients)] = out.m_persistentGradients ? breakdown[Component::Gradients] : AffineBytes{};
        builder.add(std::move(z), out.m_events);
    }
    return out;
}

std::size_t StepEvents::iterationBegin(int iteration) const
{
    for (std::size_t i = 0; i < m_events.size(); ++i)
        if (m_events[i].iteration == iteration) return i;
    return m_events.size();
}

std::size_t StepEvents::peakAt(std::uint64_t batch) const
{
    std::size_t best = 0;
    std::uint64_t bytes = 0;
    for (std::size_t i = 0; i < m_events.size(); ++i) {
        const std::uint64_t b = m_events[i].total.at(batch);
        if (i == 0 || b > bytes) best = i, bytes = b;
    }
    return best;
}

std::uint64_t StepEvents::iterationPeakAt(int iteration, std::uint64_t batch) const
{
    std::uint64_t bytes = 0;
    for (const StepEvent& e : m_events)
        if (e.iteration == iteration) bytes = std::max(bytes, e.total.at(batch));
    return bytes;
}

} // namespace netsizer::core
