#pragma once
// What one element of a tensor is, which fixes its size in bytes for a given precision.

#include <cstdint>

namespace netsizer::core {

enum class ElemKind : std::uint8_t {
    Activation, // floating point in the activation dtype: 4 B in fp32, 2 B in fp16/bf16/mixed
    Float32,    // always 4 B (e.g. BatchNorm statistics under autocast)
    Int64,      // 8 B: token ids, max-pool indices in PyTorch, num_batches_tracked
    Int32,      // 4 B: Caffe's max-pool indices and dropout masks
    Bool,       // 1 B: dropout masks of PyTorch's CUDA kernels
};
inline constexpr int kElemKindCount = 5;

inline constexpr int elemIndex(ElemKind k) { return static_cast<int>(k); }

// Bytes of one element; `activationBytes` is the size of ElemKind::Activation (4 or 2).
inline constexpr std::uint64_t elemBytes(ElemKind k, std::uint64_t activationBytes)
{
    switch (k) {
    case ElemKind::Activation: return activationBytes;
    case ElemKind::Float32: return 4;
    case ElemKind::Int64: return 8;
    case ElemKind::Int32: return 4;
    case ElemKind::Bool: return 1;
    }
    return 0;
}

const char* elemKindName(ElemKind k);

} // namespace netsizer::core
