#include "ui/canvas/GraphScene.h"

#include "core/estimate/Precision.h"
#include "core/layers/LayerKind.h"
#include "core/util/Checked.h"
#include "core/util/NumberFormat.h"
#include "ui/canvas/CanvasClipboard.h"
#include "ui/canvas/CanvasGroups.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/GraphLayout.h"
#include "ui/canvas/GroupItem.h"
#include "ui/canvas/NodeItem.h"
#include "ui/canvas/NodeRectIndex.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/Icons.h"
#include "ui/style/StatusColors.h"

#include <QApplication>
#include <QGraphicsLineItem>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsView>
#include <QGraphicsSceneContextMenuEvent>
#include <QGraphicsSceneMouseEvent>
#include <QInputDialog>
#include <QLineEdit>
#include <QMessageBox>
#include <QMenu>
#include <QUndoStack>

#include <cmath>

namespace netsizer::ui {

GraphScene::GraphScene(Document& doc, const DisplayOptions& options, QObject* parent)
    : QGraphicsScene(parent), m_doc(doc), m_options(options), m_clipboard(new CanvasClipboard(doc, *this, this)),
      m_groups(std::make_unique<CanvasGroups>(doc, *this, options))
{
    connect(&doc, &Document::changed, this, &GraphScene::onChanged);
    connect(&options, &DisplayOptions::changed, this, &GraphScene::updateInfo);
    connect(this, &QGraphicsScene::selectionChanged, this, [this] {
        if (!m_syncingSelection) emit layerSelectionChanged(selectedLayers());
    });
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &GraphScene::refresh, Qt::QueuedConnection);
}

void GraphScene::clearItems()
{
    m_groups->clear();
    for (EdgeItem* e : m_edges) delete e;
    m_edges.clear();
    for (auto& [id, n] : m_nodes) delete n;
    m_nodes.clear();
}

GraphScene::~GraphScene()
{
    m_syncingSelection = true;
    endDrag();
    clearItems();
}

NodeItem* GraphScene::node(core::LayerId id) const
{
    auto it = m_nodes.find(core::toIndex(id));
    return it == m_nodes.end() ? nullptr : it->second;
}

void GraphScene::onChanged(const ChangeEvent& e)
{
    m_pending |= e.what;
    if (m_scheduled) return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &GraphScene::refresh, Qt::QueuedConnection);
}

void GraphScene::refresh()
{
    m_scheduled = false;
    const Changes pending = m_pending;
    m_pending = Change::None;
    if (pending == Change::None) return;
    if (pending.testAnyFlags(Change::Structure | Change::Reset)) {
        if (pending.testFlag(Change::Reset)) m_autoPos = m_doc.layoutHint(); // computed off the UI thread, or empty
        rebuild();
        return;
    }
    if (pending.testFlag(Change::Positions)) syncPositions();
    else if (pending.testFlag(Change::Checkpoint)) m_groups->rebuild(); // the segments' bands
    if (pending.testAnyFlags(Change::Attributes | Change::Trainable | Change::Checkpoint)) updateInfo();
    else if (pending.testAnyFlags(Change::Config | Change::Batch)) updateMemory();
}

QPointF GraphScene::documentPos(core::LayerId id) const
{
    const core::Layer* l = m_doc.graph().find(id);
    if (l && l->hasPosition) return {l->x, l->y};
    auto it = m_autoPos.find(core::toIndex(id));
    return it == m_autoPos.end() ? QPointF() : it->second;
}

void GraphScene::rebuild()
{
    const auto selected = selectedLayers();
    m_syncingSelection = true;
    endDrag();
    clearItems();

    const core::Graph& g = m_doc.graph();
    bool needLayout = false;
    for (const auto& l : g.layers())
        if (!l.hasPosition && !m_autoPos.count(core::toIndex(l.id))) needLayout = true;
    if (needLayout) m_autoPos = GraphLayout::unplaced(g);
    for (const auto& l : g.layers()) {
        auto* n = new NodeItem(l.id);
        addItem(n);
        n->setPos(documentPos(l.id));
        m_nodes[core::toIndex(l.id)] = n;
    }
    updateInfo(); // sets port counts before edges attach to ports
    for (const auto& c : g.connections()) {
        NodeItem* a = node(c.from.layer);
        NodeItem* b = node(c.to.layer);
        if (!a || !b) continue;
        auto* e = new EdgeItem(c, a, b);
        addItem(e);
        m_edges.push_back(e);
    }
    m_groups->rebuild(); // hides the nodes of collapsed groups, ends their edges at the box
    routeEdges();        // round the nodes, now that all are placed
    updateEdgeTips();
    for (core::LayerId id : selected)
        if (NodeItem* n = node(id)) n->setSelected(true);
    m_syncingSelection = false;
    setSceneRect(itemsBoundingRect().adjusted(-400, -300, 400, 300));
    if (selected != selectedLayers()) emit layerSelectionChanged(selectedLayers());
}

