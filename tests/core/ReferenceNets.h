#pragma once
// Reference networks built in code with GraphBuilder, layer for layer as PyTorch builds them:
// torchvision 0.14 (weights=None) for AlexNet, VGG11/16/16-BN, ResNet-18/50, MobileNetV2,
// GoogLeNet, DenseNet-121 and EfficientNet-B0, and the custom LeNet-5 and UNet-small of
// ../shared/truth/models.py. Their measured memory is in
// ../shared/truth/out/<truthName>.json; tests compare NetSizer's estimate with it.
// Reusable by any test (link ReferenceNets.cpp and netsizer_core).

#include "core/graph/Graph.h"
#include "core/util/Checked.h"

#include <string>
#include <vector>

namespace netsizer::testing {

struct ReferenceNet {
    std::string truthName;        // file stem under ../shared/truth/out ("resnet18")
    core::Graph graph;
    core::Count publishedParams = 0;    // torchvision's documented count (or models.py's hand count)
    std::string lastTrainable;    // layer left trainable by the truth's finetune_last_linear run
};

// Names accepted by referenceNet(), in a stable order.
const std::vector<std::string>& referenceNetNames();
// Builds the network `truthName` (one of referenceNetNames()). Asserts on an unknown name.
ReferenceNet referenceNet(const std::string& truthName);

// Freezes every layer except `keep` (the truth's finetune_last_linear setting).
void freezeAllBut(core::Graph& graph, const std::string& keep);

} // namespace netsizer::testing
