#include "core/analysis/Analysis.h"
#include "core/analysis/ConnectionIndex.h"
#include "core/analysis/LayerOutputs.h"
#include "core/analysis/TensorStorage.h"

#include "core/layers/AttrCheck.h"
#include "core/layers/LayerKind.h"
#include "core/util/NumberFormat.h"

#include <algorithm>
#include <cstring>
#include <string>

namespace netsizer::core {
namespace {

// The largest tensor (output or parameter) the analyser accepts: 2^40 elements (4 TiB in fp32).
// With this cap, sums over 100,000 layers times 8-byte elements stay far inside 64 bits, and
// AffineBytes::at() saturates for absurd batches. A dimension of 10^12 is reported, not wrapped.
constexpr Count kMaxTensorElements = Count{1} << 40;

struct LayerState {
    LayerOutputs outputs;
};

class Analyzer {
public:
    explicit Analyzer(const Graph& g) : m_graph(g) {}

    Analysis run()
    {
        auto order = m_graph.topologicalOrder();
        if (!order) {
            m_result.errors.push_back(order.error());
            return std::move(m_result);
        }
        const auto& layers = m_graph.layers();
        m_states.resize(layers.size());
        m_result.layers.reserve(layers.size());
        m_storages.reserve(layers.size());
        m_connections.build(m_graph);
        findSegments(*order);
        for (std::size_t idx : *order) analyseLayer(idx);
        if (m_devicesInSync) copyCudaTotalsToCpu();
        for (LayerAnalysis& la : m_result.layers) {
            const LayerState& st = m_states[la.layerIndex];
            if (!la.analysed || st.outputs.empty()) continue;
            const TensorStorage& s = m_storages[static_cast<std::size_t>(st.outputs[0].storage)];
            la.outputFirstSaver = s.firstSaver;
            la.outputLastSaver = s.lastSaver;
        }
        return std::move(m_result);
    }

private:
    // Runs of layers with the same Layer::checkpoint name, consecutive in `order`, are the
    // segments (CheckpointSegment.h); model inputs belong to none.
    void findSegments(const std::vector<std::size_t>& order)
    {
        const auto& layers = m_graph.layers();
        m_segmentAt.assign(order.size(), -1);
        for (std::size_t pos = 0; pos < order.size(); ++pos) {
            const Layer& l = layers[order[pos]];
            if (l.checkpoint.empty() || (l.kind && l.kind->maxInputs == 0)) continue;
            const bool continues = pos > 0 && m_segmentAt[pos - 1] >= 0 && layers[order[pos - 1]].checkpoint == l.checkpoint;
            if (!continues) {
                CheckpointSegment seg;
                seg.name = l.checkpoint;
                seg.first = pos;
                m_result.segments.push_back(std::move(seg));
            }
            m_result.segments.back().last = pos;
            m_segmentAt[pos] = static_cast<int>(m_result.segments.size() - 1);
        }
        if (!m_result.segments.empty()) m_result.recomputed.resize(order.size());
    }

    // The forward of a checkpointed layer keeps the inputs its segment reads from outside
    // (CheckpointFunction's save_for_backward; the non-reentrant closure), each charged once to
    // the first layer reading it, like any kept tensor.
    void chargeSegmentInputs(LayerAnalysis& la, const std::vector<const PortTensor*>& ins, bool bothDevices)
    {
        for (const PortTensor* t : ins) {
            TensorStorage& s = m_storages[static_cast<std::size_t>(t->storage)];
            if (s.segment == la.segment || s.modelInput) continue;
            for (std::size_t d = 0; d < (bothDevices ? 2u : 1u); ++d) {
                if (!s.kept[d]) {
                    s.kept[d] = true;
                    charge(la.kept[d], m_result.activations[d], s.elem, s.numel, 0);
                }
                if (!s.autocastKept[d]) {
                    s.autocastKept[d] = true;
                    charge(la.keptAutocast[d], m_result.activationsAutocast[d],
                           s.elem == ElemKind::Activation && s.autocastFloat[d] ? ElemKind::Float32 : s.elem, s.numel, 0);
                }
            }
        }
    }

