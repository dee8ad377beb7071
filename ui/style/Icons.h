#pragma once
// The designer's icons: line icons from resources/icons (netsizer.qrc), drawn in the palette's
// text colour and rendered at the requested pixel size (PaletteSvgIconEngine), so they are
// sharp at 2x and readable on dark palettes.

#include <QIcon>
#include <QString>

namespace netsizer::ui {

class Icons {
public:
    // The icon ":/icons/<name>.svg"; a null QIcon when there is no such file.
    static QIcon get(const QString& name);
    // The palette icon of a layer-kind category ("Convolution", "Pooling", ...); a generic
    // layer icon for categories without their own.
    static QIcon forCategory(const QString& category);
    // The application's icon (resources/icons/netsizer.svg, in its own colours): the window
    // icon, and what the installed share/icons/hicolor files are made from.
    static QIcon application();
};

} // namespace netsizer::ui
