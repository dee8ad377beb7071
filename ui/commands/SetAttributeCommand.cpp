#include "ui/commands/SetAttributeCommand.h"

#include "core/layers/LayerKind.h"
#include "ui/document/Document.h"

namespace netsizer::ui {

SetAttributeCommand::SetAttributeCommand(Document& doc, core::LayerId id, int index, core::AttrValue value,
                                         QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_id(id), m_index(index), m_after(std::move(value))
{
    const core::Layer* l = doc.graph().find(id);
    m_before = l->attrs[static_cast<std::size_t>(index)];
    setText(QObject::tr("Set %1.%2")
                .arg(QString::fromStdString(l->name),
                     QString::fromStdString(l->kind->params[static_cast<std::size_t>(index)].name)));
}

void SetAttributeCommand::apply(const core::AttrValue& v)
{
    if (core::Layer* l = m_doc.graphForCommand().find(m_id)) l->attrs[static_cast<std::size_t>(m_index)] = v;
    m_doc.notify({Change::Attributes, {m_id}});
}

void SetAttributeCommand::redo() { apply(m_after); }
void SetAttributeCommand::undo() { apply(m_before); }

} // namespace netsizer::ui
