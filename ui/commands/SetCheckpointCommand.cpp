#include "ui/commands/SetCheckpointCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

SetCheckpointCommand::SetCheckpointCommand(Document& doc, std::vector<core::LayerId> ids, std::vector<std::string> names,
                                           QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_ids(std::move(ids)), m_after(std::move(names))
{
    for (core::LayerId id : m_ids) m_before.push_back(doc.graph().find(id)->checkpoint);
    setText(QObject::tr("Checkpoint"));
}

void SetCheckpointCommand::set(const std::vector<std::string>& names)
{
    core::Graph& g = m_doc.graphForCommand();
    for (std::size_t i = 0; i < m_ids.size() && i < names.size(); ++i)
        if (core::Layer* l = g.find(m_ids[i])) l->checkpoint = names[i];
    m_doc.notify({Change::Checkpoint, m_ids});
}

void SetCheckpointCommand::redo()
{
    set(m_after);
}

void SetCheckpointCommand::undo()
{
    set(m_before);
}

} // namespace netsizer::ui