    void fail(LayerAnalysis& la, const std::string& code, const std::string& message)
    {
        const auto& layer = m_graph.layers()[la.layerIndex];
        Error e{code, "layer '" + layer.name + "': " + message, layer.name};
        la.error = std::make_shared<const Error>(e);
        m_result.errors.push_back(std::move(e));
    }

    // Gathers the tensors at the layer's input ports. False (with an error recorded when the
    // problem is this layer's own) when they are incomplete.
    bool gatherInputs(LayerAnalysis& la, const Layer& layer, std::vector<TensorInfo>& infos,
                      std::vector<const PortTensor*>& tensors)
    {
        const auto conns = m_connections.inputsOf(la.layerIndex);
        const LayerKind& kind = *layer.kind;
        const int n = static_cast<int>(conns.size());
        if (n < kind.minInputs || (kind.maxInputs != LayerKind::kUnbounded && n > kind.maxInputs)) {
            std::string want = kind.maxInputs == LayerKind::kUnbounded
                                   ? "at least " + std::to_string(kind.minInputs)
                               : kind.minInputs == kind.maxInputs ? std::to_string(kind.minInputs)
                                   : std::to_string(kind.minInputs) + " to " + std::to_string(kind.maxInputs);
            fail(la, "input_count", kind.id + " takes " + want + " input(s), it has " + std::to_string(n));
            return false;
        }
        for (int p = 0; p < n; ++p) {
            const Connection& c = conns[static_cast<std::size_t>(p)];
            if (c.to.port != p) {
                fail(la, "input_ports", "input port " + std::to_string(p) + " is not connected (or port " +
                                            std::to_string(c.to.port) + " is connected twice)");
                return false;
            }
            const int from = m_graph.indexOf(c.from.layer);
            if (from < 0) {
                fail(la, "dangling", "input " + std::to_string(p) + " comes from a layer that does not exist");
                return false;
            }
            const auto& src = m_states[static_cast<std::size_t>(from)];
            if (src.outputs.empty()) return false; // upstream error, already reported
            if (c.from.port >= src.outputs.size()) {
                fail(la, "dangling", "input " + std::to_string(p) + " comes from output " + std::to_string(c.from.port) +
                                         " of '" + m_graph.layers()[static_cast<std::size_t>(from)].name + "', which has " +
                                         std::to_string(src.outputs.size()) + " output(s)");
                return false;
            }
            tensors.push_back(&src.outputs[c.from.port]);
            infos.push_back(*src.outputs[c.from.port].info);
        }
        return true;
    }

    bool validateAttrs(LayerAnalysis& la, const Layer& layer)
    {
        const auto& specs = layer.kind->params;
        if (layer.attrs.size() != specs.size()) {
            fail(la, "attributes", "has " + std::to_string(layer.attrs.size()) + " attribute values for " +
                                       std::to_string(specs.size()) + " attributes");
            return false;
        }
        for (std::size_t i = 0; i < specs.size(); ++i) {
            if (attrIsValid(specs[i], layer.attrs[i])) continue; // the inline check, no message
            std::string message;
            if (!validateAttr(specs[i], layer.attrs[i], message)) {
                fail(la, "bad_attribute", message);
                return false;
            }
        }
        return true;
    }

