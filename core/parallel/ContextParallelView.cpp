#include "core/parallel/ContextParallelView.h"

#include "core/analysis/ConnectionIndex.h"
#include "core/layers/LayerKind.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace netsizer::core {
namespace {

Count splitCount(Count n, Count c) { return n / c + (n % c != 0); }

void splitPerSample(CompactCounts& k, Count c)
{
    k.activationPerSample = splitCount(k.activationPerSample, c);
    k.otherBytesPerSample = splitCount(k.otherBytesPerSample, c);
}

} // namespace

void applyContextParallel(Analysis& view, std::uint32_t contextParallel)
{
    const Count c = contextParallel;
    if (c <= 1) return;
    const bool recomputed = view.recomputed.size() == view.layers.size();
    for (Count& n : view.input.perSample) n = splitCount(n, c); // each rank's tokens
    view.activationGradientPeakNumel = 0;
    for (std::size_t i = 0; i < view.layers.size(); ++i) {
        LayerAnalysis& la = view.layers[i];
        for (CompactCounts& k : la.kept) splitPerSample(k, c);
        for (CompactCounts& k : la.keptAutocast) splitPerSample(k, c);
        if (recomputed) {
            for (CompactCounts& k : view.recomputed[i].kept) splitPerSample(k, c);
            for (CompactCounts& k : view.recomputed[i].keptAutocast) splitPerSample(k, c);
        }
        la.outputActivationNumel = splitCount(la.outputActivationNumel, c);
        la.outputOtherBytes = splitCount(la.outputOtherBytes, c);
        la.activationGradientNumel = splitCount(la.activationGradientNumel, c);
        view.activationGradientPeakNumel = std::max(view.activationGradientPeakNumel, la.activationGradientNumel);
    }
}

Count contextParallelRingNumel(const Graph& graph, const Analysis& analysis, std::uint32_t tensorParallel)
{
    const std::size_t n = analysis.layers.size();
    std::vector<std::size_t> position(graph.size(), n);
    for (std::size_t i = 0; i < n; ++i)
        if (analysis.layers[i].layerIndex < position.size()) position[analysis.layers[i].layerIndex] = i;
    // The per-sample elements of the tensor feeding input port `port` of graph layer `index`.
    ConnectionIndex connections;
    connections.build(graph);
    auto inputNumel = [&](std::size_t index, std::uint16_t port) -> Count {
        for (const Connection& conn : connections.inputsOf(index)) {
            if (conn.to.port != port) continue;
            const int from = graph.indexOf(conn.from.layer);
            if (from < 0 || position[static_cast<std::size_t>(from)] >= n) return 0;
            const LayerAnalysis& src = analysis.layers[position[static_cast<std::size_t>(from)]];
            if (!src.analysed || conn.from.port >= src.result.outputs.size()) return 0;
            const CheckedCount numel = src.result.outputs[conn.from.port].shape.numel();
            return numel.ok() ? numel.value() : 0;
        }
        return 0;
    };
    const Count t = std::max<std::uint32_t>(tensorParallel, 1);
    Count largest = 0;
    for (const LayerAnalysis& la : analysis.layers) {
        const Layer& layer = graph.layers()[la.layerIndex];
        const std::string_view kind = layer.kind ? std::string_view(layer.kind->id) : std::string_view();
        Count ring = 0;
        if (kind == "ScaledDotProductAttention") {
            ring = inputNumel(la.layerIndex, 1) + inputNumel(la.layerIndex, 2);
        } else if (kind == "MultiHeadAttention") {
            // Keys and values are projected inside the layer: S_kv × E each, from the key input
            // (the query input when it is fed one tensor).
            const std::uint16_t keyPort = connections.inputsOf(la.layerIndex).size() > 1 ? 1 : 0;
            ring = 2 * inputNumel(la.layerIndex, keyPort);
        } else {
            continue;
        }
        // The partial outputs of every ring step, combined when the forward ends: one output.
        if (la.analysed && !la.result.outputs.empty()) {
            const CheckedCount out = la.result.outputs[0].shape.numel();
            if (out.ok()) ring += out.value();
        }
        largest = std::max(largest, splitCount(ring, t));
    }
    return largest;
}

} // namespace netsizer::core
