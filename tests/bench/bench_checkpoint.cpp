// netsizer-bench-checkpoint: how long the optimal checkpoint placement for a memory budget takes
// on 500-layer networks (core/checkpoint/CheckpointPlacement.h). Target: placeForBudget under
// 16 ms. Prints, per network, the budget, the placement found and the median and minimum of
// individually timed runs; asserts nothing.
//
// The networks, trained in PyTorch with Adam in fp32:
//   residual  bench::residualNetwork (BenchSupport.h), 500 layers, 64 channels of 32×32: cut
//             points between the residual blocks only (inside one, two tensors cross).
//   chain     500 layers Dense(512) → ReLU alternating on [512] at batch 8192 (activations
//             of 8 GiB dominate 1 GiB of weights and Adam state): a cut after every layer,
//             the DP's worst case in cut points.
// The budget is the peak without checkpointing minus 60 % of what √n checkpointing saves, so
// the DP has to trade: some segments are needed, not all.
#include "BenchSupport.h"

#include "core/analysis/Analysis.h"
#include "core/checkpoint/CheckpointPlacement.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/util/AllocatorTuning.h"

#include <cstdio>
#include <cstring>
#include <string>

using namespace netsizer::core;
using namespace netsizer::bench;

namespace {

volatile std::uint64_t g_sink = 0; // keeps results alive so nothing is optimised away

Graph chain(std::size_t layers)
{
    GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", IntList{512}}});
    for (std::size_t i = 1; i < layers; ++i)
        x = i % 2 ? b.add("Dense", "d" + std::to_string(i), {x}, {{"units", std::int64_t{512}}})
                  : b.add("ReLU", "r" + std::to_string(i), {x}, {{"inplace", false}});
    return b.take();
}

int benchmark(const char* name, const Graph& g, std::uint64_t batch, int runs)
{
    TrainingConfig config;
    config.batch = batch;
    config.framework = Framework::PyTorch;
    config.optimizer = Optimizer::Adam;
    const std::uint64_t context = GpuCatalog::builtin().defaultContextBytes();
    const Analysis a = analyze(g);
    if (!a.ok()) {
        std::printf("generated network has errors: %s\n", a.errors[0].describe().c_str());
        return 1;
    }
    const MemoryBreakdown m = estimate(a, config, context);
    const auto sqrt = checkpointSqrt(g, config, context);
    if (!sqrt) return 1;
    const std::uint64_t plain = m.peakBytes();
    const std::uint64_t saved = plain > sqrt->peakBytes ? plain - sqrt->peakBytes : 0;
    const std::uint64_t budget = plain - saved * 6 / 10;
    const CheckpointPlan plan = placeForBudget(g, a, m, budget);
    const auto verified = checkpointForBudget(g, config, budget, context);
    std::printf("%s: %zu layers, %s forward MACs/sample, Adam fp32 batch %llu: peak %s B; sqrt: %zu segments, peak %s B, "
                "%s recomputed MACs/sample\n",
                name, g.size(), std::to_string(a.macs).c_str(), static_cast<unsigned long long>(batch), std::to_string(plain).c_str(), sqrt->plan.segments.size(),
                std::to_string(sqrt->peakBytes).c_str(), std::to_string(sqrt->plan.recomputedMacs).c_str());
    std::printf("  budget %s B: DP %s, %zu segments, %s recomputed MACs/sample, predicted peak %s B; engine peak %s B (%s)\n",
                std::to_string(budget).c_str(), plan.feasible ? "feasible" : "infeasible", plan.segments.size(),
                std::to_string(plan.recomputedMacs).c_str(), std::to_string(plan.predictedPeak).c_str(),
                verified ? std::to_string(verified->peakBytes).c_str() : "error",
                verified && verified->peakBytes <= budget ? "within the budget" : "over the budget");
    printLine("placeForBudget", timeRuns(runs, [&] { g_sink = g_sink + placeForBudget(g, a, m, budget).segments.size(); }), runs,
              "   target < 16 ms");
    printLine("checkpointForBudget (+ analyse, verify)",
              timeRuns(runs, [&] { g_sink = g_sink + checkpointForBudget(g, config, budget, context)->peakBytes; }), runs);
    return 0;
}

} // namespace

// Usage: netsizer-bench-checkpoint [--quick]
int main(int argc, char** argv)
{
    keepFreedHeapMemory(); // as netsizer and netsizer-cli do
    int runs = 21;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) {
            runs = 5;
        } else {
            std::fprintf(stderr, "usage: netsizer-bench-checkpoint [--quick]\n");
            return 2;
        }
    }
    std::printf("netsizer-bench-checkpoint (per-call times, steady_clock)\n");
    printCpuCheck();
    std::printf("\n");
    if (const int rc = benchmark("residual", residualNetwork(500, 64, 32), 64, runs)) return rc;
    std::printf("\n");
    return benchmark("chain", chain(500), 8192, runs);
}
