#include "ui/commands/ReplaceGraphCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

ReplaceGraphCommand::ReplaceGraphCommand(Document& doc, core::Graph after, const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_before(doc.graph()), m_after(std::move(after))
{
}

void ReplaceGraphCommand::redo()
{
    m_doc.setGraphForCommand(m_after);
    m_doc.notify({Change::Structure, {}});
}

void ReplaceGraphCommand::undo()
{
    m_doc.setGraphForCommand(m_before);
    m_doc.notify({Change::Structure, {}});
}

} // namespace netsizer::ui
