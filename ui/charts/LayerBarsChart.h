#pragma once
// Per-layer stacked bars: for each layer (in topological order) its weights, gradients,
// optimizer state and activations at the configured batch, stacked in ComponentStyle's order
// and colours; components that are zero for every layer are hidden. Values are exact bytes
// (plotted as doubles, exact below 2^53). Hovering a bar shows the exact figures.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"

#include <qcustomplot.h>

#include <array>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class LayerBarsChart : public QCustomPlot {
    Q_OBJECT
public:
    LayerBarsChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // Rebuilds the bars for `breakdown` at breakdown.config.batch; names come from `graph`
    // through `analysis` (same order as breakdown.layers). Queues a replot.
    void setBreakdown(const core::Graph& graph, const core::Analysis& analysis, const core::MemoryBreakdown& breakdown);

    // The plotted bytes of component `c`, one value per layer in breakdown order (tests).
    QVector<double> values(core::Component c) const;
    QStringList layerNames() const { return m_names; }

private:
    void showTooltip(QMouseEvent* event);
    void applyUnits();

    const DisplayOptions& m_options;
    QSharedPointer<ByteAxisTicker> m_ticker;
    std::array<QCPBars*, core::kComponentCount> m_bars{};
    QStringList m_names;
    QStringList m_kinds;
    std::vector<std::array<std::uint64_t, core::kComponentCount>> m_bytes; // per layer
};

} // namespace netsizer::ui
