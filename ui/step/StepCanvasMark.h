#pragma once
// Marks on the canvas the layer the Step through panel is at (NodeItem::setStepMark) and
// scrolls the canvas to it; clears the mark when the panel shows no layer. The scene may rebuild
// its nodes (a structural edit): the mark is kept by layer id and put on the new node when the
// panel announces its event again, which it does after every rebuild.

#include "core/graph/LayerId.h"

#include <QObject>
#include <QString>

#include <optional>

namespace netsizer::ui {

class GraphScene;
class GraphView;

class StepCanvasMark : public QObject {
    Q_OBJECT
public:
    StepCanvasMark(GraphScene& scene, GraphView& view, QObject* parent = nullptr);

    // The marked layer, if any.
    std::optional<core::LayerId> marked() const { return m_layer; }

public slots:
    // Marks `layer` with `tag` (none: clears the mark).
    void mark(std::optional<netsizer::core::LayerId> layer, const QString& tag);

private:
    GraphScene& m_scene;
    GraphView& m_view;
    std::optional<core::LayerId> m_layer;
};

} // namespace netsizer::ui
