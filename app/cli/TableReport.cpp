// --format table: the headline (the peak of the training step with its band) first, a
// Keras-summary-like layer table, what is alive at the peak by component beside each component's
// own maximum (binary units and exact bytes), and a line saying whether (and up to which batch)
// the training fits the GPU.
#include "app/cli/ReportFormatters.h"

#include "app/cli/RanksReport.h"
#include "app/cli/TextTable.h"
#include "core/layers/LayerKind.h"
#include "core/report/PeakHeadline.h"
#include "core/util/NumberFormat.h"

#include <algorithm>
#include <cstdio>

namespace netsizer::cli {
namespace {

using namespace netsizer::core;

std::string bytesText(std::uint64_t b)
{
    return formatBytes(static_cast<double>(b));
}

// 10,240,000 -> "10.24 M"
std::string shortCount(std::uint64_t n)
{
    if (n < 10000) return withThousands(n);
    const char* units[] = {"k", "M", "G", "T", "P", "E"};
    double v = static_cast<double>(n);
    int u = -1;
    while (v >= 1000.0 && u < 5) {
        v /= 1000.0;
        ++u;
    }
    char buf[32];
    std::snprintf(buf, sizeof buf, "%.2f %s", v, units[u]);
    return buf;
}

std::string layerTable(const EstimateReport& r)
{
    const std::uint64_t batch = r.breakdown.config.batch;
    TextTable t({"Layer (type)", "Output shape", "Params", "Kept / sample", "At batch " + withThousands(batch)});
    for (std::size_t col : {2u, 3u, 4u}) t.alignRight(col);
    for (std::size_t i = 0; i < r.analysis.layers.size(); ++i) {
        const LayerAnalysis& la = r.analysis.layers[i];
        const LayerMemory& lm = r.breakdown.layers[i];
        const Layer& layer = r.model.graph.layers()[la.layerIndex];
        std::string shape = la.result.outputs.empty() ? "-" : la.result.outputs[0].shape.toString();
        for (std::size_t o = 1; o < la.result.outputs.size(); ++o) shape += " " + la.result.outputs[o].shape.toString();
        std::string params = withThousands(la.learnableParams);
        if (!layer.trainable && la.learnableParams) params += " (frozen)";
        if (la.bufferParams) params += " + " + withThousands(la.bufferParams) + " buf";
        t.addRow({layer.name + " (" + layer.kind->id + ")", shape, params,
                  bytesText(lm[Component::Activations].perSample),
                  bytesText(lm.total().at(batch))});
    }
    return t.render();
}

// What is alive at the peak instant by component (the rows add up to the headline), beside each
// component's own maximum over the step and its fixed + per-sample line.
std::string componentTable(const MemoryBreakdown& m)
{
    const std::uint64_t batch = m.config.batch;
    const PeakComposition p = m.peakComposition();
    TextTable t({"Component", "At the peak", "Bytes at the peak", "Own maximum", "Fixed", "Per sample"});
    for (std::size_t col : {1u, 2u, 3u, 4u, 5u}) t.alignRight(col);
    for (Component c : kAllComponents)
        t.addRow({componentLabel(c), bytesText(p[c]), withThousands(p[c]), bytesText(m.bytes(c)), bytesText(m[c].fixed),
                  bytesText(m[c].perSample)});
    t.addRule();
    t.addRow({"Peak", bytesText(p.bytes), withThousands(p.bytes), "", "", ""});
    t.addRow({"Sum of own maxima", "", "", bytesText(m.componentMaximaSumAt(batch)), bytesText(m.componentMaximaSum.fixed),
              bytesText(m.componentMaximaSum.perSample)});
    return t.render() + "(Own maximum: each component at its own maximum over the step; their sum, " +
           withThousands(m.componentMaximaSumAt(batch)) + " B, is not the peak: the components peak at different instants.)\n";
}

// Where the peak sits, its band and the overhead lines with their bands.
std::string peakAndBand(const EstimateReport& r)
{
    const MemoryBreakdown& m = r.breakdown;
    const std::uint64_t batch = m.config.batch;
    const PeakComposition p = m.peakComposition();
    const Layer* layer = p.where.layer ? r.model.graph.find(*p.where.layer) : nullptr;
    const char* joint = m.timeline.events.size() > 1 ? " B), " : " B); "; // a place, or why it is the sum
    std::string out = "Peak of the training step: " + bytesText(p.bytes) + " (" + withThousands(p.bytes) + joint +
                      peakPlaceText(m, layer ? layer->name : std::string()) + "\n";
    out += "Error band of the peak: " + bytesText(p.low) + " .. " + bytesText(p.high) + " (" + withThousands(p.low) + " .. " +
           withThousands(p.high) + " B)\n";
    if (m.overheadLines.empty()) return out;
    TextTable t({"Overhead line", "Bytes", "Low", "High"});
    for (std::size_t col : {1u, 2u, 3u}) t.alignRight(col);
    for (const OverheadLine& l : m.overheadLines)
        t.addRow({l.name, bytesText(l.bytes.at(batch)), bytesText(l.low.at(batch)),
                  bytesText(std::max(l.high.at(batch), l.bytes.at(batch)))});
    return out + "\n" + t.render();
}

std::string gpuLines(const EstimateReport& r)
{
    const MemoryBreakdown& m = r.breakdown;
    if (!m.config.gpu) return "GPU: none given (--gpu NAME or --gpu-memory SIZE to check the fit)\n";
    const GpuSpec& g = *m.config.gpu;
    const std::uint64_t maxBatch = m.maxBatch().value_or(0);
    // Overhead counts the context only for frameworks that run on the GPU (not pytorch-cpu).
    const std::string reserve = frameworkInfo(m.config.framework).onGpu ? bytesText(g.contextBytes) + " context reserve"
                                                                        : "no CUDA context on this framework";
    std::string gpu = g.name + " (" + bytesText(g.memoryBytes) + ", " + reserve + ")";
    std::string capped = maxBatch == TrainingConfig::kMaxBatch ? " (the limit checked; more may fit)" : "";
    if (r.fittedBatch && r.parallel) {
        // Many GPUs: the global batch at which every rank fits; `m` is the rank that peaks there.
        const std::string rule = r.safe ? "Fit (safe: the top of each rank's error band must fit)" : "Fit (centre estimate)";
        const ParallelEstimate& pe = *r.parallel;
        const std::string top = pe.ranks[pe.peakRank].role;
        if (*r.fittedBatch == 0)
            return rule + ": nothing fits " + gpu + ": one sample per rank and pass needs " +
                   bytesText(r.safe ? m.peakHighAt(m.config.batch) : m.peakBytes()) + " on " + top + "\n";
        return rule + ": largest global batch at which every rank fits " + gpu + ": " + withThousands(*r.fittedBatch) + " (" +
               withThousands(pe.microBatch) + " per rank and pass); the rank that peaks, " + top + ", needs " +
               bytesText(r.safe ? m.peakHighAt(m.config.batch) : m.peakBytes()) + " of " + bytesText(g.memoryBytes) + " (" +
               (r.safe ? "centre estimate: " : "safe answer, fit --safe: ") + withThousands(r.otherRuleBatch.value_or(0)) + ")\n";
    }
    if (r.fittedBatch) {
        const std::string rule = r.safe ? "Fit (safe: the top of the error band must fit)" : "Fit (centre estimate)";
        const std::uint64_t need1 = r.safe ? m.peakHighAt(1) : m.peakAt(1);
        if (*r.fittedBatch == 0)
            return rule + ": nothing fits " + gpu + ": even batch 1 needs " + bytesText(need1) + " (" + withThousands(need1) +
                   " B)\n";
        const std::uint64_t other = r.otherRuleBatch ? *r.otherRuleBatch : m.maxBatch(!r.safe).value_or(0);
        return rule + ": largest batch that fits " + gpu + ": " + withThousands(*r.fittedBatch) + capped + (r.safe ? "; its peak with the band's upper excess is " : "; its peak is ") +
               bytesText(r.safe ? m.peakHighAt(m.config.batch) : m.peakBytes()) + " of " + bytesText(g.memoryBytes) + " (" +
               (r.safe ? "centre estimate: " : "safe answer, fit --safe: ") + withThousands(other) + ")\n";
    }
    const bool fits = m.fits();
    std::string line = std::string(fits ? "Fits " : "Does NOT fit ") + gpu + ": the peak needs " + bytesText(m.peakBytes()) +
                       " of " + bytesText(g.memoryBytes) + " at batch " + withThousands(m.config.batch) + "; ";
    line += maxBatch == 0 ? "not even batch 1 fits" : "largest batch that fits: " + withThousands(maxBatch) + capped;
    line += " (safe, by the top of the error band: " + withThousands(m.maxBatch(true).value_or(0)) + ")";
    return line + "\n";
}

} // namespace

std::string formatTable(const EstimateReport& r)
{
    const TrainingConfig& c = r.breakdown.config;
    const Analysis& a = r.analysis;
    std::string out = peakHeadline(r.breakdown) + "\n";
    out += "Model: " + r.modelPath;
    if (!r.model.graph.name.empty()) out += " (" + r.model.graph.name + ")";
    out += ", " + withThousands(static_cast<std::uint64_t>(a.layers.size())) + " layers\n";
    out += std::string("Configuration: ") + modeName(c.mode) + ", batch " + withThousands(c.batch) + ", " +
           optimizerInfo(c.optimizer).name + ", " + precisionInfo(c.precision).name + ", " +
           frameworkInfo(c.framework).name;
    if (c.frozenWeights.active())
        out += std::string(", frozen weights ") + weightFormatInfo(c.frozenWeights.base).name + " / quantised " +
               weightFormatInfo(c.frozenWeights.quantize).name + (c.frozenWeights.doubleQuant ? " (double quantisation)" : "");
    out += "\n\n";
    out += layerTable(r);
    if (c.framework == Framework::TensorFlow) // Keras' "Total params": trainable + non-trainable
        out += "Params: " + withThousands(a.kerasTotalParams()) + " as Keras counts (trainable " +
               withThousands(a.paramsTrainable) + ", non-trainable " + withThousands(a.kerasTotalParams() - a.paramsTrainable) +
               "); MACs per sample: " + shortCount(a.macs) + "\n" +
               (a.tensorflowFallbackLayers ? withThousands(a.tensorflowFallbackLayers) +
                                                 " layer(s) without a TensorFlow rule keep what PyTorch's CPU autograd keeps "
                                                 "(docs/tensorflow.md)\n"
                                           : std::string());
    else
        out += "Params: " + withThousands(a.paramsTotal) + " (trainable " + withThousands(a.paramsTrainable) + ", frozen " +
               withThousands(a.paramsTotal - a.paramsTrainable) + "), buffers " + withThousands(a.buffers) +
               "; MACs per sample: " + shortCount(a.macs) + "\n";
    out += "(Kept / sample: bytes a layer keeps for backward per sample; whole-network components below.)\n\n";
    if (r.parallel) out += ranksTable(r) + "\n";
    out += componentTable(r.breakdown);
    out += "\n" + peakAndBand(r);
    out += "\n" + gpuLines(r);
    for (const auto& note : r.model.notes) out += "Note: " + note + "\n";
    return out;
}

} // namespace netsizer::cli
