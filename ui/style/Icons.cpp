#include "ui/style/Icons.h"

#include "ui/style/PaletteSvgIconEngine.h"

#include <QFile>

// The icons live in netsizer_ui, a static library: referencing its resource initialiser keeps
// the linker from dropping them (Q_INIT_RESOURCE must be used outside any namespace).
static void initNetsizerResources()
{
    static const bool done = [] {
        Q_INIT_RESOURCE(netsizer);
        return true;
    }();
    (void)done;
}

namespace netsizer::ui {

QIcon Icons::get(const QString& name)
{
    initNetsizerResources();
    const QString path = QStringLiteral(":/icons/%1.svg").arg(name);
    if (!QFile::exists(path)) return {};
    return QIcon(new PaletteSvgIconEngine(path));
}

QIcon Icons::forCategory(const QString& category)
{
    const QString name = QStringLiteral("category-") + category.toLower().replace(QLatin1Char(' '), QLatin1Char('-'));
    const QIcon icon = get(name);
    return icon.isNull() ? get(QStringLiteral("category-other")) : icon;
}

QIcon Icons::application()
{
    initNetsizerResources();
    return QIcon(QStringLiteral(":/icons/netsizer.svg"));
}

} // namespace netsizer::ui
