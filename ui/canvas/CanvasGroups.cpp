#include "ui/canvas/CanvasGroups.h"

#include "core/graph/GroupScopes.h"
#include "core/util/Checked.h"
#include "core/util/NumberFormat.h"
#include "ui/canvas/CheckpointBands.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GroupItem.h"
#include "ui/canvas/NodeItem.h"
#include "ui/commands/SetGroupsCommand.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"

#include <QObject>
#include <QUndoStack>

#include <memory>
#include <optional>

namespace netsizer::ui {

CanvasGroups::CanvasGroups(Document& doc, GraphScene& scene, const DisplayOptions& options)
    : m_doc(doc), m_scene(scene), m_options(options), m_bands(std::make_unique<CheckpointBands>(doc, scene))
{
}

CanvasGroups::~CanvasGroups() { clear(); }

void CanvasGroups::clear()
{
    for (auto& [path, item] : m_items) delete item;
    m_items.clear();
    m_bands->clear();
}

void CanvasGroups::rebuild()
{
    clear();
    const auto groups = core::groupsOf(m_doc.graph());
    std::set<std::string> kept;
    for (const std::string& path : groups) {
        auto* item = new GroupItem(path);
        item->onToggle = [this](const std::string& p) { toggle(p); };
        item->setCollapsed(m_collapsed.count(path) > 0);
        if (item->collapsed()) kept.insert(path);
        m_scene.addItem(item);
        m_items.emplace(path, item);
    }
    m_collapsed = std::move(kept); // a group that is gone forgets its state
    m_bands->rebuild();
    updateFigures();
    layout();
}

GroupItem* CanvasGroups::item(const std::string& path) const
{
    auto it = m_items.find(path);
    return it == m_items.end() ? nullptr : it->second;
}

std::vector<GroupItem*> CanvasGroups::items() const
{
    std::vector<GroupItem*> out;
    for (const std::string& path : core::groupsOf(m_doc.graph()))
        if (GroupItem* g = item(path)) out.push_back(g);
    return out;
}

void CanvasGroups::setCollapsed(const std::string& path, bool collapsed)
{
    GroupItem* g = item(path);
    if (!g) return;
    if (collapsed) m_collapsed.insert(path);
    else m_collapsed.erase(path);
    g->setCollapsed(collapsed);
    updateFigures(); // the tooltip says what a click does
    layout();
}

QString CanvasGroups::uniqueName() const
{
    const auto groups = core::groupsOf(m_doc.graph());
    const std::set<std::string> taken(groups.begin(), groups.end());
    std::string name = "group";
    for (int i = 2; taken.count(name); ++i) name = "group_" + std::to_string(i);
    return QString::fromStdString(name);
}

bool CanvasGroups::push(std::vector<std::pair<core::LayerId, std::string>> groups, const QString& text)
{
    auto cmd = std::make_unique<SetGroupsCommand>(m_doc, std::move(groups), text);
    if (cmd->isEmpty()) return false;
    m_doc.undoStack()->push(cmd.release());
    return true;
}

bool CanvasGroups::groupLayers(const std::vector<core::LayerId>& ids, const QString& name, QString* error)
{
    const std::string path = name.trimmed().toStdString();
    if (!core::isGroupPath(path)) {
        if (error)
            *error = QObject::tr("'%1' is not a group name: use names separated by dots (\"layer1.0\"), none empty, without '/'")
                         .arg(name);
        return false;
    }
    std::vector<std::pair<core::LayerId, std::string>> groups;
    for (core::LayerId id : ids) groups.emplace_back(id, path);
    return push(std::move(groups), QObject::tr("Group %1").arg(QString::fromStdString(path)));
}

bool CanvasGroups::ungroupLayers(const std::vector<core::LayerId>& ids)
{
    std::vector<std::pair<core::LayerId, std::string>> groups;
    for (core::LayerId id : ids) groups.emplace_back(id, std::string());
    return push(std::move(groups), QObject::tr("Ungroup"));
}

bool CanvasGroups::groupByModuleNames()
{
    return push(core::scopeGroups(m_doc.graph()), QObject::tr("Group by module names"));
}

std::vector<core::LayerId> CanvasGroups::members(const std::string& path) const
{
    std::vector<core::LayerId> out;
    for (const core::Layer& l : m_doc.graph().layers())
        if (l.group == path) out.push_back(l.id);
    return out;
}

void CanvasGroups::layout()
{
    const core::Graph& g = m_doc.graph();
    std::unordered_map<std::string, QRectF> frames;
    std::unordered_map<std::uint32_t, const std::string*> groupOf;
    for (const core::Layer& l : g.layers()) {
        NodeItem* n = m_scene.node(l.id);
        if (!n || l.group.empty()) continue;
        QRectF& r = frames[l.group];
        const QRectF box(n->pos() - QPointF(NodeItem::kWidth / 2, NodeItem::kHeight / 2), QSizeF(NodeItem::kWidth, NodeItem::kHeight));
        r = r.isNull() ? box : r.united(box);
        groupOf[core::toIndex(l.id)] = &l.group;
    }
    // Boxes of the collapsed groups: a node's width and more, tall enough for the header and six
    // figure lines, centred on the frame.
    std::unordered_map<std::string, QRectF> boxes;
    for (auto& [path, item] : m_items) {
        const QRectF frame = frames[path];
        if (item->collapsed()) {
            const QSizeF size(NodeItem::kWidth + 40, NodeItem::kHeight + 64);
            QRectF box(QPointF(), size);
            box.moveCenter(frame.center());
            boxes[path] = box;
            item->setRect(box);
        } else {
            item->setRect(frame.adjusted(-GroupItem::kMargin, -GroupItem::kMargin - GroupItem::kHeader, GroupItem::kMargin,
                                         GroupItem::kMargin));
        }
    }
    const auto collapsedGroup = [&](core::LayerId id) -> const std::string* {
        auto it = groupOf.find(core::toIndex(id));
        return it != groupOf.end() && m_collapsed.count(*it->second) ? it->second : nullptr;
    };
    for (const core::Layer& l : g.layers())
        if (NodeItem* n = m_scene.node(l.id)) n->setVisible(!collapsedGroup(l.id));
    for (EdgeItem* e : m_scene.edges()) {
        const std::string* from = collapsedGroup(e->connection().from.layer);
        const std::string* to = collapsedGroup(e->connection().to.layer);
        if (from && to && *from == *to) {
            e->setVisible(false);
            continue;
        }
        e->setVisible(true);
        std::optional<QPointF> start, end;
        if (from) start = QPointF(boxes[*from].center().x(), boxes[*from].bottom());
        if (to) end = QPointF(boxes[*to].center().x(), boxes[*to].top());
        e->setEnds(start, end);
    }
    m_bands->layout(); // after the collapsed groups hid their nodes
}

void CanvasGroups::updateFigures()
{
    const core::Graph& g = m_doc.graph();
    const auto& analysis = m_doc.analysis();
    const auto& breakdown = m_doc.breakdown();
    const std::uint64_t batch = breakdown.config.batch;
    struct Totals {
        int layers = 0;
        core::Count params = 0;
        std::uint64_t weights = 0, gradients = 0, optimizer = 0, activations = 0;
    };
    std::unordered_map<std::string, Totals> totals;
    std::unordered_map<std::uint32_t, std::size_t> row;
    for (std::size_t i = 0; i < analysis.layers.size(); ++i) row[core::toIndex(analysis.layers[i].id)] = i;
    for (const core::Layer& l : g.layers()) {
        if (l.group.empty()) continue;
        Totals& t = totals[l.group];
        ++t.layers;
        auto it = row.find(core::toIndex(l.id));
        if (it == row.end() || !analysis.layers[it->second].analysed || it->second >= breakdown.layers.size()) continue;
        t.params += analysis.layers[it->second].learnableParams;
        const auto& owned = breakdown.layers[it->second].owned;
        const auto at = [&](core::Component c) { return owned[static_cast<std::size_t>(c)].at(batch); };
        t.weights = core::saturatingAdd(t.weights, at(core::Component::Weights));
        t.gradients = core::saturatingAdd(t.gradients, at(core::Component::Gradients));
        t.optimizer = core::saturatingAdd(t.optimizer, at(core::Component::OptimizerState));
        t.activations = core::saturatingAdd(t.activations, at(core::Component::Activations));
    }
    for (auto& [path, item] : m_items) {
        const Totals& t = totals[path];
        const QString header = QObject::tr("%1 · %n layers", nullptr, t.layers).arg(QString::fromStdString(path));
        const std::uint64_t total =
            core::saturatingAdd(core::saturatingAdd(t.weights, t.gradients), core::saturatingAdd(t.optimizer, t.activations));
        QStringList lines;
        lines << QObject::tr("%1 params").arg(QString::fromStdString(core::withThousands(t.params)))
              << QObject::tr("%1 at batch %2").arg(m_options.size(total)).arg(batch)
              << QObject::tr("weights %1").arg(m_options.size(t.weights))
              << QObject::tr("gradients %1").arg(m_options.size(t.gradients))
              << QObject::tr("optimizer state %1").arg(m_options.size(t.optimizer))
              << QObject::tr("activations kept %1").arg(m_options.size(t.activations));
        item->setText(header, lines);
    }
}

} // namespace netsizer::ui
