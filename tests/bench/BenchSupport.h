#pragma once
// What the benchmark programs share: the generated residual network, the run timer, the
// printing of a figure line and the CPU check. Programs, not tests: nothing here asserts.

#include "core/graph/Graph.h"

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace netsizer::bench {

using Clock = std::chrono::steady_clock;

// Input [channels, side, side], then residual blocks Conv2D(channels, k3, p1) -> ReLU ->
// Add(relu, block input) on a side × side map, closed by Flatten -> Dense(64) -> ReLU ->
// Dense(10); the block count (and a few ReLUs of padding) give the network `layers` layers.
core::Graph residualNetwork(std::size_t layers, std::int64_t channels = 16, std::int64_t side = 8);

struct Timing {
    double median = 0; // ns
    double min = 0;    // ns: the least disturbed run (the machine is shared)
    Timing operator/(double d) const { return {median / d, min / d}; }
};

// One run of f(), in ns.
template <class F>
double timeOnce(F&& f)
{
    const auto start = Clock::now();
    f();
    return std::chrono::duration<double, std::nano>(Clock::now() - start).count();
}

// The median and minimum of run times `t` (ns, any order, at least one).
inline Timing summarize(std::vector<double> t)
{
    std::sort(t.begin(), t.end());
    return {t[t.size() / 2], t.front()};
}

// `runs` timings of f(), each run timed on its own.
template <class F>
Timing timeRuns(int runs, F&& f)
{
    std::vector<double> t;
    t.reserve(static_cast<std::size_t>(runs));
    for (int i = 0; i < runs; ++i) t.push_back(timeOnce(f));
    return summarize(std::move(t));
}

// `runs` timings each of a() and b(), run alternately (a, b, a, b, …): a change in the shared
// machine's load falls on both alike, so the two can be compared.
template <class A, class B>
std::pair<Timing, Timing> timeAlternately(int runs, A&& a, B&& b)
{
    std::vector<double> ta, tb;
    for (int i = 0; i < runs; ++i) {
        ta.push_back(timeOnce(a));
        tb.push_back(timeOnce(b));
    }
    return {summarize(std::move(ta)), summarize(std::move(tb))};
}

// "   12.3 µs" and the like: eight characters of number and a unit.
std::string human(double ns);

// One figure line: "  what   median  min   (runs)target".
void printLine(const char* what, Timing t, int runs, const char* target = "");

// How fast this CPU is right now: 200 million dependent additions, in ms. The project's VM
// measured 57 ms uncontended and up to 120 ms while the host was busy (the same binary, the
// same core): a run whose check is well above ~60 ms was slowed down by the host, not by code.
double cpuCheckMs();

// Prints "CPU check: 2e8 additions in … ms (57 ms on the uncontended project VM)".
void printCpuCheck();

} // namespace netsizer::bench
