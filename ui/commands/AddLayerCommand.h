#pragma once

#include "core/graph/Connection.h"
#include "core/graph/Layer.h"

#include <QUndoCommand>

#include <optional>

namespace netsizer::ui {

class Document;

// Adds one layer, optionally fed by an output port. The first redo() assigns the id; later
// redos restore the same id (Graph::restoreLayer), so commands further up the stack that name
// it stay valid. Undo removes the layer, which was appended last, so order is restored exactly.
class AddLayerCommand : public QUndoCommand {
public:
    AddLayerCommand(Document& doc, core::Layer layer, std::optional<core::PortRef> feed,
                    QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    core::LayerId layerId() const { return m_layer.id; }

private:
    Document& m_doc;
    core::Layer m_layer;
    std::optional<core::PortRef> m_feed;
    bool m_done = false;
};

} // namespace netsizer::ui
