#include "ui/charts/ByteAxisTicker.h"

#include <cmath>

namespace netsizer::ui {

double ByteAxisTicker::getTickStep(const QCPRange& range)
{
    const double base = m_units == core::ByteUnits::Binary ? 1024.0 : 1000.0;
    const double top = std::max(std::abs(range.upper), std::abs(range.lower));
    m_unit = 1;
    m_unitIndex = 0;
    while (m_unitIndex < 5 && top >= m_unit * base) {
        m_unit *= base;
        ++m_unitIndex;
    }
    const double approx = range.size() / (mTickCount + 1e-10) / m_unit;
    double step = cleanMantissa(approx);
    if (step <= 0) step = 1;
    m_decimals = step >= 1 ? 0 : static_cast<int>(std::ceil(-std::log10(step) - 1e-9));
    if (std::abs(step * std::pow(10.0, m_decimals) - std::round(step * std::pow(10.0, m_decimals))) > 1e-6)
        ++m_decimals;
    return step * m_unit;
}

QString ByteAxisTicker::getTickLabel(double tick, const QLocale& /*locale*/, QChar /*formatChar*/, int /*precision*/)
{
    static const char* binary[] = {"B", "KiB", "MiB", "GiB", "TiB", "PiB"};
    static const char* decimal[] = {"B", "kB", "MB", "GB", "TB", "PB"};
    const char* unit = m_units == core::ByteUnits::Binary ? binary[m_unitIndex] : decimal[m_unitIndex];
    if (std::abs(tick) < 1e-9 * m_unit) return QStringLiteral("0");
    return QString::number(tick / m_unit, 'f', m_decimals) + QLatin1Char(' ') + QLatin1String(unit);
}

} // namespace netsizer::ui
