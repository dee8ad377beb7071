#pragma once
// The output shapes of a graph that grows one layer at a time (CaffeNetBuilder), known without
// re-analysing the whole graph per question: a question analyses only the layers whose outputs
// are not known yet, fed by Input layers standing for the known tensors, and remembers every
// answer. Over an import each layer is analysed about once, so a chain of 12,000 InnerProducts
// costs what one analysis of it costs instead of 12,000 of them.
// Contract: layers are only appended, and a layer's inputs and attributes that affect shapes
// do not change after recordInputs() (in-place flags and lr_mult do not).

#include "core/graph/Graph.h"
#include "core/graph/TensorInfo.h"

#include <optional>
#include <unordered_map>
#include <vector>

namespace netsizer::core::caffe {

class CaffeShapeCache {
public:
    // The outputs feeding layer `id`, in input-port order (as GraphBuilder::add connects them).
    void recordInputs(LayerId id, std::vector<PortRef> inputs);

    // The per-sample shape of output `port` of `graph`, or nullopt when it cannot be analysed
    // (an earlier layer has an error).
    std::optional<Shape> shapeOf(const Graph& graph, PortRef port);

private:
    static std::uint64_t key(PortRef p) { return (std::uint64_t{toIndex(p.layer)} << 16) | p.port; }

    std::unordered_map<std::uint32_t, std::vector<PortRef>> m_inputs; // by toIndex(layer id)
    std::unordered_map<std::uint64_t, TensorInfo> m_known;             // by key(port)
    std::unordered_map<std::uint32_t, bool> m_failed;                  // layers analysed without result
};

} // namespace netsizer::core::caffe
