#pragma once

#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"

#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace netsizer::core {

// What a model file holds: the network, an optional training configuration, and notes an
// importer wants the user to see (e.g. "layer 'x' became an opaque layer").
struct ModelFile {
    Graph graph;
    std::string description;
    std::optional<TrainingConfig> training;
    std::vector<std::string> notes;
    // Where the file defines each layer, by layer name, for errors found after reading (the
    // analyser's): "/layers/3" in a native file, "net.prototxt:12" in a Caffe net. Readers of
    // formats without such a place leave it empty.
    std::unordered_map<std::string, std::string> layerSource;
};

} // namespace netsizer::core
