#pragma once
// A chart legend laid out in a row above the plot wraps onto more rows when the chart is too
// narrow for all its items, so the legend never sets the chart's (and the memory dock's)
// minimum width: the designer must fit a 1366-pixel-wide screen with the canvas keeping a third.

#include <QSize>

class QCustomPlot;
class QFont;
class QCPLegend;

namespace netsizer::ui::LegendWrap {

// The narrowest a chart with a wrapping legend needs to be, in device-independent pixels.
inline constexpr int kMinChartWidth = 240;

// Sets the number of legend columns so the widest item fits `width` that many times (at least
// one column, at most one row). Call after the items change and when the chart is resized.
void fit(QCPLegend& legend, int width);

// Shows `plot`'s legend in `font`, filled column first, in a row of its own above the axis rect
// (so it never hides the data). Call fit() after the items change.
void placeAbove(QCustomPlot& plot, const QFont& font);

// `plot`'s own minimum size hint with its width capped at kMinChartWidth.
QSize minimumSizeHint(const QCustomPlot& plot, QSize base);

} // namespace netsizer::ui::LegendWrap
