#pragma once
// Memory against sequence length (log-2 axis) for models with token-id inputs: stacked areas,
// one per component in ComponentStyle's order and colours, that are what is alive at the peak
// instant of the step at each sampled length (SequenceSweep), so the top of the stack is the
// peak — drawn as a solid line; the GPU's capacity is a dashed horizontal line as on the batch
// curve, and the current length a vertical line. Per GPU (the rank that peaks) when parallel.
// Hovering shows the exact figures at the nearest sampled length.

#include "ui/charts/SequenceSweep.h"

#include <qcustomplot.h>

#include <array>

namespace netsizer::ui {

class ByteAxisTicker;
class DisplayOptions;

class SequenceChart : public QCustomPlot {
    Q_OBJECT
public:
    SequenceChart(const DisplayOptions& options, QWidget* parent = nullptr);

    // Redraws from `sweep`'s points. The caller replots.
    void setSweep(const SequenceSweep& sweep);

    // Tests: the sampled lengths, the bytes of component `c` at each (not cumulative), the peak
    // line, the current-length marker and the capacity line (0 when none).
    QVector<double> lengths() const { return m_lengths; }
    QVector<double> values(core::Component c) const { return m_values[static_cast<std::size_t>(c)]; }
    QVector<double> peakLine() const { return m_peaks; }
    double lengthMarker() const;
    double capacityLine() const;

protected:
    void changeEvent(QEvent* event) override;
    // The legend wraps to the width (LegendWrap), so it never sets the minimum width.
    QSize minimumSizeHint() const override;
    void resizeEvent(QResizeEvent* event) override;

private:
    void applyPalette();
    void showTooltip(QMouseEvent* event);

    const DisplayOptions& m_options;
    QSharedPointer<ByteAxisTicker> m_ticker;
    std::array<QCPGraph*, core::kComponentCount> m_graphs{};
    QCPGraph* m_peak = nullptr;
    QCPItemStraightLine* m_capacity = nullptr;
    QCPItemText* m_capacityLabel = nullptr;
    QCPItemStraightLine* m_lengthLine = nullptr;
    QCPItemText* m_lengthLabel = nullptr;
    QVector<double> m_lengths, m_peaks;
    std::array<QVector<double>, core::kComponentCount> m_values;
    double m_current = 0;
};

} // namespace netsizer::ui
