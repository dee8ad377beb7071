// Permute: reorders the per-sample axes (torch.permute / Tensor.transpose, ONNX Transpose). `dims`
// lists the per-sample axes 0..rank-1 in their new order; the batch axis stays first and is not
// named (a torch dims of (0, 2, 1) on [N, T, E] is dims [1, 0] here).
// A view: the output shares the input's storage with permuted strides, and backward keeps only
// the permutation (derivatives.yaml `permute: self: permute_backwards(grad, dims)`,
// `transpose.int: self: grad.transpose(dim0, dim1)`: PermuteBackward0 / TransposeBackward0 save
// no tensor). A later op that needs contiguous memory (a Reshape with copy, a matmul's reshape)
// makes the copy. TensorFlow: Transpose's gradient is a Transpose by the inverse permutation,
// which reads only the perm, so the tape keeps nothing.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kDims };

// "[1, 0]"
std::string listText(const IntList& l)
{
    std::string s = "[";
    for (std::size_t i = 0; i < l.size(); ++i) s += (i ? ", " : "") + std::to_string(l[i]);
    return s + "]";
}

Result<KindResult> analyze(const LayerContext& ctx)
{
    const Shape& in = ctx.in().shape;
    const IntList& dims = ctx.list(kDims);
    const std::string bad = "dims " + listText(dims) + " is not a permutation of the " + std::to_string(in.rank()) +
                            " per-sample axes of " + in.toString() + " (0.." + std::to_string(in.rank() - 1) +
                            ", the batch axis excluded)";
    if (static_cast<int>(dims.size()) != in.rank()) return makeError("attribute", bad);
    std::array<bool, Shape::kMaxRank> seen{};
    TensorInfo out;
    out.elem = ctx.in().elem;
    for (auto d : dims) {
        if (d < 0 || d >= in.rank() || seen[static_cast<std::size_t>(d)]) return makeError("attribute", bad);
        seen[static_cast<std::size_t>(d)] = true;
        out.shape.push(in[static_cast<int>(d)]);
    }
    KindResult r;
    r.outputs.push_back(out);
    r.aliasOf = 0;
    markTensorFlowRule(r); // Transpose keeps nothing
    return r;
}

std::vector<Formula> explain(const LayerContext& ctx, const KindResult& r)
{
    auto f = basicFormulas(r);
    f.push_back(Formula{"axes", "output axis i = input axis dims[i]",
                        ctx.in().shape.toString() + " by " + listText(ctx.list(kDims)),
                        r.outputs[0].shape.toString()});
    f.push_back(Formula{"saved for backward", "nothing (a view; PermuteBackward0 keeps only dims)", "", "0 elements"});
    return f;
}
} // namespace

LayerKind makePermuteKind()
{
    LayerKind k;
    k.id = "Permute";
    k.displayName = "Permute";
    k.category = "Shape";
    k.description = "Reorders the axes of one sample (a transpose). A view of the input: no new memory, nothing kept "
                    "for backward.";
    k.aliases = {"Transpose"};
    k.params = {listParam("dims", {1, 0}, 0, Shape::kMaxRank - 1, 1, kMaxListLength, "",
                          "New order of the per-sample axes, 0 = the first axis after the batch")};
    k.analyze = analyze;
    k.explain = explain;
    return k;
}

} // namespace netsizer::core::kinds
