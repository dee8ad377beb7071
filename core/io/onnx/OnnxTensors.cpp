#include "core/io/onnx/OnnxTensors.h"

#include <onnx/onnx_pb.h>

#include <algorithm>
#include <cstring>

namespace netsizer::core::onnximport {

void OnnxTensors::addShape(const std::string& name, const onnx::TypeProto& type)
{
    if (!type.has_tensor_type() || !type.tensor_type().has_shape()) return;
    std::vector<std::int64_t> dims;
    for (const auto& d : type.tensor_type().shape().dim()) {
        if (d.has_dim_value() && d.dim_value() >= 0) dims.push_back(d.dim_value());
        else if (d.has_dim_param() && m_batchSymbols.count(d.dim_param())) dims.push_back(kBatchDim);
        else dims.push_back(kUnknownDim);
    }
    m_shapes[name] = std::move(dims);
}

const std::vector<std::int64_t>* OnnxTensors::fullShape(const std::string& name) const
{
    auto it = m_shapes.find(name);
    return it == m_shapes.end() ? nullptr : &it->second;
}

void OnnxTensors::setEvaluated(const std::string& name, std::vector<std::int64_t> full, const Shape& sample)
{
    m_shapes[name] = std::move(full);
    m_evaluated[name] = sample;
}

const std::vector<std::int64_t>* OnnxTensors::batchFreeDims(const std::string& name) const
{
    auto it = m_batchFree.find(name);
    return it == m_batchFree.end() ? nullptr : &it->second;
}

std::optional<Shape> OnnxTensors::perSample(const std::string& name) const
{
    if (auto it = m_evaluated.find(name); it != m_evaluated.end()) return it->second;
    const auto* full = fullShape(name);
    if (!full || full->empty()) return std::nullopt;
    auto batch = std::find(full->begin(), full->end(), kBatchDim);
    const std::size_t skip = batch == full->end() ? 0 : static_cast<std::size_t>(batch - full->begin());
    Shape s;
    for (std::size_t i = 0; i < full->size(); ++i) {
        if (i == skip) continue;
        const std::int64_t d = (*full)[i];
        if (d < 1 || !s.push(d)) return std::nullopt; // unknown, a second batch axis, 0 or too many axes
    }
    if (s.rank() == 0) s.push(1);
    return s;
}

const Activation* OnnxTensors::activation(const std::string& name) const
{
    auto it = m_acts.find(name);
    return it == m_acts.end() ? nullptr : &it->second;
}

bool OnnxTensors::addWeight(const std::string& name, std::vector<std::int64_t> dims, bool floating)
{
    CheckedCount n{1};
    for (auto d : dims) {
        if (d < 0) return false;
        n *= static_cast<Count>(d);
    }
    if (!n.ok()) return false;
    if (!m_weights.count(name)) m_weightOrder.push_back(name);
    m_weights[name] = Weight{std::move(dims), n.value(), floating, false};
    return true;
}

void OnnxTensors::markUniform(const std::string& name)
{
    if (auto it = m_weights.find(name); it != m_weights.end()) it->second.uniform = true;
}

const Weight* OnnxTensors::weight(const std::string& name) const
{
    auto it = m_weights.find(name);
    return it == m_weights.end() ? nullptr : &it->second;
}

void OnnxTensors::addStatic(const std::string& name, const std::vector<std::string>& inputs)
{
    std::vector<std::string> deps;
    for (const auto& in : inputs)
        for (auto& w : weightsOf(in))
            if (std::find(deps.begin(), deps.end(), w) == deps.end()) deps.push_back(std::move(w));
    m_deps[name] = std::move(deps);
}

const std::vector<double>* OnnxTensors::constant(const std::string& name) const
{
    auto it = m_consts.find(name);
    return it == m_consts.end() ? nullptr : &it->second;
}

bool OnnxTensors::known(const std::string& name) const
{
    return m_acts.count(name) || m_weights.count(name) || m_deps.count(name) || m_consts.count(name);
}

std::vector<std::string> OnnxTensors::weightsOf(const std::string& name) const
{
    if (m_weights.count(name)) return {name};
    auto it = m_deps.find(name);
    return it == m_deps.end() ? std::vector<std::string>{} : it->second;
}

Count OnnxTensors::unclaimedWeights(const std::string& name) const
{
    Count n = 0;
    for (const auto& w : weightsOf(name)) {
        const Weight& x = m_weights.at(w);
        if (!x.claimed && x.floating) n += x.numel; // each numel fits; sums checked in claim()
    }
    return n;
}

int OnnxTensors::unclaimedWeightTensors(const std::string& name) const
{
    int n = 0;
    for (const auto& w : weightsOf(name)) {
        const Weight& x = m_weights.at(w);
        n += !x.claimed && x.floating && x.numel > 0;
    }
    return n;
}

Count OnnxTensors::claimIntegerBuffers(const std::string& name)
{
    Count n = 0;
    for (const auto& w : weightsOf(name)) {
        Weight& x = m_weights.at(w);
        if (x.claimed || x.floating || !namedLikeModuleState(w)) continue;
        x.claimed = true;
        n += x.numel;
    }
    return n;
}

CheckedCount OnnxTensors::claim(const std::string& name)
{
    CheckedCount n{0};
    for (const auto& w : weightsOf(name)) {
        Weight& x = m_weights.at(w);
        if (x.claimed || !x.floating) continue;
        x.claimed = true;
        n += x.numel;
    }
    return n;
}

std::vector<std::string> OnnxTensors::unclaimed() const
{
    std::vector<std::string> out;
    for (const auto& w : m_weightOrder) {
        const Weight& x = m_weights.at(w);
        if (!x.claimed && x.floating && x.numel > 0) out.push_back(w);
    }
    return out;
}

namespace {
template <class T>
std::vector<double> fromRaw(const std::string& raw, std::size_t n)
{
    std::vector<double> v(n);
    for (std::size_t i = 0; i < n; ++i) {
        T x;
        std::memcpy(&x, raw.data() + i * sizeof(T), sizeof(T));
        v[i] = static_cast<double>(x);
    }
    return v;
}
} // namespace

std::optional<std::vector<double>> tensorValues(const onnx::TensorProto& t, std::size_t maxCount)
{
    std::size_t n = 1;
    for (auto d : t.dims()) {
        if (d < 0 || static_cast<std::uint64_t>(d) > maxCount) return std::nullopt;
        n *= static_cast<std::size_t>(d);
        if (n > maxCount) return std::nullopt;
    }
    using TP = onnx::TensorProto;
    if (t.has_raw_data()) {
        const std::string& raw = t.raw_data();
        auto take = [&](std::size_t size) { return raw.size() == n * size; };
        switch (t.data_type()) {
        case TP::FLOAT: if (take(4)) return fromRaw<float>(raw, n); break;
        case TP::DOUBLE: if (take(8)) return fromRaw<double>(raw, n); break;
        case TP::INT64: if (take(8)) return fromRaw<std::int64_t>(raw, n); break;
        case TP::INT32: if (take(4)) return fromRaw<std::int32_t>(raw, n); break;
        case TP::INT8: if (take(1)) return fromRaw<std::int8_t>(raw, n); break;
        case TP::UINT8:
        case TP::BOOL: if (take(1)) return fromRaw<std::uint8_t>(raw, n); break;
        default: break;
        }
        return std::nullopt;
    }
    std::vector<double> v;
    if (t.float_data_size()) v.assign(t.float_data().begin(), t.float_data().end());
    else if (t.int64_data_size()) v.assign(t.int64_data().begin(), t.int64_data().end());
    else if (t.int32_data_size()) v.assign(t.int32_data().begin(), t.int32_data().end());
    else if (t.double_data_size()) v.assign(t.double_data().begin(), t.double_data().end());
    if (v.size() != n) return std::nullopt;
    return v;
}

} // namespace netsizer::core::onnximport
