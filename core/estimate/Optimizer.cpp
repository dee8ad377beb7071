#include "core/estimate/Optimizer.h"

namespace netsizer::core {

const std::vector<OptimizerInfo>& allOptimizers()
{
    // Verified against ../shared/truth/out/*.json `optimizers.<name>.state_bytes_total`:
    // e.g. AlexNet (16 parameter tensors): Adam = 2 × 244,403,360 + 16 × 4 = 488,806,784.
    // The 8-bit Adam family is bitsandbytes' (Adam8bit, AdamW8bit, PagedAdamW8bit: paged state
    // lives in CUDA unified memory, the same bytes on the GPU while it is resident); Lion keeps
    // one exp_avg (lucidrains/lion-pytorch lion_pytorch.py, bitsandbytes Lion32bit:
    // Optimizer1State), no step tensor.
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
        {Optimizer::Adam8bit, "adam-8bit", "Adam 8-bit (bitsandbytes)", 2, false, 2, StateRule::Blockwise8bit},
        {Optimizer::AdamW8bit, "adamw-8bit", "AdamW 8-bit (bitsandbytes)", 2, false, 2, StateRule::Blockwise8bit},
        {Optimizer::PagedAdamW8bit, "paged-adamw-8bit", "Paged AdamW 8-bit (bitsandbytes)", 2, false, 2, StateRule::Blockwise8bit},
        {Optimizer::Adafactor, "adafactor", "Adafactor", 2, false, 1, StateRule::FactoredSecondMoment},
        {Optimizer::Lion, "lion", "Lion", 1, false, 1},
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

Count optimizerStateBytes(const OptimizerInfo& o, const ParamTensor& p, Count stateBytes)
{
    const Count n = p.numel;
    switch (o.rule) {
    case StateRule::PerElement:
        return saturatingAdd(saturatingMul(saturatingMul(n, static_cast<Count>(o.statePerParam)), stateBytes), o.stepTensor ? 4 : 0);
    case StateRule::Blockwise8bit: {
        constexpr Count kMin8bitSize = 4096, kBlock = 256;
        if (n < kMin8bitSize) return 2 * 4 * n;
        return saturatingAdd(saturatingMul(2, n), 2 * 4 * (n / kBlock + (n % kBlock ? 1 : 0)));
    }
    case StateRule::FactoredSecondMoment:
        if (!p.atLeast2d()) return saturatingMul(n, stateBytes);
        return saturatingMul(n / p.lastDims[0] + n / p.lastDims[1], stateBytes);
    }
    return 0;
}

} // namespace netsizer::core
