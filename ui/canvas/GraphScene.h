#pragma once
// The node graph as a QGraphicsScene. It only *listens* to the Document (QtNodes' rule): every
// change arrives through Document::changed and is applied at most once per event-loop turn
// (structure: items rebuilt; figures: node texts updated; positions: nodes moved). User
// gestures become Document edits: a node drag is one "Move" step on release, dragging from an
// output port to an input port connects, the context menu cuts, copies, pastes, duplicates,
// freezes or deletes (clipboard work is done by the scene's CanvasClipboard).
//
// Layers without a saved position are placed by GraphLayout (dot); those positions live only
// in the scene until the user moves a node or runs autoLayout(true).

#include "core/graph/Connection.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/ChangeEvent.h"

#include <QGraphicsScene>

#include <unordered_map>
#include <vector>

class QGraphicsLineItem;

namespace netsizer::ui {

class CanvasClipboard;
class DisplayOptions;
class Document;
class EdgeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    GraphScene(Document& doc, const DisplayOptions& options, QObject* parent = nullptr);

    NodeItem* node(core::LayerId id) const;
    const std::vector<EdgeItem*>& edges() const { return m_edges; }
    std::vector<core::LayerId> selectedLayers() const;
    std::vector<core::Connection> selectedConnections() const;
    // Selects exactly these layers; emits layerSelectionChanged once when `announce`.
    void selectLayers(const std::vector<core::LayerId>& ids, bool announce = false);
    void selectAllLayers();
    CanvasClipboard* clipboard() const { return m_clipboard; }

    // Deletes the selected layers and connections (one undo step, named `undoText` or "Delete").
    void deleteSelection(const QString& undoText = {});
    // Lays out every layer. pushToDocument: store the positions through one undo step;
    // otherwise only layers without a saved position move.
    void autoLayout(bool pushToDocument);

public slots:
    // Applies every pending document change now (normally runs queued).
    void refresh();

signals:
    void layerSelectionChanged(const std::vector<netsizer::core::LayerId>& ids);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;

private:
    void onChanged(const ChangeEvent& e);
    void rebuild();
    void updateInfo();
    // Batch / configuration changes: only the memory badges (no shapes, ports or edges).
    void updateMemory();
    // The badge text, stacked-bar parts and tooltip of analysis row `row` at the current batch.
    void memoryBadge(std::size_t row, NodeItem::Info& info) const;
    void syncPositions();
    NodeItem* nodeAt(QPointF scenePos) const;
    QPointF documentPos(core::LayerId id) const;

    Document& m_doc;
    const DisplayOptions& m_options;
    CanvasClipboard* m_clipboard; // owned (QObject child)
    std::unordered_map<std::uint32_t, NodeItem*> m_nodes;
    std::vector<EdgeItem*> m_edges;
    std::unordered_map<std::uint32_t, QPointF> m_autoPos; // layouts of layers without a position
    Changes m_pending = Change::Reset;
    bool m_scheduled = false;
    bool m_syncingSelection = false;
    // Connection drag from an output port.
    QGraphicsLineItem* m_dragLine = nullptr;
    core::PortRef m_dragFrom{};
};

} // namespace netsizer::ui
