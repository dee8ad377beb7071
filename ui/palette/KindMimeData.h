#pragma once
// The drag-and-drop contract between the palette and the canvas: a QMimeData carrying the
// layer kind's id (UTF-8) under kKindMimeType. Anything that produces this mime data can drop
// layers on the canvas (tests do).

#include <QMimeData>
#include <QString>

namespace netsizer::ui {

inline constexpr char kKindMimeType[] = "application/x-netsizer-layer-kind";

inline QMimeData* makeKindMimeData(const QString& kindId)
{
    auto* mime = new QMimeData;
    mime->setData(QString::fromLatin1(kKindMimeType), kindId.toUtf8());
    mime->setText(kindId);
    return mime;
}

// The kind id in `mime`, or an empty string.
inline QString kindIdFromMime(const QMimeData* mime)
{
    if (!mime || !mime->hasFormat(QString::fromLatin1(kKindMimeType))) return {};
    return QString::fromUtf8(mime->data(QString::fromLatin1(kKindMimeType)));
}

} // namespace netsizer::ui
