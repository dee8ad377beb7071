#pragma once
// The loss a training step computes after the network's last layer, and what it keeps for
// backward (core/estimate/LossMemory.h).

#include <optional>
#include <string>
#include <string_view>

namespace netsizer::core {

// None: the loss keeps nothing (the output and its gradient only; earlier figures).
// CrossEntropy: torch.nn.functional.cross_entropy on the whole output.
// ChunkedCrossEntropy: the same over chunks of 32 token rows (NVIDIA NeMo Automodel's
// ChunkedCrossEntropy, chunk_len = 32, each chunk a compiled F.cross_entropy(logits.float())).
// FusedLinearCrossEntropy: Liger-Kernel's LigerFusedLinearCrossEntropy, the last linear layer and
// the loss in one kernel that never materialises the logits.
enum class LossKind { None, CrossEntropy, ChunkedCrossEntropy, FusedLinearCrossEntropy };

// "none", "cross-entropy", "chunked-cross-entropy", "fused-linear-cross-entropy"
const char* lossKindName(LossKind k);
std::optional<LossKind> parseLossKind(std::string_view name);
// "none, cross-entropy, chunked-cross-entropy, fused-linear-cross-entropy"
std::string lossKindNameList();

} // namespace netsizer::core
