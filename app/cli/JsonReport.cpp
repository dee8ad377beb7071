// --format json: one object (field reference in docs/cli.md). Bytes are exact integers.
#include "app/cli/ReportFormatters.h"

#include "app/cli/RanksReport.h"
#include "core/layers/LayerKind.h"
#include "core/report/PeakHeadline.h"
#include "core/util/JsonText.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace netsizer::cli {
namespace {

using nlohmann::ordered_json;
using namespace netsizer::core;

ordered_json shapeJson(const Shape& s)
{
    ordered_json a = ordered_json::array();
    for (int i = 0; i < s.rank(); ++i) a.push_back(s[i]);
    return a;
}

ordered_json layerJson(const LayerAnalysis& la, const LayerMemory& lm, const Graph& g, std::uint64_t batch)
{
    const Layer& layer = g.layers()[la.layerIndex];
    ordered_json j;
    j["name"] = layer.name;
    j["type"] = layer.kind->id;
    const auto& outs = la.result.outputs;
    j["output_shape"] = outs.empty() ? ordered_json::array() : shapeJson(outs[0].shape);
    if (outs.size() > 1) {
        ordered_json all = ordered_json::array();
        for (const auto& o : outs) all.push_back(shapeJson(o.shape));
        j["output_shapes"] = all;
    }
    j["params"] = la.learnableParams;
    j["buffers"] = la.bufferParams;
    j["trainable"] = layer.trainable;
    j["macs"] = la.result.macs;
    j["activations_per_sample"] = lm[Component::Activations].perSample;
    ordered_json bytes;
    for (Component c : {Component::Weights, Component::Gradients, Component::OptimizerState, Component::Activations})
        bytes[componentName(c)] = lm[c].at(batch);
    bytes["total"] = lm.total().at(batch);
    j["bytes"] = bytes;
    return j;
}

} // namespace

std::string formatJson(const EstimateReport& r)
{
    const MemoryBreakdown& m = r.breakdown;
    const TrainingConfig& c = m.config;
    const Analysis& a = r.analysis;
    ordered_json j;
    j["command"] = r.fitCommand ? "fit" : "estimate";
    j["model"] = r.modelPath;
    j["name"] = r.model.graph.name;
    j["batch"] = c.batch;
    j["mode"] = modeName(c.mode);
    j["optimizer"] = optimizerInfo(c.optimizer).name;
    j["precision"] = precisionInfo(c.precision).name;
    j["framework"] = frameworkInfo(c.framework).name;
    if (c.frozenWeights.active())
        j["frozen_weights"] = {{"base", weightFormatInfo(c.frozenWeights.base).name},
                               {"quantize", weightFormatInfo(c.frozenWeights.quantize).name},
                               {"double_quant", c.frozenWeights.doubleQuant}};
    j["params"] = {{"total", a.paramsTotal},
                   {"trainable", a.paramsTrainable},
                   {"non_trainable", a.paramsTotal - a.paramsTrainable},
                   {"buffers", a.buffers},
                   {"keras_total", a.kerasTotalParams()}}; // trainable + non-trainable, as Keras counts
    j["macs"] = a.macs;
    if (c.framework == Framework::TensorFlow) j["tensorflow_fallback_layers"] = a.tensorflowFallbackLayers;

    ordered_json bytes, components;
    for (Component comp : kAllComponents) {
        bytes[componentName(comp)] = m.bytes(comp);
        components[componentName(comp)] = {{"fixed", m[comp].fixed}, {"per_sample", m[comp].perSample}};
    }
    // The sum of each component at its own maximum (not the peak), under its own name and,
    // for scripts written before, as total / total_low / total_high.
    bytes["component_maxima_sum"] = m.componentMaximaSumAt(c.batch);
    bytes["component_maxima_low"] = m.componentMaximaLow.at(c.batch);
    bytes["component_maxima_high"] = m.componentMaximaHigh.at(c.batch);
    bytes["total"] = m.componentMaximaSumAt(c.batch);
    bytes["total_low"] = m.componentMaximaLow.at(c.batch);
    bytes["total_high"] = m.componentMaximaHigh.at(c.batch);
    j["bytes"] = bytes;
    j["fixed_bytes"] = m.componentMaximaSum.fixed;
    j["per_sample_bytes"] = m.componentMaximaSum.perSample;
    j["components"] = components;

    // The headline: the simulated step's peak (core/timeline/Timeline.h), its band, where it
    // happens and what is alive then (the entries of peak_components add up to peak_bytes).
    const PeakComposition peak = m.peakComposition();
    const Layer* peakLayer = peak.where.layer ? r.model.graph.find(*peak.where.layer) : nullptr;
    j["headline"] = peakHeadline(m);
    j["peak_bytes"] = peak.bytes;
    j["peak_low_bytes"] = peak.low;
    j["peak_high_bytes"] = peak.high;
    j["peak_phase"] = stepPhaseName(peak.where.phase);
    j["peak_layer"] = peakLayer ? ordered_json(peakLayer->name) : ordered_json(nullptr);
    j["peak_place"] = peakPlaceText(m, peakLayer ? peakLayer->name : std::string());
    ordered_json atPeak;
    for (Component comp : kAllComponents) atPeak[componentName(comp)] = peak[comp];
    j["peak_components"] = atPeak;

    // The overhead lines inside `workspace` and `overhead`, each with its band, at the batch.
    ordered_json detail = ordered_json::object();
    for (const OverheadLine& l : m.overheadLines)
        detail[l.name] = {{"bytes", l.bytes.at(c.batch)},
                          {"low", l.low.at(c.batch)},
                          {"high", std::max(l.high.at(c.batch), l.bytes.at(c.batch))},
                          {"source", l.source}};
    j["overhead_detail"] = detail;
    ordered_json notes = ordered_json::array();
    for (const auto& n : r.model.notes) notes.push_back(n);
    j["notes"] = notes;

    if (c.gpu) {
        ordered_json g;
        g["name"] = c.gpu->name;
        g["architecture"] = c.gpu->architecture;
        g["memory_bytes"] = c.gpu->memoryBytes;
        g["context_bytes"] = c.gpu->contextBytes;
        g["fits"] = r.fittedBatch ? *r.fittedBatch > 0 : m.fits();
        g["fits_safe"] = m.fits(true);
        g["verdict"] = fitVerdictName(fitVerdict(peak, c));
        g["max_batch"] = m.maxBatch().value_or(0);
        g["max_batch_safe"] = m.maxBatch(true).value_or(0);
        g["max_batch_capped"] = m.maxBatch().value_or(0) == TrainingConfig::kMaxBatch;
        if (r.fitCommand) g["fit_rule"] = r.safe ? "safe" : "centre";
        if (r.fitCommand && r.parallel) g["fitted_global_batch"] = r.fittedBatch.value_or(0);
        j["gpu"] = g;
    }

    addRanksJson(r, j);

    ordered_json layers = ordered_json::array();
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        layers.push_back(layerJson(a.layers[i], m.layers[i], r.model.graph, c.batch));
    j["layers"] = layers;
    return core::dumpJson(j, 2) + "\n";
}

} // namespace netsizer::cli
