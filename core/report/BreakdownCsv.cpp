#include "core/report/BreakdownCsv.h"

#include "core/graph/ShapeText.h"
#include "core/layers/LayerKind.h"
#include "core/util/CsvText.h"

namespace netsizer::core {
namespace {

std::string n(std::uint64_t v) { return std::to_string(v); }

// A row that is not a layer row: the layer columns (type .. activations) empty but `type`.
std::string lineRow(const std::string& row, const std::string& name, const std::string& type, const AffineBytes& line,
                    std::uint64_t batch)
{
    return csvRow({row, name, type, "", "", "", "", "", "", "", n(line.fixed), n(line.perSample), n(batch), n(line.at(batch))});
}

} // namespace

std::string breakdownCsv(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& m)
{
    const std::uint64_t batch = m.config.batch;
    std::string out = csvRow({"row", "name", "type", "output_shape", "params", "activations_per_sample", "weights", "gradients",
                              "optimizer_state", "activations", "fixed", "per_sample", "batch", "bytes"});
    for (std::size_t i = 0; i < analysis.layers.size() && i < m.layers.size(); ++i) {
        const LayerAnalysis& la = analysis.layers[i];
        const LayerMemory& lm = m.layers[i];
        const Layer& layer = graph.layers()[la.layerIndex];
        auto at = [&](Component c) { return n(lm[c].at(batch)); };
        const AffineBytes total = lm.total();
        out += csvRow({"layer", layer.name, layer.kind->id, la.result.outputs.empty() ? "" : shapeText(la.result.outputs[0].shape),
                       n(la.learnableParams), n(lm[Component::Activations].perSample),
                       at(Component::Weights), at(Component::Gradients), at(Component::OptimizerState),
                       at(Component::Activations), n(total.fixed), n(total.perSample), n(batch), n(total.at(batch))});
    }
    for (Component c : kAllComponents) out += lineRow("component", componentName(c), "", m[c], batch);
    out += lineRow("total", "total", "", m.total, batch);
    out += lineRow("total_low", "total_low", "", m.totalLow, batch);
    out += lineRow("total_high", "total_high", "", m.totalHigh, batch);
    for (const OverheadLine& l : m.overheadLines) out += lineRow("overhead_line", l.name, "", l.bytes, batch);
    const TimelinePeak peak = m.peak();
    const AffineBytes peakLine = m.timeline.empty() ? m.total : m.timeline.events[peak.event].total;
    const Layer* peakLayer = peak.layer ? graph.find(*peak.layer) : nullptr;
    out += lineRow("peak", peakLayer ? peakLayer->name : "", stepPhaseName(peak.phase), peakLine, batch);
    return out;
}

} // namespace netsizer::core
