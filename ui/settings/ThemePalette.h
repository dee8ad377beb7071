#pragma once
// Applies a Theme to the running application, live: light and dark set the Fusion style with a
// fixed palette (so they look the same on every desktop); System restores the style and
// palette the application had before the first apply(). Widgets that paint from their palette
// (canvas nodes and edges, tables, the charts through ChartTheme) follow on the
// QEvent::PaletteChange that QApplication::setPalette sends them.

#include "ui/settings/AppSettings.h"

#include <QPalette>

namespace netsizer::ui {

class ThemePalette {
public:
    static void apply(Theme theme);
    // The fixed palettes of the light and dark themes.
    static QPalette light();
    static QPalette dark();
};

} // namespace netsizer::ui
