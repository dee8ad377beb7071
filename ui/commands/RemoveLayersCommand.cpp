#include "ui/commands/RemoveLayersCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

RemoveLayersCommand::RemoveLayersCommand(Document& doc, std::vector<core::LayerId> ids, QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_ids(std::move(ids))
{
    const core::Layer* first = m_ids.empty() ? nullptr : doc.graph().find(m_ids.front());
    if (m_ids.size() == 1 && first)
        setText(QObject::tr("Delete %1").arg(QString::fromStdString(first->name)));
    else
        setText(QObject::tr("Delete %n layer(s)", nullptr, static_cast<int>(m_ids.size())));
}

void RemoveLayersCommand::redo()
{
    m_before = m_doc.graph();
    core::Graph& g = m_doc.graphForCommand();
    for (core::LayerId id : m_ids) g.removeLayer(id);
    m_doc.notify({Change::Structure, m_ids});
}

void RemoveLayersCommand::undo()
{
    m_doc.setGraphForCommand(m_before);
    m_doc.notify({Change::Structure, m_ids});
}

} // namespace netsizer::ui
