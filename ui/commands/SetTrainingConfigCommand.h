#pragma once

#include "core/estimate/TrainingConfig.h"

#include <QUndoCommand>

namespace netsizer::ui {

class Document;

// Replaces the training configuration. A `mergeable` command continues the gesture of the
// command below it (a slider drag after its first step) and merges into it when both change
// the same field (batch with batch, GPU with GPU); the first step of a gesture is pushed with
// mergeable = false, so separate gestures stay separate undo steps. Emits Change::Batch when only the batch differs, Change::Config otherwise.
class SetTrainingConfigCommand : public QUndoCommand {
public:
    SetTrainingConfigCommand(Document& doc, core::TrainingConfig after, bool mergeable,
                             QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    void apply(const core::TrainingConfig& to, const core::TrainingConfig& from);
    bool batchOnly() const;
    Document& m_doc;
    core::TrainingConfig m_before;
    core::TrainingConfig m_after;
    bool m_mergeable;
};

} // namespace netsizer::ui
