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
};

// Builds a layer of `kind` with every attribute at its default.
Layer makeLayer(const LayerKind& kind, std::string name);

} // namespace netsizer::core
