#pragma once
// Writes a QCustomPlot chart to a file as it looks on screen (theme, labels, units):
// PNG (raster, `scale` × the pixel size), PDF and SVG (vector, through QCustomPlot::toPainter).
// With ChartExportOptions the image gets a title and the training configuration above the
// chart and its legend, at a chosen pixel size and resolution.

#include "core/estimate/TrainingConfig.h"
#include "core/util/NumberFormat.h"

#include <QSize>
#include <QString>

class QCustomPlot;

namespace netsizer::ui {

// What an exported chart holds and how big it is.
struct ChartExportOptions {
    static constexpr int kDefaultWidth = 1600;
    static constexpr int kDefaultHeight = 1000;
    static constexpr int kDefaultDpi = 144;
    static constexpr int kMinPixels = 200;
    static constexpr int kMaxPixels = 10000;
    static constexpr int kMinDpi = 72;
    static constexpr int kMaxDpi = 600;

    // The image's size in pixels (PNG), or the page's in 1/dpi inch units (PDF, SVG).
    QSize pixels{kDefaultWidth, kDefaultHeight};
    // Dots per inch: stored in the PNG, and the text scale (at 96 the chart's fonts have their
    // on-screen pixel size; at 192 they are twice as large in the same pixel size).
    int dpi = kDefaultDpi;
    QString title;      // above the chart; empty: none
    QString configLine; // below the title, smaller; empty: none
    bool legend = true; // show the chart's legend (when it has entries)
};

class ChartExporter {
public:
    enum class Format { Png, Pdf, Svg };

    // The file extension with the dot (".png") and a QFileDialog filter for `format`.
    static QString extension(Format format);
    static QString filter(Format format);

    // Writes `plot` to `path`. `size` is the chart's size in device-independent pixels; an
    // empty size means the plot's current size, or 1200×700 when it has never been shown.
    // On failure `error` names the file and the reason.
    static bool save(QCustomPlot& plot, const QString& path, Format format, QSize size = {}, QString* error = nullptr);

    // The size save() uses for `plot` when none is given.
    static QSize exportSize(const QCustomPlot& plot);

    // Writes `plot` with `options`: the title and configuration line are added above the
    // chart for the export only (the on-screen chart is unchanged afterwards), the legend
    // shown when asked for. Sizes and DPI outside their ranges fail with `error` saying which.
    static bool save(QCustomPlot& plot, const QString& path, Format format, const ChartExportOptions& options,
                     QString* error = nullptr);

    // "batch 32 · training · Adam · fp32 · PyTorch · RTX 3090 (24 GiB)": what the figures
    // depend on, for the line under an exported chart's title.
    static QString configurationLine(const core::TrainingConfig& config, core::ByteUnits units);
};

} // namespace netsizer::ui
