#pragma once
// The node graph as a QGraphicsScene. It only *listens* to the Document (QtNodes' rule): every
// change arrives through Document::changed and is applied at most once per event-loop turn
// (structure: items rebuilt; figures: node texts updated; positions: nodes moved). User
// gestures become Document edits: a node drag is one "Move" step on release, dragging from an
// output port to an input port connects (a connection the Document refuses — into an occupied
// input, closing a cycle — turns the drag line red with the reason beside it, and dropping it
// only emits connectionRefused), the context menu cuts, copies, pastes, duplicates,
// freezes or deletes (clipboard work is done by the scene's CanvasClipboard).
//
// Layer groups (core::Layer::group) are drawn by the scene's CanvasGroups: frames behind their
// nodes, collapsible to one box. Each edge's tooltip names its tensor's shape and bytes at the
// batch.
//
// Layers without a saved position are placed by GraphLayout (dot); those positions live only
// in the scene until the user moves a node or runs autoLayout(true).

#include "core/graph/Connection.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/ChangeEvent.h"

#include <QGraphicsScene>

#include <memory>
#include <optional>
#include <unordered_map>
#include <vector>

class QGraphicsLineItem;
class QGraphicsSimpleTextItem;

namespace netsizer::core {
struct LayerKind;
}

namespace netsizer::ui {

class CanvasClipboard;
class CanvasGroups;
class DisplayOptions;
class Document;
class EdgeItem;

class GraphScene : public QGraphicsScene {
    Q_OBJECT
public:
    GraphScene(Document& doc, const DisplayOptions& options, QObject* parent = nullptr);
    // Deletes the items without announcing a selection change: the views listening to
    // layerSelectionChanged may already be gone (the window is being destroyed).
    ~GraphScene() override;

    NodeItem* node(core::LayerId id) const;
    const std::vector<EdgeItem*>& edges() const { return m_edges; }
    std::vector<core::LayerId> selectedLayers() const;
    std::vector<core::Connection> selectedConnections() const;
    // Selects exactly these layers; emits layerSelectionChanged once when `announce`.
    void selectLayers(const std::vector<core::LayerId>& ids, bool announce = false);
    void selectAllLayers();
    CanvasClipboard* clipboard() const { return m_clipboard; }
    CanvasGroups& groups() const { return *m_groups; }
    // Asks for a group name (the default unique) and groups the selected layers: the Group
    // action's and the context menu's dialog. Refused names are said in a message box.
    void groupSelectionAsking(QWidget* parent);
    void ungroupSelection();

    // The palette's double-click / Enter: adds a layer of `kind` after the single selected layer
    // (fed by its output), or at `fallback` when not exactly one layer is selected, at the
    // nearest free place (freePosition), then selects the new layer and announces it, so the
    // next append continues the chain. One undo step; nullopt when the Document refuses.
    std::optional<core::LayerId> appendLayer(const core::LayerKind& kind, QPointF fallback);
    // The centre nearest `wanted` — tried below, then to the right and left, in node-size
    // steps — where a node would overlap no existing node (a kNodeGap margin around each).
    QPointF freePosition(QPointF wanted) const;
    static constexpr double kNodeGap = 24;

    // Deletes the selected layers and connections (one undo step, named `undoText` or "Delete").
    void deleteSelection(const QString& undoText = {});
    // Lays out every layer. pushToDocument: store the positions through one undo step;
    // otherwise only layers without a saved position move.
    void autoLayout(bool pushToDocument);

public slots:
    // Applies every pending document change now (normally runs queued).
    void refresh();

    // While a connection is dragged: why dropping at the current point would be refused
    // (empty when it would connect, or over no node). For tests and the drag's own label.
    QString dragProblem() const { return m_dragProblem; }
    bool isDraggingConnection() const { return m_dragLine != nullptr; }

signals:
    void layerSelectionChanged(const std::vector<netsizer::core::LayerId>& ids);
    // A connection drag ended on a node that cannot take it; `reason` names the layers.
    void connectionRefused(const QString& reason);

protected:
    void mousePressEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseMoveEvent(QGraphicsSceneMouseEvent* event) override;
    void mouseReleaseEvent(QGraphicsSceneMouseEvent* event) override;
    void contextMenuEvent(QGraphicsSceneContextMenuEvent* event) override;

private:
    // Deletes every node, edge and group frame (the scene's own items; the caller rebuilds).
    void clearItems();
    void onChanged(const ChangeEvent& e);
    void rebuild();
    void updateInfo();
    // Batch / configuration changes: only the memory badges (no shapes, ports or edges).
    void updateMemory();
    // The badge text, stacked-bar parts and tooltip of analysis row `row` at the current batch.
    void memoryBadge(std::size_t row, NodeItem::Info& info) const;
    void syncPositions();
    // Re-routes every edge round the visible nodes, asking one NodeRectIndex of their boxes
    // built for the pass: O(edges), where asking the scene's BSP index would re-index each
    // re-routed edge before the next query (quadratic on a long chain).
    void routeEdges();
    // Each edge's tooltip: its tensor's per-sample shape and bytes at the current batch.
    void updateEdgeTips();
    NodeItem* nodeAt(QPointF scenePos) const;
    // The connection a drag from m_dragFrom dropped at `scenePos` would make: onto an input
    // port, that port; elsewhere on a node, its first free port (the first port when all are taken).
    std::optional<core::Connection> dropConnection(QPointF scenePos) const;
    void updateDrag(QPointF scenePos);
    void endDrag();
    QPointF documentPos(core::LayerId id) const;

    Document& m_doc;
    const DisplayOptions& m_options;
    CanvasClipboard* m_clipboard; // owned (QObject child)
    std::unique_ptr<CanvasGroups> m_groups;
    std::unordered_map<std::uint32_t, NodeItem*> m_nodes;
    std::vector<EdgeItem*> m_edges;
    std::unordered_map<std::uint32_t, QPointF> m_autoPos; // layouts of layers without a position
    Changes m_pending = Change::Reset;
    bool m_scheduled = false;
    bool m_syncingSelection = false;
    // Connection drag from an output port.
    QGraphicsLineItem* m_dragLine = nullptr;
    core::PortRef m_dragFrom{};
    QGraphicsSimpleTextItem* m_dragLabel = nullptr; // the refusal's reason beside the cursor
    QString m_dragProblem;
};

} // namespace netsizer::ui