    void analyseLayer(std::size_t idx)
    {
        const Layer& layer = m_graph.layers()[idx];
        m_result.layers.emplace_back();
        LayerAnalysis& la = m_result.layers.back();
        la.id = layer.id;
        la.layerIndex = idx;
        const std::size_t pos = m_result.layers.size() - 1;
        la.segment = m_segmentAt[pos];
        if (!layer.kind) {
            fail(la, "unknown_kind", "has no layer kind");
            return;
        }
        // Scratch vectors reused across layers (their capacity is kept: no allocation per layer).
        std::vector<TensorInfo>& infos = m_scratchInfos;
        std::vector<const PortTensor*>& ins = m_scratchIns;
        infos.clear();
        ins.clear();
        if (!validateAttrs(la, layer) || !gatherInputs(la, layer, infos, ins)) return;

        LayerContext ctx{layer.attrs, infos, layer.name};
        auto r = layer.kind->analyze(ctx);
        if (!r) {
            fail(la, r.error().code, r.error().message);
            return;
        }
        KindResult& kr = r.value();
        la.result = std::move(static_cast<LayerResult&>(kr));
        if (!checkOutputs(la)) return;
        if (!accountParams(la, layer)) return;

        bool anyInputNeedsGrad = false;
        for (const auto* t : ins) anyInputNeedsGrad |= t->needsGrad;
        la.outputNeedsGrad = anyInputNeedsGrad || la.paramsTrainable;

        LayerState& st = m_states[idx];
        const bool isSource = layer.kind->maxInputs == 0;
        for (std::size_t o = 0; o < la.result.outputs.size(); ++o) {
            PortTensor pt;
            pt.info = &la.result.outputs[o];
            pt.numel = m_outputNumel[o];
            pt.needsGrad = la.outputNeedsGrad;
            if (o == 0 && la.result.aliasOf >= 0 && static_cast<std::size_t>(la.result.aliasOf) < ins.size()) {
                pt.storage = ins[static_cast<std::size_t>(la.result.aliasOf)]->storage;
            } else {
                pt.storage = newStorage(pt, isSource);
                m_storages[static_cast<std::size_t>(pt.storage)].segment = la.segment;
                if (!isSource) la.caffeTopNumel += m_storages[static_cast<std::size_t>(pt.storage)].numel;
            }
            m_storages[static_cast<std::size_t>(pt.storage)].consumersLeft += m_connections.consumersOf(idx, o);
            st.outputs.push_back(pt);
        }
        if (isSource)
            for (std::size_t o = 0; o < st.outputs.size(); ++o)
                m_result.input.addPerSample(st.outputs[o].info->elem,
                                            m_storages[static_cast<std::size_t>(st.outputs[o].storage)].numel);

        const bool sameOnBoth = m_devicesInSync && sameOnBothDevices(kr);
        if (m_devicesInSync && !sameOnBoth) splitDevices();
        if (la.segment >= 0 && la.outputNeedsGrad) {
            chargeSegmentInputs(la, ins, !sameOnBoth);
            m_result.segments[static_cast<std::size_t>(la.segment)].macs += la.result.macs;
            m_result.recomputedMacs += la.result.macs;
        }
        accountSaved(la, kr, Profile::PyTorchCuda, ins, st);
        accountAutocast(la, kr, 0, ins, st, isSource);
        if (sameOnBoth) {
            la.kept[kCpu] = la.kept[kCuda];
            la.keptAutocast[kCpu] = la.keptAutocast[kCuda];
            la.autocastWeightNumel[kCpu] = la.autocastWeightNumel[kCuda];
            if (la.segment >= 0) {
                RecomputedLayer& r = m_result.recomputed[pos];
                r.kept[kCpu] = r.kept[kCuda];
                r.keptAutocast[kCpu] = r.keptAutocast[kCuda];
                r.autocastWeightNumel[kCpu] = r.autocastWeightNumel[kCuda];
            }
        } else {
            accountSaved(la, kr, Profile::PyTorchCpu, ins, st);
            accountAutocast(la, kr, 1, ins, st, isSource);
        }
        accountSaved(la, kr, Profile::Caffe, ins, st);
        accountSaved(la, kr, Profile::TensorFlow, ins, st);
        if (!kr.tensorflowRule && !isSource) ++m_result.tensorflowFallbackLayers;
        m_result.caffeBlobNumel += la.caffeTopNumel;
        m_result.caffeColumnBufferNumel += la.result.caffeColumnBufferNumel;
        m_result.macs += la.result.macs;
        la.modelInput = isSource;
        accountActivationGradients(la, ins);
        stepInference(ins, st);
        la.analysed = true;
    }

    // The two PyTorch devices (CUDA, CPU) analysed as one. While every layer so far has kept the
    // same tensors on both (the same saved list, the same autocast rule: most kinds, see
    // KindResult::keepPyTorch), every storage's per-device state (kept, autocastFloat,
    // autocastKept) is the same on both, so the CPU's counts are the CUDA ones: the analyser
    // computes them once, leaves the CPU state and totals untouched, and splitDevices() fills
    // them in at the first layer that differs (copyCudaTotalsToCpu() at the end when none does).
    // A result, not an approximation: the same operations on the same state.
    static constexpr std::size_t kCuda = static_cast<std::size_t>(Profile::PyTorchCuda);
    static constexpr std::size_t kCpu = static_cast<std::size_t>(Profile::PyTorchCpu);