void GraphScene::updateInfo()
{
    const core::Graph& g = m_doc.graph();
    const auto& analysis = m_doc.analysis();
    std::unordered_map<std::uint32_t, std::size_t> row;
    for (std::size_t i = 0; i < analysis.layers.size(); ++i) row[core::toIndex(analysis.layers[i].id)] = i;
    for (const auto& l : g.layers()) {
        NodeItem* n = node(l.id);
        if (!n) continue;
        NodeItem::Info info;
        info.name = QString::fromStdString(l.name);
        info.kind = QString::fromStdString(l.kind->displayName);
        info.trainable = l.trainable;
        int connected = 0;
        for (const auto& c : g.inputsOf(l.id)) connected = std::max(connected, c.to.port + 1);
        const int maxIn = l.kind->maxInputs;
        info.inputPorts = maxIn == core::LayerKind::kUnbounded ? std::max(2, connected + 1) : std::max(maxIn, connected);
        info.hasOutput = true;
        auto it = row.find(core::toIndex(l.id));
        if (it != row.end()) {
            const auto& la = analysis.layers[it->second];
            if (la.error) info.error = QString::fromStdString(la.error->message);
            if (la.analysed) {
                QStringList shapes;
                for (const auto& t : la.result.outputs) shapes << QString::fromStdString(t.shape.toString());
                info.shape = shapes.join(QStringLiteral(", "));
                // Learnable parameters, as the summary and the table count them; buffers apart.
                info.params = QObject::tr("%1 params").arg(QString::fromStdString(core::withThousands(la.learnableParams)));
                if (la.bufferParams)
                    info.buffers = QObject::tr("%1 buffers").arg(QString::fromStdString(core::withThousands(la.bufferParams)));
                memoryBadge(it->second, info);
            } else if (!la.error) {
                info.shape = QObject::tr("(waiting for inputs)");
            }
        } else {
            info.error = QObject::tr("on a cycle");
        }
        n->setInfo(info);
    }
    m_groups->updateFigures();
    routeEdges();
    updateEdgeTips();
}

void GraphScene::updateEdgeTips()
{
    const core::Graph& g = m_doc.graph();
    const auto& analysis = m_doc.analysis();
    const auto& config = m_doc.breakdown().config;
    const std::uint64_t activationBytes = core::precisionInfo(config.precision).activationBytes;
    std::unordered_map<std::uint32_t, std::size_t> row;
    for (std::size_t i = 0; i < analysis.layers.size(); ++i) row[core::toIndex(analysis.layers[i].id)] = i;
    for (EdgeItem* e : m_edges) {
        const auto& c = e->connection();
        const core::Layer* from = g.find(c.from.layer);
        const core::Layer* to = g.find(c.to.layer);
        if (!from || !to) continue;
        QString shape, size;
        auto it = row.find(core::toIndex(c.from.layer));
        if (it != row.end() && analysis.layers[it->second].analysed && c.from.port < analysis.layers[it->second].result.outputs.size()) {
            const core::TensorInfo& t = analysis.layers[it->second].result.outputs[c.from.port];
            shape = QString::fromStdString(t.shape.toString());
            core::CheckedCount bytes = t.shape.numel();
            bytes *= core::elemBytes(t.elem, activationBytes);
            bytes *= config.batch;
            size = m_options.size(bytes.ok() ? bytes.value() : core::kSaturated);
        }
        e->setToolTip(EdgeItem::tensorText(QString::fromStdString(from->name), QString::fromStdString(to->name), shape, size,
                                           config.batch));
    }
}

