#include "ui/commands/AddLayerCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

AddLayerCommand::AddLayerCommand(Document& doc, core::Layer layer, std::optional<core::PortRef> feed,
                                 QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_layer(std::move(layer)), m_feed(feed)
{
    setText(QObject::tr("Add %1").arg(QString::fromStdString(m_layer.name)));
}

void AddLayerCommand::redo()
{
    core::Graph& g = m_doc.graphForCommand();
    if (!m_done) {
        m_layer.id = g.addLayer(m_layer);
        m_done = true;
    } else {
        g.restoreLayer(m_layer);
    }
    if (m_feed) g.connect({*m_feed, {m_layer.id, 0}});
    m_doc.notify({Change::Structure, {m_layer.id}});
}

void AddLayerCommand::undo()
{
    m_doc.graphForCommand().removeLayer(m_layer.id);
    m_doc.notify({Change::Structure, {m_layer.id}});
}

} // namespace netsizer::ui
