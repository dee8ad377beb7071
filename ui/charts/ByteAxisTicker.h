#pragma once
// A QCustomPlot axis ticker for byte values: ticks at round multiples of the unit that fits
// the range (KiB/MiB/GiB or kB/MB/GB) and labels like "12 GiB" / "1.5 GB". Plot data stays in
// exact bytes, so chart data can be compared with the engine's figures one to one.

#include "core/util/NumberFormat.h"

#include <qcustomplot.h>

namespace netsizer::ui {

class ByteAxisTicker : public QCPAxisTicker {
public:
    void setUnits(core::ByteUnits units) { m_units = units; }
    core::ByteUnits units() const { return m_units; }

protected:
    double getTickStep(const QCPRange& range) override;
    QString getTickLabel(double tick, const QLocale& locale, QChar formatChar, int precision) override;

private:
    core::ByteUnits m_units = core::ByteUnits::Binary;
    double m_unit = 1;      // bytes per label unit for the current range
    int m_unitIndex = 0;    // 0 = B, 1 = Ki/k, ...
    int m_decimals = 0;     // digits after the point the current step needs
};

} // namespace netsizer::ui
