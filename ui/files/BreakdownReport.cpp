#include "ui/files/BreakdownReport.h"

#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/graph/ShapeText.h"
#include "core/layers/LayerKind.h"
#include "core/report/BreakdownCsv.h"
#include "core/report/PeakHeadline.h"

#include <QDir>
#include <QSaveFile>

#include <utility>
#include <vector>

namespace netsizer::ui {
namespace {

using core::Component;

// Markdown table cells: pipes escaped, newlines flattened.
std::string mdCell(const std::string& s)
{
    std::string out;
    for (char c : s) {
        if (c == '|') out += "\\|";
        else if (c == '\n' || c == '\r') out += ' ';
        else out += c;
    }
    return out;
}

std::string mdRow(const std::vector<std::string>& cells)
{
    std::string line = "|";
    for (const auto& c : cells) line += " " + mdCell(c) + " |";
    return line + "\n";
}

std::string mdRule(const std::vector<bool>& rightAligned)
{
    std::string line = "|";
    for (bool right : rightAligned) line += right ? " ---: |" : " --- |";
    return line + "\n";
}

std::string n(std::uint64_t v) { return std::to_string(v); }

std::uint64_t at(const core::LayerMemory& lm, Component c, std::uint64_t batch)
{
    return lm[c].at(batch);
}

} // namespace

BreakdownReport::BreakdownReport(const core::Graph& graph, const core::Analysis& analysis,
                                 const core::MemoryBreakdown& breakdown, std::string modelFile)
    : m_graph(graph), m_analysis(analysis), m_breakdown(breakdown), m_modelFile(std::move(modelFile))
{
}

std::string BreakdownReport::csv() const
{
    return core::breakdownCsv(m_graph, m_analysis, m_breakdown, m_modelFile);
}

std::string BreakdownReport::markdown(core::ByteUnits units) const
{
    const core::MemoryBreakdown& m = m_breakdown;
    const core::TrainingConfig& cfg = m.config;
    const std::uint64_t batch = cfg.batch;
    auto human = [units](std::uint64_t b) { return core::formatBytes(static_cast<double>(b), units); };

    const core::PeakComposition peak = m.peakComposition();
    const core::Layer* peakLayer = peak.where.layer ? m_graph.find(*peak.where.layer) : nullptr;

    std::string out = "# Memory breakdown: " + (m_graph.name.empty() ? std::string("untitled") : m_graph.name) + "\n\n";
    out += "**" + core::peakHeadline(m, units) + "** — the peak of the training step, " +
           core::peakPlaceText(m, peakLayer ? peakLayer->name : std::string()) + ".\n\n";
    out += "- File: " + (m_modelFile.empty() ? std::string("(not saved)") : m_modelFile) + "\n";
    out += "- Mode: " + std::string(core::modeName(cfg.mode)) + ", batch " + n(batch) + "\n";
    out += "- Optimizer: " + std::string(core::optimizerInfo(cfg.optimizer).name) + "; precision: " +
           core::precisionInfo(cfg.precision).name + "; framework: " + core::frameworkInfo(cfg.framework).name + "\n";
    if (cfg.gpu) {
        const char* verdict = "";
        switch (core::fitVerdict(peak, cfg)) {
        case core::FitVerdict::Fits: verdict = "fits"; break;
        case core::FitVerdict::MayNotFit: verdict = "may not fit (the GPU's memory lies inside the peak's band)"; break;
        case core::FitVerdict::DoesNotFit: verdict = "does not fit"; break;
        case core::FitVerdict::NoGpu: break;
        }
        out += "- GPU: " + cfg.gpu->name + " (" + human(cfg.gpu->memoryBytes) + "): " + verdict + "\n";
        const std::uint64_t mb = m.maxBatch().value_or(0), safe = m.maxBatch(true).value_or(0);
        out += "- Largest batch that fits: " + (mb ? core::withThousands(mb) : std::string("none (not even one sample)"));
        if (safe != mb) out += " (" + core::withThousands(safe) + " with the whole band)";
        out += "\n";
    }
    if (cfg.framework == core::Framework::TensorFlow)
        out += "- Parameters: " + core::withThousands(m_analysis.kerasTotalParams()) + " as Keras counts (trainable " +
               core::withThousands(m_analysis.paramsTrainable) + ")\n";
    else
        out += "- Parameters: " + core::withThousands(m_analysis.paramsTotal) + " (trainable " +
               core::withThousands(m_analysis.paramsTrainable) + ")\n";
    out += "- Units: byte columns are exact bytes; \"" + std::string(units == core::ByteUnits::Binary ? "MiB/GiB" : "MB/GB") +
           "\" columns are " + (units == core::ByteUnits::Binary ? "powers of 1024" : "powers of 1000") +
           ". Every row: bytes = fixed + batch × per sample.\n";
    if (!m_analysis.errors.empty()) {
        out += "\n> **Incomplete:** " + n(m_analysis.errors.size()) +
               " layer problem(s); the figures cover only the layers that could be analysed.\n";
        for (const auto& e : m_analysis.errors) out += "> - " + mdCell(e.describe()) + "\n";
    }

    out += "\n## Components\n\n";
    out += "What is alive at the peak instant (the rows add up to the peak) and each component at its own maximum over the step.\n\n";
    out += mdRow({"Component", "At the peak (bytes)", "At the peak", "Own maximum (bytes)", "Fixed (bytes)", "Per sample (bytes)"});
    out += mdRule({false, true, true, true, true, true});
    for (Component c : core::kAllComponents)
        out += mdRow({core::componentLabel(c), n(peak[c]), human(peak[c]), n(m.bytes(c)), n(m[c].fixed), n(m[c].perSample)});
    out += mdRow({"**Peak**", n(peak.bytes), human(peak.bytes), n(m.componentMaximaSumAt(batch)), n(m.componentMaximaSum.fixed),
                  n(m.componentMaximaSum.perSample)});
    out += "\nThe own maxima add up to " + human(m.componentMaximaSumAt(batch)) +
           ", which is not the peak: the components reach their maxima at different instants.\n";

    out += "\n## Layers\n\n";
    out += mdRow({"Layer", "Type", "Output shape", "Params", std::string(core::componentLabel(Component::Weights)) + " (bytes)",
                  std::string(core::componentLabel(Component::Gradients)) + " (bytes)",
                  std::string(core::componentLabel(Component::OptimizerState)) + " (bytes)",
                  std::string(core::componentLabel(Component::Activations)) + " (bytes)", "Total (bytes)", "Total"});
    out += mdRule({false, false, false, true, true, true, true, true, true, true});
    for (std::size_t i = 0; i < m_analysis.layers.size() && i < m.layers.size(); ++i) {
        const core::LayerAnalysis& la = m_analysis.layers[i];
        const core::LayerMemory& lm = m.layers[i];
        const core::Layer& layer = m_graph.layers()[la.layerIndex];
        const std::uint64_t total = lm.total().at(batch);
        out += mdRow({layer.name, layer.kind->id, la.result.outputs.empty() ? "" : core::shapeText(la.result.outputs[0].shape),
                      core::withThousands(la.learnableParams), n(at(lm, Component::Weights, batch)),
                      n(at(lm, Component::Gradients, batch)), n(at(lm, Component::OptimizerState, batch)),
                      n(at(lm, Component::Activations, batch)), n(total), human(total)});
    }
    out += "\nThe layer rows hold each layer's own share; " + std::string(core::componentLabel(Component::Input)) + ", " +
           core::componentLabel(Component::ActivationGradients) + ", " + core::componentLabel(Component::Workspace) + " and " +
           core::componentLabel(Component::Overhead) + " are whole-network figures listed under Components.\n";
    return out;
}

bool BreakdownReport::write(const QString& path, const std::string& text, QString* error)
{
    QSaveFile file(path);
    bool ok = file.open(QIODevice::WriteOnly);
    ok = ok && file.write(text.data(), static_cast<qint64>(text.size())) == static_cast<qint64>(text.size());
    ok = ok && file.commit();
    if (!ok && error) *error = QDir::toNativeSeparators(path) + QStringLiteral(": ") + file.errorString();
    return ok;
}

} // namespace netsizer::ui
