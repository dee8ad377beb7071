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
    // through `analysis` (same order as breakdown.layers). The caller replots (see MemoryView).
    void setBreakdown(const core::Graph& graph, const core::Analysis& analysis, const core::MemoryBreakdown& breakdown);

    // A batch or configuration change: the same layers (same analysis) with new figures.
    // Updates the bar heights in place — no new data containers, labels or ticker — and
    // leaves the replot to the caller. Requires layerCount() == breakdown.layers.size().
    void setValues(const core::MemoryBreakdown& breakdown);
    std::size_t layerCount() const { return m_bytes.size(); }

    // The plotted bytes of component `c`, one value per layer in breakdown order (tests).
    QVector<double> values(core::Component c) const;
    QStringList layerNames() const { return m_names; }

protected:
    // The legend wraps to the width (LegendWrap), so it never sets the minimum width.
    QSize minimumSizeHint() const override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void showTooltip(QMouseEvent* event);
    void applyUnits();
    // Shows the components that are non-zero somewhere (weights when none is) in the legend.
    void showComponents(std::array<bool, core::kComponentCount> any);

    const DisplayOptions& m_options;
    QSharedPointer<ByteAxisTicker> m_ticker;
    std::array<QCPBars*, core::kComponentCount> m_bars{};
    QStringList m_names;
    QStringList m_kinds;
    std::vector<std::array<std::uint64_t, core::kComponentCount>> m_bytes; // per layer
};

} // namespace netsizer::ui
