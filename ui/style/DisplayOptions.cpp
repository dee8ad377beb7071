#include "ui/style/DisplayOptions.h"

#include "core/util/Checked.h"

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

QString DisplayOptions::size(std::uint64_t bytes) const
{
    return bytes == core::kSaturated ? saturatedText() : this->bytes(static_cast<double>(bytes));
}

QString DisplayOptions::saturatedText()
{
    return tr("> 2^64 B");
}

QString DisplayOptions::exactBytes(std::uint64_t bytes)
{
    if (bytes == core::kSaturated) return tr("more than 2^64 - 1 B (too large to estimate)");
    return QString::fromStdString(core::withThousands(bytes)) + QStringLiteral(" B");
}

} // namespace netsizer::ui
