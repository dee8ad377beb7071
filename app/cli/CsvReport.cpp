// --format csv: one row per layer, then one row per component and a total row, all with the
// same columns (docs/cli.md):
//   row,name,type,output_shape,params,activations_per_sample,weights,gradients,optimizer_state,
//   activations,fixed,per_sample,batch,bytes
// `row` is "layer", "component", "total", "total_low", "total_high", "overhead_line" (name: the
// core's line name) or "peak" (name: the layer running at the peak or empty, type: the step
// phase). Byte columns are exact integers; weights .. activations and bytes are at `batch`;
// fixed + batch × per_sample = bytes on every row (the peak's line is its timeline event's).
// Rows other than layer rows leave the layer columns empty.
#include "app/cli/ReportFormatters.h"

#include "core/layers/LayerKind.h"
#include "core/util/CsvText.h"

namespace netsizer::cli {
namespace {

using namespace netsizer::core;

std::string shapeText(const Shape& s)
{
    std::string t;
    for (int i = 0; i < s.rank(); ++i) t += (i ? "x" : "") + std::to_string(s[i]);
    return t;
}

std::string n(std::uint64_t v) { return std::to_string(v); }

} // namespace

std::string formatCsv(const EstimateReport& r)
{
    const MemoryBreakdown& m = r.breakdown;
    const std::uint64_t batch = m.config.batch;
    std::string out = csvRow({"row", "name", "type", "output_shape", "params", "activations_per_sample", "weights", "gradients",
                           "optimizer_state", "activations", "fixed", "per_sample", "batch", "bytes"});
    for (std::size_t i = 0; i < r.analysis.layers.size(); ++i) {
        const LayerAnalysis& la = r.analysis.layers[i];
        const LayerMemory& lm = m.layers[i];
        const Layer& layer = r.model.graph.layers()[la.layerIndex];
        auto at = [&](Component c) { return n(lm.components[static_cast<std::size_t>(c)].at(batch)); };
        const AffineBytes total = lm.total();
        out += csvRow({"layer", layer.name, layer.kind->id,
                    la.result.outputs.empty() ? "" : shapeText(la.result.outputs[0].shape), n(la.learnableParams),
                    n(lm.components[static_cast<std::size_t>(Component::Activations)].perSample), at(Component::Weights),
                    at(Component::Gradients), at(Component::OptimizerState), at(Component::Activations), n(total.fixed),
                    n(total.perSample), n(batch), n(total.at(batch))});
    }
    for (Component c : kAllComponents)
        out += csvRow({"component", componentName(c), "", "", "", "", "", "", "", "", n(m[c].fixed), n(m[c].perSample), n(batch),
                    n(m.bytes(c))});
    out += csvRow({"total", "total", "", "", "", "", "", "", "", "", n(m.total.fixed), n(m.total.perSample), n(batch),
                n(m.totalBytes())});
    out += csvRow({"total_low", "total_low", "", "", "", "", "", "", "", "", n(m.totalLow.fixed), n(m.totalLow.perSample),
                n(batch), n(m.totalLow.at(batch))});
    out += csvRow({"total_high", "total_high", "", "", "", "", "", "", "", "", n(m.totalHigh.fixed), n(m.totalHigh.perSample),
                n(batch), n(m.totalHigh.at(batch))});
    for (const OverheadLine& l : m.overheadLines)
        out += csvRow({"overhead_line", l.name, "", "", "", "", "", "", "", "", n(l.bytes.fixed), n(l.bytes.perSample), n(batch),
                    n(l.bytes.at(batch))});
    const TimelinePeak peak = m.peak();
    AffineBytes peakLine = m.total; // no timeline: the total is the peak
    if (!m.timeline.empty()) peakLine = m.timeline.events[peak.event].total;
    const Layer* peakLayer = peak.layer ? r.model.graph.find(*peak.layer) : nullptr;
    out += csvRow({"peak", peakLayer ? peakLayer->name : "", stepPhaseName(peak.phase), "", "", "", "", "", "", "",
                n(peakLine.fixed), n(peakLine.perSample), n(batch), n(peakLine.at(batch))});
    return out;
}

} // namespace netsizer::cli
