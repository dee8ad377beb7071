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
    double capacityLine() const;
    // The plotted edges of the error band at each sampled batch (exact bytes as doubles).
    QVector<double> bandLow() const;
    QVector<double> bandHigh() const;
    // The plotted peak line: max over the timeline's events of fixed + b × per_sample.
    QVector<double> peakLine() const;

private:
    void showTooltip(QMouseEvent* event);
    void placeBatchLabel();

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
};

} // namespace netsizer::ui
