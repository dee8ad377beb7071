#include "core/explain/LayerMemoryExplanation.h"

#include "core/analysis/ExplainLayer.h"
#include "core/analysis/LayerReanalysis.h"

namespace netsizer::core {

std::uint64_t LayerMemoryExplanation::bytesPerSample(const KeptTensorNote& n) const
{
    return saturatingMul(n.numelPerSample, elemBytes(n.elem, precision.activationBytes));
}

std::uint64_t LayerMemoryExplanation::bytesFixed(const KeptTensorNote& n) const
{
    return saturatingMul(n.numelFixed, elemBytes(n.elem, precision.activationBytes));
}

std::optional<LayerMemoryExplanation> explainLayerMemory(const Graph& graph, const Analysis& analysis,
                                                         const MemoryBreakdown& breakdown, LayerId id)
{
    const Layer* layer = graph.find(id);
    const LayerAnalysis* la = findAnalysed(analysis, id);
    if (!layer || !la || !la->analysed) return std::nullopt;
    LayerMemoryExplanation e;
    e.id = id;
    e.name = layer->name;
    e.kindName = layer->kind ? layer->kind->displayName : std::string();
    e.formulas = explainLayer(graph, analysis, id);
    for (const Formula& f : e.formulas) e.roundsUp |= f.symbolic.find("⌈") != std::string::npos;
    e.learnableParams = la->learnableParams;
    e.learnableTensors = la->learnableTensors;
    e.bufferParams = la->bufferParams;
    e.trainable = la->paramsTrainable;
    e.recorded = la->outputNeedsGrad;
    e.checkpointed = la->segment >= 0;
    e.config = breakdown.config;
    e.precision = precisionInfo(breakdown.config.precision);
    e.optimizer = optimizerInfo(breakdown.config.optimizer);
    e.profile = frameworkInfo(breakdown.config.framework).profile;
    e.kept = keptTensorNotes(graph, analysis, id, e.profile);
    e.caffeTopNumel = la->caffeTopNumel;
    for (const LayerMemory& lm : breakdown.layers)
        if (lm.id == id) e.memory = lm;
    return e;
}

} // namespace netsizer::core
