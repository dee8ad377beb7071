#pragma once
// What the ONNX importer knows about each named value of one graph while it walks the nodes:
// - activations: values computed from a model input, bound to a NetSizer output port;
// - weights: initializers and ConstantOfShape outputs with a constant shape (dims only; the
//   payload may be absent), each claimed by exactly one layer so it is counted once;
// - static values: everything else (Constant nodes, shape arithmetic, weights reshaped or
//   transposed before use), with the weights they derive from and, when small and known,
//   their numbers (Clip bounds, Pad amounts, Dropout ratios);
// - shapes: the full shapes ONNX shape inference gives, with the batch axis recognised by the
//   graph inputs' symbolic dim 0.

#include "core/graph/Connection.h"
#include "core/graph/Shape.h"
#include "core/util/Checked.h"

#include <optional>
#include <set>
#include <string>
#include <unordered_map>
#include <vector>

namespace onnx {
class TypeProto;
class TensorProto;
} // namespace onnx

namespace netsizer::core::onnximport {

// A dimension of a full (batch-including) shape.
inline constexpr std::int64_t kBatchDim = -2;   // the batch symbol
inline constexpr std::int64_t kUnknownDim = -1; // symbolic or absent

struct Weight {
    std::vector<std::int64_t> dims;
    Count numel = 0;
    bool floating = true; // integer initializers are shape data, not weights
    bool claimed = false;
    bool uniform = false; // every element holds one value (the payload was read and found so)
};

// One activation value: where it lives in the NetSizer graph and its per-sample shape.
// `trusted`: the shape comes from ONNX shape inference (not from the importer's guess).
struct Activation {
    PortRef port;
    Shape shape;
    bool trusted = false;
    bool integer = false; // token ids (int64) rather than activations
};

class OnnxTensors {
public:
    // The symbols of the graph inputs' dim 0 (e.g. "batch", "N").
    void addBatchSymbol(const std::string& symbol) { m_batchSymbols.insert(symbol); }
    // Records the inferred full shape of `name` (value_info, graph inputs/outputs).
    void addShape(const std::string& name, const onnx::TypeProto& type);
    // Full shape: dims >= 0, kBatchDim or kUnknownDim; nullopt when ONNX gave no shape.
    const std::vector<std::int64_t>* fullShape(const std::string& name) const;
    // Per-sample shape of `name`: the batch axis removed (the batch symbol's axis; axis 0 when
    // no dim carries it). nullopt when unknown, when another dim is unknown, or the rank
    // exceeds Shape::kMaxRank. A per-sample scalar is [1].
    std::optional<Shape> perSample(const std::string& name) const;
    // A shape found by evaluating the graph at two batch sizes (OnnxBatchShapes.h): `full` marks
    // a batch axis with kBatchDim and an axis the batch is folded into ([B·h, T, T]) with
    // kUnknownDim; `sample` is the per-sample shape (a folded axis keeps its per-sample factor h).
    void setEvaluated(const std::string& name, std::vector<std::int64_t> full, const Shape& sample);

    // Dims of a value the evaluation found equal at both batch sizes (and ONNX gave no shape for):
    // a static value's shape, e.g. an attention mask built from constants.
    void setBatchFreeDims(const std::string& name, std::vector<std::int64_t> dims) { m_batchFree[name] = std::move(dims); }
    const std::vector<std::int64_t>* batchFreeDims(const std::string& name) const;

    void bind(const std::string& name, const Activation& a) { m_acts[name] = a; }
    const Activation* activation(const std::string& name) const;

    // A weight (initializer or ConstantOfShape output). Returns false when numel overflows.
    bool addWeight(const std::string& name, std::vector<std::int64_t> dims, bool floating);
    const Weight* weight(const std::string& name) const;
    // Records that the weight's payload holds one value throughout.
    void markUniform(const std::string& name);

    // A static value computed from `inputs` (weights, constants, other static values).
    void addStatic(const std::string& name, const std::vector<std::string>& inputs);
    void setConstant(const std::string& name, std::vector<double> values) { m_consts[name] = std::move(values); }
    // Known numbers of a constant value (Constant node, small integer initializer).
    const std::vector<double>* constant(const std::string& name) const;
    bool known(const std::string& name) const;

    // Unclaimed floating-point weight elements `name` is (or derives from).
    Count unclaimedWeights(const std::string& name) const;
    // How many unclaimed floating-point weight tensors `name` is (or derives from).
    int unclaimedWeightTensors(const std::string& name) const;
    // Integer initializers `name` derives from that torch.onnx named as a module's buffer
    // ("features.1.0.attn.relative_position_index": a dotted state_dict name, not "onnx::…" or a
    // "/scope/…" constant): marks them claimed and returns their element count.
    Count claimIntegerBuffers(const std::string& name);
    // Marks them claimed and returns their element count (checked).
    CheckedCount claim(const std::string& name);
    // Weights never claimed by a layer (the importer reports them).
    std::vector<std::string> unclaimed() const;

private:
    std::vector<std::string> weightsOf(const std::string& name) const;

    std::set<std::string> m_batchSymbols;
    std::unordered_map<std::string, std::vector<std::int64_t>> m_shapes;
    std::unordered_map<std::string, Shape> m_evaluated;
    std::unordered_map<std::string, std::vector<std::int64_t>> m_batchFree;
    std::unordered_map<std::string, Activation> m_acts;
    std::unordered_map<std::string, Weight> m_weights;
    std::vector<std::string> m_weightOrder;
    std::unordered_map<std::string, std::vector<std::string>> m_deps; // static value -> weights
    std::unordered_map<std::string, std::vector<double>> m_consts;
};

// Whether torch.onnx gave `name` a module's state_dict name ("features.1.0.attn.relative_position_index"):
// dotted, and neither one of its own constants ("onnx::Reshape_12") nor a scoped node output ("/attn/…").
inline bool namedLikeModuleState(const std::string& name)
{
    return name.rfind("onnx::", 0) != 0 && name.find('/') == std::string::npos && name.find('.') != std::string::npos;
}

// The numbers of a tensor (Constant node value, initializer) when it holds at most `maxCount`
// elements and its payload is present; nullopt otherwise.
std::optional<std::vector<double>> tensorValues(const onnx::TensorProto& t, std::size_t maxCount = 64);

// `v` as an int64 when it is a whole number inside int64's range; nullopt for NaN, infinities,
// fractions and values at or beyond ±2^63 (casting those is undefined behaviour).
inline std::optional<std::int64_t> integralValue(double v)
{
    if (!(v >= -9223372036854775808.0 && v < 9223372036854775808.0) || v != static_cast<double>(static_cast<std::int64_t>(v)))
        return std::nullopt;
    return static_cast<std::int64_t>(v);
}

} // namespace netsizer::core::onnximport