    // Byte equality of the saved lists is enough (and conservative: tensors built apart may
    // differ in padding bytes, which only costs the shortcut).
    static bool sameOnBothDevices(const KindResult& kr)
    {
        const auto& cuda = kr.saved[kCuda];
        const auto& cpu = kr.saved[kCpu];
        return kr.autocast[0].op == kr.autocast[1].op && kr.autocast[0].output == kr.autocast[1].output &&
               cuda.size() == cpu.size() && std::memcmp(cuda.data(), cpu.data(), cuda.size() * sizeof(SavedTensor)) == 0;
    }

    void splitDevices()
    {
        m_devicesInSync = false;
        for (TensorStorage& s : m_storages) {
            s.kept[kCpu] = s.kept[kCuda];
            s.autocastFloat[1] = s.autocastFloat[0];
            s.autocastKept[1] = s.autocastKept[0];
            s.recomputeKept[1] = s.recomputeKept[0];
            s.recomputeAutocastKept[1] = s.recomputeAutocastKept[0];
        }
        copyCudaTotalsToCpu();
    }

    void copyCudaTotalsToCpu()
    {
        m_result.activations[kCpu] = m_result.activations[kCuda];
        m_result.activationsAutocast[1] = m_result.activationsAutocast[0];
        m_result.autocastWeightNumel[1] = m_result.autocastWeightNumel[0];
    }

    // Also records each output's element count in m_outputNumel (by output port).
    bool checkOutputs(LayerAnalysis& la)
    {
        m_outputNumel.clear();
        for (const auto& t : la.result.outputs) {
            const auto n = t.shape.numel();
            if (!n.ok()) {
                fail(la, "overflow", "output shape " + t.shape.toString() + " has more elements than 64 bits can count");
                return false;
            }
            if (n.value() > kMaxTensorElements) {
                fail(la, "overflow", "output shape " + t.shape.toString() + " has " + withThousands(n.value()) +
                                         " elements per sample; tensors are limited to 2^40 elements so that bytes "
                                         "× batch never overflow");
                return false;
            }
            if (!t.shape.allPositive()) {
                fail(la, "shape", "output shape " + t.shape.toString() + " has a dimension below 1");
                return false;
            }
            m_outputNumel.push_back(n.value());
            if (t.elem == ElemKind::Activation) la.outputActivationNumel += n.value();
            else la.outputOtherBytes += n.value() * elemBytes(t.elem, 4);
        }
        return true;
    }

    bool accountParams(LayerAnalysis& la, const Layer& layer)
    {
        CheckedCount learnable, buffers, total{m_result.paramsTotal};
        for (const auto& p : la.result.params) {
            if (p.numel > kMaxTensorElements) {
                fail(la, "overflow", std::string("parameter '") + p.name + "' has " + withThousands(p.numel) +
                                         " elements; tensors are limited to 2^40 elements");
                return false;
            }
            (p.learnable ? learnable : buffers) += p.numel;
            if (p.pytorchOnly) m_result.pytorchOnlyBuffers += p.numel;
            la.weights.addFixed(p.elem, p.numel);
            if (p.learnable) ++la.learnableTensors;
        }
        total += learnable;
        if (!learnable.ok() || !buffers.ok() || !total.ok()) {
            fail(la, "overflow", "parameter count overflows 64 bits");
            return false;
        }
        la.learnableParams = learnable.value();
        la.bufferParams = buffers.value();
        la.paramsTrainable = layer.trainable && la.learnableParams > 0;
        m_result.paramsTotal = total.value();
        m_result.buffers += la.bufferParams;
        for (const auto& p : la.result.params) m_result.weights.addFixed(p.elem, p.numel); // = add(la.weights)
        if (la.paramsTrainable) {
            m_result.paramsTrainable += la.learnableParams;
            m_result.trainableTensors += la.learnableTensors;
            m_result.trainableWeights.addFixed(ElemKind::Activation, la.learnableParams);
        }
        return true;
    }

    int newStorage(const PortTensor& t, bool modelInput)
    {
        TensorStorage s;
        s.numel = t.numel;
        s.elem = t.info->elem;
        s.modelInput = modelInput;
        m_storages.push_back(s);
        return static_cast<int>(m_storages.size() - 1);
    }

