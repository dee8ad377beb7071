#include "ui/files/ChartExporter.h"

#include <QDir>
#include <QFile>
#include <QSvgGenerator>

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

} // namespace netsizer::ui
