#include "core/explain/NaiveEstimate.h"

namespace netsizer::core {

const std::vector<HandRule>& allHandRules()
{
    static const std::vector<HandRule> all = {HandRule::WeightsOnly, HandRule::ForwardActivations, HandRule::Cs231n};
    return all;
}

HandCounts handCounts(const Analysis& analysis)
{
    HandCounts c;
    c.params = analysis.paramsTotal;
    for (const LayerAnalysis& la : analysis.layers)
        if (la.analysed && !la.modelInput) c.forwardOutputsPerSample = saturatingAdd(c.forwardOutputsPerSample, la.outputActivationNumel);
    return c;
}

HandEstimate handEstimate(HandRule rule, const HandCounts& counts, std::uint64_t batch)
{
    HandEstimate e;
    e.rule = rule;
    e.batch = batch;
    e.counts = counts;
    const auto set = [&e](Component c, std::uint64_t bytes) { e.parts[static_cast<std::size_t>(c)] = bytes; };
    const std::uint64_t params = saturatingMul(counts.params, kHandRuleValueBytes);
    const std::uint64_t activations = saturatingMul(saturatingMul(counts.forwardOutputsPerSample, batch), kHandRuleValueBytes);
    switch (rule) {
    case HandRule::WeightsOnly: set(Component::Weights, params); break;
    case HandRule::ForwardActivations: set(Component::Activations, activations); break;
    case HandRule::Cs231n:
        // params × 3: the weights, their gradients and one step cache (momentum, Adagrad or
        // RMSProp's); activations × 2: the activations and a gradient of the same size each.
        set(Component::Weights, params);
        set(Component::Gradients, params);
        set(Component::OptimizerState, params);
        set(Component::Activations, activations);
        set(Component::ActivationGradients, activations);
        break;
    }
    for (std::uint64_t part : e.parts) e.bytes = saturatingAdd(e.bytes, part);
    return e;
}

} // namespace netsizer::core
