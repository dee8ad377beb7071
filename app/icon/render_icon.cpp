// netsizer-render-icon SVG OUTDIR SIZE...: renders the application icon SVG to
// OUTDIR/<SIZE>x<SIZE>/apps/netsizer.png for each SIZE (the freedesktop hicolor layout the
// install rules copy into share/icons/hicolor). A build tool; exit 1 when the SVG does not load
// or a PNG cannot be written, 2 on bad arguments.
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char** argv)
{
    QGuiApplication app(argc, argv);
    const QStringList args = QCoreApplication::arguments();
    if (args.size() < 4) {
        std::fprintf(stderr, "usage: netsizer-render-icon SVG OUTDIR SIZE...\n");
        return 2;
    }
    QSvgRenderer svg(args[1]);
    if (!svg.isValid()) {
        std::fprintf(stderr, "netsizer-render-icon: %s: not a readable SVG\n", qPrintable(args[1]));
        return 1;
    }
    for (int i = 3; i < args.size(); ++i) {
        bool ok = false;
        const int size = args[i].toInt(&ok);
        if (!ok || size < 8 || size > 1024) {
            std::fprintf(stderr, "netsizer-render-icon: %s: size wants 8..1024\n", qPrintable(args[i]));
            return 2;
        }
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        QPainter painter(&image);
        painter.setRenderHint(QPainter::Antialiasing);
        svg.render(&painter, QRectF(0, 0, size, size));
        painter.end();
        const QString dir = QStringLiteral("%1/%2x%2/apps").arg(args[2]).arg(size);
        const QString out = dir + QStringLiteral("/netsizer.png");
        if (!QDir().mkpath(dir) || !image.save(out, "PNG")) {
            std::fprintf(stderr, "netsizer-render-icon: cannot write %s\n", qPrintable(out));
            return 1;
        }
    }
    return 0;
}
