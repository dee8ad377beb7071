// Select: picks one index along one axis and drops that axis (torch.select, x[:, 0] for ViT's
// class token, ONNX Gather with a scalar index). `axis` counts the batch as axis 0 like PyTorch's
// dim (and like Softmax's axis); it must name a per-sample axis. A negative index counts from
// the end of the axis. Selecting from a rank-1 sample leaves a per-sample scalar, shape [1].
// A view: the output shares the input's storage, and backward keeps only sizes (derivatives.yaml
// `select.int: self: select_backward(grad, self.sizes(), dim, index)`: SelectBackward0 saves no
// tensor). Because it is a view, a later layer that saves it pins the whole input's
// storage, and the analyser charges it at that size: PyTorch's ViT head keeps
// "AddmmBackward0.mat1" of [2, 768] at 2 × 197 × 768 × 4 bytes (../shared/truth vit_b_16).
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kAxis, kIndex };

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const int axis = sampleAxis(ctx.i(kAxis), in);
    if (axis < 0) return sampleAxisError(ctx.i(kAxis), in);
    const std::int64_t length = in[axis];
    std::int64_t index = ctx.i(kIndex);
    if (index < 0) index += length;
    if (index < 0 || index >= length)
        return makeError("attribute", "index " + std::to_string(ctx.i(kIndex)) + " is out of range for axis " +
                                          std::to_string(ctx.i(kAxis)) + " of length " + std::to_string(length) +
                                          " (input " + in.toString() + ")");
    TensorInfo out;
    out.elem = ctx.in().elem;
    for (int a = 0; a < in.rank(); ++a)
        if (a != axis) out.shape.push(in[a]);
    if (out.shape.rank() == 0) out.shape.push(1); // a per-sample scalar is shape [1]
    KindResult r;
    r.outputs.push_back(out);
    r.aliasOf = 0;
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(Formula{"selection", "x.select(axis, index): the axis is dropped",
                        ctx.in().shape.toString() + ".select(" + std::to_string(ctx.i(kAxis)) + ", " +
                            std::to_string(ctx.i(kIndex)) + ")",
                        r.outputs[0].shape.toString()});
    f.push_back(Formula{"saved for backward", "nothing (a view of the input's storage; SelectBackward0 keeps sizes)", "",
                        "0 elements"});
    return f;
}
} // namespace

LayerKind makeSelectKind()
{
    LayerKind k;
    k.id = "Select";
    k.displayName = "Select";
    k.category = "Shape";
    k.description = "Takes one index along an axis and drops the axis (ViT's class token x[:, 0]). A view: no new "
                    "memory, but whoever keeps it keeps the whole input.";
    k.params = {
        intParam("axis", 1, -7, 6, "", "Axis to select from; 0 is the batch axis as in PyTorch's dim, -1 the last"),
        intParam("index", 0, -1e12, 1e12, "", "Position along the axis; negative counts from the end"),
    };
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
