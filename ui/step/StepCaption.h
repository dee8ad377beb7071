#pragma once
// The words of the Step through panel: what happened at one core::StepEvent ("conv3_1 forward:
// output allocated (3.06 MiB), input kept for the weight gradient (3.06 MiB)."), one line per
// allocation or free in PyTorch's snapshot vocabulary ("alloc 3.06 MiB activation — output of
// conv3_1"), and the names of the actions. Every sentence is one tr() template with %1
// arguments (a translator sees whole sentences); sizes are formatted by DisplayOptions at the
// batch given.

#include "core/explain/StepEvents.h"
#include "core/graph/Graph.h"

#include <QCoreApplication>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace netsizer::ui {

class DisplayOptions;

class StepCaption {
    Q_DECLARE_TR_FUNCTIONS(StepCaption)
public:
    StepCaption(const core::Graph& graph, const core::StepEvents& steps, const DisplayOptions& options, std::uint64_t batch);

    // What happened at event `i` (plain text, one or two sentences); empty for a bad index.
    QString caption(std::size_t i) const;
    // A second sentence for the start of an iteration under gradient accumulation; else empty.
    QString accumulationNote(std::size_t i) const;
    // One line per change of event `i`: "alloc 3.06 MiB  activation  output of conv3_1".
    QStringList ledger(std::size_t i) const;
    // "Iteration 2 · backward · event 31 of 60"
    QString position(std::size_t i) const;
    // "forward", "zero_grad()" … (the name a student knows from the training loop).
    static QString actionLabel(core::StepAction a);

private:
    QString size(const core::AffineBytes& b) const;
    QString layerName(std::optional<core::LayerId> id) const;
    QString forwardCaption(const core::StepEvent& e) const;
    QString backwardCaption(const core::StepEvent& e) const;
    QString optimizerCaption(const core::StepEvent& e) const;
    QString startCaption(const core::StepEvent& e) const;
    QString changeText(const core::StepChange& c) const;

    const core::Graph& m_graph;
    const core::StepEvents& m_steps;
    const DisplayOptions& m_options;
    std::uint64_t m_batch;
};

} // namespace netsizer::ui
