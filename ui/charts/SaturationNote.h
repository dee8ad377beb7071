#pragma once
// What a chart shows instead of its figures when a size at the configured batch exceeds 64 bits
// (it saturated at core::kSaturated, MemoryBreakdown::overflowAt): a note centred in the axis
// rect, in the palette's text colour, naming the batch. A saturated bar or area would be drawn
// as 16 EiB, a figure that is not one; the chart hides those and its value axis's labels while
// the note shows (LayerBarsChart, TimelineChart). A batch whose sizes fit brings them back.

#include "core/estimate/MemoryBreakdown.h"

#include <QString>

class QCustomPlot;
class QCPItemText;

namespace netsizer::ui {

class SaturationNote {
public:
    // Adds the (hidden) note to `plot`, which owns it.
    explicit SaturationNote(QCustomPlot& plot);

    // Shows the note when `breakdown` saturates at `batch`, hides it otherwise; also shows or
    // hides the value axis's tick labels (yAxis) accordingly. Returns whether it saturates.
    bool update(const core::MemoryBreakdown& breakdown, std::uint64_t batch);
    bool visible() const;
    QString text() const;

private:
    QCustomPlot& m_plot;
    QCPItemText* m_item;
};

} // namespace netsizer::ui