    // Whether a lowered op keeps the half copies of its weights. derivatives.yaml gives mm/addmm
    // one formula per operand, so linear keeps mat2 (the weight's cast copy) only for mat1's
    // gradient — when an input needs one; such kinds mark the mirror case, keeping their input
    // only for the weights' gradient (SaveWhen::ParamsNeedGrad on Ref::Input). Convolution has
    // one formula for input, weight and bias and keeps both whenever it is recorded. Measured:
    // tests/truth x_frozen_mlp under CPU autocast, fc2 (trainable, its input after the frozen
    // fc1 needs no gradient) keeps no bf16 weight copy (saved_fixed_bytes 17,664 = fc3 + fc4).
    static bool keepsWeightCopy(const KindResult& kr, int profile, const std::vector<const PortTensor*>& ins)
    {
        bool perOperand = false;
        for (const auto& t : kr.saved[static_cast<std::size_t>(profile)])
            perOperand |= t.ref == SavedTensor::Ref::Input && t.when == SaveWhen::ParamsNeedGrad;
        if (!perOperand) return true;
        for (const auto* t : ins)
            if (t->needsGrad) return true;
        return false;
    }

    // Charges a kept tensor to its layer and to the network total. A total overflows whenever
    // one of its layers' counts does (it is at least as large), as when summed afterwards.
    static void charge(CompactCounts& layer, ElemCounts& total, ElemKind k, Count perSample, Count fixed)
    {
        layer.addPerSample(k, perSample);
        total.addPerSample(k, perSample);
        if (fixed) {
            layer.addFixed(k, fixed);
            total.addFixed(k, fixed);
        }
    }

    static bool shouldSave(const SavedTensor& t, const LayerAnalysis& la, const std::vector<const PortTensor*>& ins)
    {
        switch (t.when) {
        case SaveWhen::AnyGrad: return true;
        case SaveWhen::ParamsNeedGrad: return la.paramsTrainable;
        case SaveWhen::InputNeedsGrad: {
            const std::size_t i = t.ref == SavedTensor::Ref::Input ? t.index : 0;
            return i < ins.size() && ins[i]->needsGrad;
        }
        }
        return true;
    }

    void accountSaved(LayerAnalysis& la, const KindResult& kr, Profile profile, const std::vector<const PortTensor*>& ins,
                      const LayerState& st)
    {
        const int p = static_cast<int>(profile);
        // A checkpointed layer (PyTorch profiles) keeps its saves only while its segment is
        // recomputed: they go to RecomputedLayer, storages charged once per recomputation; the
        // segment's inputs it saves are kept already (chargeSegmentInputs).
        const bool recompute = la.segment >= 0 && p < 2;
        CompactCounts& kept = recompute ? m_result.recomputed[m_result.layers.size() - 1].kept[static_cast<std::size_t>(p)]
                                        : la.kept[static_cast<std::size_t>(p)];
        // Each charge goes to the layer and straight into the network total (one checked add
        // each, rather than summing every element kind of `kept` afterwards).
        ElemCounts& total = recompute ? m_discarded : m_result.activations[static_cast<std::size_t>(p)];
        const bool caffe = profile == Profile::Caffe;
        if (!caffe && !la.outputNeedsGrad) return; // autograd (or the tape) records nothing for this op
        // A kind without a TensorFlow rule keeps what PyTorch's CPU autograd keeps there
        // (counted in Analysis::tensorflowFallbackLayers).
        const Profile list = profile == Profile::TensorFlow && !kr.tensorflowRule ? Profile::PyTorchCpu : profile;
        for (const auto& t : kr.saved[static_cast<std::size_t>(list)]) {
            if (!caffe && !shouldSave(t, la, ins)) continue;
            if (t.ref == SavedTensor::Ref::Extra) {
                if (t.autocast != AutocastDtype::HalfCopyUnderAutocast) charge(kept, total, t.elem, t.numelPerSample, t.numelFixed);
                continue;
            }
            int storage = -1;
            if (t.ref == SavedTensor::Ref::Input && t.index < ins.size()) storage = ins[t.index]->storage;
            if (t.ref == SavedTensor::Ref::Output && t.index < st.outputs.size()) storage = st.outputs[t.index].storage;
            if (storage < 0) continue;
            TensorStorage& s = m_storages[static_cast<std::size_t>(storage)];
            if (p == 0) { // LayerAnalysis::outputFirstSaver / outputLastSaver
                if (s.firstSaver < 0) s.firstSaver = static_cast<std::int32_t>(m_result.layers.size() - 1);
                s.lastSaver = static_cast<std::int32_t>(m_result.layers.size() - 1);
            }
            if (recompute && s.segment != la.segment) continue; // a segment input
            bool& charged = recompute ? s.recomputeKept[static_cast<std::size_t>(p)] : s.kept[static_cast<std::size_t>(p)];
            if (charged || s.modelInput) continue;
            charged = true;
            charge(kept, total, s.elem, s.numel, 0);
        }
    }

