#pragma once

#include "core/graph/LayerId.h"

#include <QUndoCommand>

#include <string>
#include <vector>

namespace netsizer::ui {

class Document;

// Sets Layer::checkpoint (the gradient-checkpointing segment name, "" for none) of one or more
// layers: "Checkpoint these", or the advisor's checkpointing suggestion.
class SetCheckpointCommand : public QUndoCommand {
public:
    // `names[i]` is the new segment of `ids[i]`.
    SetCheckpointCommand(Document& doc, std::vector<core::LayerId> ids, std::vector<std::string> names, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void set(const std::vector<std::string>& names);

    Document& m_doc;
    std::vector<core::LayerId> m_ids;
    std::vector<std::string> m_after, m_before; // per id
};

} // namespace netsizer::ui
