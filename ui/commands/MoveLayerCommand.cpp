#include "ui/commands/MoveLayerCommand.h"

#include "ui/commands/UndoId.h"
#include "ui/document/Document.h"

namespace netsizer::ui {

MoveLayerCommand::MoveLayerCommand(Document& doc, core::LayerId id, double x, double y, bool mergeable,
                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_id(id), m_x(x), m_y(y), m_mergeable(mergeable)
{
    const core::Layer* l = doc.graph().find(id);
    m_oldX = l->x;
    m_oldY = l->y;
    m_oldHas = l->hasPosition;
    setText(QObject::tr("Move %1").arg(QString::fromStdString(l->name)));
}

void MoveLayerCommand::apply(double x, double y, bool has)
{
    if (core::Layer* l = m_doc.graphForCommand().find(m_id)) {
        l->x = x;
        l->y = y;
        l->hasPosition = has;
    }
    m_doc.notify({Change::Positions, {m_id}});
}

void MoveLayerCommand::redo() { apply(m_x, m_y, true); }
void MoveLayerCommand::undo() { apply(m_oldX, m_oldY, m_oldHas); }

// Every move can absorb a continuation of the same layer's drag; see mergeWith().
int MoveLayerCommand::id() const { return static_cast<int>(UndoId::MoveLayer); }

bool MoveLayerCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const MoveLayerCommand*>(other);
    if (o->m_id != m_id || !o->m_mergeable) return false;
    m_x = o->m_x;
    m_y = o->m_y;
    return true;
}

} // namespace netsizer::ui
