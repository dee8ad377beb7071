#pragma once
// The one place that decides the colours of status text and marks: errors (a layer's shape
// error in the table, on the canvas and in the property panel; "does not fit"), warnings
// ("may not fit") and success ("fits", the largest batch that fits). Each keeps its hue
// (Tableau red, amber, green) and takes the lightness that reads on the given palette: the
// returned colour has a WCAG 2 contrast ratio of at least kMinContrast against the palette's
// Base, AlternateBase and Window colours (the backgrounds text is drawn on: table rows, canvas
// nodes, charts, labels), darker on light palettes and lighter on dark ones. Pure function of
// the palette: call it when painting (or again on QEvent::PaletteChange).

#include <QColor>
#include <QPalette>

#include <initializer_list>

namespace netsizer::ui {

class StatusColors {
public:
    // WCAG AA for normal text.
    static constexpr double kMinContrast = 4.5;

    static QColor error(const QPalette& palette);
    static QColor warning(const QPalette& palette);
    static QColor success(const QPalette& palette);

    // WCAG 2 relative luminance of an sRGB colour (0 black … 1 white); alpha is ignored.
    static double relativeLuminance(const QColor& c);
    // WCAG 2 contrast ratio (L_lighter + 0.05) / (L_darker + 0.05): 1 … 21, symmetric.
    static double contrastRatio(const QColor& a, const QColor& b);
    // `hue` with its lightness moved (darker on light backgrounds, lighter on dark ones) until
    // its contrast against every colour in `backgrounds` is at least `minRatio`; `hue` itself
    // when it already is. Black or white at the end of the range when nothing else reaches it.
    static QColor readableOn(const QColor& hue, std::initializer_list<QColor> backgrounds,
                             double minRatio = kMinContrast);
};

} // namespace netsizer::ui
