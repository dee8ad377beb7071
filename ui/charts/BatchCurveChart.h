#pragma once
// Total memory against batch size (log-2 axis) as stacked areas, one per component in
// ComponentStyle's order and colours, with the GPU's capacity as a horizontal line, the
// configured batch as a vertical line and the largest batch that fits marked. The areas only
// depend on the affine components, so a batch-only change just moves the batch marker
// (moveBatchMarker), O(1). Hovering shows the exact figures at the batch under the cursor.
// Around the total, a translucent band from MemoryBreakdown::totalLow to totalHigh (the
// overhead lines at their low and high ends, issue 5 §4) with dashed edges, and the peak of
// the training step (the largest timeline event at each batch) as a solid line: the peak is
// what the fit uses, so it meets the capacity line at the largest batch that fits.
// The "largest batch" label (with the conservative batch beside it, as in the summary) never
// covers the curves: it sits at the top of the plot left of its marker, where the curves that
// rise with the batch are lower (sliding right only as far as the plot's left edge demands),
// on a strip that the y range keeps free of curves over the label's width (stretching the
// range at most kMaxStretch times). The batch label takes the side of its marker that is free.
// Both are placed in pixels after every layout (updateLayout): they follow resizes and exports.

#include "core/estimate/MemoryBreakdown.h"

#include <qcustomplot.h>

#include <array>
#include <optional>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class BatchCurveChart : public QCustomPlot {
    Q_OBJECT
public:
    BatchCurveChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // Rebuilds areas, capacity and markers for `breakdown`. The caller replots (MemoryView
    // replots in its coalesced refresh, so the chart is drawn before the window's next paint).
    void setBreakdown(const core::MemoryBreakdown& breakdown);
    // Moves the configured-batch marker only (the areas do not depend on the batch).
    void moveBatchMarker(std::uint64_t batch);

    // Tests: the batches sampled and the bytes of component `c` at each (not cumulative).
    QVector<double> batches() const { return m_batches; }
    QVector<double> values(core::Component c) const;
    double batchMarker() const;
    std::optional<std::uint64_t> maxBatchMarked() const { return m_maxBatch; }
    // The conservative largest batch (MemoryBreakdown::maxBatch(true), `fit --safe`) that the
    // label names beside the largest batch, as the summary does.
    std::optional<std::uint64_t> safeMaxBatchMarked() const { return m_safeMaxBatch; }
    // The largest-batch, batch and capacity labels' rectangles in widget pixels as placed by
    // the last layout (empty when hidden), and the largest-batch label's text.
    QRectF maxLabelRect() const;
    QRectF batchLabelRect() const;
    QRectF capacityLabelRect() const;
    QString maxLabelText() const;
    double capacityLine() const;
    // The plotted edges of the error band at each sampled batch (exact bytes as doubles).
    QVector<double> bandLow() const;
    QVector<double> bandHigh() const;
    // The plotted peak line: max over the timeline's events of fixed + b × per_sample.
    QVector<double> peakLine() const;

protected:
    // Lays out, sizes the y range's free strip for this layout's axis rect, then places the
    // labels in pixels (every replot and every export).
    void updateLayout() override;
    // Re-inks lines and labels when the palette changes (light ↔ dark).
    void changeEvent(QEvent* event) override;

private:
    void showTooltip(QMouseEvent* event);
    void applyPalette();
    // The y range: what the data asks for, raised so that a strip at the top stays free of
    // curves left of the largest-batch marker, tall enough for its label.
    void updateYRange();
    // Places the labels in pixels for the current layout.
    void placeLabels();
    // Where the largest-batch label goes at the top of the plot, in widget pixels.
    QRectF maxLabelSpot() const;
    // The largest plotted value (top of the band, the stack, the peak) over batches whose
    // pixel x lies in [x0, x1], including the samples just outside (the lines between them).
    double curvesTopBetween(double x0, double x1) const;

    const DisplayOptions& m_options;
    QSharedPointer<ByteAxisTicker> m_ticker;
    std::array<QCPGraph*, core::kComponentCount> m_graphs{};
    QCPGraph* m_bandLow = nullptr;
    QCPGraph* m_bandHigh = nullptr; // filled down to m_bandLow
    QCPGraph* m_peak = nullptr;
    QCPItemStraightLine* m_capacity = nullptr;
    QCPItemText* m_capacityLabel = nullptr;
    QCPItemStraightLine* m_batchLine = nullptr;
    QCPItemText* m_batchLabel = nullptr;
    QCPItemStraightLine* m_maxLine = nullptr;
    QCPItemText* m_maxLabel = nullptr;
    QCPItemTracer* m_maxDot = nullptr;

    core::MemoryBreakdown m_breakdown;
    QVector<double> m_batches;
    std::optional<std::uint64_t> m_maxBatch;
    std::optional<std::uint64_t> m_safeMaxBatch;
    QVector<double> m_top;       // per sampled batch: the highest plotted curve
    double m_yData = 1024.0;     // the y range's top the data asks for
    double m_topAtMax = 0.0;     // the highest curve at the largest batch that fits
    // The free strip never stretches the y range beyond this many times what the data asks.
    static constexpr double kMaxStretch = 2.5;
};

} // namespace netsizer::ui
