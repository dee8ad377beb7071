#pragma once
// Small helpers shared by the layer kind files: error builders, sliding-window arithmetic
// (convolution and pooling) and formula text.

#include "core/graph/Shape.h"
#include "core/layers/KindResult.h"
#include "core/layers/LayerContext.h"
#include "core/layers/LayerKind.h"
#include "core/layers/TensorFlowOps.h"
#include "core/util/NumberFormat.h"
#include "core/util/Result.h"

#include <span>
#include <string>
#include <string_view>

namespace netsizer::core::kinds {

// "expects an input of rank 3 ([C, H, W]), got [10]"
Error rankError(const TensorInfo& in, int rank, const char* layout);
// The input's rank must be `rank`; otherwise an Error for the analyser to report.
std::optional<Error> expectRank(const LayerContext& ctx, int rank, const char* layout, int port = 0);
// The input must hold activations (floating point), not token ids.
std::optional<Error> expectFloat(const LayerContext& ctx, int port = 0);

// The per-sample index (0-based, batch excluded) of an `axis` attribute that counts the batch as
// axis 0 like PyTorch's `dim` (negative counts from the end of the full rank, in.rank() + 1);
// -1 when it names the batch axis or no axis of `in`.
int sampleAxis(std::int64_t axis, const Shape& in);
// "axis 3 does not name a per-sample axis of [8, 16] (axis 0 is the batch)"
Error sampleAxisError(std::int64_t axis, const Shape& in);

// Output length of a sliding window along one axis (convolution or pooling).
struct WindowAxis {
    std::int64_t in = 0, kernel = 1, stride = 1, dilation = 1, padBegin = 0, padEnd = 0;
    bool ceilMode = false; // Caffe / PyTorch ceil_mode: round the division up
};
// floor-or-ceil((in + padBegin + padEnd - dilation × (kernel - 1) - 1) / stride) + 1; with ceil
// mode the last window must start inside the input or the left padding (PyTorch's rule).
// Returns < 1 when the window does not fit.
std::int64_t windowOutput(const WindowAxis& a);

// Resolves "same" / "valid" / explicit padding of `n` spatial axes into begin/end pads.
// `padding` holds 1, n or 2n values (2n: all begins, then all ends, as ONNX `pads`).
// "same" pads so that out = ceil(in / stride) (TensorFlow's rule, extra pad at the end).
bool resolvePadding(const std::string& mode, const IntList& padding, int n, const Shape& spatialIn,
                    const IntList& kernel, const IntList& stride, const IntList& dilation,
                    IntList& padBegin, IntList& padEnd, std::string& message);
// The same into caller-owned storage, without allocating (the convolutions' per-analysis path):
// kernel, stride and dilation hold n values; padBegin and padEnd receive n values each.
bool resolvePaddingInto(std::string_view mode, std::span<const std::int64_t> padding, int n, const Shape& spatialIn,
                        std::span<const std::int64_t> kernel, std::span<const std::int64_t> stride,
                        std::span<const std::int64_t> dilation, std::span<std::int64_t> padBegin,
                        std::span<std::int64_t> padEnd, std::string& message);

// " × "-joined numbers: {64, 3, 3, 3} -> "64 × 3 × 3 × 3".
std::string timesJoin(std::initializer_list<std::int64_t> values);
std::string timesJoin(std::span<const std::int64_t> values);
// Product of a list (checked by the caller through the analyser's overflow checks).
Count product(std::span<const std::int64_t> values);

// A Formula for a count (thousands separators in the value).
Formula countFormula(std::string quantity, std::string symbolic, std::string substituted, Count value);

// The standard explanation every kind gets: output shape, parameters per tensor, MACs.
std::vector<Formula> basicFormulas(const KindResult& r);

// One Formula per tensor `profile` keeps for backward (what autograd saves on PyTorch's CPU by
// default): "saved: TanhBackward0.result", "output C × H × W", "6 × 28 × 28", elements.
// Input/output references name their tensor's shape; extras their per-sample (+ fixed) count.
std::vector<Formula> savedFormulas(const LayerContext& ctx, const KindResult& r,
                                   Profile profile = Profile::PyTorchCpu);

// The output shape of an element-wise kind (same shape and element kind as input 0) after
// checking the input holds activations. Used by the activation kinds.
Result<KindResult> elementwise(const LayerContext& ctx);

} // namespace netsizer::core::kinds
