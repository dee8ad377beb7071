#include "ui/document/Document.h"

#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/layers/KindRegistry.h"
#include "core/layers/LayerKind.h"
#include "core/parallel/RankEstimator.h"
#include "core/analysis/SequenceLength.h"
#include "ui/commands/AddLayerCommand.h"
#include "ui/commands/ConnectCommand.h"
#include "ui/commands/MoveLayerCommand.h"
#include "ui/commands/PasteLayersCommand.h"
#include "ui/commands/ReplaceGraphCommand.h"
#include "ui/commands/RemoveLayersCommand.h"
#include "ui/commands/RenameLayerCommand.h"
#include "ui/commands/SetAttributeCommand.h"
#include "ui/commands/SetCheckpointCommand.h"
#include "ui/commands/SetSequenceLengthCommand.h"
#include "ui/commands/SetTrainableCommand.h"
#include "ui/commands/SetTrainingConfigCommand.h"
#include "ui/document/GpuEstimate.h"

#include <algorithm>
#include <cctype>
#include <set>
#include <string>
#include <unordered_map>
#include <unordered_set>

namespace netsizer::ui {

Document::Document(QObject* parent) : QObject(parent)
{
    connect(&m_undo, &QUndoStack::cleanChanged, this, [this](bool clean) { emit modifiedChanged(!clean); });
}

const core::Analysis& Document::analysis() const
{
    if (!m_analysisValid) {
        m_analysis = core::analyze(m_graph);
        m_analysisValid = true;
        m_breakdownValid = false;
        ++m_analysisCount;
    }
    return m_analysis;
}

const core::MemoryBreakdown& Document::breakdown() const
{
    const core::Analysis& a = analysis();
    if (!m_breakdownValid) {
        m_breakdown = core::estimate(a, m_config, core::GpuCatalog::builtin().defaultContextBytes());
        m_breakdownValid = true;
        ++m_estimateCount;
    }
    return m_breakdown;
}

const core::Result<core::ParallelEstimate>* Document::parallelEstimate() const
{
    if (!m_config.parallel.active()) return nullptr;
    if (!m_parallel) {
        m_parallel.emplace(estimateRanks(m_graph, analysis(), m_config));
    }
    return &*m_parallel;
}

const core::MemoryBreakdown& Document::gpuBreakdown() const
{
    const auto* p = parallelEstimate();
    if (p && p->ok()) return (*p)->ranks[(*p)->peakRank].breakdown;
    return breakdown();
}

void Document::reset(core::Graph graph, core::TrainingConfig config, LayoutHint layout)
{
    m_undo.clear();
    m_graph = std::move(graph);
    m_config = std::move(config);
    m_layoutHint = std::move(layout);
    notify({Change::Reset, {}});
    m_undo.setClean();
}

void Document::setConfigForCommand(const core::TrainingConfig& config) { m_config = config; }

void Document::notify(const ChangeEvent& event)
{
    if (event.what == Changes(Change::Batch) && m_parallel && m_parallel->ok()) {
        // A batch move keeps the settings: re-evaluate the ranks at the new micro-batch, unless
        // the pipeline's balance moves (then estimate again, lazily).
        std::optional<core::ParallelEstimate> moved = core::rebatchParallel(**m_parallel, m_config);
        if (moved) m_parallel.emplace(std::move(*moved));
        else m_parallel.reset();
    } else if (event.changesMemory()) {
        m_parallel.reset();
    }
    if (event.needsAnalysis()) {
        m_analysisValid = false;
        m_breakdownValid = false;
    } else if (event.what.testFlag(Change::Config)) {
        m_breakdownValid = false;
    } else if (event.what.testFlag(Change::Batch) && m_breakdownValid) {
        // O(1): the components are affine in the batch; only the evaluation point moves.
        m_breakdown.config.batch = m_config.batch;
    }
    emit changed(event);
}

std::optional<core::LayerId> Document::addLayer(const core::LayerKind& kind, double x, double y,
                                                std::optional<core::PortRef> feed)
{
    if (feed && !m_graph.find(feed->layer)) return std::nullopt;
    if (feed && kind.maxInputs == 0) feed.reset();
    // Named after the kind id in lower case ("conv2d", "conv2d_2"): short, unique, and valid in
    // every file format.
    std::string n;
    for (char c : kind.id) n += static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    core::Layer layer = core::makeLayer(kind, m_graph.uniqueName(n));
    layer.x = x;
    layer.y = y;
    layer.hasPosition = true;
    auto* cmd = new AddLayerCommand(*this, std::move(layer), feed);
    m_undo.push(cmd);
    return cmd->layerId();
}

bool Document::removeLayers(const std::vector<core::LayerId>& ids)
{
    std::vector<core::LayerId> present;
    for (core::LayerId id : ids)
        if (m_graph.find(id) && std::find(present.begin(), present.end(), id) == present.end()) present.push_back(id);
    if (present.empty()) return false;
    m_undo.push(new RemoveLayersCommand(*this, std::move(present)));
    return true;
}

namespace {

// `name` when `free(name)`; otherwise the stem (name without a trailing "_<digits>") followed by
// the first free "_1", "_2", ...
template <class Free>
std::string pastedName(const std::string& name, const Free& free)
{
    if (free(name)) return name;
    std::string stem = name;
    const auto underscore = stem.find_last_of('_');
    if (underscore != std::string::npos && underscore > 0 && underscore + 1 < stem.size() &&
        std::all_of(stem.begin() + static_cast<std::ptrdiff_t>(underscore) + 1, stem.end(),
                    [](unsigned char c) { return std::isdigit(c) != 0; }))
        stem.resize(underscore);
    for (std::uint64_t k = 1;; ++k)
        if (std::string candidate = stem + "_" + std::to_string(k); free(candidate)) return candidate;
}

} // namespace

std::vector<core::LayerId> Document::pasteLayers(const core::Graph& fragment, double dx, double dy, const QString& text)
{
    if (fragment.size() == 0) return {};
    std::unordered_set<std::string> taken;
    const auto free = [&](const std::string& n) { return !m_graph.findByName(n) && !taken.count(n); };
    std::vector<core::Layer> layers;
    layers.reserve(fragment.size());
    std::unordered_map<std::uint32_t, std::size_t> index; // fragment id -> position in `layers`
    for (const core::Layer& src : fragment.layers()) {
        core::Layer l = src;
        l.name = pastedName(src.name, free);
        taken.insert(l.name);
        if (l.hasPosition) {
            l.x += dx;
            l.y += dy;
        }
        index[core::toIndex(src.id)] = layers.size();
        layers.push_back(std::move(l));
    }
    std::vector<PasteLayersCommand::Link> links;
    for (const core::Connection& c : fragment.connections())
        links.push_back({index.at(core::toIndex(c.from.layer)), c.from.port, index.at(core::toIndex(c.to.layer)), c.to.port});
    auto* cmd = new PasteLayersCommand(*this, std::move(layers), std::move(links), text);
    m_undo.push(cmd);
    return cmd->layerIds();
}

QString Document::connectionProblem(const core::Connection& c) const
{
    const core::Layer* from = m_graph.find(c.from.layer);
    const core::Layer* to = m_graph.find(c.to.layer);
    if (!from || !to) return tr("No such layer");
    const QString fromName = QString::fromStdString(from->name), toName = QString::fromStdString(to->name);
    if (c.from.layer == c.to.layer) return tr("%1 cannot feed itself").arg(fromName);
    if (to->kind->maxInputs == 0) return tr("%1 takes no input").arg(toName);
    if (to->kind->maxInputs != core::LayerKind::kUnbounded && c.to.port >= to->kind->maxInputs)
        return tr("%1 has no input %2").arg(toName).arg(c.to.port + 1);
    for (const auto& e : m_graph.inputsOf(c.to.layer)) {
        if (e.to.port != c.to.port) continue;
        const core::Layer* taken = m_graph.find(e.from.layer);
        const QString takenName = taken ? QString::fromStdString(taken->name) : QString();
        if (e == c) return tr("%1 already feeds %2").arg(fromName, toName);
        return tr("Input %1 of %2 already takes %3; delete that connection first").arg(c.to.port + 1).arg(toName, takenName);
    }
    // A cycle: `from` is reachable from `to` along existing connections.
    std::unordered_set<std::uint32_t> seen{core::toIndex(c.to.layer)};
    std::vector<core::LayerId> todo{c.to.layer};
    while (!todo.empty()) {
        const core::LayerId cur = todo.back();
        todo.pop_back();
        for (const auto& e : m_graph.outputsOf(cur)) {
            if (e.to.layer == c.from.layer)
                return tr("%1 → %2 would close a cycle: %2 already feeds %1").arg(fromName, toName);
            if (seen.insert(core::toIndex(e.to.layer)).second) todo.push_back(e.to.layer);
        }
    }
    return {};
}

bool Document::connectPorts(const core::Connection& c, QString* error)
{
    const QString problem = connectionProblem(c);
    if (!problem.isEmpty()) {
        if (error) *error = problem;
        return false;
    }
    m_undo.push(new ConnectCommand(*this, c, true));
    return true;
}

bool Document::disconnectPorts(const core::Connection& c)
{
    const auto& conns = m_graph.connections();
    if (std::find(conns.begin(), conns.end(), c) == conns.end()) return false;
    m_undo.push(new ConnectCommand(*this, c, false));
    return true;
}

bool Document::insertIntoConnection(core::LayerId layer, const core::Connection& c)
{
    const core::Layer* l = m_graph.find(layer);
    const auto& conns = m_graph.connections();
    if (!l || l->kind->maxInputs == 0 || std::find(conns.begin(), conns.end(), c) == conns.end()) return false;
    if (layer == c.from.layer || layer == c.to.layer) return false;
    auto* macro = new QUndoCommand(tr("Insert %1").arg(QString::fromStdString(l->name)));
    new ConnectCommand(*this, c, false, macro);
    new ConnectCommand(*this, {c.from, {layer, 0}}, true, macro);
    new ConnectCommand(*this, {{layer, 0}, c.to}, true, macro);
    m_undo.push(macro);
    return true;
}

bool Document::addLoraAdapters(const core::LoraSpec& spec, QString* error)
{
    core::Graph g = m_graph;
    const auto adapted = core::addLoraAdapters(g, spec);
    if (!adapted) {
        if (error) *error = QString::fromStdString(adapted.error().message);
        return false;
    }
    m_undo.push(new ReplaceGraphCommand(*this, std::move(g), tr("Add LoRA adapters (r = %1) to %n layer(s)", nullptr, static_cast<int>(*adapted)).arg(spec.rank)));
    return true;
}

std::optional<core::LayerId> Document::addDropoutAfter(core::LayerId id, double p)
{
    const core::Layer* l = m_graph.find(id);
    const core::LayerKind* dropout = core::KindRegistry::builtin().find("Dropout");
    if (!l || !dropout || !(p >= 0.0 && p < 1.0)) return std::nullopt;
    std::vector<core::Connection> fed;
    for (const core::Connection& c : m_graph.outputsOf(id))
        if (c.from.port == 0) fed.push_back(c);
    core::Layer layer = core::makeLayer(*dropout, m_graph.uniqueName(l->name + "/dropout"));
    layer.attrs[static_cast<std::size_t>(dropout->paramIndex("p"))] = p;
    layer.x = l->x;
    layer.y = l->y + 70;
    layer.hasPosition = l->hasPosition;
    // A macro of pushed commands: the new layer's id exists once its command has run.
    m_undo.beginMacro(tr("Add dropout after %1").arg(QString::fromStdString(l->name)));
    auto* add = new AddLayerCommand(*this, std::move(layer), core::PortRef{id, 0});
    m_undo.push(add);
    const core::LayerId added = add->layerId();
    for (const core::Connection& c : fed) {
        m_undo.push(new ConnectCommand(*this, c, false));
        m_undo.push(new ConnectCommand(*this, {{added, 0}, c.to}, true));
    }
    m_undo.endMacro();
    return added;
}

bool Document::setAttribute(core::LayerId id, int index, const core::AttrValue& value, QString* error)
{
    const core::Layer* l = m_graph.find(id);
    if (!l || index < 0 || index >= static_cast<int>(l->kind->params.size())) {
        if (error) *error = tr("No such attribute");
        return false;
    }
    std::string message;
    if (!core::validateAttr(l->kind->params[static_cast<std::size_t>(index)], value, message)) {
        if (error) *error = QString::fromStdString(message);
        return false;
    }
    if (l->attrs[static_cast<std::size_t>(index)] == value) return false;
    m_undo.push(new SetAttributeCommand(*this, id, index, value));
    return true;
}

bool Document::renameLayer(core::LayerId id, const QString& name, QString* error)
{
    const core::Layer* l = m_graph.find(id);
    const std::string n = name.trimmed().toStdString();
    if (!l) return false;
    if (n.empty()) {
        if (error) *error = tr("A layer needs a name");
        return false;
    }
    if (n == l->name) return false;
    if (m_graph.findByName(n)) {
        if (error) *error = tr("Another layer is called %1").arg(QString::fromStdString(n));
        return false;
    }
    m_undo.push(new RenameLayerCommand(*this, id, n));
    return true;
}

bool Document::setCheckpoint(const std::vector<core::LayerId>& ids, const std::string& segment)
{
    std::vector<core::LayerId> changed;
    for (core::LayerId id : ids) {
        const core::Layer* l = m_graph.find(id);
        if (!l) return false;
        if (l->checkpoint != segment) changed.push_back(id);
    }
    if (changed.empty()) return false;
    std::vector<std::string> names(changed.size(), segment);
    m_undo.push(new SetCheckpointCommand(*this, std::move(changed), std::move(names)));
    return true;
}

bool Document::setTrainable(core::LayerId id, bool trainable)
{
    const core::Layer* l = m_graph.find(id);
    if (!l || l->trainable == trainable) return false;
    m_undo.push(new SetTrainableCommand(*this, {id}, trainable));
    return true;
}

bool Document::freezeUpTo(core::LayerId id)
{
    if (!m_graph.find(id)) return false;
    std::set<std::uint32_t> seen;
    std::vector<core::LayerId> todo{id}, freeze;
    while (!todo.empty()) {
        const core::LayerId cur = todo.back();
        todo.pop_back();
        if (!seen.insert(core::toIndex(cur)).second) continue;
        if (m_graph.find(cur)->trainable) freeze.push_back(cur);
        for (const auto& c : m_graph.inputsOf(cur)) todo.push_back(c.from.layer);
    }
    if (freeze.empty()) return false;
    auto* cmd = new SetTrainableCommand(*this, std::move(freeze), false);
    cmd->setText(tr("Freeze up to %1").arg(QString::fromStdString(m_graph.find(id)->name)));
    m_undo.push(cmd);
    return true;
}

void Document::moveLayer(core::LayerId id, double x, double y, bool mergeable)
{
    const core::Layer* l = m_graph.find(id);
    if (!l || (l->hasPosition && l->x == x && l->y == y)) return;
    m_undo.push(new MoveLayerCommand(*this, id, x, y, mergeable));
}

bool Document::setConfig(const core::TrainingConfig& config, bool mergeable)
{
    if (config == m_config) return false;
    core::TrainingConfig c = config;
    c.batch = std::clamp<std::uint64_t>(c.batch, 1, core::TrainingConfig::kMaxBatch);
    m_undo.push(new SetTrainingConfigCommand(*this, c, mergeable));
    return true;
}

bool Document::setBatch(std::uint64_t batch, bool mergeable)
{
    core::TrainingConfig c = m_config;
    c.batch = std::clamp<std::uint64_t>(batch, 1, core::TrainingConfig::kMaxBatch);
    return setConfig(c, mergeable);
}

bool Document::setSequenceLength(std::int64_t length, bool mergeable)
{
    const auto current = core::sequenceLength(m_graph);
    if (!current || length < 1) return false;
    bool changes = false;
    for (const core::LayerId id : core::tokenInputs(m_graph)) {
        const core::Layer& l = *m_graph.find(id);
        changes = changes || std::get<core::IntList>(l.attrs[static_cast<std::size_t>(l.kind->paramIndex("shape"))])[0] != length;
    }
    if (!changes) return false;
    m_undo.push(new SetSequenceLengthCommand(*this, length, mergeable));
    return true;
}

} // namespace netsizer::ui
