#pragma once

#include <optional>
#include <string_view>
#include <vector>

namespace netsizer::core {

enum class Optimizer {
    Sgd, SgdMomentum, Nesterov, Adam, AdamW, AdamAmsgrad, Adagrad, RmsProp, RmsPropMomentum, Adadelta,
};

struct OptimizerInfo {
    Optimizer optimizer;
    const char* name;  // CLI / JSON name: "sgd-momentum"
    const char* label; // UI label: "SGD + momentum"
    // Per-parameter state tensors PyTorch 1.13 keeps after a step (momentum_buffer, exp_avg,
    // exp_avg_sq, max_exp_avg_sq, sum, square_avg, acc_delta), measured in ../shared/truth.
    int statePerParam;
    // PyTorch keeps a 4-byte float32 `step` tensor per parameter tensor (Adam, AdamW, Adagrad in
    // torch 1.13; RMSprop and Adadelta keep a Python int).
    bool stepTensor;
    // Caffe 1.0 solvers: history blobs per parameter (SGD keeps one even without momentum).
    int caffeHistoryPerParam;
};

const OptimizerInfo& optimizerInfo(Optimizer o);
const std::vector<OptimizerInfo>& allOptimizers();
std::optional<Optimizer> parseOptimizer(std::string_view name);

} // namespace netsizer::core
