#include "ui/commands/ConnectCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

ConnectCommand::ConnectCommand(Document& doc, core::Connection c, bool connect, QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_connection(c), m_connect(connect)
{
    setText(connect ? QObject::tr("Connect") : QObject::tr("Disconnect"));
}

void ConnectCommand::redo()
{
    core::Graph& g = m_doc.graphForCommand();
    if (m_connect) {
        g.connect(m_connection);
    } else {
        m_before = g;
        g.disconnect(m_connection);
    }
    m_doc.notify({Change::Structure, {m_connection.from.layer, m_connection.to.layer}});
}

void ConnectCommand::undo()
{
    if (m_connect)
        m_doc.graphForCommand().disconnect(m_connection);
    else
        m_doc.setGraphForCommand(m_before);
    m_doc.notify({Change::Structure, {m_connection.from.layer, m_connection.to.layer}});
}

} // namespace netsizer::ui
