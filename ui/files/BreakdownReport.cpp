#include "ui/files/BreakdownReport.h"

#include "core/estimate/Framework.h"
#include "core/estimate/Optimizer.h"
#include "core/estimate/Precision.h"
#include "core/graph/ShapeText.h"
#include "core/layers/LayerKind.h"
#include "core/report/BreakdownCsv.h"

#include <QDir>
#include <QSaveFile>

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
                                 const core::MemoryBreakdown& breakdown)
    : m_graph(graph), m_analysis(analysis), m_breakdown(breakdown)
{
}

std::string BreakdownReport::csv() const
{
    return core::breakdownCsv(m_graph, m_analysis, m_breakdown);
}

std::string BreakdownReport::markdown(core::ByteUnits units) const
{
    const core::MemoryBreakdown& m = m_breakdown;
    const core::TrainingConfig& cfg = m.config;
    const std::uint64_t batch = cfg.batch;
    auto human = [units](std::uint64_t b) { return core::formatBytes(static_cast<double>(b), units); };

    std::string out = "# Memory breakdown: " + (m_graph.name.empty() ? std::string("untitled") : m_graph.name) + "\n\n";
    out += "- Mode: " + std::string(core::modeName(cfg.mode)) + ", batch " + n(batch) + "\n";
    out += "- Optimizer: " + std::string(core::optimizerInfo(cfg.optimizer).name) + "; precision: " +
           core::precisionInfo(cfg.precision).name + "; framework: " + core::frameworkInfo(cfg.framework).name + "\n";
    if (cfg.gpu) out += "- GPU: " + cfg.gpu->name + " (" + human(cfg.gpu->memoryBytes) + ")\n";
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
    out += mdRow({"Component", "Fixed (bytes)", "Per sample (bytes)", "At batch " + n(batch) + " (bytes)", "At batch " + n(batch)});
    out += mdRule({false, true, true, true, true});
    for (Component c : core::kAllComponents)
        out += mdRow({core::componentLabel(c), n(m[c].fixed), n(m[c].perSample), n(m.bytes(c)), human(m.bytes(c))});
    out += mdRow({"**Total**", n(m.total.fixed), n(m.total.perSample), n(m.totalBytes()), human(m.totalBytes())});

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
