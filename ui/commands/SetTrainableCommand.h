#pragma once

#include "core/graph/LayerId.h"

#include <QUndoCommand>

#include <vector>

namespace netsizer::ui {

class Document;

// Sets the trainable flag of one or more layers (freeze / unfreeze, "freeze up to here").
class SetTrainableCommand : public QUndoCommand {
public:
    SetTrainableCommand(Document& doc, std::vector<core::LayerId> ids, bool trainable,
                        QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document& m_doc;
    std::vector<core::LayerId> m_ids;
    bool m_trainable;
    std::vector<bool> m_before; // per id
};

} // namespace netsizer::ui
