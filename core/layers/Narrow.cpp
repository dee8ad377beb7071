// Narrow: a range of one axis (torch.narrow, x[..., a:b], each piece of torch.chunk / split,
// ONNX Slice of one axis), every `step`-th index of it when step > 1 (x[..., 0::2], Swin's
// PatchMerging): ⌈length / step⌉ indices. `axis` counts the batch as axis 0 like PyTorch's dim;
// the range [start, start + length) must lie inside the axis.
// A view: the output shares the input's storage, and backward keeps only sizes (derivatives.yaml
// `slice.Tensor: self: slice_backward(grad, self.sizes(), dim, start, end, step)`: narrow is a
// slice, SliceBackward0 saves no tensor). A layer that saves the piece pins the whole
// input's storage, as PyTorch does.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis, kStart, kLength, kStep };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const int axis = sampleAxis(ctx.i(kAxis), in);
    if (axis < 0) return sampleAxisError(ctx.i(kAxis), in);
    const std::int64_t size = in[axis], start = ctx.i(kStart), length = ctx.i(kLength);
    if (start >= size || length > size - start)
        return makeError("attribute", "range [" + std::to_string(start) + ", " + std::to_string(start) + " + " +
                                          std::to_string(length) + ") does not fit axis " + std::to_string(ctx.i(kAxis)) +
                                          " of length " + std::to_string(size) + " (input " + in.toString() + ")");
    const std::int64_t step = ctx.i(kStep);
    TensorInfo out = ctx.in();
    out.shape[axis] = length / step + (length % step != 0);
    KindResult r;
    r.outputs.push_back(out);
    r.aliasOf = 0;
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    const std::int64_t step = ctx.i(kStep);
    f.push_back(Formula{"range", step == 1 ? "x.narrow(axis, start, length)" : "every step-th index: ⌈length / step⌉",
                        ctx.in().shape.toString() + ".narrow(" + std::to_string(ctx.i(kAxis)) + ", " +
                            std::to_string(ctx.i(kStart)) + ", " + std::to_string(ctx.i(kLength)) + ")" +
                            (step == 1 ? "" : ", step " + std::to_string(step)),
                        r.outputs[0].shape.toString()});
    f.push_back(Formula{"saved for backward", "nothing (a view of the input's storage; SliceBackward0 keeps sizes)", "",
                        "0 elements"});
    return f;
}
} // namespace

LayerKind makeNarrowKind()
{
    LayerKind k;
    k.id = "Narrow";
    k.displayName = "Narrow";
    k.category = "Shape";
    k.description = "A range [start, start + length) of one axis, every step-th index (a piece of torch.chunk, "
                    "x[..., a:b:step]). A view: no "
                    "new memory, but whoever keeps it keeps the whole input.";
    k.params = {
        intParam("axis", 1, -7, 6, "", "Axis to cut; 0 is the batch axis as in PyTorch's dim, -1 the last"),
        intParam("start", 0, 0, 1e12, "", "First index kept"),
        intParam("length", 1, 1, 1e12, "", "Length of the range"),
        intParam("step", 1, 1, 1e12, "", "Keep every step-th index of the range (1: all of it)"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
