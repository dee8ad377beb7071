// --format json: one object (field reference in docs/cli.md). Bytes are exact integers.
#include "app/cli/ReportFormatters.h"

#include "core/layers/LayerKind.h"

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
    bytes["total"] = m.totalBytes();
    bytes["total_low"] = m.totalLow.at(c.batch);
    bytes["total_high"] = m.totalHigh.at(c.batch);
    j["bytes"] = bytes;
    j["fixed_bytes"] = m.total.fixed;
    j["per_sample_bytes"] = m.total.perSample;
    j["components"] = components;

    // The simulated step's peak (core/timeline/Timeline.h) and where it happens.
    const TimelinePeak peak = m.peak();
    j["peak_bytes"] = m.peakBytes();
    j["peak_high_bytes"] = m.peakHighAt(c.batch);
    j["peak_phase"] = stepPhaseName(peak.phase);
    const Layer* peakLayer = peak.layer ? r.model.graph.find(*peak.layer) : nullptr;
    j["peak_layer"] = peakLayer ? ordered_json(peakLayer->name) : ordered_json(nullptr);

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
        g["max_batch"] = m.maxBatch().value_or(0);
        g["max_batch_safe"] = m.maxBatch(true).value_or(0);
        g["max_batch_capped"] = m.maxBatch().value_or(0) == TrainingConfig::kMaxBatch;
        if (r.fitCommand) g["fit_rule"] = r.safe ? "safe" : "centre";
        j["gpu"] = g;
    }

    ordered_json layers = ordered_json::array();
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        layers.push_back(layerJson(a.layers[i], m.layers[i], r.model.graph, c.batch));
    j["layers"] = layers;
    return j.dump(2) + "\n";
}

} // namespace netsizer::cli
