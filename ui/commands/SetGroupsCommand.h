#pragma once

#include "core/graph/LayerId.h"

#include <QUndoCommand>

#include <string>
#include <utility>
#include <vector>

namespace netsizer::ui {

class Document;

// Sets the canvas group (core::Layer::group, a dotted path; empty = none) of some layers: Group,
// Ungroup and "Group by module names" are each one step. Holds ids and the group names before
// and after, never items. Groups are canvas data ignored by the estimator, so the change is
// announced as Change::Positions (no re-analysis). Layers already in their new group are left
// out; isEmpty() tells the caller there is nothing to push.
class SetGroupsCommand : public QUndoCommand {
public:
    SetGroupsCommand(Document& doc, std::vector<std::pair<core::LayerId, std::string>> groups, const QString& text,
                     QUndoCommand* parent = nullptr);
    bool isEmpty() const { return m_ids.empty(); }
    void redo() override;
    void undo() override;

private:
    void apply(const std::vector<std::string>& groups);
    Document& m_doc;
    std::vector<core::LayerId> m_ids;
    std::vector<std::string> m_after;
    std::vector<std::string> m_before;
};

} // namespace netsizer::ui
