#include "ui/commands/PasteLayersCommand.h"

#include "ui/document/Document.h"

namespace netsizer::ui {

PasteLayersCommand::PasteLayersCommand(Document& doc, std::vector<core::Layer> layers, std::vector<Link> links,
                                       const QString& text, QUndoCommand* parent)
    : QUndoCommand(text, parent), m_doc(doc), m_layers(std::move(layers)), m_links(std::move(links))
{
}

void PasteLayersCommand::redo()
{
    m_before = m_doc.graph();
    core::Graph& g = m_doc.graphForCommand();
    for (core::Layer& l : m_layers) {
        if (m_done) g.restoreLayer(l);
        else l.id = g.addLayer(l);
    }
    m_done = true;
    for (const Link& k : m_links)
        g.connect({{m_layers[k.from].id, k.fromPort}, {m_layers[k.to].id, k.toPort}});
    m_doc.notify({Change::Structure, layerIds()});
}

void PasteLayersCommand::undo()
{
    m_doc.setGraphForCommand(m_before);
    m_doc.notify({Change::Structure, layerIds()});
}

std::vector<core::LayerId> PasteLayersCommand::layerIds() const
{
    std::vector<core::LayerId> ids;
    ids.reserve(m_layers.size());
    for (const core::Layer& l : m_layers) ids.push_back(l.id);
    return ids;
}

} // namespace netsizer::ui
