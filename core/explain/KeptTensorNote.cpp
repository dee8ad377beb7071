#include "core/explain/KeptTensorNote.h"

#include "core/analysis/LayerReanalysis.h"

#include <string_view>

namespace netsizer::core {

namespace {

bool has(std::string_view label, std::string_view part) { return label.find(part) != std::string_view::npos; }

// The storage `port` really lives in: through views and in-place layers (LayerResult::aliasOf)
// back to the layer that allocated it.
PortRef storageRoot(const Graph& graph, const Analysis& analysis, PortRef port)
{
    for (std::size_t guard = 0; guard <= analysis.layers.size(); ++guard) {
        const LayerAnalysis* la = findAnalysed(analysis, port.layer);
        if (!la || port.port != 0 || la->result.aliasOf < 0) return port;
        const auto ins = graph.inputsOf(port.layer);
        const auto i = static_cast<std::size_t>(la->result.aliasOf);
        if (i >= ins.size()) return port;
        port = ins[i].from;
    }
    return port;
}

bool needsGrad(const Analysis& analysis, PortRef source)
{
    const LayerAnalysis* la = findAnalysed(analysis, source.layer);
    return la && la->outputNeedsGrad && !la->modelInput;
}

// Whether the analyser saves `t` for layer `re` (Analyzer::shouldSave): always under Caffe,
// otherwise only when autograd records the layer and the tensor's condition holds.
bool saves(const LayerReanalysis& re, const SavedTensor& t, const Analysis& analysis, Profile profile)
{
    if (profile == Profile::Caffe) return true;
    if (!re.analysis->outputNeedsGrad) return false;
    switch (t.when) {
    case SaveWhen::AnyGrad: return true;
    case SaveWhen::ParamsNeedGrad: return re.analysis->paramsTrainable;
    case SaveWhen::InputNeedsGrad: {
        const std::size_t i = t.ref == SavedTensor::Ref::Input ? t.index : 0;
        return i < re.sources.size() && needsGrad(analysis, re.sources[i]);
    }
    }
    return true;
}

// The list the analyser reads for `profile` (a kind without a TensorFlow rule: PyTorch's CPU one).
const SmallVector<SavedTensor, 4>& savedList(const KindResult& r, Profile profile)
{
    const Profile list = profile == Profile::TensorFlow && !r.tensorflowRule ? Profile::PyTorchCpu : profile;
    return r.saved[static_cast<std::size_t>(list)];
}

// The storage root of saved tensor `t` of `re`, or nullopt for extras and unknown ports.
std::optional<PortRef> savedRoot(const Graph& graph, const Analysis& analysis, const LayerReanalysis& re,
                                 const SavedTensor& t)
{
    if (t.ref == SavedTensor::Ref::Input && t.index < re.sources.size())
        return storageRoot(graph, analysis, re.sources[t.index]);
    if (t.ref == SavedTensor::Ref::Output && t.index < re.result.outputs.size())
        return storageRoot(graph, analysis, PortRef{re.layer->id, t.index});
    return std::nullopt;
}

// The first layer before `self` (topological order) that keeps storage `root`, or nullopt.
std::optional<LayerId> earlierKeeper(const Graph& graph, const Analysis& analysis, LayerId self, PortRef root,
                                     Profile profile)
{
    for (const LayerAnalysis& la : analysis.layers) {
        if (la.id == self) break;
        if (!la.analysed) continue;
        bool touches = la.id == root.layer;
        for (const Connection& c : graph.inputsOf(la.id)) touches |= c.from.layer == root.layer;
        // A view of the root feeding this layer also touches it; views are rare, so check
        // every input's root only when the cheap test did not decide.
        if (!touches)
            for (const Connection& c : graph.inputsOf(la.id)) touches |= storageRoot(graph, analysis, c.from) == root;
        if (!touches) continue;
        const auto re = reanalyzeLayer(graph, analysis, la.id);
        if (!re) continue;
        for (const SavedTensor& t : savedList(re->result, profile)) {
            if (t.ref == SavedTensor::Ref::Extra || t.ref == SavedTensor::Ref::Persistent) continue;
            if (!saves(*re, t, analysis, profile)) continue;
            if (savedRoot(graph, analysis, *re, t) == root) return la.id;
        }
    }
    return std::nullopt;
}

} // namespace

KeptWhy keptWhy(const SavedTensor& t, bool layerHasWeights)
{
    const std::string_view label = t.label;
    if (has(label, "indices") || has(label, "max_idx")) return KeptWhy::PoolIndices;
    if (has(label, "mask") || has(label, "noise") || has(label, "rand_vec")) return KeptWhy::DropoutMask;
    if (has(label, "save_mean") || has(label, "save_invstd") || has(label, "rstd") || has(label, "mean_"))
        return KeptWhy::NormStatistics;
    if (label.starts_with("Relu") || label.starts_with("Threshold")) return KeptWhy::OutputGradientMask;
    if (t.ref == SavedTensor::Ref::Output || has(label, ".result")) return KeptWhy::OutputForDerivative;
    if (t.ref == SavedTensor::Ref::Input)
        return layerHasWeights ? KeptWhy::InputForWeightGradient : KeptWhy::InputForDerivative;
    return KeptWhy::Other;
}

std::vector<KeptTensorNote> keptTensorNotes(const Graph& graph, const Analysis& analysis, LayerId id, Profile profile)
{
    std::vector<KeptTensorNote> out;
    const auto re = reanalyzeLayer(graph, analysis, id);
    if (!re) return out;
    const bool hasWeights = re->analysis->learnableParams > 0;
    for (const SavedTensor& t : savedList(re->result, profile)) {
        if (t.autocast == AutocastDtype::HalfCopyUnderAutocast) continue; // the same tensor as another entry
        KeptTensorNote n;
        n.label = t.label;
        n.ref = t.ref;
        n.index = t.index;
        n.why = keptWhy(t, hasWeights);
        if (t.ref == SavedTensor::Ref::Persistent) {
            n.charge = KeptCharge::NoMemory;
            out.push_back(std::move(n));
            continue;
        }
        if (t.ref == SavedTensor::Ref::Extra) {
            n.numelPerSample = t.numelPerSample;
            n.numelFixed = t.numelFixed;
            n.elem = t.elem;
        } else {
            const TensorInfo* info = nullptr;
            if (t.ref == SavedTensor::Ref::Input && t.index < re->inputs.size()) info = &re->inputs[t.index];
            if (t.ref == SavedTensor::Ref::Output && t.index < re->result.outputs.size()) info = &re->result.outputs[t.index];
            if (!info) continue;
            n.shape = info->shape;
            n.numelPerSample = info->shape.numel().value();
            n.elem = info->elem;
        }
        if (!saves(*re, t, analysis, profile)) {
            n.charge = KeptCharge::NotSaved;
        } else if (const auto root = savedRoot(graph, analysis, *re, t)) {
            const LayerAnalysis* owner = findAnalysed(analysis, root->layer);
            if (owner && owner->modelInput) {
                n.charge = KeptCharge::ModelInput;
            } else if (const auto keeper = earlierKeeper(graph, analysis, id, *root, profile)) {
                n.charge = KeptCharge::EarlierLayer;
                n.chargedTo = keeper;
                if (const Layer* l = graph.find(*keeper)) n.chargedToName = l->name;
            }
        }
        out.push_back(std::move(n));
    }
    return out;
}

} // namespace netsizer::core
