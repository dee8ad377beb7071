#include "ui/files/ChartExporter.h"

#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"

#include <QDir>
#include <QFile>
#include <QImage>
#include <QSvgGenerator>

#include <vector>

#include <qcustomplot.h>

namespace netsizer::ui {

QString ChartExporter::extension(Format format)
{
    switch (format) {
    case Format::Png: return QStringLiteral(".png");
    case Format::Pdf: return QStringLiteral(".pdf");
    case Format::Svg: return QStringLiteral(".svg");
    }
    return {};
}

QString ChartExporter::filter(Format format)
{
    switch (format) {
    case Format::Png: return QObject::tr("PNG images (*.png)");
    case Format::Pdf: return QObject::tr("PDF documents (*.pdf)");
    case Format::Svg: return QObject::tr("SVG drawings (*.svg)");
    }
    return {};
}

QSize ChartExporter::exportSize(const QCustomPlot& plot)
{
    const QSize s = plot.size();
    return s.width() >= 200 && s.height() >= 150 ? s : QSize(1200, 700);
}

bool ChartExporter::save(QCustomPlot& plot, const QString& path, Format format, QSize size, QString* error)
{
    if (size.isEmpty()) size = exportSize(plot);
    // Data set since the last paint (a hidden dock) must be laid out before drawing.
    plot.replot(QCustomPlot::rpImmediateRefresh);
    bool ok = false;
    switch (format) {
    case Format::Png: ok = plot.savePng(path, size.width(), size.height(), 1.0, -1); break;
    case Format::Pdf: ok = plot.savePdf(path, size.width(), size.height(), QCP::epNoCosmetic); break;
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(size);
        svg.setViewBox(QRect(QPoint(0, 0), size));
        svg.setTitle(plot.objectName().isEmpty() ? QStringLiteral("NetSizer chart") : plot.objectName());
        svg.setDescription(QStringLiteral("Exported by NetSizer"));
        QCPPainter painter;
        if (painter.begin(&svg)) {
            plot.toPainter(&painter, size.width(), size.height());
            ok = painter.end();
        }
        ok = ok && QFile(path).size() > 0;
        break;
    }
    }
    if (!ok && error) *error = QObject::tr("%1: could not write the chart").arg(QDir::toNativeSeparators(path));
    return ok;
}

QString ChartExporter::configurationLine(const core::TrainingConfig& config, core::ByteUnits units)
{
    QStringList parts;
    parts << QObject::tr("batch %1").arg(config.batch);
    parts << (config.mode == core::Mode::Train ? QObject::tr("training") : QObject::tr("inference"));
    if (config.mode == core::Mode::Train) parts << QString::fromUtf8(core::optimizerInfo(config.optimizer).label);
    parts << QString::fromUtf8(core::precisionInfo(config.precision).label);
    parts << QString::fromUtf8(core::frameworkInfo(config.framework).label);
    if (config.gpu)
        parts << QStringLiteral("%1 (%2)").arg(QString::fromStdString(config.gpu->name),
                                              QString::fromStdString(core::formatBytes(static_cast<double>(config.gpu->memoryBytes), units)));
    else
        parts << QObject::tr("no GPU");
    return parts.join(QStringLiteral(" · "));
}

namespace {

// Title and configuration rows above a plot for the duration of one export; the legend shown
// when asked. The destructor puts the plot back as it was.
class ExportDecorations {
public:
    ExportDecorations(QCustomPlot& plot, const ChartExportOptions& o) : m_plot(plot)
    {
        const QColor text = plot.palette().color(QPalette::Text);
        QFont base = plot.font();
        int row = 0;
        auto addRow = [&](const QString& line, double scale, bool bold) {
            QFont f = base;
            f.setPointSizeF(base.pointSizeF() * scale);
            f.setBold(bold);
            auto* element = new QCPTextElement(&plot, line, f);
            element->setTextColor(text);
            plot.plotLayout()->insertRow(row);
            plot.plotLayout()->addElement(row, 0, element);
            plot.plotLayout()->setRowStretchFactor(row, 0.001);
            m_added.push_back(element);
            ++row;
        };
        if (!o.title.isEmpty()) addRow(o.title, 1.5, true);
        if (!o.configLine.isEmpty()) addRow(o.configLine, 1.0, false);
        if (plot.legend) {
            m_legendWasVisible = plot.legend->visible();
            plot.legend->setVisible(o.legend && plot.legend->itemCount() > 0);
        }
    }
    ~ExportDecorations()
    {
        for (QCPTextElement* e : m_added) m_plot.plotLayout()->remove(e);
        // The emptied title rows go again (the charts' layouts hold no other empty row).
        if (!m_added.empty()) m_plot.plotLayout()->simplify();
        if (m_plot.legend) m_plot.legend->setVisible(m_legendWasVisible);
        m_plot.replot(QCustomPlot::rpQueuedReplot);
    }

private:
    QCustomPlot& m_plot;
    std::vector<QCPTextElement*> m_added;
    bool m_legendWasVisible = false;
};

} // namespace

