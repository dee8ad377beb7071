#pragma once
// torch.onnx writes some torch.nn modules as several ONNX nodes (torch 1.13's
// torch/onnx/symbolic_opset9.py): layer_norm as ReduceMean, Sub, Pow, ReduceMean, Add(eps),
// Sqrt, Div, Mul(weight), Add(bias); group_norm as Reshape, InstanceNormalization, Reshape,
// Mul(weight), Add(bias); gelu as Div(√2), Erf, Add(1), Mul(x), Mul(0.5), and its
// tanh form as x·x·x, Mul(0.044715), Add(x), Mul(√(2/π)), Tanh, Add(1), Mul(x), Mul(0.5).
// Mapped node by node they would keep what the module's single autograd node does not (or
// nothing); the importer re-forms them into the module's layer kind first.
//
// The patterns are data (a table of steps), matched from the node that computes the first
// step: each later step is a consumer of a value an earlier step produced, with operands
// checked (the module input, an earlier step, a constant of a given value, a weight);
// commutative Add/Mul match either operand order. A match requires every intermediate value to
// feed only the pattern's own nodes.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace onnx {
class GraphProto;
} // namespace onnx

namespace netsizer::core::onnximport {

class OnnxTensors;

struct ModuleMatch {
    std::string kind;                 // "LayerNorm", "GELU", "GroupNorm"
    std::string approximate;          // GELU: "none" or "tanh"
    std::string input;                // the module's input value
    std::string output;               // the value the module computes
    std::vector<std::string> weights; // LayerNorm: weight, bias (empty without affine)
    double eps = 1e-5;                // LayerNorm
    int normalizedDims = 1;           // LayerNorm: trailing axes reduced
    std::int64_t groups = 0;          // GroupNorm
    std::vector<int> nodes;           // every node of the match, the first one included
};

// The module whose first node is node `index`, or nullopt. `consumers`: value → node indices.
std::optional<ModuleMatch> matchModule(const onnx::GraphProto& graph, int index,
                                       const std::unordered_map<std::string, std::vector<int>>& consumers,
                                       const OnnxTensors& tensors);

} // namespace netsizer::core::onnximport