void GraphScene::memoryBadge(std::size_t row, NodeItem::Info& info) const
{
    const auto& breakdown = m_doc.breakdown();
    const auto& lm = breakdown.layers[row];
    std::uint64_t total = 0;
    for (std::size_t c = 0; c < lm.owned.size(); ++c) {
        const std::uint64_t v = lm.owned[c].at(breakdown.config.batch);
        info.parts[c] = static_cast<double>(v);
        total = core::saturatingAdd(total, v);
    }
    info.memory = m_options.size(total);
    // A size beyond 64 bits has no proportions to draw: no bar, the badge says "> 2^64 B".
    if (total == core::kSaturated) info.parts.fill(0.0);
    const QString counts = info.buffers.isEmpty() ? info.params : info.params + QStringLiteral(", ") + info.buffers;
    info.tooltip = QObject::tr("%1 (%2)\noutput %3\n%4\nmemory at batch %5: %6")
                       .arg(info.name, info.kind, info.shape, counts)
                       .arg(breakdown.config.batch)
                       .arg(DisplayOptions::exactBytes(total));
}

void GraphScene::updateMemory()
{
    const auto& analysis = m_doc.analysis();
    for (std::size_t i = 0; i < analysis.layers.size(); ++i) {
        if (!analysis.layers[i].analysed) continue;
        NodeItem* n = node(analysis.layers[i].id);
        if (!n) continue;
        NodeItem::Info info = n->info(); // name, kind, shape, params: unchanged by the batch
        memoryBadge(i, info);
        n->setMemory(info.memory, info.parts, info.tooltip);
    }
    m_groups->updateFigures();
    updateEdgeTips();
}

void GraphScene::routeEdges()
{
    NodeRectIndex boxes;
    for (const auto& [id, n] : m_nodes)
        if (n->isVisible()) boxes.insert(n, n->sceneBox());
    for (EdgeItem* e : m_edges) e->updatePath(&boxes);
}

void GraphScene::syncPositions()
{
    for (const auto& l : m_doc.graph().layers())
        if (NodeItem* n = node(l.id)) {
            const QPointF p = documentPos(l.id);
            if (n->pos() != p) n->setPos(p);
        }
    // Positions changes carry group edits too (SetGroupsCommand): the groups are re-made.
    m_groups->rebuild();
    // A node that moved may now stand in the way of edges that are not its own.
    routeEdges();
}

void GraphScene::groupSelectionAsking(QWidget* parent)
{
    const auto ids = selectedLayers();
    if (ids.empty()) return;
    bool ok = false;
    const QString name = QInputDialog::getText(parent, tr("Group layers"), tr("Group name (dots nest: \"layer1.0\"):"),
                                               QLineEdit::Normal, m_groups->uniqueName(), &ok);
    if (!ok) return;
    QString error;
    if (!m_groups->groupLayers(ids, name, &error) && !error.isEmpty()) QMessageBox::warning(parent, tr("Group layers"), error);
}

void GraphScene::ungroupSelection() { m_groups->ungroupLayers(selectedLayers()); }

std::vector<core::LayerId> GraphScene::selectedLayers() const
{
    std::vector<core::LayerId> ids;
    // In graph order, so the result does not depend on the scene's item order.
    for (const auto& l : m_doc.graph().layers())
        if (NodeItem* n = node(l.id); n && n->isSelected()) ids.push_back(l.id);
    return ids;
}

std::vector<core::Connection> GraphScene::selectedConnections() const
{
    std::vector<core::Connection> out;
    for (EdgeItem* e : m_edges)
        if (e->isSelected()) out.push_back(e->connection());
    return out;
}

void GraphScene::selectLayers(const std::vector<core::LayerId>& ids, bool announce)
{
    m_syncingSelection = true;
    clearSelection();
    for (core::LayerId id : ids)
        if (NodeItem* n = node(id)) n->setSelected(true);
    m_syncingSelection = false;
    if (announce) emit layerSelectionChanged(selectedLayers());
}

void GraphScene::selectAllLayers()
{
    std::vector<core::LayerId> ids;
    ids.reserve(m_doc.graph().size());
    for (const auto& l : m_doc.graph().layers()) ids.push_back(l.id);
    selectLayers(ids, true);
}

void GraphScene::deleteSelection(const QString& undoText)
{
    const auto layers = selectedLayers();
    const auto conns = selectedConnections();
    if (layers.empty() && conns.empty()) return;
    m_doc.undoStack()->beginMacro(undoText.isEmpty() ? tr("Delete") : undoText);
    for (const auto& c : conns) {
        // Connections of deleted layers go with them.
        const bool withLayer = std::find(layers.begin(), layers.end(), c.from.layer) != layers.end() ||
                               std::find(layers.begin(), layers.end(), c.to.layer) != layers.end();
        if (!withLayer) m_doc.disconnectPorts(c);
    }
    if (!layers.empty()) m_doc.removeLayers(layers);
    m_doc.undoStack()->endMacro();
}

