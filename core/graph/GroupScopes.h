#pragma once
// Groups of layers (Layer::group) derived from module scopes in layer names, the way PyTorch
// names modules: "layer1.0.conv1" in a native or reference model, "/layer1/layer1.0/conv1/Conv"
// in a torch.onnx export. Pure functions over the graph value; no Qt.

#include "core/graph/Graph.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace netsizer::core {

// True for a well-formed group path: non-empty dot-separated segments, no segment empty
// ("layer1.0" yes; "", ".a", "a..b", "a." no), no '/' and no control characters.
bool isGroupPath(std::string_view path);

// The dotted path a layer name stands for: "layer1.0.conv1" stays as it is;
// "/layer1/layer1.0/conv1/Conv" (an ONNX node: module scopes, then the op) becomes
// "layer1.0.conv1.Conv" — a scope that repeats its parent's path ("layer1.0" under "layer1")
// extends it, any other scope is appended, and the op is the last segment, so a functional op
// of a block ("/layer1/layer1.0/Add") lies in the block ("layer1.0.Add").
std::string modulePath(std::string_view layerName);

// The group scopes assign to each layer: the first `depth` segments of its path's parent
// ("layer1.0.downsample.0" → "layer1.0" at depth 2, "features.3" → "features"), empty for a
// top-level layer ("conv1", "/Flatten"). A group only one layer would get is no group ("fc.Gemm"
// alone under "fc"): the layer gets none. One entry per layer, in graph order. `depth` >= 1.
std::vector<std::pair<LayerId, std::string>> scopeGroups(const Graph& graph, std::size_t depth = 2);

// Sets every layer's group to its scopeGroups() entry; returns how many layers got a group.
std::size_t groupByScopes(Graph& graph, std::size_t depth = 2);

// The distinct groups of the graph's layers in order of first appearance (full paths only:
// "layer1.0", not also its parent "layer1").
std::vector<std::string> groupsOf(const Graph& graph);

} // namespace netsizer::core
