#include "core/io/caffe/CaffeShapeCache.h"

#include "core/analysis/Analysis.h"
#include "core/layers/KindRegistry.h"
#include "core/layers/LayerKind.h"

#include <algorithm>
#include <unordered_set>

namespace netsizer::core::caffe {

void CaffeShapeCache::recordInputs(LayerId id, std::vector<PortRef> inputs)
{
    m_inputs[toIndex(id)] = std::move(inputs);
}

std::optional<Shape> CaffeShapeCache::shapeOf(const Graph& graph, PortRef port)
{
    if (auto it = m_known.find(key(port)); it != m_known.end()) return it->second.shape;
    if (m_failed.count(toIndex(port.layer))) return std::nullopt;

    // The layers `port` depends on whose outputs are not known yet (iteratively: chains are
    // long), and the known outputs feeding them.
    std::vector<LayerId> pending{port.layer};
    std::unordered_set<std::uint32_t> todo{toIndex(port.layer)};
    std::vector<PortRef> boundary;
    std::unordered_map<std::uint64_t, LayerId> boundaryLayer;
    while (!pending.empty()) {
        const LayerId id = pending.back();
        pending.pop_back();
        for (const PortRef& in : m_inputs[toIndex(id)]) {
            if (m_known.count(key(in))) {
                if (boundaryLayer.emplace(key(in), LayerId{}).second) boundary.push_back(in);
            } else if (m_failed.count(toIndex(in.layer))) {
                return std::nullopt;
            } else if (todo.insert(toIndex(in.layer)).second) {
                pending.push_back(in.layer);
            }
        }
    }

    // A graph of those layers, fed by Input layers holding the known tensors.
    Graph part;
    std::unordered_map<std::uint32_t, LayerId> partId;   // original id -> id in `part`
    std::unordered_map<std::uint32_t, LayerId> original; // id in `part` -> original id
    for (std::uint32_t index : todo) {
        const Layer* layer = graph.find(LayerId{index});
        if (!layer) return std::nullopt;
        const LayerId id = part.addLayer(*layer);
        partId[index] = id;
        original[toIndex(id)] = LayerId{index};
    }
    const LayerKind* inputKind = KindRegistry::builtin().find("Input");
    const int shapeIndex = inputKind ? inputKind->paramIndex("shape") : -1;
    const int dtypeIndex = inputKind ? inputKind->paramIndex("dtype") : -1;
    if (shapeIndex < 0 || dtypeIndex < 0) return std::nullopt;
    for (const PortRef& b : boundary) {
        const TensorInfo& t = m_known.at(key(b));
        if (t.shape.rank() == 0) return std::nullopt; // an Input holds at least one axis
        Layer in = makeLayer(*inputKind, part.uniqueName("known_tensor"));
        IntList dims;
        for (int i = 0; i < t.shape.rank(); ++i) dims.push_back(t.shape[i]);
        in.attrs[static_cast<std::size_t>(shapeIndex)] = dims;
        in.attrs[static_cast<std::size_t>(dtypeIndex)] = std::string(t.elem == ElemKind::Int64 ? "int64" : "float32");
        boundaryLayer[key(b)] = part.addLayer(std::move(in));
    }
    for (std::uint32_t index : todo) {
        const auto& inputs = m_inputs[index];
        for (std::size_t p = 0; p < inputs.size(); ++p) {
            const PortRef& in = inputs[p];
            const auto b = boundaryLayer.find(key(in));
            const PortRef from = b != boundaryLayer.end() ? PortRef{b->second, 0} : PortRef{partId.at(toIndex(in.layer)), in.port};
            part.connect(Connection{from, PortRef{partId.at(index), static_cast<std::uint16_t>(p)}});
        }
    }

    const Analysis a = analyze(part);
    for (const LayerAnalysis& la : a.layers) {
        const auto it = original.find(toIndex(la.id));
        if (it == original.end()) continue; // a known tensor's Input
        if (!la.analysed) continue;
        for (std::size_t k = 0; k < la.result.outputs.size(); ++k)
            m_known[key(PortRef{it->second, static_cast<std::uint16_t>(k)})] = la.result.outputs[k];
    }
    for (std::uint32_t index : todo)
        if (!m_known.count(key(PortRef{LayerId{index}, 0}))) m_failed[index] = true;
    if (auto it = m_known.find(key(port)); it != m_known.end()) return it->second.shape;
    return std::nullopt;
}

} // namespace netsizer::core::caffe
