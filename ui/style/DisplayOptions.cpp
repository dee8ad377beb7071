#include "ui/style/DisplayOptions.h"

namespace netsizer::ui {

void DisplayOptions::setUnits(core::ByteUnits units)
{
    if (units == m_units) return;
    m_units = units;
    emit changed();
}

QString DisplayOptions::bytes(double bytes) const
{
    return QString::fromStdString(core::formatBytes(bytes, m_units));
}

QString DisplayOptions::exactBytes(std::uint64_t bytes)
{
    return QString::fromStdString(core::withThousands(bytes)) + QStringLiteral(" B");
}

} // namespace netsizer::ui
