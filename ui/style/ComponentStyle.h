#pragma once
// The one place that decides how each memory component looks: its colour in every chart,
// table and swatch, and the order in which components stack (bottom first). Colours are the
// Tableau-10 hues, which keep their contrast on both a light and a dark window palette.

#include "core/memory/Component.h"

#include <QColor>
#include <QIcon>
#include <QString>

#include <string>

namespace netsizer::ui {

class ComponentStyle {
public:
    // The fill colour of `c`; the same everywhere.
    static QColor color(core::Component c);
    // The outline of a filled area of `c`: a darker shade on light backgrounds, a lighter one
    // on dark backgrounds (`darkBackground`).
    static QColor outline(core::Component c, bool darkBackground);
    // A small square swatch for legends, tables and menus.
    static QIcon swatch(core::Component c, int size = 12);
    // "Optimizer state"
    static QString label(core::Component c);

    // The overhead lines of a breakdown (core::OverheadLine::name: "cuda_context",
    // "conv_workspace", "allocator_rounding", "fragmentation") drawn as their own entries:
    // shades of their component's colour (the workspace yellow, the overhead greys).
    static QColor overheadColor(const std::string& lineName);
    // "CUDA context", "Convolution workspace", "Allocator rounding", "Fragmentation reserve";
    // an unknown name is shown as it is.
    static QString overheadLabel(const std::string& lineName);
};

} // namespace netsizer::ui