    // Mixed precision on device `d` (0 CUDA, 1 CPU): the dtype of every tensor under autocast
    // (see Autocast in KindResult.h), the storages the op saves with that dtype — cast copies
    // made by autocast are new storages, one per op and input — and the half copies of the
    // weights it casts. Float32 tensors are charged as ElemKind::Float32, half ones as
    // Activation (2 B under a mixed precision).
    void accountAutocast(LayerAnalysis& la, const KindResult& kr, int d, const std::vector<const PortTensor*>& ins,
                         const LayerState& st, bool isSource)
    {
        const AutocastRule rule = kr.autocast[static_cast<std::size_t>(d)];
        bool opFloat = false;
        switch (rule.op) {
        case Autocast::Lower: opFloat = false; break;
        case Autocast::Fp32: opFloat = true; break;
        case Autocast::Passthrough: {
            // promote: the widest floating input; float32 (the weights' dtype) without one.
            bool anyFloating = false;
            for (const auto* t : ins) {
                if (t->info->elem != ElemKind::Activation) continue;
                anyFloating = true;
                opFloat |= m_storages[static_cast<std::size_t>(t->storage)].autocastFloat[static_cast<std::size_t>(d)];
            }
            if (!anyFloating || isSource) opFloat = true;
            break;
        }
        }
        const bool outFloat = rule.output == AutocastDtype::Op ? opFloat : rule.output == AutocastDtype::Float;
        for (std::size_t o = 0; o < st.outputs.size(); ++o) {
            TensorStorage& s = m_storages[static_cast<std::size_t>(st.outputs[o].storage)];
            const bool aliased = o == 0 && la.result.aliasOf >= 0;
            if (!aliased) s.autocastFloat[static_cast<std::size_t>(d)] = outFloat;
        }
        const int profile = d; // Profile::PyTorchCuda == 0, Profile::PyTorchCpu == 1
        // Checkpointed: as in accountSaved, the saves and weight copies exist only while the
        // segment is recomputed.
        const bool recompute = la.segment >= 0;
        RecomputedLayer* r = recompute ? &m_result.recomputed[m_result.layers.size() - 1] : nullptr;
        CompactCounts& kept = r ? r->keptAutocast[static_cast<std::size_t>(d)] : la.keptAutocast[static_cast<std::size_t>(d)];
        ElemCounts& total = recompute ? m_discarded : m_result.activationsAutocast[static_cast<std::size_t>(d)];
        Count& weightCopies = r ? r->autocastWeightNumel[static_cast<std::size_t>(d)] : la.autocastWeightNumel[static_cast<std::size_t>(d)];
        if (!la.outputNeedsGrad) return;
        if (rule.op == Autocast::Lower && keepsWeightCopy(kr, profile, ins))
            for (const auto& p : la.result.params)
                if (p.autocastCopy && p.learnable) weightCopies += p.numel;
        std::array<bool, 8> copied{}; // input i's cast copy already charged by this op
        for (const auto& t : kr.saved[static_cast<std::size_t>(profile)]) {
            if (!shouldSave(t, la, ins)) continue;
            if (t.ref == SavedTensor::Ref::Extra) {
                const bool f = t.autocast == AutocastDtype::Op ? opFloat : t.autocast == AutocastDtype::Float;
                const ElemKind k = t.elem == ElemKind::Activation && f ? ElemKind::Float32 : t.elem;
                charge(kept, total, k, t.numelPerSample, t.numelFixed);
                continue;
            }
            int storage = -1;
            bool castable = false;
            if (t.ref == SavedTensor::Ref::Input && t.index < ins.size()) {
                storage = ins[t.index]->storage;
                castable = rule.op != Autocast::Passthrough || ins.size() > 1;
            }
            if (t.ref == SavedTensor::Ref::Output && t.index < st.outputs.size()) storage = st.outputs[t.index].storage;
            if (storage < 0) continue;
            TensorStorage& s = m_storages[static_cast<std::size_t>(storage)];
            const bool sFloat = s.autocastFloat[static_cast<std::size_t>(d)];
            const bool segmentInput = recompute && s.segment != la.segment;
            if (castable && s.elem == ElemKind::Activation && sFloat != opFloat) {
                // autocast (or type promotion) made a copy in the op's dtype; the op saves it.
                if (t.index < copied.size() && copied[t.index]) continue;
                if (t.index < copied.size()) copied[t.index] = true;
                charge(kept, total, opFloat ? ElemKind::Float32 : ElemKind::Activation, s.numel, 0);
                continue;
            }
            if (segmentInput) continue;
            bool& charged = recompute ? s.recomputeAutocastKept[static_cast<std::size_t>(d)] : s.autocastKept[static_cast<std::size_t>(d)];
            if (charged || s.modelInput) continue;
            charged = true;
            charge(kept, total, s.elem == ElemKind::Activation && sFloat ? ElemKind::Float32 : s.elem, s.numel, 0);
        }
        if (!recompute) m_result.autocastWeightNumel[static_cast<std::size_t>(d)] += la.autocastWeightNumel[static_cast<std::size_t>(d)];
    }

