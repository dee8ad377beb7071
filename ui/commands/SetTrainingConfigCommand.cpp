#include "ui/commands/SetTrainingConfigCommand.h"

#include "ui/commands/UndoId.h"
#include "ui/document/Document.h"

namespace netsizer::ui {

namespace {
// True when a and b differ at most in the batch size.
bool sameButBatch(core::TrainingConfig a, const core::TrainingConfig& b)
{
    a.batch = b.batch;
    return a == b;
}

// True when a and b differ only in the memory overhead settings.
bool overheadsOnly(core::TrainingConfig a, const core::TrainingConfig& b)
{
    a.overheads = b.overheads;
    return a == b;
}
} // namespace

SetTrainingConfigCommand::SetTrainingConfigCommand(Document& doc, core::TrainingConfig after, bool mergeable,
                                                   QUndoCommand* parent)
    : QUndoCommand(parent), m_doc(doc), m_before(doc.config()), m_after(std::move(after)), m_mergeable(mergeable)
{
    setText(batchOnly()                         ? QObject::tr("Batch size %1").arg(m_after.batch)
            : overheadsOnly(m_before, m_after) ? QObject::tr("Memory overheads")
                                               : QObject::tr("Training settings"));
}

bool SetTrainingConfigCommand::batchOnly() const { return sameButBatch(m_before, m_after); }

void SetTrainingConfigCommand::apply(const core::TrainingConfig& to, const core::TrainingConfig& from)
{
    m_doc.setConfigForCommand(to);
    m_doc.notify({sameButBatch(to, from) ? Changes(Change::Batch) : Changes(Change::Config), {}});
}

void SetTrainingConfigCommand::redo() { apply(m_after, m_before); }
void SetTrainingConfigCommand::undo() { apply(m_before, m_after); }

// Every config command can absorb a continuation; only continuations (m_mergeable) are absorbed.
int SetTrainingConfigCommand::id() const { return static_cast<int>(UndoId::TrainingConfig); }

bool SetTrainingConfigCommand::mergeWith(const QUndoCommand* other)
{
    const auto* o = static_cast<const SetTrainingConfigCommand*>(other);
    if (!o->m_mergeable) return false;
    // Merge only runs of the same kind of edit: batch with batch (a slider drag), GPU memory
    // with GPU memory (a custom-memory spin box run). Anything else is its own step.
    const auto gpuOnly = [](core::TrainingConfig a, const core::TrainingConfig& b) {
        a.gpu = b.gpu;
        return a == b;
    };
    const bool batchRun = batchOnly() && o->batchOnly();
    const bool gpuRun = gpuOnly(m_before, m_after) && gpuOnly(o->m_before, o->m_after);
    if (!batchRun && !gpuRun) return false;
    m_after = o->m_after;
    setText(batchOnly() ? QObject::tr("Batch size %1").arg(m_after.batch) : QObject::tr("Training settings"));
    return true;
}

} // namespace netsizer::ui
