#include "ui/style/PaletteSvgIconEngine.h"

#include <QFile>
#include <QGuiApplication>
#include <QPainter>
#include <QPalette>
#include <QPixmap>
#include <QSvgRenderer>

namespace netsizer::ui {

PaletteSvgIconEngine::PaletteSvgIconEngine(const QString& resourcePath) : m_path(resourcePath)
{
    QFile f(resourcePath);
    if (f.open(QIODevice::ReadOnly)) m_svg = f.readAll();
}

QByteArray PaletteSvgIconEngine::coloured(QIcon::Mode mode) const
{
    const QPalette pal = QGuiApplication::palette();
    QColor c = pal.color(QPalette::Active, QPalette::WindowText);
    if (mode == QIcon::Disabled) c = pal.color(QPalette::Disabled, QPalette::WindowText);
    else if (mode == QIcon::Selected) c = pal.color(QPalette::Active, QPalette::HighlightedText);
    QByteArray svg = m_svg;
    svg.replace("currentColor", c.name(QColor::HexRgb).toLatin1());
    return svg;
}

void PaletteSvgIconEngine::paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State)
{
    QSvgRenderer renderer(coloured(mode));
    if (mode == QIcon::Disabled) painter->setOpacity(painter->opacity() * 0.6);
    renderer.render(painter, QRectF(rect));
}

QPixmap PaletteSvgIconEngine::pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state)
{
    return scaledPixmap(size, mode, state, 1.0);
}

QPixmap PaletteSvgIconEngine::scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state, qreal scale)
{
    // `size` is already in device pixels when Qt asks for a high-DPI pixmap; render at it.
    QPixmap pm(size);
    pm.fill(Qt::transparent);
    {
        QPainter p(&pm);
        p.setRenderHint(QPainter::Antialiasing);
        paint(&p, QRect(QPoint(), size), mode, state);
    }
    pm.setDevicePixelRatio(scale);
    return pm;
}

QSize PaletteSvgIconEngine::actualSize(const QSize& size, QIcon::Mode, QIcon::State) { return size; }

QIconEngine* PaletteSvgIconEngine::clone() const { return new PaletteSvgIconEngine(m_path); }

} // namespace netsizer::ui
