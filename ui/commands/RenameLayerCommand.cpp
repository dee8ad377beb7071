#include "ui/commands/RenameLayerCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

RenameLayerCommand::RenameLayerCommand(Document& doc, core::LayerId id, std::string name, QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_id(id), m_after(std::move(name))
{
    m_before = doc.graph().find(id)->name;
    setText(QObject::tr("Rename %1").arg(QString::fromStdString(m_before)));
}

void RenameLayerCommand::apply(const std::string& name)
{
    m_doc.graphForCommand().renameLayer(m_id, name);
    m_doc.notify({Change::Attributes, {m_id}});
}

void RenameLayerCommand::redo() { apply(m_after); }
void RenameLayerCommand::undo() { apply(m_before); }

} // namespace netsizer::ui
