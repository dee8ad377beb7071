#include "core/parallel/TensorParallelView.h"

#include "core/analysis/ConnectionIndex.h"
#include "core/layers/LayerKind.h"

#include <algorithm>
#include <string_view>
#include <vector>

namespace netsizer::core {
namespace {

Count splitCount(Count n, Count t) { return n / t + (n % t != 0); }

void splitCounts(CompactCounts& c, Count t)
{
    c.activationPerSample = splitCount(c.activationPerSample, t);
    c.activationFixed = splitCount(c.activationFixed, t);
    c.otherBytesPerSample = splitCount(c.otherBytesPerSample, t);
    c.otherBytesFixed = splitCount(c.otherBytesFixed, t);
}

enum class WeightSplit { None, All, AllButBias };

// Splits the layer's parameter tensors (all, or all but its 1-D bias) and its counts.
void splitWeights(LayerAnalysis& la, WeightSplit how, Count t)
{
    if (how == WeightSplit::None) return;
    Count removed = 0, removedLearnable = 0;
    for (const ParamTensor& p : la.result.params) {
        const std::string_view name = p.name;
        const bool bias = name == "bias" || name.ends_with(".bias") || name.ends_with("_bias");
        if (p.elem != ElemKind::Activation || (how == WeightSplit::AllButBias && bias)) continue;
        const Count gone = p.numel - splitCount(p.numel, t);
        removed += gone;
        if (p.learnable) removedLearnable += gone;
    }
    la.weights.activationFixed -= std::min(removed, la.weights.activationFixed);
    la.learnableParams -= std::min(removedLearnable, la.learnableParams);
    for (Count& n : la.autocastWeightNumel) n = splitCount(n, t);
}

} // namespace

void applyTensorParallel(Analysis& view, const Graph& graph, std::uint32_t tensorParallel, bool sequenceParallel)
{
    const Count t = tensorParallel;
    if (t <= 1 && !sequenceParallel) return;
    const std::size_t n = view.layers.size();
    // Position in view.layers of each graph layer index, to follow connections.
    std::vector<std::size_t> position(graph.size(), n);
    for (std::size_t i = 0; i < n; ++i)
        if (view.layers[i].layerIndex < position.size()) position[view.layers[i].layerIndex] = i;
    std::vector<char> splitOut(n, 0);
    ConnectionIndex connections;
    connections.build(graph);
    const bool recomputed = view.recomputed.size() == n;

    view.paramsTrainable = 0;
    view.activationGradientPeakNumel = 0;
    for (std::size_t i = 0; i < n; ++i) {
        LayerAnalysis& la = view.layers[i];
        const Layer& layer = graph.layers()[la.layerIndex];
        bool splitIn = false;
        for (const Connection& c : connections.inputsOf(la.layerIndex)) {
            const int from = graph.indexOf(c.from.layer);
            if (from >= 0 && position[static_cast<std::size_t>(from)] < n) splitIn |= splitOut[position[static_cast<std::size_t>(from)]] != 0;
        }
        const std::string_view kind = layer.kind ? std::string_view(layer.kind->id) : std::string_view();
        WeightSplit weights = WeightSplit::None;
        bool out = splitIn, keptSplit = splitIn;
        if (kind == "Dense") {
            weights = splitIn ? WeightSplit::AllButBias : WeightSplit::All;
            out = !splitIn;
        } else if (kind == "Embedding") {
            weights = WeightSplit::All;
            out = false;
        } else if (kind == "TiedDense") {
            weights = WeightSplit::All;
            out = true;
        } else if (kind == "MultiHeadAttention") {
            weights = WeightSplit::All;
            keptSplit = true;
            out = false;
        }
        splitOut[i] = out;
        if (la.modelInput) continue; // token ids: whole on every rank
        splitWeights(la, weights, t);
        if (keptSplit || sequenceParallel) {
            for (CompactCounts& k : la.kept) splitCounts(k, t);
            for (CompactCounts& k : la.keptAutocast) splitCounts(k, t);
            if (recomputed) {
                for (CompactCounts& k : view.recomputed[i].kept) splitCounts(k, t);
                for (CompactCounts& k : view.recomputed[i].keptAutocast) splitCounts(k, t);
            }
        }
        if (out || sequenceParallel) {
            la.outputActivationNumel = splitCount(la.outputActivationNumel, t);
            la.outputOtherBytes = splitCount(la.outputOtherBytes, t);
        }
        if (splitIn || out || sequenceParallel) la.activationGradientNumel = splitCount(la.activationGradientNumel, t);
        if (la.paramsTrainable) view.paramsTrainable += la.learnableParams;
        view.activationGradientPeakNumel = std::max(view.activationGradientPeakNumel, la.activationGradientNumel);
    }
}

} // namespace netsizer::core
