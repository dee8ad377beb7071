#include "core/estimate/Estimator.h"

#include <algorithm>

namespace netsizer::core {
namespace {

constexpr std::size_t idx(Component c) { return static_cast<std::size_t>(c); }

struct Sizes {
    const PrecisionInfo& precision;
    const OptimizerInfo& optimizer;
    const FrameworkInfo& framework;
    bool train;
};

// Weights, gradients and optimizer state of one layer (or the whole network when `la` sums it).
void paramComponents(const Sizes& s, const ElemCounts& weights, Count learnable, Count learnableTensors,
                     bool trainable, std::array<AffineBytes, kComponentCount>& out)
{
    const Count weightBytes = weights.bytesFixed(s.precision.weightBytes);
    out[idx(Component::Weights)].fixed += weightBytes;
    if (!s.train) return;
    if (s.framework.framework == Framework::Caffe) {
        // Caffe allocates a diff and solver history for every learnable blob, frozen ones
        // (lr_mult: 0) included: Net::ClearParamDiffs and SGDSolver::PreSolve touch them all.
        out[idx(Component::Gradients)].fixed += learnable * s.precision.gradientBytes;
        out[idx(Component::OptimizerState)].fixed +=
            learnable * static_cast<Count>(s.optimizer.caffeHistoryPerParam) * s.precision.stateBytes;
        return;
    }
    if (!trainable) return;
    out[idx(Component::Gradients)].fixed += learnable * s.precision.gradientBytes;
    out[idx(Component::OptimizerState)].fixed +=
        learnable * static_cast<Count>(s.optimizer.statePerParam) * s.precision.stateBytes +
        (s.optimizer.stepTensor ? learnableTensors * 4 : 0);
}

void activationComponents(const Sizes& s, const LayerAnalysis& la, std::array<AffineBytes, kComponentCount>& out)
{
    const Count act = s.precision.activationBytes;
    if (!s.train) return; // inference activations are a whole-network peak, not per layer
    if (s.framework.framework == Framework::Caffe) {
        const ElemCounts& extra = la.kept[static_cast<std::size_t>(Profile::Caffe)];
        out[idx(Component::Activations)].perSample += 2 * la.caffeTopNumel * act + extra.bytesPerSample(act);
        out[idx(Component::Activations)].fixed += extra.bytesFixed(act);
        return;
    }
    const ElemCounts& kept = la.kept[static_cast<std::size_t>(s.framework.profile)];
    out[idx(Component::Activations)].perSample += kept.bytesPerSample(act);
    out[idx(Component::Activations)].fixed += kept.bytesFixed(act);
}

} // namespace

MemoryBreakdown estimate(const Analysis& a, const TrainingConfig& config, std::uint64_t defaultContextBytes)
{
    MemoryBreakdown b;
    b.config = config;
    const Sizes s{precisionInfo(config.precision), optimizerInfo(config.optimizer), frameworkInfo(config.framework),
                  config.mode == Mode::Train};
    const Count act = s.precision.activationBytes;
    const bool caffe = config.framework == Framework::Caffe;

    b.layers.reserve(a.layers.size());
    for (const auto& la : a.layers) {
        LayerMemory lm;
        lm.id = la.id;
        if (la.analysed) {
            paramComponents(s, la.weights, la.learnableParams, la.learnableTensors, la.paramsTrainable, lm.components);
            activationComponents(s, la, lm.components);
            for (std::size_t c = 0; c < lm.components.size(); ++c) b.components[c] += lm.components[c];
        }
        b.layers.push_back(lm);
    }

    auto& comps = b.components;
    if (s.train && !caffe && s.precision.castCopyBytes)
        comps[idx(Component::Activations)].fixed += a.paramsTotal * s.precision.castCopyBytes;
    if (s.train && !caffe) comps[idx(Component::ActivationGradients)].perSample = a.activationGradientPeakNumel * act;
    comps[idx(Component::Input)].perSample = a.input.bytesPerSample(act);
    if (!s.train) {
        const Count peak = act == 2 ? a.inferencePeakBytesHalf : a.inferencePeakBytesFp32;
        const Count input = comps[idx(Component::Input)].perSample;
        comps[idx(Component::Activations)].perSample = caffe ? a.caffeBlobNumel * act : (peak > input ? peak - input : 0);
    }
    if (caffe) comps[idx(Component::Workspace)].fixed = a.caffeColumnBufferNumel * act;
    if (s.framework.onGpu) comps[idx(Component::Overhead)].fixed = config.gpu ? config.gpu->contextBytes : defaultContextBytes;

    for (const auto& c : comps) b.total += c;
    return b;
}

} // namespace netsizer::core
