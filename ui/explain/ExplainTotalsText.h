#pragma once
// The cards of a total, as HTML for the Explain panel: a component opened into the sum of its
// layers (or, for the whole-network components, into its rule and overhead lines), and the peak
// opened into what is alive at that instant (core::MemoryBreakdown::peakCompositionAt). Layer
// and component names are links ("layer:<index>", "component:<n>") the panel follows.

#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "ui/explain/ExplainFormat.h"

#include <QCoreApplication>
#include <QString>

namespace netsizer::ui {

class ExplainTotalsText {
    Q_DECLARE_TR_FUNCTIONS(ExplainTotalsText)
public:
    // Component `c` at the breakdown's batch: at the peak, at its own maximum, and its parts.
    static QString componentHtml(const core::Graph& graph, const core::MemoryBreakdown& breakdown, core::Component c,
                                 const ExplainFormat& f);
    // The peak at the breakdown's batch: where it sits and what is alive then, by component.
    static QString peakHtml(const core::Graph& graph, const core::MemoryBreakdown& breakdown, const ExplainFormat& f);
    // The most layers a component lists before summing up the rest.
    static constexpr int kMaxListedLayers = 40;
};

} // namespace netsizer::ui
