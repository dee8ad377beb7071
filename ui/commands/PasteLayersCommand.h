#pragma once

#include "core/graph/Graph.h"

#include <QUndoCommand>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace netsizer::ui {

class Document;

// Adds a set of layers and the connections among them as one undo step (paste, duplicate).
// `layers` carry their final, unique names and positions; `links` join them by index into
// `layers`. The first redo() assigns ids; later redos restore the same ids, so commands further
// up the stack that name them stay valid. Undo puts back the graph value from before redo(),
// so the document is exactly what it was (layer and connection order included).
class PasteLayersCommand : public QUndoCommand {
public:
    struct Link {
        std::size_t from;
        std::uint16_t fromPort;
        std::size_t to;
        std::uint16_t toPort;
    };

    PasteLayersCommand(Document& doc, std::vector<core::Layer> layers, std::vector<Link> links, const QString& text,
                       QUndoCommand* parent = nullptr);
    void redo() override;
    void undo() override;
    // Ids of the added layers, in the order given; valid after the first redo().
    std::vector<core::LayerId> layerIds() const;

private:
    Document& m_doc;
    std::vector<core::Layer> m_layers;
    std::vector<Link> m_links;
    core::Graph m_before;
    bool m_done = false;
};

} // namespace netsizer::ui