void GraphScene::autoLayout(bool pushToDocument)
{
    const auto laid = GraphLayout::layout(m_doc.graph(), QSizeF(NodeItem::kWidth, NodeItem::kHeight));
    if (!pushToDocument) {
        m_autoPos.clear();
        for (const auto& [id, p] : laid) m_autoPos[id] = p;
        syncPositions();
        return;
    }
    m_doc.undoStack()->beginMacro(tr("Auto layout"));
    for (const auto& l : m_doc.graph().layers()) {
        auto it = laid.find(core::toIndex(l.id));
        if (it != laid.end()) m_doc.moveLayer(l.id, it->second.x(), it->second.y(), false);
    }
    m_doc.undoStack()->endMacro();
}

QPointF GraphScene::freePosition(QPointF wanted) const
{
    const double w = NodeItem::kWidth + kNodeGap, h = NodeItem::kHeight + kNodeGap;
    const auto free = [&](QPointF p) {
        for (const auto& [id, n] : m_nodes)
            if (std::abs(n->pos().x() - p.x()) < w && std::abs(n->pos().y() - p.y()) < h) return false;
        return true;
    };
    // Rings of growing distance: the same row first (right, then left), then further down.
    for (int ring = 0; ring < 200; ++ring)
        for (int down = 0; down <= ring; ++down)
            for (int side : {ring - down, -(ring - down)}) {
                const QPointF p = wanted + QPointF(side * w, down * h);
                if (free(p)) return p;
            }
    return wanted + QPointF(0, 200 * h); // beyond 200 rings of nodes: below all of them
}

std::optional<core::LayerId> GraphScene::appendLayer(const core::LayerKind& kind, QPointF fallback)
{
    refresh(); // the scene mirrors every edit made so far (a previous append's node exists)
    const auto selected = selectedLayers();
    std::optional<core::PortRef> feed;
    QPointF wanted = fallback;
    if (selected.size() == 1)
        if (NodeItem* n = node(selected.front())) {
            feed = core::PortRef{selected.front(), 0};
            wanted = n->pos() + QPointF(0, NodeItem::kHeight + 50);
        }
    const QPointF at = freePosition(wanted);
    const auto id = m_doc.addLayer(kind, at.x(), at.y(), feed);
    if (!id) return std::nullopt;
    refresh();
    selectLayers({*id}, true);
    return id;
}

NodeItem* GraphScene::nodeAt(QPointF scenePos) const
{
    for (QGraphicsItem* item : items(scenePos))
        if (item->type() == NodeItem::Type) return static_cast<NodeItem*>(item);
    return nullptr;
}

std::optional<core::Connection> GraphScene::dropConnection(QPointF scenePos) const
{
    NodeItem* target = nodeAt(scenePos);
    if (!target) return std::nullopt;
    int port = -1;
    if (auto p = target->portAt(scenePos); p && p->input) port = p->index;
    if (port < 0) {
        port = 0;
        for (const auto& c : m_doc.graph().inputsOf(target->layerId()))
            if (c.to.port == port) ++port;
        if (port >= target->info().inputPorts) port = 0;
    }
    return core::Connection{m_dragFrom, {target->layerId(), static_cast<std::uint16_t>(port)}};
}

void GraphScene::updateDrag(QPointF scenePos)
{
    QLineF l = m_dragLine->line();
    l.setP2(scenePos);
    m_dragLine->setLine(l);
    const auto c = dropConnection(scenePos);
    // Over the source itself nothing happens on release: no complaint either.
    m_dragProblem = c && c->to.layer != m_dragFrom.layer ? m_doc.connectionProblem(*c) : QString();
    const QPalette pal = views().isEmpty() ? QApplication::palette() : views().front()->palette();
    QPen pen = m_dragLine->pen();
    pen.setColor(m_dragProblem.isEmpty() ? pal.color(QPalette::Highlight) : StatusColors::error(pal));
    pen.setStyle(m_dragProblem.isEmpty() ? Qt::DashLine : Qt::DotLine);
    m_dragLine->setPen(pen);
    m_dragLabel->setText(m_dragProblem);
    m_dragLabel->setBrush(StatusColors::error(pal));
    m_dragLabel->setPos(scenePos + QPointF(14, 10));
    m_dragLabel->setVisible(!m_dragProblem.isEmpty());
    for (QGraphicsView* v : views()) {
        if (m_dragProblem.isEmpty()) v->viewport()->unsetCursor();
        else v->viewport()->setCursor(Qt::ForbiddenCursor);
    }
}

