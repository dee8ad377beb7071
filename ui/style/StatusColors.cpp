#include "ui/style/StatusColors.h"

#include <algorithm>
#include <cmath>

namespace netsizer::ui {

namespace {
double linear(double channel)
{
    return channel <= 0.04045 ? channel / 12.92 : std::pow((channel + 0.055) / 1.055, 2.4);
}

QColor forPalette(const QColor& hue, const QPalette& palette)
{
    return StatusColors::readableOn(hue, {palette.color(QPalette::Base), palette.color(QPalette::AlternateBase),
                                          palette.color(QPalette::Window)});
}
} // namespace

double StatusColors::relativeLuminance(const QColor& c)
{
    const QColor rgb = c.toRgb();
    return 0.2126 * linear(rgb.redF()) + 0.7152 * linear(rgb.greenF()) + 0.0722 * linear(rgb.blueF());
}

double StatusColors::contrastRatio(const QColor& a, const QColor& b)
{
    const double la = relativeLuminance(a), lb = relativeLuminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}

QColor StatusColors::readableOn(const QColor& hue, std::initializer_list<QColor> backgrounds, double minRatio)
{
    if (backgrounds.size() == 0) return hue;
    const auto worst = [&](const QColor& ink) {
        double r = 21.0;
        for (const QColor& bg : backgrounds) r = std::min(r, contrastRatio(ink, bg));
        return r;
    };
    if (worst(hue) >= minRatio) return hue;
    // Light backgrounds want darker ink, dark ones lighter: decided by the brightest
    // background's contrast with black against the darkest one's with white.
    double brightest = 0.0, darkest = 1.0;
    for (const QColor& bg : backgrounds) {
        brightest = std::max(brightest, relativeLuminance(bg));
        darkest = std::min(darkest, relativeLuminance(bg));
    }
    const bool lighten = (darkest + 0.05) / 0.05 < 1.05 / (brightest + 0.05);
    float h = 0, s = 0, l = 0, a = 0;
    hue.toHsl().getHslF(&h, &s, &l, &a);
    const float step = lighten ? 0.01f : -0.01f;
    for (float lightness = l + step; lightness > 0.0f && lightness < 1.0f; lightness += step) {
        const QColor ink = QColor::fromHslF(h, s, lightness, a);
        if (worst(ink) >= minRatio) return ink.toRgb();
    }
    return lighten ? QColor(Qt::white) : QColor(Qt::black);
}

QColor StatusColors::error(const QPalette& palette) { return forPalette(QColor(0xD6, 0x27, 0x28), palette); }
QColor StatusColors::warning(const QPalette& palette) { return forPalette(QColor(0xD0, 0x80, 0x00), palette); }
QColor StatusColors::success(const QPalette& palette) { return forPalette(QColor(0x2C, 0xA0, 0x2C), palette); }

} // namespace netsizer::ui
