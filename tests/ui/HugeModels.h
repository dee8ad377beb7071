#pragma once
// A model whose memory exceeds 64 bits at the largest batch, for the views' saturation tests.

#include "core/estimate/TrainingConfig.h"
#include "core/graph/GraphBuilder.h"

#include <string>

namespace netsizer::test {

// Input [10^12] → PReLU → 100 ReLUs that keep their input, every layer in group "chain". In
// PyTorch fp32 training each ReLU keeps 4 × 10^12 bytes per sample: 232.83 PiB at batch 65,536,
// far inside 64 bits, but the forward step's total exceeds 2^64 bytes there (at relu68,
// tests/core/tst_size_overflow.cpp), and so does the group's sum of its layers.
inline core::Graph hugeReluChain()
{
    core::GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", core::IntList{1'000'000'000'000}}});
    x = b.add("PReLU", "prelu", {x});
    for (int i = 0; i < 100; ++i) x = b.add("ReLU", "relu" + std::to_string(i), {x}, {{"inplace", false}});
    core::Graph g = b.take();
    for (const core::Layer& l : g.layers()) g.find(l.id)->group = "chain";
    return g;
}

// PyTorch fp32 training with Adam at the largest batch (65,536).
inline core::TrainingConfig hugeBatchTraining(core::TrainingConfig c = {})
{
    c.mode = core::Mode::Train;
    c.framework = core::Framework::PyTorch;
    c.optimizer = core::Optimizer::Adam;
    c.precision = core::Precision::Fp32;
    c.batch = core::TrainingConfig::kMaxBatch;
    return c;
}

} // namespace netsizer::test
