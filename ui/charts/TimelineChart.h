#pragma once
// One training step as stacked areas: x = the events of core::Timeline (start,
// forward per layer, loss, backward per layer in reverse, optimizer step), y = bytes alive,
// one area per MemorySeries entry (components in ComponentStyle colours, each overhead line its
// own entry) with a legend above the plot. The phases are shaded and named on the x axis; the
// peak is marked with a line, a dot and "peak 3.24 GiB at the start of backward, layer
// conv5_3" (core::eventPlace + the layer's name). Hovering shows the event's layer and exact
// bytes. With gradient accumulation (K > 1 micro-batches) the step shown is a later
// micro-batch whose gradient buffer is alive from the start: the gradients band is named
// "Gradients (accumulated over K micro-batches)" in the legend and tooltips, and the tooltips
// before backward say whose gradients they are.
//
// Every event is affine in the batch, so setBatch() re-evaluates the events at the new batch
// (O(events × entries)) without a new analysis or estimate; setBreakdown() rebuilds the entries
// after a structural or configuration change. Neither replots: the owner (MemoryView) replots
// once per refresh; a unit change replots on its own.

#include "core/estimate/MemoryBreakdown.h"
#include "core/graph/Graph.h"
#include "ui/charts/MemorySeries.h"
#include "ui/charts/SaturationNote.h"

#include <qcustomplot.h>

#include <vector>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class TimelineChart : public QCustomPlot {
    Q_OBJECT
public:
    TimelineChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // Takes the events, overhead lines and layer names (from `graph`) of `breakdown` and shows
    // them at breakdown.config.batch.
    void setBreakdown(const core::Graph& graph, const core::MemoryBreakdown& breakdown);
    // Re-evaluates the same events at `batch`.
    void setBatch(std::uint64_t batch);
    // The Step through panel's cursor: a line at timeline event `event` (-1 hides it), solid
    // for iteration 2 (the step this chart shows), dashed for iteration 1 (the same event before
    // the optimizer state exists). Replots on its own (queued).
    void setStepCursor(int event, int iteration);
    int stepCursor() const { return m_stepCursorEvent; }

    // ---- Tests: what is plotted. --------------------------------------------------------
    int eventCount() const { return static_cast<int>(m_breakdown.timeline.events.size()); }
    // The plotted bytes of component `c` at each event (the sum of its entries, not stacked).
    QVector<double> values(core::Component c) const;
    // The top of the stack at each event, read back from the plotted areas.
    QVector<double> totals() const;
    QStringList legendLabels() const;
    QString peakLabel() const;
    int peakEvent() const { return m_peakEvent; }
    // While a size at the batch exceeds 64 bits no area is drawn and a note says why (tests:
    // the note's text, empty when hidden; whether any area is drawn).
    QString saturationNote() const { return m_saturation.text(); }
    bool areasVisible() const;
    // The tooltip text for event `i` (HTML).
    QString eventTooltip(int i) const;

protected:
    // The legend wraps to the width (LegendWrap), so it never sets the minimum width.
    QSize minimumSizeHint() const override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void rebuildGraphs();
    void placePhases();
    void showTooltip(QMouseEvent* event);
    QString layerName(int event) const;

    const DisplayOptions& m_options;
    SaturationNote m_saturation{*this};
    QSharedPointer<ByteAxisTicker> m_ticker;
    core::MemoryBreakdown m_breakdown;
    std::vector<MemorySeries> m_series;
    std::vector<QCPGraph*> m_graphs;               // one per entry, stacked by channel fill
    std::vector<QVector<double>> m_seriesValues;   // per entry, per event (not stacked)
    QStringList m_layerNames;                      // per event, empty for start/loss/optimizer
    QStringList m_layerKinds;
    std::vector<QCPItemRect*> m_phaseShades;
    std::vector<QCPItemStraightLine*> m_phaseLines;
    QCPItemStraightLine* m_peakLine = nullptr;
    QCPItemTracer* m_peakDot = nullptr;
    QCPItemText* m_peakText = nullptr;
    int m_peakEvent = -1;
    QCPItemStraightLine* m_stepCursor = nullptr;
    int m_stepCursorEvent = -1;
};

} // namespace netsizer::ui
