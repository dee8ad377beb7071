#pragma once
// What the loss after the network's last layer holds in a PyTorch training step
// (TrainingConfig::loss). The output is the last analysed layer's output 0, per sample:
// classes = its last dimension when it has two ([T, V] tokens × vocabulary, flattened as
// F.cross_entropy(out.reshape(-1, V), target) does), else its first ([C], or [C, H, W] for a
// per-pixel loss); rows = numel / classes, one int64 target per row.
//
// - CrossEntropy (torch/csrc/autograd FunctionsManual: log_softmax saves its result, nll_loss
//   its target): log_softmax's result, numel × 4 B under fp32 and under autocast (log_softmax
//   is on autocast's float32 list), × the activation bytes under pure fp16/bf16; plus the
//   targets, rows × 8 B. Measured by truth.py as "loss_saved_per_sample_bytes"
//   (tests/truth/out/*.json: 32 tokens × 320 vocabulary × 4 + 32 × 8 = 41,216 B).
// - ChunkedCrossEntropy (NVIDIA-NeMo/Automodel nemo_automodel/components/loss/chunked_ce.py,
//   commit 79fa5b14: chunk_len = 32 rows of the flattened tokens, each chunk a torch.compile'd
//   F.cross_entropy(logits.float())): the targets, plus one chunk's float32 log_softmax,
//   min(32, rows at the configured batch) × classes × 4 B (fixed).
// - FusedLinearCrossEntropy (linkedin/Liger-Kernel src/liger_kernel/ops/
//   fused_linear_cross_entropy.py, commit ead96b61, reduction "mean"): the last layer is the
//   linear lm_head (V × H, H = its MACs per output element); its logits are never materialised
//   (`dropsOutput`). The forward computes the gradients at once and keeps until backward:
//   grad_input = zeros_like(_input), BT × H × activation bytes; grad_weight =
//   zeros_like(weight) (accum_dtype None: the weight's dtype), V × H × weight bytes; loss_1d
//   (BT × 4 B) and the targets (BT × 8 B). At its peak one chunk is alive: chunk_size =
//   next_power_of_2(ceil(BT / ceil(V / H))) rows of logits, written over by their gradient in
//   place (chunk × V × activation bytes), the chunk's grad_input product (chunk × H ×
//   activation bytes) and, on the plain `grad_weight += torch.mm(...).float()` path (fp32 and
//   pure half precision; the autocast path is torch ≥ 2.8's in-place addmm), a V × H product
//   in the activation dtype. The chunk depends on BT, so it is taken at the configured batch
//   (fixed).

#include "core/analysis/Analysis.h"
#include "core/estimate/TrainingConfig.h"
#include "core/memory/AffineBytes.h"

namespace netsizer::core {

struct LossMemory {
    // Alive from the loss event until the loss's backward (the timeline's Loss event only).
    AffineBytes kept;
    // The last layer's output and its gradient are never allocated (fused linear cross-entropy).
    bool dropsOutput = false;
    // The output's rows (tokens) and classes per sample, and the chunk rows at the configured
    // batch (chunked and fused kinds; 0 otherwise).
    Count rows = 0, classes = 0, chunkRows = 0;
};

// The loss' bytes for `config` (training with a PyTorch profile; nothing otherwise, nor for
// LossKind::None or a network without an analysed output).
LossMemory lossMemory(const Analysis& a, const TrainingConfig& config);

} // namespace netsizer::core
