#pragma once

#include "core/graph/AttrValue.h"
#include "core/graph/LayerId.h"

#include <string>
#include <vector>

namespace netsizer::core {

struct LayerKind;

// One node of the network. A plain value: the Graph owns its layers.
struct Layer {
    LayerId id{};
    std::string name;                 // unique within the graph
    const LayerKind* kind = nullptr;  // from a KindRegistry that outlives the graph
    std::vector<AttrValue> attrs;     // one per kind->params entry, same order
    bool trainable = true;            // false: frozen (no gradients, no optimizer state)
    // Canvas position in scene units; saved with the model, ignored by the estimator.
    double x = 0.0;
    double y = 0.0;
    bool hasPosition = false;
    // The group the layer belongs to on the canvas: a dotted path ("layer1.0" lies inside
    // "layer1"), empty for none. Saved with the model, ignored by the estimator; well-formed
    // paths only (isGroupPath in core/graph/GroupScopes.h).
    std::string group;
    // Gradient checkpointing: the name of the checkpointed segment the layer belongs to, empty
    // for none. A segment is a run of layers, consecutive in topological order, with the same
    // name (core/analysis/Analysis.h, CheckpointSegment). Saved with the model; read by the
    // analyser (PyTorch profiles only: Caffe has no checkpointing).
    std::string checkpoint;
};

// Builds a layer of `kind` with every attribute at its default.
Layer makeLayer(const LayerKind& kind, std::string name);

} // namespace netsizer::core
