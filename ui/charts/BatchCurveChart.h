#pragma once
// The memory a training step needs against batch size (log-2 axis): stacked areas, one per
// component in ComponentStyle's order and colours, that are what is alive at the peak instant
// of the step at each batch (MemoryBreakdown::peakCompositionAt), so the top of the stack is the
// peak — drawn as a solid line — and it meets the GPU's capacity (a horizontal line) at the
// largest batch that fits, marked with a dot. Around the peak, a translucent band (the overhead
// lines at their low and high ends) with dashed edges. The configured batch is a vertical line.
// The x range runs from 1 to a power of two with headroom above the configured batch and the
// largest batch; a batch change inside that range only moves the marker (O(1)), one that needs
// another range re-samples the curves (O(samples × events), never a re-estimate). The y range
// follows the curves and the capacity line. Hovering shows the exact figures at that batch.
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
    // Moves the configured-batch marker, and the x range with it when the batch needs another.
    void moveBatchMarker(std::uint64_t batch);

    // Tests: the batches sampled and the bytes of component `c` alive at the peak at each (not
    // cumulative).
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
    QString batchLabelText() const;
    double capacityLine() const;
    // The plotted edges of the error band at each sampled batch (exact bytes as doubles).
    QVector<double> bandLow() const;
    QVector<double> bandHigh() const;
    // The plotted peak line: max over the timeline's events of fixed + b × per_sample.
    QVector<double> peakLine() const;
    // The x range's upper end (a power of two).
    std::uint64_t rangeTop() const { return m_rangeTop; }

protected:
    // Lays out, sizes the y range's free strip for this layout's axis rect, then places the
    // labels in pixels (every replot and every export).
    void updateLayout() override;
    // Re-inks lines and labels when the palette changes (light ↔ dark).
    void changeEvent(QEvent* event) override;

private:
    // The x range's upper end for `batch`: a power of two with room above it and above the
    // largest batch, at most TrainingConfig::kMaxBatch.
    std::uint64_t rangeTop(std::uint64_t batch) const;
    // Samples the curves over rangeTop(batch) and places every marker.
    void rebuild(std::uint64_t batch);
    void setBatchMarker(std::uint64_t batch);
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
    std::array<QVector<double>, core::kComponentCount> m_values; // per component, at each sample
    std::uint64_t m_rangeTop = 64;
    std::optional<std::uint64_t> m_maxBatch;
    std::optional<std::uint64_t> m_safeMaxBatch;
    QVector<double> m_top;       // per sampled batch: the highest plotted curve
    double m_yData = 1024.0;     // the y range's top the data asks for
    double m_curvesTop = 0.0;    // the highest curve at the x range's end
    double m_topAtMax = 0.0;     // the highest curve at the largest batch that fits
    // The free strip never stretches the y range beyond this many times what the data asks.
    static constexpr double kMaxStretch = 2.5;
};

} // namespace netsizer::ui
