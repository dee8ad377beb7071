// --format table: a Keras-summary-like layer table, the components with binary units and exact
// bytes, and a line saying whether (and up to which batch) the training fits the GPU.
#include "app/cli/ReportFormatters.h"

#include "app/cli/TextTable.h"
#include "core/layers/LayerKind.h"
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

std::string componentTable(const MemoryBreakdown& m)
{
    const std::uint64_t batch = m.config.batch;
    TextTable t({"Component", "Fixed", "Per sample", "At batch " + withThousands(batch), "Bytes"});
    for (std::size_t col : {1u, 2u, 3u, 4u}) t.alignRight(col);
    for (Component c : kAllComponents)
        t.addRow({componentLabel(c), bytesText(m[c].fixed), bytesText(m[c].perSample), bytesText(m.bytes(c)),
                  withThousands(m.bytes(c))});
    t.addRule();
    t.addRow({"Total", bytesText(m.total.fixed), bytesText(m.total.perSample), bytesText(m.totalBytes()),
              withThousands(m.totalBytes())});
    return t.render();
}

// The simulated step's peak, the error band and the overhead lines with their bands.
std::string peakAndBand(const EstimateReport& r)
{
    const MemoryBreakdown& m = r.breakdown;
    const std::uint64_t batch = m.config.batch;
    const TimelinePeak peak = m.peak();
    const Layer* layer = peak.layer ? r.model.graph.find(*peak.layer) : nullptr;
    std::string out = "Peak of the training step: " + bytesText(m.peakBytes()) + " (" + withThousands(m.peakBytes()) + " B)";
    if (m.timeline.events.size() > 1)
        out += std::string(" during ") + stepPhaseName(peak.phase) + (layer ? " at layer '" + layer->name + "'" : std::string());
    else
        out += " = the total (no step is simulated for " + std::string(m.config.framework == Framework::Caffe ? "Caffe" : "inference") +
               ")";
    out += "\n";
    out += "Error band of the total: " + bytesText(m.totalLow.at(batch)) + " .. " + bytesText(m.totalHigh.at(batch)) + " (" +
           withThousands(m.totalLow.at(batch)) + " .. " + withThousands(m.totalHigh.at(batch)) + " B)\n";
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
    if (r.fittedBatch) {
        const std::string rule = r.safe ? "Fit (safe: the top of the error band must fit)" : "Fit (centre estimate)";
        const std::uint64_t need1 = r.safe ? m.peakHighAt(1) : m.peakAt(1);
        if (*r.fittedBatch == 0)
            return rule + ": nothing fits " + gpu + ": even batch 1 needs " + bytesText(need1) + " (" + withThousands(need1) +
                   " B)\n";
        const std::uint64_t other = m.maxBatch(!r.safe).value_or(0);
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
    std::string out = "Model: " + r.modelPath;
    if (!r.model.graph.name.empty()) out += " (" + r.model.graph.name + ")";
    out += ", " + withThousands(static_cast<std::uint64_t>(a.layers.size())) + " layers\n";
    out += std::string("Configuration: ") + modeName(c.mode) + ", batch " + withThousands(c.batch) + ", " +
           optimizerInfo(c.optimizer).name + ", " + precisionInfo(c.precision).name + ", " +
           frameworkInfo(c.framework).name + "\n\n";
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
    out += componentTable(r.breakdown);
    out += "\n" + peakAndBand(r);
    out += "\n" + gpuLines(r);
    for (const auto& note : r.model.notes) out += "Note: " + note + "\n";
    return out;
}

} // namespace netsizer::cli
