// netsizer-bench-advise: how long core::advise takes on generated 500-layer networks that do not
// fit their GPU. Target: under 50 ms. Prints, per scenario, what the advisor answered (its
// suggestions and notes) and the median and minimum of individually timed runs; asserts nothing.
//
// The networks: bench::residualNetwork (BenchSupport.h), 500 layers (165 residual blocks),
// trained in PyTorch with Adam in fp32 on an 8 GB GTX 1080 (fp16, no bf16) unless said:
//   singles       256 channels of 8×8 (98 M parameters) at batch 512: accumulation, mixed
//                 precision, data parallelism, freezing and a larger GPU each fit on their own.
//   combination   576 channels of 32×32 (531 M parameters) at batch 2048: Adam's weights,
//                 gradients and state (16 B a parameter) exceed the card and even the frozen
//                 forward pass does not fit at that batch, so every single search fails and the
//                 advisor goes on to the combinations (mixed precision, then freezing searched
//                 at micro-batch 1, then accumulation).
//   nothing fits  320 channels of 64×64 (236 M parameters) at batch 512 on a 4 GB GRID K520
//                 (no mixed precision): every search, single and combined, runs and fails.
#include "BenchSupport.h"

#include "core/advise/Advisor.h"
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/util/AllocatorTuning.h"

#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

using namespace netsizer::core;
using namespace netsizer::bench;

namespace {

volatile std::uint64_t g_sink = 0; // keeps results alive so nothing is optimised away

struct Scenario {
    const char* name = "custom";
    std::size_t layers = 500;
    std::int64_t channels = 256;
    std::int64_t side = 8;
    std::uint64_t batch = 512;
    std::string gpu = "GTX 1080";
};

std::string joined(const std::vector<std::string>& words)
{
    std::string out;
    for (const auto& w : words) out += (out.empty() ? "" : " ") + w;
    return out;
}

int benchmark(const Scenario& s, int runs)
{
    const Graph g = residualNetwork(s.layers, s.channels, s.side);
    TrainingConfig config;
    config.batch = s.batch;
    config.framework = Framework::PyTorch;
    config.optimizer = Optimizer::Adam;
    config.gpu = GpuCatalog::builtin().find(s.gpu);
    if (!config.gpu) {
        std::fprintf(stderr, "no GPU preset named '%s'\n", s.gpu.c_str());
        return 2;
    }
    const Analysis a = analyze(g);
    if (!a.ok()) {
        std::printf("generated network has errors: %s\n", a.errors[0].describe().c_str());
        return 1;
    }
    const MemoryBreakdown m = estimate(a, config, GpuCatalog::builtin().defaultContextBytes());
    std::printf("%s: %zu layers, %lld channels of %lld × %lld, %s params, Adam fp32, batch %llu on %s: peak %s B of %s B\n", s.name, g.size(),
                static_cast<long long>(s.channels), static_cast<long long>(s.side), static_cast<long long>(s.side),
                std::to_string(a.paramsTotal).c_str(),
                static_cast<unsigned long long>(s.batch), config.gpu->name.c_str(), std::to_string(m.peakBytes()).c_str(),
                std::to_string(config.gpu->memoryBytes).c_str());

    const Advice advice = advise(g, config, GpuCatalog::builtin());
    std::size_t combinations = 0;
    for (const Suggestion& sg : advice.suggestions) {
        combinations += sg.kind == SuggestionKind::Combination;
        std::printf("  suggestion %-18s %s\n", suggestionKindName(sg.kind), joined(sg.changes).c_str());
    }
    for (const std::string& n : advice.notes) std::printf("  note: %s\n", n.c_str());
    std::printf("%zu suggestions (%zu combinations), %zu notes\n", advice.suggestions.size(), combinations,
                advice.notes.size());

    printLine("advise", timeRuns(runs, [&] { g_sink = g_sink + advise(g, config, GpuCatalog::builtin()).suggestions.size(); }),
              runs, "   target < 50 ms");
    return 0;
}

} // namespace

// Usage: netsizer-bench-advise [--quick] [--runs N] [--layers N] [--channels C] [--side S] [--batch B] [--gpu NAME]
// Without a network option: the three scenarios above; with one: that network alone (the other
// settings from "singles").
int main(int argc, char** argv)
{
    keepFreedHeapMemory(); // as netsizer and netsizer-cli do
    Scenario custom;
    bool customised = false;
    int runs = 21;
    for (int i = 1; i < argc; ++i) {
        const bool more = i + 1 < argc;
        const bool option = more && argv[i][0] == '-' && std::strcmp(argv[i], "--quick") != 0 && std::strcmp(argv[i], "--runs") != 0;
        customised = customised || option;
        if (std::strcmp(argv[i], "--quick") == 0) runs = 5;
        else if (std::strcmp(argv[i], "--runs") == 0 && more) runs = std::max(1, std::stoi(argv[++i]));
        else if (std::strcmp(argv[i], "--layers") == 0 && more) custom.layers = std::stoul(argv[++i]);
        else if (std::strcmp(argv[i], "--channels") == 0 && more) custom.channels = std::stoll(argv[++i]);
        else if (std::strcmp(argv[i], "--side") == 0 && more) custom.side = std::stoll(argv[++i]);
        else if (std::strcmp(argv[i], "--batch") == 0 && more) custom.batch = std::stoull(argv[++i]);
        else if (std::strcmp(argv[i], "--gpu") == 0 && more) custom.gpu = argv[++i];
        else {
            std::fprintf(stderr, "usage: netsizer-bench-advise [--quick] [--runs N] [--layers N] [--channels C] "
                                 "[--side S] [--batch B] [--gpu NAME]\n");
            return 2;
        }
    }
    std::vector<Scenario> scenarios;
    if (customised) {
        scenarios.push_back(custom);
    } else {
        scenarios.push_back({"singles", 500, 256, 8, 512, "GTX 1080"});
        scenarios.push_back({"combination", 500, 576, 32, 2048, "GTX 1080"});
        scenarios.push_back({"nothing fits", 500, 320, 64, 512, "GRID K520"});
    }
    std::printf("netsizer-bench-advise (per-call times, steady_clock)\n");
    printCpuCheck();
    for (const Scenario& s : scenarios) {
        std::printf("\n");
        if (const int rc = benchmark(s, runs)) return rc;
    }
    return 0;
}
