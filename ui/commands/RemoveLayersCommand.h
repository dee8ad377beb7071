#pragma once

#include "core/graph/Graph.h"

#include <QUndoCommand>

#include <vector>

namespace netsizer::ui {

class Document;

// Removes layers and every connection touching them. core::Graph::restoreLayer appends, which
// would change the layer and connection order on undo; to make undo restore *exactly* the
// previous graph this command keeps the graph value from before its redo() (a plain value, no
// pointers into views) and puts it back on undo.
class RemoveLayersCommand : public QUndoCommand {
public:
    RemoveLayersCommand(Document& doc, std::vector<core::LayerId> ids, QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;

private:
    Document& m_doc;
    std::vector<core::LayerId> m_ids;
    core::Graph m_before;
};

} // namespace netsizer::ui
