#pragma once
// Cut, copy, paste and duplicate on the canvas. Copy puts the selected layers and the
// connections among them on the system clipboard (LayerFragment format); paste adds the
// clipboard's layers to the Document as one undo step, with unique names, selected, placed so
// they cover no existing node (or centred on a given point, for the context menu). Clipboard
// content that is not a NetSizer model does nothing but report why through message().

#include "core/graph/Graph.h"

#include <QObject>
#include <QPointF>

#include <optional>
#include <vector>

namespace netsizer::ui {

class Document;
class GraphScene;

class CanvasClipboard : public QObject {
    Q_OBJECT
public:
    CanvasClipboard(Document& doc, GraphScene& scene, QObject* parent = nullptr);

    // False (with a message) when no layer is selected.
    bool copy();
    // Copy, then delete the selection (one undo step, "Cut").
    bool cut();
    // Adds the clipboard's layers; `at`: centre them there. Returns the new ids (empty when
    // nothing was pasted; message() says why).
    std::vector<core::LayerId> paste(std::optional<QPointF> at = std::nullopt);
    // Copy + paste of the selection without touching the clipboard.
    std::vector<core::LayerId> duplicate();

    // Offset that moves `fragment` clear of every node on the scene: the first of (0, 0),
    // (s, 0), (2s, 0), ... (s: a node width plus 40 units) at which no pasted node comes
    // within 10 units of an existing one.
    QPointF freeOffset(const core::Graph& fragment) const;

signals:
    // A one-line report for the status bar ("Copied 3 layers", "Nothing to paste: ...").
    void message(const QString& text);

private:
    core::Graph selectionFragment() const;
    std::vector<core::LayerId> insert(core::Graph fragment, std::optional<QPointF> at, const QString& undoText);

    Document& m_doc;
    GraphScene& m_scene;
};

} // namespace netsizer::ui
