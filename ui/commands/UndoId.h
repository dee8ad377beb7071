#pragma once
// Merge ids of undo commands (QUndoCommand::id()): commands with the same id merge when their
// mergeWith() agrees, so a continuous gesture (a slider drag, a node drag) is one undo step.
// -1 (the Qt default) means "never merges". Keep every id here (ARCHITECTURE.md rule 4).

namespace netsizer::ui {

enum class UndoId : int {
    MoveLayer = 1,      // one node drag; merges while the same layer set moves
    TrainingConfig = 2, // a slider drag / spin-box run on the same config field
    SequenceLength = 3, // a sequence-length slider drag
};

} // namespace netsizer::ui