    void accountActivationGradients(LayerAnalysis& la, const std::vector<const PortTensor*>& ins)
    {
        if (!la.outputNeedsGrad) return;
        Count n = la.outputActivationNumel;
        for (const auto* t : ins)
            if (t->needsGrad && t->info->elem == ElemKind::Activation) n += t->numel;
        la.activationGradientNumel = n;
        m_result.activationGradientPeakNumel = std::max(m_result.activationGradientPeakNumel, n);
    }

    // Inference liveness: outputs are allocated, then inputs whose last consumer ran are freed.
    void stepInference(const std::vector<const PortTensor*>& ins, const LayerState& st)
    {
        for (std::size_t k = 0; k < st.outputs.size(); ++k) {
            const PortTensor& o = st.outputs[k];
            const bool fresh = std::none_of(ins.begin(), ins.end(), [&](const PortTensor* t) { return t->storage == o.storage; });
            if (fresh) allocateLive(m_storages[static_cast<std::size_t>(o.storage)]);
        }
        updatePeak();
        for (const auto* t : ins) {
            TensorStorage& s = m_storages[static_cast<std::size_t>(t->storage)];
            if (--s.consumersLeft == 0) releaseLive(s);
        }
    }

    void allocateLive(const TensorStorage& s)
    {
        m_liveFp32 += s.numel * elemBytes(s.elem, 4);
        m_liveHalf += s.numel * elemBytes(s.elem, 2);
    }
    void releaseLive(const TensorStorage& s)
    {
        m_liveFp32 -= s.numel * elemBytes(s.elem, 4);
        m_liveHalf -= s.numel * elemBytes(s.elem, 2);
    }
    void updatePeak()
    {
        m_result.inferencePeakBytesFp32 = std::max(m_result.inferencePeakBytesFp32, m_liveFp32);
        m_result.inferencePeakBytesHalf = std::max(m_result.inferencePeakBytesHalf, m_liveHalf);
    }

    const Graph& m_graph;
    Analysis m_result;
    std::vector<LayerState> m_states;          // by layer index
    ConnectionIndex m_connections;
    std::vector<TensorStorage> m_storages;
    std::vector<TensorInfo> m_scratchInfos;
    std::vector<const PortTensor*> m_scratchIns;
    std::vector<Count> m_outputNumel; // the current layer's output element counts, by port
    bool m_devicesInSync = true; // see sameOnBothDevices()
    std::vector<int> m_segmentAt; // segment index by position in the topological order, -1 none
    ElemCounts m_discarded;       // the network total of recomputed charges (not a component)
    Count m_liveFp32 = 0;
    Count m_liveHalf = 0;
};

} // namespace

Analysis analyze(const Graph& graph)
{
    return Analyzer(graph).run();
}

} // namespace netsizer::core
