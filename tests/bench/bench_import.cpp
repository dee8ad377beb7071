// Importing large model files: a weightful ONNX file (generated here: a chain of Gemm layers whose
// float weights fill it, as torch.onnx.export writes them) and a native file of a 5,000-layer
// graph. Prints, per file: its size, the time core::readModelFile takes (median and minimum of
// the runs) without and with a progress callback (core/io/ReadProgress.h, as the designer reads),
// and the peak resident memory the import adds (VmHWM above what the process held
// before, after resetting the high-water mark through /proc/self/clear_refs) — in bytes and as a
// multiple of the file size (target for the weightful ONNX: below 1.5 ×). Then the largest
// op-level exports at hand (../shared/truth's vit_b_16, 1,772 nodes; tests/truth's swin_t, about
// 7,000): read + analyse + estimate in this process, and `netsizer-cli estimate` as a whole
// process (target: under 100 ms each). Asserts nothing.
#include "BenchSupport.h"
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
#include "tests/io/WeightfulOnnx.h"


#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <string>

using namespace netsizer;

namespace {

// VmRSS or VmHWM of this process in bytes (Linux /proc/self/status), 0 when unknown.
std::uint64_t statusBytes(const char* key)
{
    std::ifstream in("/proc/self/status");
    std::string line;
    while (std::getline(in, line))
        if (line.rfind(key, 0) == 0) return std::stoull(line.substr(std::strlen(key))) * 1024;
    return 0;
}

// Resets VmHWM to the current RSS; false where the kernel does not allow it.
bool resetPeak()
{
    std::ofstream out("/proc/self/clear_refs");
    out << "5";
    return static_cast<bool>(out.flush());
}

void writeNative(const std::string& path, std::size_t layers)
{
    core::ModelFile m;
    m.graph = bench::residualNetwork(layers);
    std::ofstream(path, std::ios::binary) << core::writeNativeModel(m);
}

void measure(const char* what, const std::string& path, int runs)
{
    const auto size = std::filesystem::file_size(path);
    std::size_t layerCount = 0;
    const bool peakKnown = resetPeak();
    const std::uint64_t before = statusBytes("VmRSS:");
    {
        auto m = core::readModelFile(path);
        if (!m) {
            std::printf("  %s: %s\n", what, m.error().describe().c_str());
            return;
        }
        layerCount = m->graph.size();
    }
    const std::uint64_t peak = statusBytes("VmHWM:");
    // As the designer reads: with a progress callback (it stores the status in atomics there),
    // timed alternately with the plain read.
    std::size_t reports = 0;
    const auto [t, withProgress] = bench::timeAlternately(
        runs, [&] { (void)core::readModelFile(path); },
        [&] {
            reports = 0;
            core::ReadProgress progress([&](const core::ReadStatus&) { return ++reports > 0; });
            (void)core::readModelFile(path, {}, &progress);
        });
    std::printf("  %-30s %6.1f MB, %zu layers\n", what, static_cast<double>(size) / 1e6, layerCount);
    bench::printLine("    readModelFile", t, runs);
    bench::printLine("    readModelFile with progress", withProgress, runs);
    std::printf("    progress reports per read: %zu\n", reports);
    if (peakKnown && peak > before)
        std::printf("    peak memory added %8.1f MB = %.2f × the file (VmHWM %.1f MB, before %.1f MB)\n",
                    static_cast<double>(peak - before) / 1e6, static_cast<double>(peak - before) / static_cast<double>(size),
                    static_cast<double>(peak) / 1e6, static_cast<double>(before) / 1e6);
    else
        std::printf("    peak memory: unknown (/proc/self/clear_refs not writable)\n");
}

// An op-level ONNX export: the import, analysis and estimate in this process, and the CLI's
// whole process (start, read, estimate, JSON out).
void measureOpLevel(const char* what, const std::string& path, int runs)
{
    if (!std::filesystem::exists(path)) {
        std::printf("  %s: %s is absent\n", what, path.c_str());
        return;
    }
    auto m = core::readModelFile(path);
    if (!m) {
        std::printf("  %s: %s\n", what, m.error().describe().c_str());
        return;
    }
    std::printf("  %-30s %zu layers\n", what, m->graph.size());
    const std::uint64_t context = core::GpuCatalog::builtin().defaultContextBytes();
    const auto inProcess = bench::timeRuns(runs, [&] {
        auto file = core::readModelFile(path);
        if (!file) return;
        const core::Analysis a = core::analyze(file->graph);
        (void)core::estimate(a, core::TrainingConfig{}, context);
    });
    bench::printLine("    read + analyse + estimate", inProcess, runs, "  (target < 100 ms)");
    const std::string command = std::string("'") + NETSIZER_CLI_PATH + "' estimate '" + path + "' --format json > /dev/null";
    const auto process = bench::timeRuns(runs, [&] { (void)std::system(command.c_str()); });
    bench::printLine("    netsizer-cli estimate", process, runs, "  (target < 100 ms)");
}

} // namespace

// Usage: netsizer-bench-import [--quick]   (--quick: a 40 MB ONNX file instead of 320 MB)
int main(int argc, char** argv)
{
    const bool quick = argc > 1 && std::strcmp(argv[1], "--quick") == 0;
    bench::printCpuCheck();
    const auto dir = std::filesystem::temp_directory_path() / ("netsizer-bench-import-" + std::to_string(::getpid()));
    std::filesystem::create_directories(dir);
    const std::string onnxPath = (dir / "weightful.onnx").string(), nativePath = (dir / "chain5000.json").string();
    test::writeWeightfulOnnx(onnxPath, quick ? 5 : 40, 1414); // 8.0 MB of fp32 weights per layer
    writeNative(nativePath, 5000);
    std::printf("Importing large files (median / min):\n");
    measure("weightful ONNX (Gemm chain)", onnxPath, quick ? 3 : 5);
    measure("native JSON, 5,000 layers", nativePath, quick ? 3 : 9);
    std::filesystem::remove_all(dir);
    std::printf("Op-level ONNX exports (median / min):\n");
    measureOpLevel("vit_b_16 (../shared/truth)", NETSIZER_SHARED_DIR "/truth/onnx/vit_b_16.train.onnx", quick ? 3 : 11);
    measureOpLevel("swin_t (tests/truth)", NETSIZER_ROOT "/tests/truth/onnx/tv_swin_t.train.onnx", quick ? 3 : 11);
    return 0;
}
