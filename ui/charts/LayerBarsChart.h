#pragma once
// Per-layer stacked bars: for each layer (in topological order) its weights, gradients,
// optimizer state and activations at the configured batch, stacked in ComponentStyle's order
// and colours; components that are zero for every layer are hidden. Values are exact bytes
// (plotted as doubles, exact below 2^53). Hovering a bar shows the exact figures.
//
// Navigation: the wheel zooms the layer axis around the cursor and a left drag pans it (the
// memory axis stays from 0 to the tallest bar); the range never leaves the layers, and the
// layer names are thinned to what fits the visible range. A click (press and release without
// dragging) on a bar emits layerClicked with its layer; setHighlightedLayers() shades the bars
// of the layers selected elsewhere (canvas, table) and pans the first one into view.

#include "core/analysis/Analysis.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "core/graph/LayerId.h"
#include "ui/charts/SaturationNote.h"

#include <qcustomplot.h>

#include <array>
#include <optional>
#include <vector>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class LayerBarsChart : public QCustomPlot {
    Q_OBJECT
public:
    LayerBarsChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // The x-axis label of a layer: the last two parts of a scoped name ("mlp.3/MatMul" for
    // "/encoder/…/mlp/mlp.3/MatMul"), elided in the middle to 24 characters.
    static QString tickLabel(const QString& layerName);

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
    // While a size at the batch exceeds 64 bits no bar is drawn and a note says why (tests:
    // the note's text, empty when hidden; whether any bar is drawn).
    QString saturationNote() const { return m_saturation.text(); }
    bool barsVisible() const;

    // The layer of bar `index` (breakdown order); nullopt out of range.
    std::optional<core::LayerId> layerAt(int index) const;
    // The bar of `id`, or -1 when the chart has none for it.
    int indexOf(core::LayerId id) const;
    // Shades the bars of `ids` (replacing any earlier highlight) and pans the first into view.
    // Kept across setBreakdown() for the layers that still exist. The caller replots.
    void setHighlightedLayers(const std::vector<core::LayerId>& ids);
    // The shaded bars, ascending (tests).
    std::vector<int> highlightedIndices() const;
    // The bar under widget point `pos`, or -1 (between bars, outside the plot).
    int barAt(QPoint pos) const;
    // Shows all layers again (the range setBreakdown() starts with).
    void resetZoom();

signals:
    // A bar was clicked (not dragged).
    void layerClicked(netsizer::core::LayerId id);

protected:
    void mousePressEvent(QMouseEvent* event) override;
    void mouseReleaseEvent(QMouseEvent* event) override;
    // The legend wraps to the width (LegendWrap), so it never sets the minimum width.
    QSize minimumSizeHint() const override;
    void resizeEvent(QResizeEvent* event) override;

private:
    // Hides every bar while `breakdown` saturates at its batch (SaturationNote).
    void showSaturation(const core::MemoryBreakdown& breakdown);
    // Keeps the layer range inside the layers and re-thins the labels for it.
    void onRangeChanged(const QCPRange& range);
    void updateTicks();
    void rebuildHighlight();
    void showTooltip(QMouseEvent* event);
    void applyUnits();
    // Shows the components that are non-zero somewhere (weights when none is) in the legend.
    void showComponents(std::array<bool, core::kComponentCount> any);

    const DisplayOptions& m_options;
    SaturationNote m_saturation{*this};
    QSharedPointer<ByteAxisTicker> m_ticker;
    std::array<QCPBars*, core::kComponentCount> m_bars{};
    QStringList m_names;
    QStringList m_kinds;
    std::vector<std::array<std::uint64_t, core::kComponentCount>> m_bytes; // per layer
    std::vector<core::LayerId> m_ids;                                      // per layer
    std::vector<core::LayerId> m_highlighted;
    std::vector<QCPItemRect*> m_highlightItems;
    QSharedPointer<QCPAxisTickerText> m_nameTicker;
    QPoint m_pressPos;
    bool m_adjustingRange = false;
};

} // namespace netsizer::ui