bool ChartExporter::save(QCustomPlot& plot, const QString& path, Format format, const ChartExportOptions& o, QString* error)
{
    const auto fail = [&](const QString& why) {
        if (error) *error = QStringLiteral("%1: %2").arg(QDir::toNativeSeparators(path), why);
        return false;
    };
    const int w = o.pixels.width();
    const int h = o.pixels.height();
    if (w < ChartExportOptions::kMinPixels || w > ChartExportOptions::kMaxPixels || h < ChartExportOptions::kMinPixels ||
        h > ChartExportOptions::kMaxPixels)
        return fail(QObject::tr("size %1×%2 px is outside %3–%4 px").arg(w).arg(h).arg(ChartExportOptions::kMinPixels).arg(ChartExportOptions::kMaxPixels));
    if (o.dpi < ChartExportOptions::kMinDpi || o.dpi > ChartExportOptions::kMaxDpi)
        return fail(QObject::tr("resolution %1 dpi is outside %2–%3 dpi").arg(o.dpi).arg(ChartExportOptions::kMinDpi).arg(ChartExportOptions::kMaxDpi));

    // Lay the chart out at the logical size w × 96/dpi, then scale it up to exactly w pixels.
    const int logicalW = std::max(1, static_cast<int>(std::lround(w * 96.0 / o.dpi)));
    const double scale = static_cast<double>(w) / logicalW;
    const int logicalH = std::max(1, static_cast<int>(std::lround(h / scale)));
    ExportDecorations decorations(plot, o);
    plot.replot(QCustomPlot::rpImmediateRefresh);
    bool ok = false;
    switch (format) {
    case Format::Png: {
        // Rendered here rather than through savePng so the height is exactly h as well.
        QImage image = plot.toPixmap(logicalW, logicalH, scale).toImage();
        // The height can come out one pixel off the rounding of the logical height.
        if (image.size() != o.pixels) image = image.scaled(o.pixels, Qt::IgnoreAspectRatio, Qt::SmoothTransformation);
        const int dotsPerMetre = static_cast<int>(std::lround(o.dpi / 0.0254));
        image.setDotsPerMeterX(dotsPerMetre);
        image.setDotsPerMeterY(dotsPerMetre);
        ok = image.save(path, "PNG");
        break;
    }
    case Format::Pdf: ok = plot.savePdf(path, logicalW, logicalH, QCP::epNoCosmetic); break;
    case Format::Svg: {
        QSvgGenerator svg;
        svg.setFileName(path);
        svg.setSize(QSize(logicalW, logicalH));
        svg.setViewBox(QRect(0, 0, logicalW, logicalH));
        svg.setResolution(o.dpi);
        svg.setTitle(o.title.isEmpty() ? QStringLiteral("NetSizer chart") : o.title);
        svg.setDescription(o.configLine.isEmpty() ? QStringLiteral("Exported by NetSizer") : o.configLine);
        QCPPainter painter;
        if (painter.begin(&svg)) {
            plot.toPainter(&painter, logicalW, logicalH);
            ok = painter.end();
        }
        ok = ok && QFile(path).size() > 0;
        break;
    }
    }
    if (!ok) return fail(QObject::tr("could not write the chart"));
    return true;
}

} // namespace netsizer::ui
