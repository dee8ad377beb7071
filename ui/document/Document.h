#pragma once
// The open model: owns the core::Graph, the core::TrainingConfig and the QUndoStack, and caches
// the analysis and the memory breakdown derived from them (ARCHITECTURE.md rule 3).
//
// Views read graph(), config(), analysis() and breakdown() and listen to changed(). They never
// mutate anything themselves: they call the editing functions below, each of which pushes one
// undo command (or returns false without pushing when the edit is invalid or a no-op).
//
// Caching contract: analysis() is recomputed lazily, at most once after any number of
// structural edits; breakdown() is re-estimated lazily after a config edit; a batch-only edit
// just moves breakdown().config.batch — the components are affine in the batch, so no
// re-analysis and no re-estimate happen (ARCHITECTURE.md rule 5).

#include "core/analysis/Analysis.h"
#include "core/analysis/LoraAdapters.h"
#include "core/estimate/MemoryBreakdown.h"
#include "core/estimate/TrainingConfig.h"
#include "core/graph/Graph.h"
#include "core/parallel/RankEstimate.h"
#include "core/util/Result.h"
#include "ui/document/ChangeEvent.h"

#include <QObject>
#include <QPointF>
#include <QString>
#include <QUndoStack>

#include <cstdint>
#include <optional>
#include <unordered_map>
#include <vector>

namespace netsizer::core {
struct LayerKind;
}

namespace netsizer::ui {

class Document : public QObject {
    Q_OBJECT
public:
    explicit Document(QObject* parent = nullptr);

    const core::Graph& graph() const { return m_graph; }
    const core::TrainingConfig& config() const { return m_config; }
    QUndoStack* undoStack() { return &m_undo; }
    // Modified means "differs from the last clean state" (Tiled's rule).
    bool isModified() const { return !m_undo.isClean(); }

    // Derived data, recomputed lazily (see the caching contract above). The references stay
    // valid until the next change.
    const core::Analysis& analysis() const;
    const core::MemoryBreakdown& breakdown() const;
    // Many GPUs (config().parallel.active()): the per-rank estimate (core::estimateParallel) or
    // why the settings cannot be estimated (core::checkTensorParallel first, then the
    // estimator's own checks); null on one GPU. Recomputed lazily after a structural, config or
    // batch edit: a batch edit re-estimates the ranks (their micro-batch and the pipeline's
    // balance follow the batch) but never re-analyses.
    const core::Result<core::ParallelEstimate>* parallelEstimate() const;
    // The breakdown of the GPU the headline is about: the rank that peaks when the parallel
    // estimate succeeded, else breakdown(). Its config().batch is that rank's micro-batch.
    const core::MemoryBreakdown& gpuBreakdown() const;
    // How many times the graph was analysed / estimated since construction (tests, benchmarks).
    int analysisCount() const { return m_analysisCount; }
    int estimateCount() const { return m_estimateCount; }

    // Canvas centres (key: core::toIndex(id)) for layers without a saved position, computed by
    // whoever replaced the document — a file's graph is laid out on the thread that read it —
    // so the canvas need not lay the graph out on the UI thread. Not part of the model: never
    // saved, never undone, replaced by the next reset().
    using LayoutHint = std::unordered_map<std::uint32_t, QPointF>;
    const LayoutHint& layoutHint() const { return m_layoutHint; }

    // Replaces the whole document and clears the undo history; emits Reset.
    void reset(core::Graph graph, core::TrainingConfig config, LayoutHint layout = {});

