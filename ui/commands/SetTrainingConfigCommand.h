#pragma once

#include "core/estimate/TrainingConfig.h"

#include <QUndoCommand>

namespace netsizer::ui {

class Document;

// Replaces the training configuration. Mergeable edits merge while they change the same field
// (all batch-only edits of one slider drag become one step; a batch edit never merges into an
// optimizer edit). Emits Change::Batch when only the batch differs, Change::Config otherwise.
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
