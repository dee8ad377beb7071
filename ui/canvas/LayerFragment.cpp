#include "ui/canvas/LayerFragment.h"

#include "core/io/NativeFormat.h"

#include <QMimeData>

#include <algorithm>
#include <string_view>
#include <unordered_map>

namespace netsizer::ui {

core::Graph LayerFragment::extract(const core::Graph& graph, const std::vector<core::LayerId>& ids,
                                   const std::function<QPointF(core::LayerId)>& position)
{
    core::Graph out;
    out.name = "NetSizer selection";
    std::unordered_map<std::uint32_t, core::LayerId> map; // graph id -> fragment id
    for (const core::Layer& l : graph.layers()) {
        if (std::find(ids.begin(), ids.end(), l.id) == ids.end()) continue;
        core::Layer copy = l;
        const QPointF p = position(l.id);
        copy.x = p.x();
        copy.y = p.y();
        copy.hasPosition = true;
        map[core::toIndex(l.id)] = out.addLayer(std::move(copy));
    }
    for (const core::Layer& l : graph.layers()) {
        const auto to = map.find(core::toIndex(l.id));
        if (to == map.end()) continue;
        std::uint16_t port = 0; // kept inputs, compacted onto the first ports in port order
        for (const core::Connection& c : graph.inputsOf(l.id)) {
            const auto from = map.find(core::toIndex(c.from.layer));
            if (from == map.end()) continue;
            out.connect({{from->second, c.from.port}, {to->second, port++}});
        }
    }
    return out;
}

QString LayerFragment::toJson(const core::Graph& fragment)
{
    core::ModelFile file;
    file.graph = fragment;
    return QString::fromStdString(core::writeNativeModel(file));
}

QMimeData* LayerFragment::toMimeData(const core::Graph& fragment)
{
    const QString json = toJson(fragment);
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kFragmentMimeType), json.toUtf8());
    mime->setText(json);
    return mime;
}

core::Result<core::Graph> LayerFragment::fromJson(const QByteArray& utf8)
{
    if (utf8.trimmed().isEmpty()) return core::makeError("empty", "the clipboard holds no text");
    auto file = core::readNativeModel(std::string_view(utf8.constData(), static_cast<std::size_t>(utf8.size())));
    if (!file) return file.error();
    return std::move(file.value().graph);
}

core::Result<core::Graph> LayerFragment::fromMimeData(const QMimeData* mime)
{
    if (!mime) return core::makeError("empty", "the clipboard is empty");
    if (mime->hasFormat(QString::fromLatin1(kFragmentMimeType))) return fromJson(mime->data(QString::fromLatin1(kFragmentMimeType)));
    if (mime->hasText()) return fromJson(mime->text().toUtf8());
    return core::makeError("empty", "the clipboard holds no layers");
}

} // namespace netsizer::ui
