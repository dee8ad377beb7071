#pragma once

#include "core/graph/LayerId.h"

#include <QUndoCommand>

#include <string>

namespace netsizer::ui {

class Document;

// Renames one layer; the name has been checked for uniqueness by Document::renameLayer.
class RenameLayerCommand : public QUndoCommand {
public:
    RenameLayerCommand(Document& doc, core::LayerId id, std::string name, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    void apply(const std::string& name);
    Document& m_doc;
    core::LayerId m_id;
    std::string m_after;
    std::string m_before;
};

} // namespace netsizer::ui
