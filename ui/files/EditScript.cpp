#include "ui/files/EditScript.h"

#include "core/layers/KindRegistry.h"
#include "ui/document/Document.h"

#include <QStringList>

namespace netsizer::ui {
namespace {

const core::Layer* layerNamed(const Document& doc, const QString& name)
{
    return doc.graph().findByName(name.toStdString());
}

// Applies one line's words; returns why it could not.
QString applyLine(const QStringList& w, Document& doc)
{
    const QString& verb = w.front();
    auto needs = [&](int n) { return w.size() == n; };
    if (verb == QLatin1String("add") && (needs(2) || (needs(4) && w[2] == QLatin1String("after")))) {
        const core::LayerKind* kind = core::KindRegistry::builtin().find(w[1].toStdString());
        if (!kind) return QStringLiteral("unknown layer kind '%1'").arg(w[1]);
        const core::Layer* from = nullptr;
        if (needs(4)) {
            from = layerNamed(doc, w[3]);
            if (!from) return QStringLiteral("no layer named '%1'").arg(w[3]);
        } else if (!doc.graph().layers().empty()) {
            from = &doc.graph().layers().back();
        }
        const double x = from ? from->x : 0.0;
        const double y = from ? from->y + 120.0 : 0.0;
        const auto feed = from ? std::optional<core::PortRef>(core::PortRef{from->id, 0}) : std::nullopt;
        return doc.addLayer(*kind, x, y, feed) ? QString() : QStringLiteral("the layer could not be added");
    }
    if ((verb == QLatin1String("remove") || verb == QLatin1String("freeze")) && needs(2)) {
        const core::Layer* l = layerNamed(doc, w[1]);
        if (!l) return QStringLiteral("no layer named '%1'").arg(w[1]);
        const bool ok = verb == QLatin1String("remove") ? doc.removeLayers({l->id}) : doc.setTrainable(l->id, false);
        return ok ? QString() : QStringLiteral("nothing changed");
    }
    if (verb == QLatin1String("rename") && needs(3)) {
        const core::Layer* l = layerNamed(doc, w[1]);
        if (!l) return QStringLiteral("no layer named '%1'").arg(w[1]);
        QString error;
        return doc.renameLayer(l->id, w[2], &error) ? QString() : error;
    }
    if (verb == QLatin1String("batch") && needs(2)) {
        bool ok = false;
        const qulonglong b = w[1].toULongLong(&ok);
        if (!ok) return QStringLiteral("'%1' is not a batch size").arg(w[1]);
        return doc.setBatch(b) ? QString() : QStringLiteral("batch %1 is refused").arg(w[1]);
    }
    return QStringLiteral("unknown edit '%1' (add KIND [after LAYER], remove LAYER, rename LAYER NAME, freeze LAYER, "
                          "batch N)")
        .arg(w.join(QLatin1Char(' ')));
}

} // namespace

QString EditScript::apply(const QString& text, const QString& scriptName, Document& doc)
{
    const QStringList lines = text.split(QLatin1Char('\n'));
    for (int i = 0; i < lines.size(); ++i) {
        const QString line = lines[i].trimmed();
        if (line.isEmpty() || line.startsWith(QLatin1Char('#'))) continue;
        const QString why = applyLine(line.split(QLatin1Char(' '), Qt::SkipEmptyParts), doc);
        if (!why.isEmpty()) return QStringLiteral("%1:%2: %3").arg(scriptName).arg(i + 1).arg(why);
    }
    return {};
}

} // namespace netsizer::ui
