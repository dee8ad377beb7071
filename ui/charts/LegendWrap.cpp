#include "ui/charts/LegendWrap.h"

#include <qcustomplot.h>

#include <algorithm>

namespace netsizer::ui::LegendWrap {

void fit(QCPLegend& legend, int width)
{
    const int count = legend.itemCount();
    if (count == 0) return;
    int widest = 1;
    for (int i = 0; i < count; ++i)
        if (QCPAbstractLegendItem* item = legend.item(i)) widest = std::max(widest, item->minimumOuterSizeHint().width());
    const int spacing = legend.columnSpacing();
    const QMargins m = legend.margins();
    const int usable = width - m.left() - m.right();
    const int columns = std::clamp((usable + spacing) / (widest + spacing), 1, count);
    if (legend.wrap() != columns) {
        legend.setWrap(columns);
        legend.setFillOrder(QCPLegend::foColumnsFirst, true); // re-flows the items into the new grid
    }
}

QSize minimumSizeHint(const QCustomPlot&, QSize base) { return {std::min(base.width(), kMinChartWidth), base.height()}; }

void placeAbove(QCustomPlot& plot, const QFont& font)
{
    plot.legend->setVisible(true);
    plot.legend->setFont(font);
    plot.legend->setFillOrder(QCPLegend::foColumnsFirst);
    plot.axisRect()->insetLayout()->take(plot.legend);
    plot.plotLayout()->insertRow(0);
    plot.plotLayout()->addElement(0, 0, plot.legend);
    plot.plotLayout()->setRowStretchFactor(0, 0.001);
}

} // namespace netsizer::ui::LegendWrap
