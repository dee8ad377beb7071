#include "core/io/onnx/OnnxValidation.h"

#include "core/util/Checked.h"

#include <array>
#include <string_view>

namespace netsizer::core::onnximport {
namespace {

using TP = onnx::TensorProto;

// Bytes per element of a raw_data payload; 0 for STRING and unknown types.
std::uint64_t elementBytes(int type)
{
    switch (type) {
    case TP::FLOAT: case TP::INT32: case TP::UINT32: return 4;
    case TP::DOUBLE: case TP::INT64: case TP::UINT64: case TP::COMPLEX64: return 8;
    case TP::COMPLEX128: return 16;
    case TP::INT16: case TP::UINT16: case TP::FLOAT16: case TP::BFLOAT16: return 2;
    case TP::INT8: case TP::UINT8: case TP::BOOL: return 1;
    default: return 0;
    }
}

// How many typed values (not raw bytes) the tensor stores, in its type's field.
std::uint64_t typedCount(const TP& t)
{
    switch (t.data_type()) {
    case TP::FLOAT: return static_cast<std::uint64_t>(t.float_data_size());
    case TP::COMPLEX64: return static_cast<std::uint64_t>(t.float_data_size()) / 2;
    case TP::DOUBLE: return static_cast<std::uint64_t>(t.double_data_size());
    case TP::COMPLEX128: return static_cast<std::uint64_t>(t.double_data_size()) / 2;
    case TP::INT64: return static_cast<std::uint64_t>(t.int64_data_size());
    case TP::UINT32: case TP::UINT64: return static_cast<std::uint64_t>(t.uint64_data_size());
    case TP::STRING: return static_cast<std::uint64_t>(t.string_data_size());
    default: return static_cast<std::uint64_t>(t.int32_data_size()); // the 8/16/32-bit integers, bool, float16
    }
}

class Validator {
public:
    explicit Validator(const std::string& fileName) : m_file(fileName) {}

    Status graph(const onnx::GraphProto& g, int depth)
    {
        if (depth > kMaxOnnxGraphDepth)
            return fail("subgraphs nest more than " + std::to_string(kMaxOnnxGraphDepth) + " levels deep", g.name());
        for (const auto& t : g.initializer())
            if (auto s = tensor(t, "initializer '" + t.name() + "'", t.name()); !s) return s;
        for (const auto& t : g.sparse_initializer())
            if (auto s = sparse(t, "sparse initializer", t.values().name()); !s) return s;
        for (const auto* list : {&g.input(), &g.output(), &g.value_info()})
            for (const auto& v : *list)
                if (auto s = valueInfo(v); !s) return s;
        for (int i = 0; i < g.node_size(); ++i)
            if (auto s = node(g.node(i), i, depth); !s) return s;
        return Ok{};
    }

private:
    Error fail(const std::string& message, const std::string& where) const
    {
        return makeError("onnx", message, where.empty() ? m_file : m_file + ":" + where);
    }

    Status tensor(const TP& t, const std::string& what, const std::string& where)
    {
        CheckedCount numel{1};
        for (int k = 0; k < t.dims_size(); ++k) {
            const std::int64_t d = t.dims(k);
            if (d < 0) return fail(what + " has a negative dimension (" + std::to_string(d) + " at axis " + std::to_string(k) + ")", where);
            if (d > kMaxOnnxDim)
                return fail(what + " has dimension " + std::to_string(d) + " at axis " + std::to_string(k) + ", above the limit of " +
                                std::to_string(kMaxOnnxDim), where);
            numel *= static_cast<Count>(d);
        }
        if (!numel.ok()) return fail(what + " has more than 2^64 elements", where);
        const std::uint64_t size = elementBytes(t.data_type());
        if (t.data_type() != TP::STRING && size == 0)
            return fail(what + " has element type " + std::to_string(t.data_type()) + ", which is not an ONNX tensor type", where);
        if (size != 0) {
            const auto bytes = checkedMul(numel.value(), size);
            if (!bytes || *bytes > (std::uint64_t{1} << 63)) return fail(what + " holds more than 2^63 bytes", where);
        }
        if (t.data_location() == TP::EXTERNAL) return Ok{}; // nothing stored here to read past
        const bool hasData = t.has_raw_data() || typedCount(t) > 0;
        if (!hasData) return Ok{}; // a weightless export: dims only
        const std::uint64_t stored = t.has_raw_data() && size != 0 ? t.raw_data().size() / size : typedCount(t);
        const bool exact = !t.has_raw_data() || size == 0 || t.raw_data().size() % size == 0;
        if (stored != numel.value() || !exact)
            return fail(what + " stores " + (t.has_raw_data() ? std::to_string(t.raw_data().size()) + " raw bytes"
                                                               : std::to_string(typedCount(t)) + " values") +
                            " but its dims say " + std::to_string(numel.value()) + " elements" +
                            (t.has_raw_data() && size ? " of " + std::to_string(size) + " bytes" : ""),
                        where);
        return Ok{};
    }

