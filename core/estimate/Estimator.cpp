#include "core/estimate/Estimator.h"

#include "core/estimate/LossMemory.h"
#include "core/timeline/StepSimulation.h"

#include <algorithm>

namespace netsizer::core {
namespace {

constexpr std::size_t idx(Component c) { return static_cast<std::size_t>(c); }

// Every byte size below is formed with these (Checked.h): a size beyond 64 bits becomes
// kSaturated and stays so, and MemoryBreakdown::overflowAt reports where it first appears.
constexpr Count mul(Count a, Count b) { return saturatingMul(a, b); }
constexpr Count add(Count a, Count b) { return saturatingAdd(a, b); }
void addTo(Count& into, Count n) { into = saturatingAdd(into, n); }

// x × f for a fraction f ≥ 0, saturating (a double at or above 2^64 does not convert).
Count scaled(Count x, double f)
{
    const double v = static_cast<double>(x) * f;
    return v >= 18446744073709551616.0 ? kSaturated : static_cast<Count>(v);
}

struct Sizes {
    const PrecisionInfo& precision;
    const OptimizerInfo& optimizer;
    const FrameworkInfo& framework;
    bool train;
    bool accumulate = false; // training with more than one micro-batch per optimizer step
    const FrozenWeights& frozen;
    Precision precisionId;
};

// The optimizer state of one layer's learnable tensors (`learnable` elements in `tensors`
// tensors): torch.optim's per-element rule on the totals, or the optimizer's per-tensor rule
// (8-bit blockwise, factored) over the layer's parameter tensors.
Count layerStateBytes(const Sizes& s, const LayerAnalysis& la, Count learnable, Count tensors)
{
    if (s.optimizer.rule == StateRule::PerElement)
        return add(mul(mul(learnable, static_cast<Count>(s.optimizer.statePerParam)), s.precision.stateBytes),
                   s.optimizer.stepTensor ? mul(tensors, 4) : 0);
    Count total = 0;
    for (const ParamTensor& p : la.result.params)
        if (p.learnable) addTo(total, optimizerStateBytes(s.optimizer, p, s.precision.stateBytes));
    return total;
}

// A frozen layer's weights as FrozenWeights stores them: their bytes, and the elements of the
// weights autocast would cast whose half copy is not kept (keepsAutocastCopy). The output layer
// (`outputLayer`) is never quantised.
struct FrozenStorage {
    Count weightBytes = 0;
    Count uncopiedNumel = 0;
};
FrozenStorage frozenStorage(const Sizes& s, const LayerAnalysis& la, bool outputLayer)
{
    FrozenStorage out{la.weights.bytesFixed(s.precision.weightBytes), 0};
    for (const ParamTensor& p : la.result.params) {
        if (!p.learnable || p.elem != ElemKind::Activation) continue;
        const bool quantise = p.linearWeight && !outputLayer && s.frozen.quantize != WeightFormat::Native;
        const WeightFormat f = quantise ? s.frozen.quantize : s.frozen.base;
        if (f == WeightFormat::Native) continue;
        const Count native = mul(p.numel, s.precision.weightBytes);
        out.weightBytes = add(out.weightBytes - std::min(out.weightBytes, native),
                              weightFormatBytes(f, p, s.precision.weightBytes, s.frozen.doubleQuant));
        if (p.autocastCopy && !keepsAutocastCopy(f, s.precisionId)) addTo(out.uncopiedNumel, p.numel);
    }
    return out;
}

// Weights, gradients and optimizer state of one layer (or the whole network when `la` sums it).
void paramComponents(const Sizes& s, const LayerAnalysis& la, Count weightBytes,
                     std::array<AffineBytes, LayerMemory::kOwnedCount>& out)
{
    const Count learnable = la.learnableParams, learnableTensors = la.learnableTensors;
    const bool trainable = la.paramsTrainable;
    addTo(out[idx(Component::Weights)].fixed, weightBytes);
    if (!s.train) return;
    if (s.framework.framework == Framework::Caffe) {
        // Caffe allocates a diff and solver history for every learnable blob, frozen ones
        // (lr_mult: 0) included: Net::ClearParamDiffs and SGDSolver::PreSolve touch them all.
        addTo(out[idx(Component::Gradients)].fixed, mul(learnable, s.precision.gradientBytes));
        addTo(out[idx(Component::OptimizerState)].fixed,
              mul(mul(learnable, static_cast<Count>(s.optimizer.caffeHistoryPerParam)), s.precision.stateBytes));
        return;
    }
    if (!trainable) {
        // PyTorch's Adagrad creates its state eagerly, in __init__, for every parameter of its
        // groups (torch/optim/adagrad.py 1.13: state['step'] and state['sum'] = full_like(p)),
        // frozen ones included when it is handed model.parameters() — as truth.py does
        // (tests/truth x_frozen_mlp: 233,288 B = 58,314 × 4 + 8 tensors × 4, of which 41,152
        // parameters frozen). Every other optimizer creates state lazily, at the first step with
        // a gradient.
        if (s.optimizer.optimizer == Optimizer::Adagrad)
            addTo(out[idx(Component::OptimizerState)].fixed, layerStateBytes(s, la, learnable, learnableTensors));
        return;
    }
    addTo(out[idx(Component::Gradients)].fixed, mul(learnable, s.precision.gradientBytes));
    addTo(out[idx(Component::OptimizerState)].fixed,
          add(layerStateBytes(s, la, learnable, learnableTensors), mul(learnable, s.precision.masterWeightBytes)));
}

// What a PyTorch or TensorFlow layer keeps, in bytes: `kept`, its counts for the configured
// profile, or under mixed precision its autocast counts (LayerAnalysis::kept / keptAutocast /
// autocastWeightNumel, or a RecomputedLayer's).
AffineBytes keptBytes(const Sizes& s, const CompactCounts& kept, const std::array<CompactCounts, 2>& keptAutocast,
                      const std::array<Count, 2>& autocastWeightNumel)
{
    const Count act = s.precision.activationBytes;
    const auto profile = static_cast<std::size_t>(s.framework.profile);
    if (s.precision.castCopyBytes && profile < keptAutocast.size()) {
        // Mixed precision: the dtypes autocast gives each tensor (Analyzer accountAutocast),
        // plus the half copies of the weights it casts, kept for backward (fixed).
        const CompactCounts& k = keptAutocast[profile];
        return {add(k.bytesFixed(act), mul(autocastWeightNumel[profile], s.precision.castCopyBytes)), k.bytesPerSample(act)};
    }
    return {kept.bytesFixed(act), kept.bytesPerSample(act)};
}

void activationComponents(const Sizes& s, const LayerAnalysis& la, Count uncopiedNumel,
                          std::array<AffineBytes, LayerMemory::kOwnedCount>& out)
{
    const Count act = s.precision.activationBytes;
    if (!s.train) return; // inference activations are a whole-network peak, not per layer
    if (s.framework.framework == Framework::Caffe) {
        const CompactCounts& extra = la.kept[static_cast<std::size_t>(Profile::Caffe)];
        addTo(out[idx(Component::Activations)].perSample, add(mul(mul(2, la.caffeTopNumel), act), extra.bytesPerSample(act)));
        addTo(out[idx(Component::Activations)].fixed, extra.bytesFixed(act));
        return;
    }
    std::array<Count, 2> copies = la.autocastWeightNumel;
    for (Count& c : copies) c -= std::min(c, uncopiedNumel);
    out[idx(Component::Activations)] += keptBytes(s, la.kept[static_cast<std::size_t>(s.framework.profile)], la.keptAutocast, copies);
}

// What each layer keeps while its checkpointed segment is recomputed (RecomputedLayer),
// parallel to a.layers; empty without segments, and outside training with a PyTorch profile.
std::vector<AffineBytes> recomputedBytes(const Sizes& s, const Analysis& a)
{
    std::vector<AffineBytes> out;
    const Profile p = s.framework.profile;
    if (!s.train || a.recomputed.empty() || (p != Profile::PyTorchCuda && p != Profile::PyTorchCpu)) return out;
    out.reserve(a.recomputed.size());
    for (const RecomputedLayer& r : a.recomputed)
        out.push_back(keptBytes(s, r.kept[static_cast<std::size_t>(p)], r.keptAutocast, r.autocastWeightNumel));
    return out;
}

// Parameter-sized temporaries of one optimizer step per trainable element (see Timeline.h):
// torch.optim's foreach implementations (torch 1.13+/2.x, the default on CUDA) build whole-list
// intermediates: Adam/AdamW `exp_avg_sq.sqrt()` (+ the amsgrad max), Adagrad `state_sum.sqrt()`,
// RMSprop `square_avg.sqrt()` (and `addcdiv` with momentum), Adadelta `std`/`delta`; SGD's
// momentum update is in place (torch/optim/sgd.py _multi_tensor_sgd): none.
Count optimizerTempPerParam(Optimizer o)
{
    switch (o) {
    case Optimizer::Sgd:
    case Optimizer::SgdMomentum:
    case Optimizer::Nesterov: return 0;
    case Optimizer::Adadelta: return 2;
    // bitsandbytes' fused 8-bit kernels update in place; transformers' Adafactor and Lion loop
    // over the parameters one tensor at a time (their temporaries are one tensor's, not modelled).
    case Optimizer::Adam8bit:
    case Optimizer::AdamW8bit:
    case Optimizer::PagedAdamW8bit:
    case Optimizer::Adafactor:
    case Optimizer::Lion: return 0;
    default: return 1;
    }
}

// The overhead lines (TrainingConfig::OverheadSettings) and the band they give the total.
void overheads(const Sizes& s, const Analysis& a, const TrainingConfig& config, std::uint64_t defaultContextBytes,
               MemoryBreakdown& b)
{
    const OverheadSettings& o = config.overheads;
    auto& comps = b.components;
    const bool caffe = s.framework.framework == Framework::Caffe;
    if (s.framework.onGpu) {
        OverheadLine ctx;
        ctx.name = "cuda_context";
        ctx.bytes.fixed = o.contextBytes ? *o.contextBytes : config.gpu ? config.gpu->contextBytes : defaultContextBytes;
        // The context differs by driver and loaded kernels: ±25% of the preset (gpus.json values
        // are measured on one driver each).
        ctx.low.fixed = ctx.bytes.fixed - ctx.bytes.fixed / 4;
        ctx.high.fixed = add(ctx.bytes.fixed, ctx.bytes.fixed / 4);
        ctx.source = "resources/gpus.json (per GPU generation) or overheads.context_bytes";
        addTo(comps[idx(Component::Overhead)].fixed, ctx.bytes.fixed);
        b.overheadLines.push_back(ctx);

        // A convolution that needs scratch (im2col-like; 1×1 stride-1 convolutions need none).
        // Stops at the first such layer (a full scan reads one cache line per layer).
        const bool hasConv = std::any_of(a.layers.begin(), a.layers.end(),
                                         [](const LayerAnalysis& la) { return la.result.caffeColumnBufferNumel > 0; });
        if (!caffe && hasConv) {
            OverheadLine ws;
            ws.name = "conv_workspace";
            const std::uint64_t cap = o.convWorkspaceCapBytes.value_or(OverheadSettings::kDefaultConvWorkspaceCap);
            ws.bytes.fixed = o.convWorkspaceCapBytes ? cap : 0;
            ws.high.fixed = o.convWorkspaceCapBytes ? cap : mul(4, cap);
            ws.source = "cap: overheads.conv_workspace_cap_bytes; default 8 MiB = Caffe cudnn_conv_layer.cpp";
            addTo(comps[idx(Component::Workspace)].fixed, ws.bytes.fixed);
            b.overheadLines.push_back(ws);
        }
        if (!caffe) {
            // Tensors alive at the peak, roughly: every parameter tensor with its gradient and
            // state, and one saved tensor per layer.
            const Count tensors = add(mul(a.trainableTensors, 2 + static_cast<Count>(s.optimizer.statePerParam)), a.layers.size());
            OverheadLine al;
            al.name = "allocator_rounding";
            const std::uint64_t centre = add(mul(tensors, 256), 11ull << 20), high = add(mul(tensors, 512), 22ull << 20);
            const bool on = o.allocatorRounding.value_or(false);
            al.bytes.fixed = on ? centre : 0;
            al.low.fixed = 0;
            al.high.fixed = high;
            al.source = "c10/cuda/CUDACachingAllocator.cpp: 512 B blocks, 2 MiB / 20 MiB segments";
            addTo(comps[idx(Component::Overhead)].fixed, al.bytes.fixed);
            b.overheadLines.push_back(al);
        }
    }
    AffineBytes tensorsTotal;
    for (const auto& c : comps) tensorsTotal += c;
    if (s.framework.onGpu && !caffe) {
        OverheadLine fr;
        fr.name = "fragmentation";
        const double f = o.fragmentationFraction.value_or(0.0);
        auto frac = [&](double x) {
            return AffineBytes{scaled(tensorsTotal.fixed, x), scaled(tensorsTotal.perSample, x)};
        };
        fr.bytes = frac(f);
        fr.high = frac(std::max(f, OverheadSettings::kFragmentationHigh));
        fr.source = "judgement: reserved - allocated after warm-up, a few % to ~10%";
        comps[idx(Component::Overhead)] += fr.bytes;
        b.overheadLines.push_back(fr);
    }
}

} // namespace

MemoryBreakdown estimate(const Analysis& a, const TrainingConfig& config, std::uint64_t defaultContextBytes)
{
    MemoryBreakdown b;
    b.config = config;
    const Sizes s{precisionInfo(config.precision), optimizerInfo(config.optimizer), frameworkInfo(config.framework),
                  config.mode == Mode::Train, config.mode == Mode::Train && config.accumulationSteps > 1,
                  config.frozenWeights, config.precision};
    const Count act = s.precision.activationBytes;
    const bool caffe = config.framework == Framework::Caffe;
    // FrozenWeights: the layers without gradients (all of them outside training) and the output
    // layer, the last with weights, which is not quantised.
    const bool storeFrozen = config.frozenWeights.active() && !caffe;
    std::size_t outputLayer = a.layers.size();
    if (storeFrozen)
        for (std::size_t i = a.layers.size(); i-- > 0;)
            if (a.layers[i].learnableParams > 0) {
                outputLayer = i;
                break;
            }

    b.layers.reserve(a.layers.size());
    for (std::size_t i = 0; i < a.layers.size(); ++i) {
        const LayerAnalysis& la = a.layers[i];
        LayerMemory& lm = b.layers.emplace_back(); // filled in place
        lm.id = la.id;
        if (la.analysed) {
            const bool frozen = storeFrozen && (!la.paramsTrainable || !s.train);
            const FrozenStorage st = frozen ? frozenStorage(s, la, i == outputLayer)
                                            : FrozenStorage{la.weights.bytesFixed(s.precision.weightBytes), 0};
            paramComponents(s, la, st.weightBytes, lm.owned);
            activationComponents(s, la, st.uncopiedNumel, lm.owned);
            for (std::size_t c = 0; c < lm.owned.size(); ++c) b.components[c] += lm.owned[c];
        }
    }

    auto& comps = b.components;
    if (s.train && !caffe) comps[idx(Component::ActivationGradients)].perSample = mul(a.activationGradientPeakNumel, act);
    comps[idx(Component::Input)].perSample = a.input.bytesPerSample(act);
    if (!s.train) {
        const Count peak = act == 2 ? a.inferencePeakBytesHalf : a.inferencePeakBytesFp32;
        const Count input = comps[idx(Component::Input)].perSample;
        comps[idx(Component::Activations)].perSample = caffe ? mul(a.caffeBlobNumel, act) : (peak > input ? peak - input : 0);
    }
    if (caffe) comps[idx(Component::Workspace)].fixed = mul(a.caffeColumnBufferNumel, act);
    // What the loss keeps is part of the activations at their maximum (the loss), so every
    // event stays within the components' maxima as before.
    const LossMemory loss = lossMemory(a, config);
    comps[idx(Component::Activations)] += loss.kept;
    overheads(s, a, config, defaultContextBytes, b);

    for (const auto& c : comps) b.componentMaximaSum += c;
    // The band: the sum with every overhead line at its low / high end.
    b.componentMaximaLow = b.componentMaximaSum;
    b.componentMaximaHigh = b.componentMaximaSum;
    for (const auto& l : b.overheadLines) {
        b.componentMaximaLow.fixed -= l.bytes.fixed - std::min(l.bytes.fixed, l.low.fixed);
        b.componentMaximaLow.perSample -= l.bytes.perSample - std::min(l.bytes.perSample, l.low.perSample);
        addTo(b.componentMaximaHigh.fixed, std::max(l.high.fixed, l.bytes.fixed) - l.bytes.fixed);
        addTo(b.componentMaximaHigh.perSample, std::max(l.high.perSample, l.bytes.perSample) - l.bytes.perSample);
    }
    StepInputs step{b.components, b.layers};
    step.simulate = s.train && s.framework.framework != Framework::Caffe;
    // The fp32-master scheme keeps its gradients in a persistent buffer (Megatron's main_grad,
    // zeroed rather than freed between steps): alive from the start, as under accumulation.
    step.accumulate = s.accumulate || s.precision.masterWeightBytes > 0;
    step.activationBytes = s.precision.activationBytes;
    step.optimizerTempBytes = mul(mul(a.paramsTrainable, optimizerTempPerParam(s.optimizer.optimizer)), s.precision.stateBytes);
    const std::vector<AffineBytes> recomputed = step.simulate ? recomputedBytes(s, a) : std::vector<AffineBytes>{};
    if (!recomputed.empty()) step.recomputed = &recomputed;
    step.lossKept = loss.kept;
    step.lossDropsOutput = loss.dropsOutput;
    b.timeline = simulateStep(step, a);
    return b;
}

} // namespace netsizer::core
