#include "ui/commands/SetGroupsCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

SetGroupsCommand::SetGroupsCommand(Document& doc, std::vector<std::pair<core::LayerId, std::string>> groups, const QString& text,
                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc)
{
    for (auto& [id, group] : groups) {
        const core::Layer* l = doc.graph().find(id);
        if (!l || l->group == group) continue;
        m_ids.push_back(id);
        m_before.push_back(l->group);
        m_after.push_back(std::move(group));
    }
    setText(text);
}

void SetGroupsCommand::apply(const std::vector<std::string>& groups)
{
    core::Graph& g = m_doc.graphForCommand();
    for (std::size_t i = 0; i < m_ids.size(); ++i)
        if (core::Layer* l = g.find(m_ids[i])) l->group = groups[i];
    m_doc.notify({Change::Positions, m_ids});
}

void SetGroupsCommand::redo() { apply(m_after); }
void SetGroupsCommand::undo() { apply(m_before); }

} // namespace netsizer::ui
