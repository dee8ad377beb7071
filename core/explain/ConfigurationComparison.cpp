#include "core/explain/ConfigurationComparison.h"

#include "core/estimate/Estimator.h"
#include "core/estimate/PrecisionSupport.h"

namespace netsizer::core {

std::vector<OptimizerPrecision> comparableCombinations(const TrainingConfig& config)
{
    std::vector<OptimizerPrecision> out;
    std::vector<Optimizer> optimizers;
    if (config.mode == Mode::Train)
        for (const OptimizerInfo& o : allOptimizers()) optimizers.push_back(o.optimizer);
    else
        optimizers.push_back(config.optimizer);
    for (Optimizer o : optimizers)
        for (const PrecisionInfo& p : allPrecisions())
            if (precisionUnavailableReason(p.precision, config.framework, config.gpu).empty()) out.push_back({o, p.precision});
    return out;
}

std::vector<ComparedConfiguration> compareConfigurations(const Analysis& analysis, const TrainingConfig& config,
                                                         std::uint64_t defaultContextBytes)
{
    std::vector<ComparedConfiguration> out;
    const std::vector<OptimizerPrecision> combinations = comparableCombinations(config);
    out.reserve(combinations.size());
    for (const OptimizerPrecision& c : combinations) {
        TrainingConfig variant = config;
        variant.optimizer = c.optimizer;
        variant.precision = c.precision;
        out.push_back({c, estimate(analysis, variant, defaultContextBytes)});
    }
    return out;
}

} // namespace netsizer::core
