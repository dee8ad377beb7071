#include "core/report/BreakdownCsv.h"

#include "core/graph/ShapeText.h"
#include "core/layers/LayerKind.h"
#include "core/report/PeakHeadline.h"
#include "core/util/CsvText.h"

namespace netsizer::core {
namespace {

std::string n(std::uint64_t v) { return std::to_string(v); }

// A row that is not a layer row: the layer columns (output_shape .. activations) empty.
std::string lineRow(const std::string& row, const std::string& name, const std::string& type, const AffineBytes& line,
                    std::uint64_t batch)
{
    return csvRow({row, name, type, "", "", "", "", "", "", "", n(line.fixed), n(line.perSample), n(batch), n(line.at(batch))});
}

// The line of the event that peaks at `batch` (the sum of the components without a timeline).
AffineBytes peakLine(const MemoryBreakdown& m, std::uint64_t batch)
{
    return m.timeline.empty() ? m.componentMaximaSum : m.timeline.events[m.timeline.peakAt(batch).event].total;
}

AffineBytes minus(const AffineBytes& a, const AffineBytes& b)
{
    return {a.fixed > b.fixed ? a.fixed - b.fixed : 0, a.perSample > b.perSample ? a.perSample - b.perSample : 0};
}

// The rows that lead: the model, the peak with its band and composition, the GPU's verdict and
// the largest batches.
std::string headlineRows(const Graph& graph, const MemoryBreakdown& m, const std::string& modelFile)
{
    const std::uint64_t batch = m.config.batch;
    std::string out = csvRow({"model", modelFile, graph.name, "", "", "", "", "", "", "", "", "", "", ""});
    const PeakComposition p = m.peakComposition();
    const Layer* layer = p.where.layer ? graph.find(*p.where.layer) : nullptr;
    const AffineBytes line = peakLine(m, batch);
    out += lineRow("peak", layer ? layer->name : "", stepPhaseName(p.where.phase), line, batch);
    // The band has the same excess as the sum of the maxima's below and above (overhead lines
    // are in every event, so the low line never goes below zero).
    out += lineRow("peak_low", "", "", minus(line, minus(m.componentMaximaSum, m.componentMaximaLow)), batch);
    AffineBytes high = line;
    high += minus(m.componentMaximaHigh, m.componentMaximaSum);
    out += lineRow("peak_high", "", "", high, batch);
    for (Component c : kAllComponents) {
        const AffineBytes at = m.timeline.empty() ? m[c] : m.timeline.component(m.timeline.events[p.where.event], c);
        out += lineRow("peak_component", componentName(c), "", at, batch);
    }
    if (m.config.gpu) {
        const std::uint64_t cap = m.config.gpu->memoryBytes;
        out += csvRow({"gpu", m.config.gpu->name, fitVerdictName(fitVerdict(p, m.config)), "", "", "", "", "", "", "", n(cap), "0",
                       n(batch), n(cap)});
        const std::uint64_t mb = m.maxBatch().value_or(0), safe = m.maxBatch(true).value_or(0);
        out += lineRow("max_batch", "", "", peakLine(m, mb), mb);
        AffineBytes safeLine = peakLine(m, safe);
        safeLine += minus(m.componentMaximaHigh, m.componentMaximaSum);
        out += lineRow("max_batch_safe", "", "", safeLine, safe);
    }
    return out;
}

} // namespace

std::string breakdownCsv(const Graph& graph, const Analysis& analysis, const MemoryBreakdown& m, const std::string& modelFile)
{
    const std::uint64_t batch = m.config.batch;
    std::string out = csvRow({"row", "name", "type", "output_shape", "params", "activations_per_sample", "weights", "gradients",
                              "optimizer_state", "activations", "fixed", "per_sample", "batch", "bytes"});
    out += headlineRows(graph, m, modelFile);
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
    out += lineRow("component_maxima_sum", "", "", m.componentMaximaSum, batch);
    out += lineRow("component_maxima_low", "", "", m.componentMaximaLow, batch);
    out += lineRow("component_maxima_high", "", "", m.componentMaximaHigh, batch);
    for (const OverheadLine& l : m.overheadLines) out += lineRow("overhead_line", l.name, "", l.bytes, batch);
    return out;
}

} // namespace netsizer::core
