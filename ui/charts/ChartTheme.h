#pragma once
// Applies the widget's palette to a QCustomPlot (background, axes, grid, legend) so charts
// stay readable on dark palettes. The first apply() also makes the plot follow its palette:
// on QEvent::PaletteChange (a live theme switch) the theme is applied again and the plot
// replotted.

class QCustomPlot;

namespace netsizer::ui {

class ChartTheme {
public:
    static void apply(QCustomPlot& plot);
    // True when the plot's palette has a dark background.
    static bool isDark(const QCustomPlot& plot);
};

} // namespace netsizer::ui
