// netsizer-bench-core: how long the engine takes on generated networks of 1,000 and 100,000
// layers. Prints per-call figures (median and minimum of many runs, each timed alone); asserts
// nothing.
//
// The network: bench::residualNetwork (BenchSupport.h) with 16 channels: Input [16, 8, 8], then
// residual blocks Conv2D(16, k3, p1) -> ReLU -> Add(relu, block input) on an 8×8 map, closed by
// Flatten -> Dense(64) -> ReLU -> Dense(10); the block count is chosen so the network has the
// requested number of layers.
//
// Timed:
//   analyze            core::analyze(graph)                    (a structural edit)
//   estimate           core::estimate(analysis, config)        (a configuration change)
//   analyze+estimate   both, as the designer runs them after a structural edit
//   batch change       MemoryBreakdown::componentMaximaSumAt(b) for a new b (one affine line)
//   batch change, all  every component's bytes(b) + their sum + fits + largest batch
//   batch change, peak MemoryBreakdown::peakCompositionAt(b): the headline and its composition,
//                      what the summary shows per slider step (O(timeline events))
// Then the op-level graphs of real ONNX exports (vit_b_16 of ../shared/truth, swin_t of
// tests/truth): analyze and analyze+estimate per call and per layer, beside the generated
// network's per-layer cost (target: op-level within 2× of it).
#include "BenchSupport.h"

#include "core/analysis/Analysis.h"
#include "core/memory/BatchPlanner.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"
#include "core/util/AllocatorTuning.h"

#include <cstdio>
#include <cstring>
#include <filesystem>
#include <string>
#include <vector>

using namespace netsizer::core;
using namespace netsizer::bench;

namespace {

volatile std::uint64_t g_sink = 0; // keeps results alive so nothing is optimised away

// Per-call time of a sub-microsecond operation: median over `rounds` of a loop of `calls`.
template <class F>
Timing perCallNs(int rounds, int calls, F&& f)
{
    return timeRuns(rounds, [&] {
               for (int i = 0; i < calls; ++i) f(static_cast<std::uint64_t>(i));
           }) / calls;
}

void benchmark(std::size_t layerCount, int runs)
{
    const auto buildStart = Clock::now();
    const Graph g = residualNetwork(layerCount);
    const double buildNs = std::chrono::duration<double, std::nano>(Clock::now() - buildStart).count();

    TrainingConfig config;
    config.batch = 32;
    config.framework = Framework::PyTorch;
    config.optimizer = Optimizer::Adam;
    config.gpu = GpuCatalog::builtin().find("A100 80GB");
    const std::uint64_t context = GpuCatalog::builtin().defaultContextBytes();

    const Analysis a = analyze(g);
    if (!a.ok()) {
        std::printf("generated network has errors: %s\n", a.errors[0].describe().c_str());
        return;
    }
    const MemoryBreakdown m = estimate(a, config, context);
    std::printf("%zu layers, %zu connections, %s params, %s B at batch 32 (graph built in %s)\n", g.size(),
                g.connections().size(), std::to_string(a.paramsTotal).c_str(), std::to_string(m.peakBytes()).c_str(),
                human(buildNs).c_str());

    const bool small = layerCount <= 1000;
    printLine("analyze", timeRuns(runs, [&] { g_sink = g_sink + analyze(g).layers.size(); }), runs);
    printLine("estimate", timeRuns(runs, [&] { g_sink = g_sink + estimate(a, config, context).layers.size(); }), runs);
    printLine("analyze+estimate", timeRuns(runs, [&] {
             const Analysis fresh = analyze(g);
             g_sink = g_sink + estimate(fresh, config, context).layers.size();
         }),
         runs, small ? "   target < 200 µs" : "");

    const int calls = 100000, rounds = 101;
    printLine("batch change: maxima sum at b",
         perCallNs(rounds, calls, [&](std::uint64_t i) { g_sink = g_sink + m.componentMaximaSumAt(1 + (i & 1023)); }),
         rounds, "   target < 1 µs");
    printLine("batch change: all + fit", perCallNs(rounds, calls, [&](std::uint64_t i) {
             const std::uint64_t b = 1 + (i & 1023);
             std::uint64_t s = 0;
             for (const auto& c : m.components) s += c.at(b);
             s += m.componentMaximaSumAt(b);
             s += m.componentMaximaSumAt(b) <= m.config.gpu->memoryBytes;
             s += largestBatchThatFits(m.componentMaximaSum, m.config.gpu->memoryBytes);
             g_sink = g_sink + s;
         }),
         rounds, "   target < 1 µs");
    const int peakCalls = small ? 10000 : 20;
    printLine("batch change: peak composition",
         perCallNs(rounds, peakCalls, [&](std::uint64_t i) { g_sink = g_sink + m.peakCompositionAt(1 + (i & 1023)).bytes; }),
         rounds, "   (O(events); one per slider step)");
}

// analyze and analyze+estimate of an imported graph, per call and per layer.
void benchmarkImported(const char* what, const std::string& path, int runs)
{
    if (!std::filesystem::exists(path)) {
        std::printf("%s: %s is absent\n", what, path.c_str());
        return;
    }
    auto file = readModelFile(path);
    if (!file) {
        std::printf("%s: %s\n", what, file.error().describe().c_str());
        return;
    }
    const Graph& g = file->graph;
    TrainingConfig config;
    config.batch = 32;
    const std::uint64_t context = GpuCatalog::builtin().defaultContextBytes();
    const double layers = static_cast<double>(g.size());
    std::printf("%s: %zu layers\n", what, g.size());
    const Timing an = timeRuns(runs, [&] { g_sink = g_sink + analyze(g).layers.size(); });
    const Timing both = timeRuns(runs, [&] { g_sink = g_sink + estimate(analyze(g), config, context).layers.size(); });
    printLine("analyze", an, runs);
    printLine("analyze per layer", an / layers, runs);
    printLine("analyze+estimate", both, runs);
    printLine("analyze+estimate per layer", both / layers, runs);
}

} // namespace

// Usage: netsizer-bench-core [--quick] [--layers N]...   (default: 1,000 and 100,000 layers)
int main(int argc, char** argv)
{
    keepFreedHeapMemory(); // as netsizer and netsizer-cli do
    bool quick = false;
    std::vector<std::size_t> sizes;
    for (int i = 1; i < argc; ++i) {
        if (std::strcmp(argv[i], "--quick") == 0) quick = true;
        else if (std::strcmp(argv[i], "--layers") == 0 && i + 1 < argc) sizes.push_back(std::stoul(argv[++i]));
        else {
            std::fprintf(stderr, "usage: netsizer-bench-core [--quick] [--layers N]...\n");
            return 2;
        }
    }
    if (sizes.empty()) sizes = {1000, 100000};
    std::printf("netsizer-bench-core (per-call times, steady_clock)\n");
    printCpuCheck();
    for (std::size_t n : sizes) {
        std::printf("\n");
        const int runs = n <= 10000 ? (quick ? 51 : 1001) : (quick ? 3 : 21);
        benchmark(n, runs);
    }
    std::printf("\nOp-level ONNX graphs (compare the per-layer figures with the 1,000-layer network's analyze+estimate / 1,000):\n");
    benchmarkImported("vit_b_16", NETSIZER_SHARED_DIR "/truth/onnx/vit_b_16.train.onnx", quick ? 21 : 201);
    benchmarkImported("swin_t", NETSIZER_ROOT "/tests/truth/onnx/tv_swin_t.train.onnx", quick ? 21 : 201);
    return 0;
}
