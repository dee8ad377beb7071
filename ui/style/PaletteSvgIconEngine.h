#pragma once
// A QIconEngine for our line icons (resources/icons/*.svg, drawn with stroke="currentColor"):
// renders the SVG at exactly the requested pixel size (so toolbar icons stay sharp at any
// device pixel ratio, 2x included) in the current application palette's text colour —
// WindowText normally, a dimmed colour for disabled actions — so the icons read on light and
// dark palettes alike. Uses QSvgRenderer (Qt SVG) directly, independent of the qsvgicon
// image plugin.

#include <QByteArray>
#include <QIconEngine>
#include <QString>

namespace netsizer::ui {

class PaletteSvgIconEngine : public QIconEngine {
public:
    // `resourcePath`: an SVG file (normally ":/icons/<name>.svg").
    explicit PaletteSvgIconEngine(const QString& resourcePath);

    void paint(QPainter* painter, const QRect& rect, QIcon::Mode mode, QIcon::State state) override;
    QPixmap pixmap(const QSize& size, QIcon::Mode mode, QIcon::State state) override;
    QPixmap scaledPixmap(const QSize& size, QIcon::Mode mode, QIcon::State state, qreal scale) override;
    QSize actualSize(const QSize& size, QIcon::Mode mode, QIcon::State state) override;
    QIconEngine* clone() const override;
    QString key() const override { return QStringLiteral("NetSizerPaletteSvg"); }
    bool isNull() override { return m_svg.isEmpty(); }

private:
    // The SVG with currentColor replaced by the palette colour for `mode`.
    QByteArray coloured(QIcon::Mode mode) const;

    QString m_path;
    QByteArray m_svg;
};

} // namespace netsizer::ui
