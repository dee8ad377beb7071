#pragma once
// Small hand-derivable networks and configurations shared by the engine tests (test code only).

#include "core/estimate/TrainingConfig.h"
#include "core/graph/GraphBuilder.h"

namespace netsizer::testing {

// Input[4] -> Dense(3) "d1" -> Dense(2) "d2": 23 params (d1 15, d2 8).
inline core::Graph twoDense()
{
    core::GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", core::IntList{4}}});
    auto d1 = b.add("Dense", "d1", {x}, {{"units", std::int64_t{3}}});
    b.add("Dense", "d2", {d1}, {{"units", std::int64_t{2}}});
    return b.take();
}

// PyTorch (CUDA) training, fp32, Adam, at `batch`.
inline core::TrainingConfig adamFp32(std::uint64_t batch)
{
    core::TrainingConfig c;
    c.mode = core::Mode::Train;
    c.framework = core::Framework::PyTorch;
    c.optimizer = core::Optimizer::Adam;
    c.precision = core::Precision::Fp32;
    c.batch = batch;
    return c;
}

} // namespace netsizer::testing
