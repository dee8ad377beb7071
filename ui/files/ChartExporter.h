#pragma once
// Writes a QCustomPlot chart to a file as it looks on screen (theme, labels, units):
// PNG (raster, `scale` × the pixel size), PDF and SVG (vector, through QCustomPlot::toPainter).

#include <QSize>
#include <QString>

class QCustomPlot;

namespace netsizer::ui {

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
};

} // namespace netsizer::ui
