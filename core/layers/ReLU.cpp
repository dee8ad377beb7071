// ReLU: max(x, 0). PyTorch's relu backward needs only its result.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kInplace };

Result<KindResult> analyze(const LayerContext& ctx)
{
    if (auto e = expectFloat(ctx)) return *e;
    KindResult r;
    r.outputs.push_back(ctx.in());
    if (ctx.b(kInplace)) r.aliasOf = 0; // ReLU(inplace=True): the result overwrites the input
    r.keepPyTorch(savedOutput(0, "ReluBackward0.result"));
    keepTensorFlowOp(r, TfOp::Relu, {tfIn(0)}, {tfOut(0)}); // TensorFlow: keeps its output
    return r;
}
} // namespace

LayerKind makeReLUKind()
{
    LayerKind k;
    k.id = "ReLU";
    k.displayName = "ReLU";
    k.category = "Activation";
    k.description = "Rectified linear unit. In place, it shares its input's memory (torchvision's ReLU(inplace=True), Caffe's top == bottom).";
    k.params = {boolParam("inplace", false, "Overwrite the input instead of allocating an output")};
    k.analyze = analyze;
    k.explain = [](const LayerContext&, const KindResult& r) { return basicFormulas(r); };
    return k;
}

} // namespace netsizer::core::kinds