    Status sparse(const onnx::SparseTensorProto& t, const std::string& what, const std::string& where)
    {
        for (int k = 0; k < t.dims_size(); ++k)
            if (t.dims(k) < 0 || t.dims(k) > kMaxOnnxDim)
                return fail(what + " has dimension " + std::to_string(t.dims(k)) + " outside [0, " + std::to_string(kMaxOnnxDim) + "]", where);
        if (auto s = tensor(t.values(), what + " values", where); !s) return s;
        return tensor(t.indices(), what + " indices", where);
    }

    Status valueInfo(const onnx::ValueInfoProto& v)
    {
        if (!v.type().has_tensor_type() || !v.type().tensor_type().has_shape()) return Ok{};
        const auto& shape = v.type().tensor_type().shape();
        for (int k = 0; k < shape.dim_size(); ++k) {
            if (!shape.dim(k).has_dim_value()) continue;
            const std::int64_t d = shape.dim(k).dim_value();
            if (d < 0) return fail("value '" + v.name() + "' is declared with a negative dimension (" + std::to_string(d) + " at axis " +
                                       std::to_string(k) + ")", v.name());
            if (d > kMaxOnnxDim)
                return fail("value '" + v.name() + "' is declared with dimension " + std::to_string(d) + " at axis " + std::to_string(k) +
                                ", above the limit of " + std::to_string(kMaxOnnxDim), v.name());
        }
        return Ok{};
    }

    // Each value of the INTS attribute `name` in [low, kMaxOnnxDim]; also a single INT.
    Status intsAtLeast(const onnx::NodeProto& n, const std::string& where, std::string_view name, std::int64_t low)
    {
        for (const auto& a : n.attribute()) {
            if (a.name() != name) continue;
            for (int k = 0; k <= a.ints_size(); ++k) {
                if (k == a.ints_size() && !a.has_i()) break;
                const std::int64_t v = k < a.ints_size() ? a.ints(k) : a.i();
                if (v < low || v > kMaxOnnxDim)
                    return fail(n.op_type() + " attribute '" + std::string(name) + "' = " + std::to_string(v) + " is outside [" +
                                    std::to_string(low) + ", " + std::to_string(kMaxOnnxDim) + "]", where);
            }
        }
        return Ok{};
    }

    Status node(const onnx::NodeProto& n, int index, int depth)
    {
        const std::string where = n.name().empty() ? n.op_type() + " #" + std::to_string(index) : n.name();
        static constexpr std::array<std::string_view, 10> kWindowed{"Conv", "ConvTranspose", "ConvInteger", "QLinearConv", "MaxPool",
                                                                    "AveragePool", "LpPool", "MaxUnpool", "DeformConv", "Col2Im"};
        bool windowed = false;
        for (auto op : kWindowed) windowed = windowed || n.op_type() == op;
        if (windowed && (n.domain().empty() || n.domain() == "ai.onnx")) {
            for (const char* a : {"kernel_shape", "strides", "dilations", "group"})
                if (auto s = intsAtLeast(n, where, a, 1); !s) return s;
            for (const char* a : {"pads", "output_padding", "output_shape"})
                if (auto s = intsAtLeast(n, where, a, 0); !s) return s;
        }
        if (n.op_type() == "DepthToSpace" || n.op_type() == "SpaceToDepth")
            if (auto s = intsAtLeast(n, where, "blocksize", 1); !s) return s;
        for (const auto& a : n.attribute()) {
            const std::string what = n.op_type() + " attribute '" + a.name() + "'";
            if (a.has_t())
                if (auto s = tensor(a.t(), what, where); !s) return s;
            for (const auto& t : a.tensors())
                if (auto s = tensor(t, what, where); !s) return s;
            if (a.has_sparse_tensor())
                if (auto s = sparse(a.sparse_tensor(), what, where); !s) return s;
            if (a.has_g())
                if (auto s = graph(a.g(), depth + 1); !s) return s;
            for (const auto& g : a.graphs())
                if (auto s = graph(g, depth + 1); !s) return s;
        }
        return Ok{};
    }

    const std::string& m_file;
};

} // namespace

Status validateOnnxGraph(const onnx::GraphProto& graph, const std::string& fileName)
{
    return Validator(fileName).graph(graph, 0);
}

} // namespace netsizer::core::onnximport