void GraphScene::endDrag()
{
    if (!m_dragLine) return;
    removeItem(m_dragLine);
    delete m_dragLine;
    m_dragLine = nullptr;
    removeItem(m_dragLabel);
    delete m_dragLabel;
    m_dragLabel = nullptr;
    m_dragProblem.clear();
    for (QGraphicsView* v : views()) v->viewport()->unsetCursor();
}

void GraphScene::mousePressEvent(QGraphicsSceneMouseEvent* event)
{
    if (event->button() == Qt::LeftButton) {
        NodeItem* n = nodeAt(event->scenePos());
        if (n) {
            const auto port = n->portAt(event->scenePos());
            if (port && !port->input) {
                m_dragFrom = {n->layerId(), 0};
                const QPalette pal = views().isEmpty() ? QApplication::palette() : views().front()->palette();
                m_dragLine = addLine(QLineF(n->outputPortPos(), event->scenePos()),
                                     QPen(pal.color(QPalette::Highlight), 2, Qt::DashLine));
                m_dragLine->setZValue(5);
                m_dragLabel = addSimpleText(QString());
                m_dragLabel->setZValue(6);
                m_dragLabel->setVisible(false);
                event->accept();
                return;
            }
        }
        // A group's header band toggles it, even where an edge or a node's margin crosses the
        // band (not on the node's box itself, nor on a port).
        const bool onNode = n && (n->portAt(event->scenePos()) ||
                                  QRectF(n->pos() - QPointF(NodeItem::kWidth / 2, NodeItem::kHeight / 2),
                                         QSizeF(NodeItem::kWidth, NodeItem::kHeight)).contains(event->scenePos()));
        if (!onNode)
            for (QGraphicsItem* item : items(event->scenePos()))
                if (item->type() == GroupItem::Type && static_cast<GroupItem*>(item)->headerRect().contains(event->scenePos())) {
                    m_groups->toggle(static_cast<GroupItem*>(item)->path());
                    event->accept();
                    return;
                }
    }
    QGraphicsScene::mousePressEvent(event);
}

void GraphScene::mouseMoveEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_dragLine) {
        updateDrag(event->scenePos());
        event->accept();
        return;
    }
    QGraphicsScene::mouseMoveEvent(event);
    if (event->buttons() & Qt::LeftButton && mouseGrabberItem() && mouseGrabberItem()->type() == NodeItem::Type)
        m_groups->layout(); // frames follow the dragged nodes
}

void GraphScene::mouseReleaseEvent(QGraphicsSceneMouseEvent* event)
{
    if (m_dragLine) {
        endDrag();
        if (const auto c = dropConnection(event->scenePos()); c && c->to.layer != m_dragFrom.layer) {
            QString error;
            if (!m_doc.connectPorts(*c, &error)) emit connectionRefused(error);
        }
        event->accept();
        return;
    }
    QGraphicsScene::mouseReleaseEvent(event);
    if (event->button() != Qt::LeftButton) return;
    // A finished node drag: one undo step for every node that moved.
    std::vector<std::pair<core::LayerId, QPointF>> moved;
    for (const auto& [id, n] : m_nodes)
        if (n->pos() != documentPos(n->layerId())) moved.push_back({n->layerId(), n->pos()});
    if (moved.empty()) return;
    routeEdges(); // the dropped nodes may block other edges
    m_doc.undoStack()->beginMacro(moved.size() == 1 ? tr("Move layer") : tr("Move %n layers", nullptr, int(moved.size())));
    for (const auto& [id, p] : moved) m_doc.moveLayer(id, p.x(), p.y(), false);
    m_doc.undoStack()->endMacro();
}

