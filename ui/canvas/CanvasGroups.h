#pragma once
// The layer groups drawn on a GraphScene: one GroupItem per distinct core::Layer::group, laid
// round its member nodes. Which groups are collapsed is a view state of this object (not part
// of the document, not undoable); it survives rebuilds of the scene's items while the group
// keeps its name. A collapsed group hides its nodes and the edges inside it; an edge crossing its
// border starts or ends at the box (EdgeItem::setEnds). Owned by the GraphScene, which calls
// rebuild() after recreating its nodes and edges, layout() after nodes move and updateFigures()
// after the breakdown changes.

#include "core/graph/LayerId.h"

#include <QString>

#include <memory>
#include <set>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

namespace netsizer::ui {

class CheckpointBands;
class DisplayOptions;
class Document;
class GraphScene;
class GroupItem;

class CanvasGroups {
public:
    CanvasGroups(Document& doc, GraphScene& scene, const DisplayOptions& options);
    ~CanvasGroups();
    CanvasGroups(const CanvasGroups&) = delete;
    CanvasGroups& operator=(const CanvasGroups&) = delete;

    // Recreates the group items from the document's graph (after the scene rebuilt its nodes).
    void rebuild();
    // Deletes the items (before the scene deletes the nodes they are laid round).
    void clear();
    // Re-lays frames and boxes round the current node positions; shows / hides nodes and edges.
    void layout();
    // The header and box figures from the document's analysis and breakdown at its batch.
    void updateFigures();

    GroupItem* item(const std::string& path) const;
    std::vector<GroupItem*> items() const;
    bool isCollapsed(const std::string& path) const { return m_collapsed.count(path) > 0; }
    void setCollapsed(const std::string& path, bool collapsed);
    void toggle(const std::string& path) { setCollapsed(path, !isCollapsed(path)); }

    // The checkpointing segments' bands, rebuilt and laid out with the frames.
    const CheckpointBands& checkpointBands() const { return *m_bands; }

    // The default name for a new group: "group", "group_2", ... not used by any layer.
    QString uniqueName() const;

    // Edits, each one undo step through the Document's stack (SetGroupsCommand); false with
    // nothing pushed when there is nothing to change. groupLayers refuses a name that is not a
    // group path (core::isGroupPath), saying why in `error`.
    bool groupLayers(const std::vector<core::LayerId>& ids, const QString& name, QString* error = nullptr);
    bool ungroupLayers(const std::vector<core::LayerId>& ids);
    // Groups every layer by its name's module scopes (core::scopeGroups, two levels: "layer1.0").
    bool groupByModuleNames();
    // The layers of group `path`, in graph order.
    std::vector<core::LayerId> members(const std::string& path) const;

private:
    bool push(std::vector<std::pair<core::LayerId, std::string>> groups, const QString& text);
    Document& m_doc;
    GraphScene& m_scene;
    const DisplayOptions& m_options;
    std::unordered_map<std::string, GroupItem*> m_items;
    std::set<std::string> m_collapsed;
    std::unique_ptr<CheckpointBands> m_bands;
};

} // namespace netsizer::ui
