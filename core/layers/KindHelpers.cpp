#include "core/layers/KindHelpers.h"

#include <algorithm>
#include <cassert>

namespace netsizer::core::kinds {

Error rankError(const TensorInfo& in, int rank, const char* layout)
{
    return makeError("shape", "expects an input of rank " + std::to_string(rank) + " (" + layout +
                                  " per sample), got " + in.shape.toString());
}

std::optional<Error> expectRank(const LayerContext& ctx, int rank, const char* layout, int port)
{
    if (ctx.in(port).shape.rank() != rank) return rankError(ctx.in(port), rank, layout);
    return std::nullopt;
}

std::optional<Error> expectFloat(const LayerContext& ctx, int port)
{
    const ElemKind e = ctx.in(port).elem;
    if (e == ElemKind::Activation || e == ElemKind::Float32) return std::nullopt;
    return makeError("dtype", std::string("expects floating-point activations, got ") + elemKindName(e) +
                                  " values (token ids need an Embedding first)");
}

std::int64_t windowOutput(const WindowAxis& a)
{
    const std::int64_t span = a.dilation * (a.kernel - 1) + 1;
    const std::int64_t room = a.in + a.padBegin + a.padEnd - span;
    if (room < 0 || a.stride < 1) return 0;
    std::int64_t out = room / a.stride + 1;
    if (a.ceilMode && room % a.stride != 0) {
        ++out;
        // PyTorch / Caffe: the last window must start inside the input or the left padding.
        if ((out - 1) * a.stride >= a.in + a.padBegin) --out;
    }
    return out;
}

bool resolvePaddingInto(std::string_view mode, std::span<const std::int64_t> padding, int n, const Shape& spatialIn,
                        std::span<const std::int64_t> kernel, std::span<const std::int64_t> stride,
                        std::span<const std::int64_t> dilation, std::span<std::int64_t> padBegin,
                        std::span<std::int64_t> padEnd, std::string& message)
{
    const auto un = static_cast<std::size_t>(n);
    assert(padBegin.size() >= un && padEnd.size() >= un);
    std::fill_n(padBegin.begin(), un, 0);
    std::fill_n(padEnd.begin(), un, 0);
    if (mode == "valid") return true;
    if (mode == "same") {
        for (int i = 0; i < n; ++i) {
            const auto k = static_cast<std::size_t>(i);
            const std::int64_t in = spatialIn[i];
            const std::int64_t out = (in + stride[k] - 1) / stride[k];
            const std::int64_t span = dilation[k] * (kernel[k] - 1) + 1;
            const std::int64_t total = std::max<std::int64_t>(0, (out - 1) * stride[k] + span - in);
            padBegin[k] = total / 2;
            padEnd[k] = total - total / 2;
        }
        return true;
    }
    const auto len = padding.size();
    if (len == 1) {
        std::fill_n(padBegin.begin(), un, padding[0]);
        std::fill_n(padEnd.begin(), un, padding[0]);
    } else if (len == un) {
        std::copy_n(padding.begin(), un, padBegin.begin());
        std::copy_n(padding.begin(), un, padEnd.begin());
    } else if (len == 2 * un) {
        std::copy_n(padding.begin(), un, padBegin.begin());
        std::copy_n(padding.begin() + n, un, padEnd.begin());
    } else {
        message = "'padding' needs 1, " + std::to_string(n) + " or " + std::to_string(2 * n) + " values, got " +
                  std::to_string(len);
        return false;
    }
    return true;
}

bool resolvePadding(const std::string& mode, const IntList& padding, int n, const Shape& spatialIn,
                    const IntList& kernel, const IntList& stride, const IntList& dilation,
                    IntList& padBegin, IntList& padEnd, std::string& message)
{
    padBegin.assign(static_cast<std::size_t>(n), 0);
    padEnd.assign(static_cast<std::size_t>(n), 0);
    return resolvePaddingInto(mode, padding, n, spatialIn, kernel, stride, dilation, padBegin, padEnd, message);
}

int sampleAxis(std::int64_t axis, const Shape& in)
{
    const std::int64_t full = in.rank() + 1;
    if (axis < 0) axis += full;
    return axis >= 1 && axis < full ? static_cast<int>(axis - 1) : -1;
}

Error sampleAxisError(std::int64_t axis, const Shape& in)
{
    return makeError("attribute", "axis " + std::to_string(axis) + " does not name a per-sample axis of " + in.toString() +
                                      " (axis 0 is the batch)");
}

std::string timesJoin(std::initializer_list<std::int64_t> values)
{
    return timesJoin(std::span<const std::int64_t>(values.begin(), values.size()));
}

std::string timesJoin(std::span<const std::int64_t> values)
{
    std::string s;
    for (std::size_t i = 0; i < values.size(); ++i) {
        if (i) s += " × ";
        s += withThousands(values[i]);
    }
    return s;
}

Count product(std::span<const std::int64_t> values)
{
    Count p = 1;
    for (auto v : values) p *= static_cast<Count>(v);
    return p;
}

Formula countFormula(std::string quantity, std::string symbolic, std::string substituted, Count value)
{
    return Formula{std::move(quantity), std::move(symbolic), std::move(substituted), withThousands(value)};
}

std::vector<Formula> basicFormulas(const KindResult& r)
{
    std::vector<Formula> out;
    for (std::size_t i = 0; i < r.outputs.size(); ++i)
        out.push_back(Formula{r.outputs.size() == 1 ? "output shape" : "output " + std::to_string(i) + " shape", "",
                              "", r.outputs[i].shape.toString()});
    return out;
}

std::vector<Formula> savedFormulas(const LayerContext& ctx, const KindResult& r, Profile profile)
{
    std::vector<Formula> out;
    for (const auto& t : r.saved[static_cast<std::size_t>(profile)]) {
        const std::string quantity = std::string("saved: ") + t.label;
        if (t.ref == SavedTensor::Ref::Extra) {
            std::string sub = withThousands(t.numelPerSample) + " per sample";
            if (t.numelFixed) sub += " + " + withThousands(t.numelFixed) + " fixed";
            out.push_back(Formula{quantity, std::string("extra ") + elemKindName(t.elem) + " tensor", sub,
                                  withThousands(t.numelPerSample + t.numelFixed) + " elements"});
            continue;
        }
        if (t.ref == SavedTensor::Ref::Persistent) {
            out.push_back(Formula{quantity, "a variable or constant, held by reference", "", "no new memory"});
            continue;
        }
        const bool in = t.ref == SavedTensor::Ref::Input;
        const TensorInfo* info = nullptr;
        if (in && t.index < ctx.inputs.size()) info = &ctx.inputs[t.index];
        if (!in && t.index < r.outputs.size()) info = &r.outputs[t.index];
        if (!info) continue;
        IntList dims;
        for (int i = 0; i < info->shape.rank(); ++i) dims.push_back(info->shape[i]);
        out.push_back(Formula{quantity, in ? "input " + std::to_string(t.index) + " (shared if already kept)" : "output",
                              timesJoin(dims), withThousands(info->shape.numel().value()) + " elements"});
    }
    return out;
}

Result<KindResult> elementwise(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    KindResult r;
    r.outputs.push_back(ctx.in());
    return r;
}

} // namespace netsizer::core::kinds
