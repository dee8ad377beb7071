#pragma once
// Per-GPU stacked bars: one bar per distinct kind of rank of a parallel run (core::RankEstimate:
// every rank without a pipeline, else one per pipeline stage — the first and last stages
// differ), each stacked by component in ComponentStyle's order and colours with what is alive at
// that rank's peak instant (MemoryBreakdown::peakComposition at the rank's micro-batch), so a
// bar's top is the rank's peak. Over each bar its verdict on the GPU (fits / may not fit / does
// not fit, core::fitVerdict); the rank that peaks is marked; the GPU's capacity is a dashed
// line. The figures are the core estimator's (core::estimateParallel), never re-derived. On one
// GPU the chart shows that GPU's bar; when the settings cannot be estimated, the reason instead
// of bars. Hovering a bar shows its exact figures and the host memory CPU offload needs; clicking
// one chooses the rank whose layers the per-layer bars and the timeline show (rankChosen), marked
// with "▸" under its bar.

#include "core/estimate/MemoryBreakdown.h"
#include "core/parallel/RankEstimate.h"

#include <qcustomplot.h>

#include <array>
#include <vector>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class RankBarsChart : public QCustomPlot {
    Q_OBJECT
public:
    RankBarsChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // One bar per rank of `estimate`. The caller replots (MemoryView's refresh).
    void setEstimate(const core::ParallelEstimate& estimate);
    // One GPU holding the whole model: one bar.
    void setSingle(const core::MemoryBreakdown& breakdown);
    // No bars: `reason` says why the settings cannot be estimated.
    void setProblem(const QString& reason);
    // Marks bar `index` as the rank the per-layer views show (-1: none). The caller replots.
    void setShownRank(int index);
    int shownRank() const { return m_shownBar; }

signals:
    // A click on bar `index` (rank order).
    void rankChosen(int index);

public:
    // Tests: bars in rank order, the plotted bytes of component `c` per bar (not cumulative),
    // each bar's peak, axis label and verdict text, and the bar marked as the peak (-1: none).
    int barCount() const { return static_cast<int>(m_bars.size()); }
    QVector<double> values(core::Component c) const;
    QVector<double> peaks() const;
    QStringList barLabels() const;
    QStringList tickLabels() const; // as drawn under the bars ("▸ " marks the shown rank)
    QStringList verdictTexts() const;
    int peakBar() const { return m_peakBar; }
    QString problemText() const { return m_problemText; }

protected:
    void changeEvent(QEvent* event) override;
    void mousePressEvent(QMouseEvent* event) override;
    // The legend wraps to the width (LegendWrap), so it never sets the minimum width.
    QSize minimumSizeHint() const override;
    void resizeEvent(QResizeEvent* event) override;

private:
    struct Bar {
        QString label;
        core::PeakComposition peak;
        core::TrainingConfig config; // the rank's: its micro-batch and GPU
        std::uint64_t hostBytes = 0; // CPU offload
        std::uint32_t ranks = 1;
    };
    void rebuild();
    void showTooltip(QMouseEvent* event);
    int barAt(const QPoint& pos) const; // -1 outside the bars
    QString verdictText(const Bar& bar) const;

    const DisplayOptions& m_options;
    QSharedPointer<ByteAxisTicker> m_ticker;
    QSharedPointer<QCPAxisTickerText> m_labels;
    std::array<QCPBars*, core::kComponentCount> m_stacks{};
    QCPItemStraightLine* m_capacity = nullptr;
    QCPItemText* m_message = nullptr;
    std::vector<QCPItemText*> m_verdicts;
    std::vector<Bar> m_bars;
    int m_peakBar = -1;
    int m_shownBar = -1;
    QString m_problemText;
};

} // namespace netsizer::ui
