#pragma once
// Concrete evaluation of an ONNX graph's shapes at one batch size: the dims of every value and,
// for small tensors, their numbers. torch.onnx computes the targets of Reshape, Expand, Slice
// and Resize at run time from Shape nodes (Shape → Gather → Unsqueeze → Concat → Reshape);
// libonnx 1.12's shape inference leaves every value downstream of those unknown. The importer
// runs this evaluator at two batch sizes and derives each value's per-sample shape from the
// difference (OnnxBatchShapes.h), which also finds axes the batch is folded into ([B·h, T, T]).
//
// Contract: never throws and never reads out of bounds, whatever the graph holds. An operator
// it does not know, an input it cannot read, or a result outside the limits below leaves that
// node's outputs unknown (absent); nothing is guessed.

#include <cstdint>
#include <optional>
#include <string>
#include <unordered_map>
#include <vector>

namespace onnx {
class GraphProto;
class NodeProto;
class TensorProto;
} // namespace onnx

namespace netsizer::core::onnximport {

struct EvalValue {
    std::vector<std::int64_t> dims;
    bool integer = false;                       // an integer or bool element type (Div truncates)
    std::optional<std::vector<double>> values;  // row-major numbers, when known and small
};

class OnnxShapeEval {
public:
    static constexpr std::size_t kMaxValues = 4096;          // numbers kept per value
    static constexpr std::int64_t kMaxDim = std::int64_t{1} << 40;
    static constexpr std::size_t kMaxRank = 16;

    // `graph` must outlive the evaluator; `opset` is the default domain's version.
    OnnxShapeEval(const onnx::GraphProto& graph, std::int64_t opset);

    // A graph input (not an initializer) with its full dims (batch included).
    void setInput(const std::string& name, std::vector<std::int64_t> dims, bool integer);
    // Evaluates every node, in graph order (the graph must be topologically sorted).
    void run();
    const EvalValue* value(const std::string& name) const;

private:
    void evalNode(const onnx::NodeProto& n);
    bool evalValueOp(const onnx::NodeProto& n);   // shape arithmetic (OnnxShapeEval.cpp)
    bool evalLayerOp(const onnx::NodeProto& n);   // operators of layers (OnnxShapeEvalOps.cpp)

    const EvalValue* in(const onnx::NodeProto& n, int i) const;
    const std::vector<double>* numbers(const onnx::NodeProto& n, int i) const;
    // Records output `i` of `n`; false (and nothing recorded) when the dims are out of limits.
    bool set(const onnx::NodeProto& n, int i, std::vector<std::int64_t> dims, bool integer,
             std::optional<std::vector<double>> values = std::nullopt);
    void setFromTensor(const std::string& name, const onnx::TensorProto& t);
    // The numbers of a view of `values` (row-major, dims `from`), in row-major order of `dims`:
    // output axis i reads input axis axes[i] at begin[i] + j · step[i] (Slice: axes in order;
    // Transpose: axes = perm, begin 0, step 1). nullopt when a read falls outside `values`.
    static std::optional<std::vector<double>> readView(const std::vector<double>& values, const std::vector<std::int64_t>& from,
                                                       const std::vector<std::int64_t>& dims, const std::vector<std::int64_t>& axes,
                                                       const std::vector<std::int64_t>& begin, const std::vector<std::int64_t>& step);

    const onnx::GraphProto& m_graph;
    std::int64_t m_opset;
    std::unordered_map<std::string, EvalValue> m_values;
};

// Helpers shared by the two halves of the evaluator.
namespace shapeeval {
// Right-aligned NumPy broadcast; nullopt when the dims do not broadcast.
std::optional<std::vector<std::int64_t>> broadcast(const std::vector<std::int64_t>& a, const std::vector<std::int64_t>& b);
// Element count, or nullopt when a dim is negative or the product exceeds 2^62.
std::optional<std::int64_t> numel(const std::vector<std::int64_t>& dims);
// `axis` made non-negative for `rank`, or nullopt when outside [-rank, rank).
std::optional<std::int64_t> normAxis(std::int64_t axis, std::size_t rank);
// The numbers as int64s, or nullopt when one is not a whole number.
std::optional<std::vector<std::int64_t>> asInts(const std::vector<double>& v);
} // namespace shapeeval

} // namespace netsizer::core::onnximport