    // ---- Editing: each pushes one undo command. ------------------------------------------
    // Adds a layer of `kind` with default attributes at canvas position (x, y), named after the
    // kind (made unique); fed by `feed` when given. Returns the new id, or nullopt.
    std::optional<core::LayerId> addLayer(const core::LayerKind& kind, double x, double y,
                                          std::optional<core::PortRef> feed = std::nullopt);
    // Removes the layers and every connection touching them (one undo step).
    bool removeLayers(const std::vector<core::LayerId>& ids);
    // Adds every layer of `fragment` (kind, attributes, trainable flag, position moved by
    // (dx, dy)) and the connections among them, as one undo step named `text`. A name already
    // taken gets the first free suffix ("conv1" -> "conv1_1", "conv1_1" -> "conv1_2"). Layers
    // without a position keep none (the canvas lays them out). Returns the new ids in fragment
    // order; empty (nothing pushed) for an empty fragment.
    std::vector<core::LayerId> pasteLayers(const core::Graph& fragment, double dx, double dy, const QString& text);
    // Why `c` cannot be made, as a sentence naming the layers; empty when it can. Refused: an
    // unknown layer, a self-loop, a port the kind does not have, an existing connection, an
    // input port that already takes a connection (one tensor per input; disconnect it first),
    // and a connection that would close a cycle (the target already feeds the source).
    QString connectionProblem(const core::Connection& c) const;
    // Connects when connectionProblem(c) is empty (one undo step); otherwise pushes nothing,
    // returns false and, when given, sets `error` to the problem.
    bool connectPorts(const core::Connection& c, QString* error = nullptr);
    bool disconnectPorts(const core::Connection& c);
    // Inserts `layer` (already in the graph, unconnected) into connection `c`:
    // from → layer → to, one undo step.
    bool insertIntoConnection(core::LayerId layer, const core::Connection& c);
    // Adds a Dropout of rate `p` after layer `id` (named "<layer>/dropout", placed below it): it
    // takes the layer's output 0 and feeds every input that output fed (core::insertDropoutAfter's
    // edit, for a file that cannot say it trains with dropout). One undo step; nullopt when there
    // is no such layer or `p` is outside [0, 1).
    std::optional<core::LayerId> addDropoutAfter(core::LayerId id, double p);
    // Adds LoRA adapters to the Linear layers `spec` targets and freezes every other weight
    // (core::addLoraAdapters), one undo step. On failure pushes nothing, returns false and sets
    // `error` (if given) to the reason.
    bool addLoraAdapters(const core::LoraSpec& spec, QString* error = nullptr);
    // Sets attribute `index` of the layer after validating it against the kind's ParamSpec;
    // on failure `error` (if given) receives the reason and nothing is pushed.
    bool setAttribute(core::LayerId id, int index, const core::AttrValue& value, QString* error = nullptr);
    bool renameLayer(core::LayerId id, const QString& name, QString* error = nullptr);
    bool setTrainable(core::LayerId id, bool trainable);
    // Freezes every layer that feeds `id` (transitively) and `id` itself ("freeze up to here").
    bool freezeUpTo(core::LayerId id);
    // Makes `ids` one gradient-checkpointing segment named `segment` ("Checkpoint these"), or
    // un-checkpoints them when `segment` is empty; one undo step. False when nothing changes
    // or an id names no layer.
    bool setCheckpoint(const std::vector<core::LayerId>& ids, const std::string& segment);
    // Moves a layer on the canvas. `mergeable`: this move continues the previous move of the
    // same layer (a drag) and merges with it into one undo step.
    void moveLayer(core::LayerId id, double x, double y, bool mergeable = false);
    // Replaces the training configuration. `mergeable`: this edit continues the previous one
    // (a slider drag after its first step) and merges with it when both change the same field.
    bool setConfig(const core::TrainingConfig& config, bool mergeable = false);
    bool setBatch(std::uint64_t batch, bool mergeable = false);
    // Sets the length of every token-id input (core::setSequenceLength; a layer edit, so the
    // next figures re-analyse). False, nothing pushed, when the graph has no token-id input,
    // `length` < 1 or nothing changes. `mergeable` as for setConfig (a slider drag).
    bool setSequenceLength(std::int64_t length, bool mergeable = false);

    // ---- For undo commands only: raw state changes, no command pushed. ------------------
    core::Graph& graphForCommand() { return m_graph; }
    void setGraphForCommand(core::Graph graph) { m_graph = std::move(graph); }
    void setConfigForCommand(const core::TrainingConfig& config);
    // Invalidates the caches the event makes stale, then emits changed(event).
    void notify(const ChangeEvent& event);

signals:
    // Fires after every state change (command redo/undo, reset), once per change.
    void changed(const netsizer::ui::ChangeEvent& event);
    void modifiedChanged(bool modified);

private:
    core::Graph m_graph;
    core::TrainingConfig m_config;
    LayoutHint m_layoutHint;
    QUndoStack m_undo;

    mutable core::Analysis m_analysis;
    mutable core::MemoryBreakdown m_breakdown;
    mutable bool m_analysisValid = false;
    mutable bool m_breakdownValid = false;
    mutable std::optional<core::Result<core::ParallelEstimate>> m_parallel; // empty: stale
    mutable int m_analysisCount = 0;
    mutable int m_estimateCount = 0;
};

} // namespace netsizer::ui
