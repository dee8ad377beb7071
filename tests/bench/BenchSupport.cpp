#include "BenchSupport.h"

#include "core/graph/GraphBuilder.h"

#include <cstdio>

namespace netsizer::bench {

using namespace netsizer::core;

Graph residualNetwork(std::size_t layers, std::int64_t channels, std::int64_t side)
{
    GraphBuilder b;
    LayerId x = b.add("Input", "input", {}, {{"shape", IntList{channels, side, side}}});
    const std::size_t tail = 4; // flatten, fc1, relu, fc2
    const std::size_t blocks = layers > 1 + tail ? (layers - 1 - tail) / 3 : 0;
    for (std::size_t i = 0; i < blocks; ++i) {
        const std::string n = std::to_string(i);
        const LayerId c = b.add("Conv2D", "conv" + n, {x},
                                {{"filters", channels}, {"kernel_size", std::int64_t{3}}, {"padding", std::int64_t{1}}});
        const LayerId r = b.add("ReLU", "relu" + n, {c});
        x = b.add("Add", "add" + n, {r, x});
    }
    for (std::size_t i = 1 + 3 * blocks + tail; i < layers; ++i) x = b.add("ReLU", "pad" + std::to_string(i), {x});
    x = b.add("Flatten", "flatten", {x});
    x = b.add("Dense", "fc1", {x}, {{"units", std::int64_t{64}}});
    x = b.add("ReLU", "fc1_relu", {x});
    b.add("Dense", "fc2", {x}, {{"units", std::int64_t{10}}});
    return b.take();
}

std::string human(double ns)
{
    char buf[64];
    if (ns < 1e3) std::snprintf(buf, sizeof buf, "%8.1f ns", ns);
    else if (ns < 1e6) std::snprintf(buf, sizeof buf, "%8.1f µs", ns / 1e3);
    else if (ns < 1e9) std::snprintf(buf, sizeof buf, "%8.1f ms", ns / 1e6);
    else std::snprintf(buf, sizeof buf, "%8.2f s ", ns / 1e9);
    return buf;
}

void printLine(const char* what, Timing t, int runs, const char* target)
{
    std::printf("  %-28s %s median  %s min   (%d runs)%s\n", what, human(t.median).c_str(), human(t.min).c_str(), runs, target);
}

double cpuCheckMs()
{
    volatile std::uint64_t x = 0;
    const auto start = Clock::now();
    for (std::uint64_t i = 0; i < 200'000'000; ++i) x = x + i;
    return std::chrono::duration<double, std::milli>(Clock::now() - start).count();
}

void printCpuCheck()
{
    std::printf("CPU check: 2e8 additions in %.0f ms (57 ms on the uncontended project VM)\n", cpuCheckMs());
}

} // namespace netsizer::bench
