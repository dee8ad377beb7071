#include "ui/step/StepCanvasMark.h"

#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"

namespace netsizer::ui {

StepCanvasMark::StepCanvasMark(GraphScene& scene, GraphView& view, QObject* parent)
    : QObject(parent), m_scene(scene), m_view(view)
{
}

void StepCanvasMark::mark(std::optional<core::LayerId> layer, const QString& tag)
{
    if (m_layer && m_layer != layer)
        if (NodeItem* old = m_scene.node(*m_layer)) old->setStepMark(QString());
    m_layer = layer;
    if (!layer) return;
    NodeItem* node = m_scene.node(*layer);
    if (!node) return;
    node->setStepMark(tag);
    // Keep the computed layer in sight, with its label and a little context round it.
    m_view.ensureVisible(node, 40, 60);
}

} // namespace netsizer::ui
