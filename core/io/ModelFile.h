#pragma once

#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"

#include <optional>
#include <string>
#include <vector>

namespace netsizer::core {

// What a model file holds: the network, an optional training configuration, and notes an
// importer wants the user to see (e.g. "layer 'x' became an opaque layer").
struct ModelFile {
    Graph graph;
    std::string description;
    std::optional<TrainingConfig> training;
    std::vector<std::string> notes;
};

} // namespace netsizer::core
