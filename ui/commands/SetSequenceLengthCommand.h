#pragma once

#include "core/graph/LayerId.h"

#include <QUndoCommand>

#include <cstdint>
#include <vector>

namespace netsizer::ui {

class Document;

// Sets the length of every token-id input of the graph (core::setSequenceLength): a layer
// attribute edit of those inputs (Change::Attributes, so the next figures re-analyse). A
// `mergeable` command continues the slider drag of the sequence-length command below it and
// merges into it, so one drag is one undo step. Undo restores each input's own length.
class SetSequenceLengthCommand : public QUndoCommand {
public:
    SetSequenceLengthCommand(Document& doc, std::int64_t length, bool mergeable, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    int id() const override;
    bool mergeWith(const QUndoCommand* other) override;

private:
    Document& m_doc;
    std::vector<core::LayerId> m_inputs;
    std::vector<std::int64_t> m_before; // per input in m_inputs
    std::int64_t m_after;
    bool m_mergeable;
};

} // namespace netsizer::ui
