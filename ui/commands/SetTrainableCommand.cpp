#include "ui/commands/SetTrainableCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

SetTrainableCommand::SetTrainableCommand(Document& doc, std::vector<core::LayerId> ids, bool trainable,
                                         QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_ids(std::move(ids)), m_trainable(trainable)
{
    for (core::LayerId id : m_ids) m_before.push_back(doc.graph().find(id)->trainable);
    setText(trainable ? QObject::tr("Unfreeze") : QObject::tr("Freeze"));
}

void SetTrainableCommand::redo()
{
    core::Graph& g = m_doc.graphForCommand();
    for (core::LayerId id : m_ids)
        if (core::Layer* l = g.find(id)) l->trainable = m_trainable;
    m_doc.notify({Change::Trainable, m_ids});
}

void SetTrainableCommand::undo()
{
    core::Graph& g = m_doc.graphForCommand();
    for (std::size_t i = 0; i < m_ids.size(); ++i)
        if (core::Layer* l = g.find(m_ids[i])) l->trainable = m_before[i];
    m_doc.notify({Change::Trainable, m_ids});
}

} // namespace netsizer::ui
