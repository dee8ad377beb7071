#pragma once
// The canvas clipboard format. A selection travels as a native model document
// (core/io/NativeFormat, "format": "netsizer-model", docs/native-format.md) holding the
// selected layers — kind, attributes, trainable flag, canvas position — and the connections
// among them; connections to layers outside the selection are dropped, and a layer's kept
// inputs take its first input ports in their original port order (the format lists inputs by
// port). It is put on the clipboard twice: under kFragmentMimeType and as plain text, so the
// JSON can be read in a text editor and a model file's text pasted onto the canvas adds its
// layers. Reading goes through the native reader, so bad text gives its error (with a JSON
// pointer or line/column) and never a crash.

#include "core/graph/Graph.h"
#include "core/util/Result.h"

#include <QPointF>
#include <QString>

#include <functional>
#include <vector>

class QMimeData;

namespace netsizer::ui {

inline constexpr char kFragmentMimeType[] = "application/x-netsizer-fragment";

class LayerFragment {
public:
    // The sub-graph of `ids` (taken in graph order). `position` gives each layer's canvas
    // centre (the scene's position, which also covers laid-out layers the graph has no
    // position for); every fragment layer has a position.
    static core::Graph extract(const core::Graph& graph, const std::vector<core::LayerId>& ids,
                               const std::function<QPointF(core::LayerId)>& position);
    static QString toJson(const core::Graph& fragment);
    // New mime data with the fragment under kFragmentMimeType and as text; caller owns it.
    static QMimeData* toMimeData(const core::Graph& fragment);
    // The fragment in `mime`: ours if present, else the text. Errors: code "empty" when there
    // is nothing to read, else the native reader's error (code, message, path).
    static core::Result<core::Graph> fromMimeData(const QMimeData* mime);
    static core::Result<core::Graph> fromJson(const QByteArray& utf8);
};

} // namespace netsizer::ui
