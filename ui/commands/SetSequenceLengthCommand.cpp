#include "ui/commands/SetSequenceLengthCommand.h"

#include "core/analysis/SequenceLength.h"
#include "core/layers/LayerKind.h"
#include "ui/commands/UndoId.h"
#include "ui/document/Document.h"

#include <QObject>

namespace netsizer::ui {

namespace {
core::IntList& shapeOf(core::Layer& l) { return std::get<core::IntList>(l.attrs[static_cast<std::size_t>(l.kind->paramIndex("shape"))]); }
} // namespace

SetSequenceLengthCommand::SetSequenceLengthCommand(Document& doc, std::int64_t length, bool mergeable, QUndoCommand* parent)
    : QUndoCommand(QObject::tr("Sequence length %1").arg(length), parent), m_doc(doc),
      m_inputs(core::tokenInputs(doc.graph())), m_after(length), m_mergeable(mergeable)
{
    for (const core::LayerId id : m_inputs) m_before.push_back(shapeOf(*doc.graphForCommand().find(id))[0]);
}

void SetSequenceLengthCommand::redo()
{
    core::setSequenceLength(m_doc.graphForCommand(), m_after);
    m_doc.notify({Change::Attributes, m_inputs});
}

void SetSequenceLengthCommand::undo()
{
    for (std::size_t i = 0; i < m_inputs.size(); ++i) shapeOf(*m_doc.graphForCommand().find(m_inputs[i]))[0] = m_before[i];
    m_doc.notify({Change::Attributes, m_inputs});
}

int SetSequenceLengthCommand::id() const { return static_cast<int>(UndoId::SequenceLength); }

bool SetSequenceLengthCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SetSequenceLengthCommand*>(other);
    if (!o->m_mergeable || o->m_inputs != m_inputs) return false;
    m_after = o->m_after;
    setText(QObject::tr("Sequence length %1").arg(m_after));
    return true;
}

} // namespace netsizer::ui
