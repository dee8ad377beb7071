#pragma once
// Turns the nodes of one ONNX graph, in their (topological) file order, into NetSizer layers:
// each operator with a layer kind becomes that kind, shape-computation and constant nodes
// become static values (no layer), everything else an Opaque layer. Weights are claimed by the
// first layer that consumes them, so each is counted once.

#include "core/graph/GraphBuilder.h"
#include "core/io/onnx/OnnxModulePatterns.h"
#include "core/io/onnx/OnnxTensors.h"
#include "core/util/Result.h"

#include <map>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace onnx {
class GraphProto;
class NodeProto;
class ValueInfoProto;
} // namespace onnx

namespace netsizer::core::onnximport {

class OnnxNodeMapper {
public:
    // `graph` and `tensors` must outlive the mapper; `opset` is the default domain's version.
    OnnxNodeMapper(std::string fileName, const onnx::GraphProto& graph, std::int64_t opset, OnnxTensors& tensors);

    // A graph input that is not an initializer: an Input layer (float32 or int64 ids).
    Status addInput(const onnx::ValueInfoProto& input);
    // Node `index` of the graph.
    Status mapNode(int index);

    Graph takeGraph() { return m_builder.take(); }
    std::vector<std::string>& notes() { return m_notes; }
    // Opaque layers by ONNX operator type.
    const std::map<std::string, int>& opaqueOps() const { return m_opaque; }
    // Layers of a real kind whose output ONNX shape inference also gave, with that value's name:
    // the importer compares NetSizer's own shape inference with ONNX's on these.
    const std::vector<std::pair<LayerId, std::string>>& checkedOutputs() const { return m_checked; }
    // Layers whose output shape ONNX shape inference did not give (the importer guessed it).
    int guessedShapes() const { return m_guessed; }

private:
    // One node being mapped: its inputs sorted into activations and static values.
    struct Node {
        const onnx::NodeProto& proto;
        std::string name;                  // node name, or "#index (op_type)" when unnamed
        std::vector<std::string> actNames; // activation inputs, in input order
        std::vector<PortRef> ports;        // their ports
        std::vector<std::string> statics;  // non-empty non-activation inputs
        bool trusted = true;               // every activation input's shape came from ONNX
        const std::string& op() const;
        const Activation& act(const OnnxTensors& t, std::size_t i) const { return *t.activation(actNames[i]); }
    };

    Error error(const Node& n, const std::string& message, const char* code = "onnx") const;
    Status addStatic(const onnx::NodeProto& n);
    // Adds a layer of `kind` for node `n`, claims the node's static inputs (weights) and binds
    // output 0 (ONNX's inferred shape when known, `guess` otherwise).
    LayerId add(Node& n, const std::string& kind, std::initializer_list<GraphBuilder::Attr> attrs,
                std::vector<PortRef> ports = {}, std::optional<Shape> guess = std::nullopt);
    LayerId opaque(Node& n);
    void passThrough(const Node& n);
    // The consumers (node indices) of a value.
    const std::vector<int>& consumers(const std::string& value) const;
    // Dims of a static input: a weight's dims, or the inferred shape of a static value.
    std::optional<std::vector<std::int64_t>> staticDims(const std::string& name) const;
    bool elementwiseUnary(Node& n);
    bool perChannel(const std::string& weight, std::int64_t channels, int rank) const;

    Status mapConv(Node& n);
    Status mapConvTranspose(Node& n);
    Status mapPool(Node& n);
    Status mapDense(Node& n);
    Status mapBatchNorm(Node& n);
    Status mapRecurrent(Node& n);
    Status mapPad(Node& n);
    Status mapClip(Node& n);
    Status mapResize(Node& n);
    Status mapShapeOp(Node& n);
    Status mapBinary(Node& n);
    Status mapGather(Node& n);
    Status mapLayerNorm(Node& n);
    // A torch.nn module torch.onnx wrote as several nodes (OnnxModulePatterns.h), starting at n.
    bool mapModule(Node& n, int index);
    // A GroupNorm match's groups divide x's channels and its weight and bias hold C each.
    bool groupNormFits(const ModuleMatch& match, const Activation& x) const;
    // x · f(x) with n computing f(x): one layer of `kind` for both nodes (SiLU, HardSwish).
    bool fuseProductWithInput(Node& n, const char* kind);
    // ReduceMean over every axis after the channel axis: GlobalAvgPool.
    bool mapSpatialMean(Node& n);
    // Op-level tensor operators (OnnxNodeMapperTensorOps.cpp); false leaves `n` to the others.
    bool mapTensorOp(Node& n);
    bool mapTranspose(Node& n);
    bool mapSlice(Node& n);
    bool mapSplit(Node& n);
    bool mapSelect(Node& n);
    bool mapElementwise(Node& n);
    // Add / Sub of one activation and a tensor that broadcasts over the batch (a bias table, a
    // mask): AddTensor, which claims the learned weights the tensor comes from.
    bool mapAddTensor(Node& n);
    // Values PyTorch holds as strided views (permuted, narrowed, selected, and element-wise
    // results of those): a Reshape of one copies.
    void markStrided(const std::string& value, bool strided);
    bool strided(const std::string& value) const;

    std::string m_file;
    const onnx::GraphProto& m_graph;
    std::int64_t m_opset;
    OnnxTensors& m_t;
    GraphBuilder m_builder;
    std::unordered_map<std::string, std::vector<int>> m_consumers;
    std::vector<bool> m_skip; // nodes fused into an earlier layer
    std::vector<std::string> m_notes;
    std::map<std::string, int> m_opaque;
    std::vector<std::pair<LayerId, std::string>> m_checked;
    std::set<std::string> m_strided;
    std::set<std::string> m_literals; // outputs of Constant nodes
    int m_guessed = 0;
};

} // namespace netsizer::core::onnximport
