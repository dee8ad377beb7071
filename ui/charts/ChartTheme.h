#pragma once
// Applies the widget's palette to a QCustomPlot (background, axes, grid, legend) so charts
// stay readable on dark palettes. Call again when the palette changes.

class QCustomPlot;

namespace netsizer::ui {

class ChartTheme {
public:
    static void apply(QCustomPlot& plot);
    // True when the plot's palette has a dark background.
    static bool isDark(const QCustomPlot& plot);
};

} // namespace netsizer::ui
