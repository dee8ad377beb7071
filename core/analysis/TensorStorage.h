#pragma once
// The analyser's record of one block of tensor memory (core/analysis/Analyzer.cpp only).

#include "core/analysis/LayerAnalysis.h"
#include "core/graph/ElemKind.h"

#include <array>
#include <cstdint>

namespace netsizer::core {

// One distinct block of memory holding a tensor (views and in-place ops share one).
struct TensorStorage {
    Count numel = 0;
    ElemKind elem = ElemKind::Activation;
    bool modelInput = false;
    std::array<bool, kProfileCount> kept{}; // already charged to a layer, per profile
    // Mixed precision, per PyTorch device (Profile::PyTorchCuda, PyTorchCpu): the tensor is
    // float32 under autocast (else half when elem is Activation), and already charged.
    std::array<bool, 2> autocastFloat{};
    std::array<bool, 2> autocastKept{};
    int consumersLeft = 0;                  // inference liveness
    // Gradient checkpointing: the segment whose layer wrote it (-1: none), and, per PyTorch
    // device, whether its recomputed copy is already charged (RecomputedLayer).
    int segment = -1;
    std::array<bool, 2> recomputeKept{};
    std::array<bool, 2> recomputeAutocastKept{};
    // The first and last layer saving it for backward (PyTorchCuda rules), positions in
    // Analysis::layers; -1: none (LayerAnalysis::outputFirstSaver).
    std::int32_t firstSaver = -1;
    std::int32_t lastSaver = -1;
};

} // namespace netsizer::core
