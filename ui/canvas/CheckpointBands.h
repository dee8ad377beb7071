#pragma once
// The gradient-checkpointing segments drawn on a GraphScene: one translucent band behind the
// nodes of each segment (core::Layer::checkpoint), labelled "checkpointed: recomputed in
// backward", laid round the segment's visible nodes. Owned by CanvasGroups, which rebuilds and
// lays out the bands with its frames.

#include <QRectF>

#include <string>
#include <unordered_map>

class QGraphicsRectItem;

namespace netsizer::ui {

class Document;
class GraphScene;

class CheckpointBands {
public:
    CheckpointBands(const Document& doc, GraphScene& scene);
    ~CheckpointBands();
    CheckpointBands(const CheckpointBands&) = delete;
    CheckpointBands& operator=(const CheckpointBands&) = delete;

    // One band per segment of the document's graph (after the scene recreated its nodes).
    void rebuild();
    // Deletes the bands (before the scene deletes the nodes they are laid round).
    void clear();
    // Re-lays each band round its segment's visible nodes; a band with none is hidden.
    void layout();
    // The band of `segment` in scene coordinates; empty when there is none or it is hidden.
    QRectF band(const std::string& segment) const;

private:
    const Document& m_doc;
    GraphScene& m_scene;
    std::unordered_map<std::string, QGraphicsRectItem*> m_bands;
};

} // namespace netsizer::ui
