#include "core/estimate/Optimizer.h"

namespace netsizer::core {

const std::vector<OptimizerInfo>& allOptimizers()
{
    // Verified against ../shared/truth/out/*.json `optimizers.<name>.state_bytes_total`:
    // e.g. AlexNet (16 parameter tensors): Adam = 2 × 244,403,360 + 16 × 4 = 488,806,784.
    static const std::vector<OptimizerInfo> all = {
        {Optimizer::Sgd, "sgd", "SGD", 0, false, 1},
        {Optimizer::SgdMomentum, "sgd-momentum", "SGD + momentum", 1, false, 1},
        {Optimizer::Nesterov, "nesterov", "SGD + Nesterov", 1, false, 1},
        {Optimizer::Adam, "adam", "Adam", 2, true, 2},
        {Optimizer::AdamW, "adamw", "AdamW", 2, true, 2},
        {Optimizer::AdamAmsgrad, "adam-amsgrad", "Adam (AMSGrad)", 3, true, 3},
        {Optimizer::Adagrad, "adagrad", "Adagrad", 1, true, 1},
        {Optimizer::RmsProp, "rmsprop", "RMSprop", 1, false, 1},
        {Optimizer::RmsPropMomentum, "rmsprop-momentum", "RMSprop + momentum", 2, false, 2},
        {Optimizer::Adadelta, "adadelta", "Adadelta", 2, false, 2},
    };
    return all;
}

const OptimizerInfo& optimizerInfo(Optimizer o)
{
    return allOptimizers()[static_cast<std::size_t>(o)];
}

std::optional<Optimizer> parseOptimizer(std::string_view name)
{
    for (const auto& i : allOptimizers())
        if (name == i.name) return i.optimizer;
    return std::nullopt;
}

} // namespace netsizer::core
