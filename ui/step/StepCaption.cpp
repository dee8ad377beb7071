#include "ui/step/StepCaption.h"

#include "ui/style/DisplayOptions.h"

namespace netsizer::ui {

namespace {
bool isZero(const core::AffineBytes& b) { return b.fixed == 0 && b.perSample == 0; }
core::AffineBytes plus(core::AffineBytes a, const core::AffineBytes& b) { return a += b; }
} // namespace

StepCaption::StepCaption(const core::Graph& graph, const core::StepEvents& steps, const DisplayOptions& options,
                         std::uint64_t batch)
    : m_graph(graph), m_steps(steps), m_options(options), m_batch(batch)
{
}

QString StepCaption::size(const core::AffineBytes& b) const { return m_options.size(b.at(m_batch)); }

QString StepCaption::layerName(std::optional<core::LayerId> id) const
{
    const core::Layer* l = id ? m_graph.find(*id) : nullptr;
    return l ? QString::fromStdString(l->name) : tr("a layer");
}

QString StepCaption::actionLabel(core::StepAction a)
{
    switch (a) {
    case core::StepAction::Start: return tr("start");
    case core::StepAction::Forward: return tr("forward");
    case core::StepAction::Loss: return tr("loss");
    case core::StepAction::Recompute: return tr("recompute");
    case core::StepAction::Backward: return tr("backward");
    case core::StepAction::OptimizerStep: return tr("optimizer.step()");
    case core::StepAction::ZeroGrad: return tr("zero_grad()");
    case core::StepAction::WholeStep: return tr("whole step");
    }
    return {};
}

QString StepCaption::position(std::size_t i) const
{
    if (i >= m_steps.size()) return {};
    const core::StepEvent& e = m_steps[i];
    const int n = static_cast<int>(m_steps.size());
    if (!m_steps.simulated()) return tr("The whole step · event %1 of %2").arg(static_cast<int>(i) + 1).arg(n);
    return tr("Iteration %1 · %2 · event %3 of %4")
        .arg(e.iteration)
        .arg(actionLabel(e.action))
        .arg(static_cast<int>(i) + 1)
        .arg(n);
}

QString StepCaption::caption(std::size_t i) const
{
    if (i >= m_steps.size()) return {};
    const core::StepEvent& e = m_steps[i];
    using core::StepAction;
    using core::StepTensor;
    switch (e.action) {
    case StepAction::Start: return startCaption(e);
    case StepAction::Forward: return forwardCaption(e);
    case StepAction::Loss:
        return tr("Loss: the gradient of the network's output is allocated (%1); everything kept for backward is alive "
                  "(%2).")
            .arg(size(e.changed(StepTensor::LogitsGradient)), size(e[core::Component::Activations]));
    case StepAction::Recompute:
        return tr("%1: its checkpointed segment runs forward again; what the segment's layers keep is allocated again "
                  "(%2).")
            .arg(layerName(e.layer), size(e.changed(StepTensor::Recomputed)));
    case StepAction::Backward: return backwardCaption(e);
    case StepAction::OptimizerStep: return optimizerCaption(e);
    case StepAction::ZeroGrad: {
        const core::AffineBytes temporaries = e.changed(StepTensor::OptimizerTemporaries, false);
        if (m_steps.persistentGradients())
            return tr("zero_grad(): the gradients (%1) are zeroed in place; their buffer stays allocated.")
                .arg(size(e[core::Component::Gradients]));
        if (!isZero(temporaries))
            return tr("zero_grad(): the gradients are freed (%1, set_to_none=True); the step's temporaries (%2) were "
                      "freed when step() returned.")
                .arg(size(e.changed(StepTensor::WeightGradient, false)), size(temporaries));
        return tr("zero_grad(): the gradients are freed (%1, set_to_none=True).")
            .arg(size(e.changed(StepTensor::WeightGradient, false)));
    }
    case StepAction::WholeStep:
        if (e.total == core::AffineBytes{}) return tr("Nothing to step through.");
        if (!m_steps.training())
            return tr("Inference keeps nothing for a backward pass: the whole forward pass is one level (%1).")
                .arg(size(e.total));
        return tr("Caffe allocates every blob's data and diff and the solver's history when the net is set up: the "
                  "whole step is one level (%1).")
            .arg(size(e.total));
    }
    return {};
}

QString StepCaption::startCaption(const core::StepEvent& e) const
{
    const core::AffineBytes state = e[core::Component::OptimizerState];
    if (e.iteration == 1) {
        if (isZero(state))
            return tr("Iteration 1 begins: the weights (%1) and the input batch (%2) are allocated. No optimizer state "
                      "yet: the first optimizer.step() creates it.")
                .arg(size(e[core::Component::Weights]), size(e[core::Component::Input]));
        return tr("Iteration 1 begins: the weights (%1), the input batch (%2) and the optimizer state created with the "
                  "optimizer (%3) are allocated.")
            .arg(size(e[core::Component::Weights]), size(e[core::Component::Input]), size(state));
    }
    if (isZero(state))
        return tr("Iteration 2 begins as iteration 1 did: this optimizer keeps no state, so both iterations are the same.");
    if (state == m_steps.eagerState())
        return tr("Iteration 2 begins as iteration 1 did: the optimizer state (%1) existed before the first step.")
            .arg(size(state));
    return tr("Iteration 2 begins with the optimizer state (%1) the first step created: it stays alive, so every event "
              "of this iteration is higher than in iteration 1 — this is the level training runs at.")
        .arg(size(state));
}

QString StepCaption::accumulationNote(std::size_t i) const
{
    if (i >= m_steps.size() || !m_steps.accumulating() || m_steps[i].action != core::StepAction::Start) return {};
    return tr("With gradient accumulation the step shown is the optimizer step's last micro-batch: the gradients of "
              "the earlier micro-batches (%1) are alive from its start.")
        .arg(size(m_steps[i][core::Component::Gradients]));
}

QString StepCaption::forwardCaption(const core::StepEvent& e) const
{
    const QString name = layerName(e.layer);
    const QString output = size(e.changed(core::StepTensor::LayerOutput));
    const QString kept = size(e.changed(core::StepTensor::SavedForBackward));
    if (!e.kept) return tr("%1 forward: output allocated (%2); nothing is kept for backward.").arg(name, output);
    const core::KeptTensorNote& note = *e.kept;
    if (note.charge == core::KeptCharge::EarlierLayer)
        return tr("%1 forward: output allocated (%2); the tensor it keeps for backward is already kept by %3 and "
                  "counted there.")
            .arg(name, output, QString::fromStdString(note.chargedToName));
    if (note.charge == core::KeptCharge::ModelInput)
        return tr("%1 forward: output allocated (%2); it keeps its input for backward, which is the input batch, "
                  "already counted.")
            .arg(name, output);
    switch (note.why) {
    case core::KeptWhy::OutputGradientMask:
        return tr("%1 forward: output allocated (%2) and kept (%3): backward passes the gradient where it is positive.")
            .arg(name, output, kept);
    case core::KeptWhy::OutputForDerivative:
        return tr("%1 forward: output allocated (%2) and kept (%3): the derivative is computed from it.")
            .arg(name, output, kept);
    case core::KeptWhy::InputForWeightGradient:
        return tr("%1 forward: output allocated (%2), input kept for the weight gradient (%3).").arg(name, output, kept);
    case core::KeptWhy::InputForDerivative:
        return tr("%1 forward: output allocated (%2), input kept (%3): the derivative is computed from it.")
            .arg(name, output, kept);
    case core::KeptWhy::PoolIndices:
        return tr("%1 forward: output allocated (%2), the index of each maximum kept (%3).").arg(name, output, kept);
    case core::KeptWhy::DropoutMask:
        return tr("%1 forward: output allocated (%2), the dropout mask kept (%3).").arg(name, output, kept);
    case core::KeptWhy::NormStatistics:
        return tr("%1 forward: output allocated (%2), its input and batch statistics kept (%3).").arg(name, output, kept);
    case core::KeptWhy::Other: break;
    }
    return tr("%1 forward: output allocated (%2), %3 kept for backward (%4).")
        .arg(name, output, QString::fromStdString(note.label), kept);
}

QString StepCaption::backwardCaption(const core::StepEvent& e) const
{
    using core::StepTensor;
    const QString name = layerName(e.layer);
    const core::AffineBytes grads = e.changed(StepTensor::WeightGradient);
    const core::AffineBytes released =
        plus(e.changed(StepTensor::SavedReleased, false), e.changed(StepTensor::PreviousOutput, false));
    const QString flowing = size(e.changed(StepTensor::ActivationGradient));
    if (!isZero(grads) && !isZero(released))
        return tr("%1 backward: weight gradients allocated (%2), gradients flowing through it (%3); tensors kept for "
                  "backward released (%4).")
            .arg(name, size(grads), flowing, size(released));
    if (!isZero(grads))
        return tr("%1 backward: weight gradients allocated (%2), gradients flowing through it (%3).")
            .arg(name, size(grads), flowing);
    if (!isZero(released))
        return tr("%1 backward: gradients flowing through it (%2); tensors kept for backward released (%3).")
            .arg(name, flowing, size(released));
    return tr("%1 backward: gradients flowing through it (%2).").arg(name, flowing);
}

QString StepCaption::optimizerCaption(const core::StepEvent& e) const
{
    using core::StepTensor;
    const core::AffineBytes created = e.changed(StepTensor::OptimizerState);
    const core::AffineBytes temporaries = e.changed(StepTensor::OptimizerTemporaries);
    const core::AffineBytes state = e[core::Component::OptimizerState];
    if (!isZero(created))
        return isZero(temporaries)
                   ? tr("optimizer.step(), the first: the optimizer state is created (%1); the weights are updated in "
                        "place.")
                         .arg(size(created))
                   : tr("optimizer.step(), the first: the optimizer state is created (%1) and temporaries allocated "
                        "(%2); the weights are updated in place.")
                         .arg(size(created), size(temporaries));
    if (isZero(state)) return tr("optimizer.step(): plain SGD keeps no state; the weights are updated in place.");
    core::AffineBytes kept = state;
    kept.fixed -= std::min(kept.fixed, temporaries.fixed);
    return isZero(temporaries) ? tr("optimizer.step(): the state (%1) and the weights are updated in place.").arg(size(kept))
                               : tr("optimizer.step(): the state (%1) is updated in place; temporaries allocated (%2).")
                                     .arg(size(kept), size(temporaries));
}

QString StepCaption::changeText(const core::StepChange& c) const
{
    using core::StepTensor;
    const QString layer = layerName(c.layer);
    switch (c.tensor) {
    case StepTensor::Weights: return tr("parameters");
    case StepTensor::InputBatch: return tr("the input batch");
    case StepTensor::Workspace: return tr("convolution workspace");
    case StepTensor::Overhead: return tr("CUDA context and allocator reserve");
    case StepTensor::LayerOutput: return tr("output of %1").arg(layer);
    case StepTensor::SavedForBackward: return c.layer ? tr("kept by %1 for backward").arg(layer) : tr("kept for backward");
    case StepTensor::PreviousOutput: return tr("output of %1, no longer needed").arg(layer);
    case StepTensor::LogitsGradient: return tr("gradient of the network's output");
    case StepTensor::ActivationGradient:
        return c.layer ? tr("gradients flowing through %1").arg(layer) : tr("gradients flowing backward");
    case StepTensor::SavedReleased:
        return c.layer ? tr("kept by %1, released after its backward").arg(layer) : tr("kept for backward, released");
    case StepTensor::Recomputed: return tr("recomputed for %1's segment").arg(layer);
    case StepTensor::WeightGradient: return c.layer ? tr("weight gradients of %1").arg(layer) : tr("weight gradients");
    case StepTensor::OptimizerState: return tr("optimizer state");
    case StepTensor::OptimizerTemporaries: return tr("optimizer step temporaries");
    }
    return {};
}

QStringList StepCaption::ledger(std::size_t i) const
{
    QStringList out;
    if (i >= m_steps.size()) return out;
    for (const core::StepChange& c : m_steps[i].changes) {
        const QString category = QString::fromLatin1(core::snapshotCategoryName(core::snapshotCategory(c.tensor)));
        out << (c.allocated ? tr("alloc %1 · %2 · %3") : tr("free %1 · %2 · %3")).arg(size(c.bytes), category, changeText(c));
    }
    return out;
}

} // namespace netsizer::ui
