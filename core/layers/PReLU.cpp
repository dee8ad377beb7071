// PReLU: x for x > 0, a · x otherwise, with a learnable slope `a` shared by all channels
// (num_parameters = 1) or one per channel (= C, the first per-sample axis). PyTorch 1.13
// `prelu: self, weight: prelu_backward(grad, self, weight)` keeps the input (and the weight, a
// parameter). Caffe's PReLULayer::Reshape allocates backward_buff_ and multiplier_ of one
// sample's size (bottom[0]->count(1)) each, independent of the batch.
#include "core/layers/KindHelpers.h"

namespace netsizer::core::kinds {
namespace {
enum Attr { kNumParameters };

Result<KindResult> analyze(const LayerContext& ctx)
{
    auto r = elementwise(ctx);
    if (!r) return r;
    const Shape& in = ctx.in().shape;
    if (in.rank() < 1) return makeError("shape", "expects an input of rank >= 1 ([C, ...] per sample), got a scalar");
    const std::int64_t n = ctx.i(kNumParameters);
    if (n != 1 && n != in[0])
        return makeError("attribute", "num_parameters must be 1 or the channel count " + std::to_string(in[0]) +
                                          ", got " + std::to_string(n));
    r->params.push_back({"weight", static_cast<Count>(n), true});
    const Count numel = in.numel().value();
    r->macs = numel; // one multiply per element (negative side), counted for every element
    r->keepPyTorch(savedInput(0, "PreluBackward0.self"));
    r->keep(Profile::Caffe, savedExtra(ElemKind::Activation, 0, 2 * numel, "PReLULayer.backward_buff_ + multiplier_"));
    return r;
}
} // namespace

LayerKind makePReLUKind()
{
    LayerKind k;
    k.id = "PReLU";
    k.displayName = "PReLU";
    k.category = "Activation";
    k.description = "Leaky ReLU with a learned negative slope, shared or one per channel. Keeps its input for backward.";
    k.params = {intParam("num_parameters", 1, 1, 1e9, "",
                         "Learned slopes: 1 (shared) or the number of channels (one each)")};
    k.analyze = analyze;
    k.explain = [](const LayerContext& c, const KindResult& r) {
        auto f = basicFormulas(r);
        f.push_back(countFormula("weights", "num_parameters (1 or C)", withThousands(c.i(kNumParameters)),
                                 r.params[0].numel));
        f.push_back(countFormula("MACs", "input elements", withThousands(r.macs), r.macs));
        for (auto& s : savedFormulas(c, r)) f.push_back(s);
        return f;
    };
    return k;
}

} // namespace netsizer::core::kinds
