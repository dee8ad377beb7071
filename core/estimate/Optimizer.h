#pragma once

#include "core/layers/KindResult.h"

#include <optional>
#include <string_view>
#include <vector>

namespace netsizer::core {

enum class Optimizer {
    Sgd, SgdMomentum, Nesterov, Adam, AdamW, AdamAmsgrad, Adagrad, RmsProp, RmsPropMomentum, Adadelta,
    Adam8bit, AdamW8bit, PagedAdamW8bit, Adafactor, Lion,
};

// How an optimizer sizes the state of one parameter tensor of n elements.
enum class StateRule {
    // statePerParam tensors of n elements in the precision's state dtype (torch.optim).
    PerElement,
    // bitsandbytes Optimizer2State (bitsandbytes/optim/optimizer.py, init_state; commit
    // 95f9af309d4d5793847169c39288dcd3fcbdf564): a tensor of fewer than min_8bit_size = 4096
    // elements keeps state1 and state2 in float32 (8n B); a larger one keeps them as uint8 (2n B)
    // with a float32 absmax per block of 256 elements for each (2 × 4 × ceil(n / 256) B). The
    // step is a Python int; the two 256-entry quantisation maps are shared by all tensors.
    Blockwise8bit,
    // Adafactor without a first moment (transformers/optimization.py Adafactor, beta1=None, the
    // default): a tensor of two or more dimensions keeps exp_avg_sq_row (shape[:-1]) and
    // exp_avg_sq_col (shape[:-2] + shape[-1:]), n / shape[-1] + n / shape[-2] elements; a
    // one-dimensional one keeps exp_avg_sq (n). In the gradient's dtype; step and RMS are Python
    // numbers.
    FactoredSecondMoment,
};

struct OptimizerInfo {
    Optimizer optimizer;
    const char* name;  // CLI / JSON name: "sgd-momentum"
    const char* label; // UI label: "SGD + momentum"
    // Per-parameter state tensors PyTorch 1.13 keeps after a step (momentum_buffer, exp_avg,
    // exp_avg_sq, max_exp_avg_sq, sum, square_avg, acc_delta), measured in ../shared/truth.
    // For the other rules: the state tensors per parameter tensor (the allocator estimate).
    int statePerParam;
    // PyTorch keeps a 4-byte float32 `step` tensor per parameter tensor (Adam, AdamW, Adagrad in
    // torch 1.13; RMSprop and Adadelta keep a Python int).
    bool stepTensor;
    // Caffe 1.0 solvers: history blobs per parameter (SGD keeps one even without momentum).
    // Optimizers Caffe lacks count as the nearest solver (8-bit Adam as Adam, Adafactor and Lion
    // as one history blob).
    int caffeHistoryPerParam;
    StateRule rule = StateRule::PerElement;
};

const OptimizerInfo& optimizerInfo(Optimizer o);
const std::vector<OptimizerInfo>& allOptimizers();
std::optional<Optimizer> parseOptimizer(std::string_view name);

// Optimizer state bytes of one trainable parameter tensor `p` (its step tensor included), the
// float state elements `stateBytes` wide (the precision's optimizer-state size). Saturating.
Count optimizerStateBytes(const OptimizerInfo& o, const ParamTensor& p, Count stateBytes);

} // namespace netsizer::core
