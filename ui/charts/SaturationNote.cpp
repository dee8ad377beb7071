#include "ui/charts/SaturationNote.h"

#include <QCoreApplication>

#include <qcustomplot.h>

namespace netsizer::ui {

SaturationNote::SaturationNote(QCustomPlot& plot) : m_plot(plot), m_item(new QCPItemText(&plot))
{
    m_item->setClipToAxisRect(true);
    m_item->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_item->position->setCoords(0.5, 0.5);
    m_item->setPositionAlignment(Qt::AlignCenter);
    m_item->setTextAlignment(Qt::AlignCenter);
    m_item->setPadding(QMargins(8, 6, 8, 6));
    m_item->setVisible(false);
}

bool SaturationNote::update(const core::MemoryBreakdown& breakdown, std::uint64_t batch)
{
    const bool saturated = breakdown.overflowAt(batch).has_value();
    if (saturated) {
        m_item->setText(QCoreApplication::translate("SaturationNote", "Memory at batch %1 exceeds 2^64 bytes:\n"
                                                                      "too large to draw. A smaller batch brings the figures back.")
                            .arg(batch));
        QFont font = m_plot.font();
        font.setBold(true);
        m_item->setFont(font);
        m_item->setColor(m_plot.palette().color(QPalette::WindowText));
    }
    m_item->setVisible(saturated);
    m_plot.yAxis->setTickLabels(!saturated);
    return saturated;
}

bool SaturationNote::visible() const { return m_item->visible(); }

QString SaturationNote::text() const { return m_item->visible() ? m_item->text() : QString(); }

} // namespace netsizer::ui