void GraphScene::contextMenuEvent(QGraphicsSceneContextMenuEvent* event)
{
    const QPointF at = event->scenePos();
    NodeItem* n = nodeAt(at);
    QMenu menu;
    GroupItem* group = nullptr;
    if (!n)
        for (QGraphicsItem* item : items(at))
            if (item->type() == GroupItem::Type) {
                group = static_cast<GroupItem*>(item);
                break;
            }
    if (group) {
        const std::string path = group->path();
        QAction* toggle = menu.addAction(group->collapsed() ? tr("&Expand group") : tr("&Collapse group"));
        QAction* select = menu.addAction(tr("&Select its layers"));
        QAction* ungroup = menu.addAction(tr("&Ungroup"));
        ungroup->setShortcut(QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G));
        QAction* chosen = menu.exec(event->screenPos());
        if (chosen == toggle) m_groups->toggle(path);
        else if (chosen == select) selectLayers(m_groups->members(path), true);
        else if (chosen == ungroup) m_groups->ungroupLayers(m_groups->members(path));
        return;
    }
    if (!n) {
        // Empty canvas: paste here, select everything.
        QAction* paste = menu.addAction(Icons::get(QStringLiteral("paste")), tr("&Paste here"));
        QAction* all = menu.addAction(Icons::get(QStringLiteral("select-all")), tr("Select &all"));
        QAction* chosen = menu.exec(event->screenPos());
        if (chosen == paste) m_clipboard->paste(at);
        else if (chosen == all) selectAllLayers();
        return;
    }
    if (!n->isSelected()) selectLayers({n->layerId()}, true);
    const core::LayerId id = n->layerId();
    const core::Layer* l = m_doc.graph().find(id);
    if (!l) return;
    const bool trainable = l->trainable;
    QAction* cut = menu.addAction(Icons::get(QStringLiteral("cut")), tr("Cu&t"));
    QAction* copy = menu.addAction(Icons::get(QStringLiteral("copy")), tr("&Copy"));
    QAction* paste = menu.addAction(Icons::get(QStringLiteral("paste")), tr("&Paste"));
    QAction* duplicate = menu.addAction(Icons::get(QStringLiteral("duplicate")), tr("D&uplicate"));
    menu.addSeparator();
    QAction* groupAction = menu.addAction(tr("&Group…"));
    QAction* ungroupAction = menu.addAction(tr("U&ngroup"));
    ungroupAction->setEnabled(!l->group.empty());
    menu.addSeparator();
    QAction* freezeUpTo = menu.addAction(tr("Freeze up to here"));
    QAction* toggle = menu.addAction(trainable ? tr("Freeze this layer") : tr("Unfreeze this layer"));
    // Gradient checkpointing of the selection as one segment, named after the group (one undo step).
    QAction* checkpoint = menu.addAction(tr("Checkpoint these"));
    QAction* uncheckpoint = menu.addAction(tr("Remove checkpointing"));
    uncheckpoint->setEnabled(!l->checkpoint.empty());
    const std::string segment = l->group.empty() ? "segment." + l->name : l->group;
    menu.addSeparator();
    QAction* del = menu.addAction(Icons::get(QStringLiteral("delete")), tr("Delete"));
    // Same icons and shortcut hints as the Edit menu.
    const std::pair<QAction*, QKeySequence> keys[] = {{cut, QKeySequence::Cut}, {copy, QKeySequence::Copy},
                                                      {paste, QKeySequence::Paste}, {duplicate, QKeySequence(Qt::CTRL | Qt::Key_D)},
                                                      {del, QKeySequence::Delete}, {groupAction, QKeySequence(Qt::CTRL | Qt::Key_G)},
                                                      {ungroupAction, QKeySequence(Qt::CTRL | Qt::SHIFT | Qt::Key_G)}};
    for (const auto& [action, key] : keys) action->setShortcut(key);
    QAction* chosen = menu.exec(event->screenPos());
    if (chosen == cut) m_clipboard->cut();
    else if (chosen == copy) m_clipboard->copy();
    else if (chosen == paste) m_clipboard->paste();
    else if (chosen == duplicate) m_clipboard->duplicate();
    else if (chosen == freezeUpTo) m_doc.freezeUpTo(id);
    else if (chosen == toggle) m_doc.setTrainable(id, !trainable);
    else if (chosen == checkpoint) m_doc.setCheckpoint(selectedLayers(), segment);
    else if (chosen == uncheckpoint) m_doc.setCheckpoint(selectedLayers(), "");
    else if (chosen == del) deleteSelection();
    else if (chosen == groupAction) groupSelectionAsking(views().isEmpty() ? nullptr : views().front());
    else if (chosen == ungroupAction) ungroupSelection();
}

} // namespace netsizer::ui
