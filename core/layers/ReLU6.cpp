// ReLU6: min(max(x, 0), 6), PyTorch's hardtanh(x, 0, 6). derivatives.yaml (torch 1.13)
// `hardtanh: self: hardtanh_backward(grad, self, min_val, max_val)` keeps the input.
// In place (torchvision 0.14's MobileNetV2 builds ReLU6(inplace=True)) the node is still
// HardtanhBackward0 with a saved `self` in a storage of its own: ../shared/truth
// mobilenet_v2 lists 35 `HardtanhBackward0.self` storages distinct from the ReLU6 outputs that
// the next convolution keeps (consistent with autograd keeping a copy of the original input
// for an in-place op whose derivative needs `self`).
// So in place: the output shares the input's storage and a copy of the input is kept.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    if (ctx.b(kInplace)) {
        r->aliasOf = 0;
        r->keepPyTorch(savedExtra(ElemKind::Activation, ctx.in().shape.numel().value(), 0,
                                  "HardtanhBackward0.self (copy of the input, in place)"));
    } else {
        r->keepPyTorch(savedInput(0, "HardtanhBackward0.self"));
    }
    keepTensorFlowOp(*r, TfOp::Relu6, {tfIn(0)}, {tfOut(0)}); // TensorFlow: keeps its output
    return r;
}
} // namespace

LayerKind makeReLU6Kind()
{
    LayerKind k;
    k.id = "ReLU6";
    k.displayName = "ReLU6";
    k.category = "Activation";
    k.description = "ReLU clipped at 6 (MobileNet). PyTorch keeps its input for backward, even in place (as a copy).";
    k.params = {boolParam("inplace", false, "Overwrite the input instead of allocating an output")};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
