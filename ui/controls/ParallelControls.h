#pragma once
// The "GPUs" group of the training controls: how one training step is spread over many GPUs
// (core::ParallelConfig, docs/parallelism.md) — the number of GPUs and nodes, the data-parallel
// strategy (none, DDP, ZeRO 1-3, FSDP, FSDP2), tensor-parallel size, sequence parallel, context
// parallel, pipeline stages, micro-batches, pipeline schedule (with the interleaved schedule's model
// chunks per stage) and CPU offload. Every edit goes through
// Document::setConfig (undoable, like the other training settings, and saved with the model);
// the widgets follow the Document on Config / Batch / Reset without echoing. With one GPU only
// the GPU count shows. Settings that cannot be estimated are kept (one may be half-way through
// a change) but explained under the group: problem() holds the reason — core::validateParallel,
// the attention heads tensor parallelism must split (core::checkTensorParallel) or the
// estimator's own — as Document::parallelEstimate() reports it, updated once per event-loop turn.

#include "ui/document/ChangeEvent.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QFormLayout;
class QLabel;
class QSpinBox;

namespace netsizer::ui {

class Document;

class ParallelControls : public QGroupBox {
    Q_OBJECT
public:
    explicit ParallelControls(Document& doc, QWidget* parent = nullptr);

    QSpinBox* gpus() const { return m_gpus; }
    QSpinBox* nodes() const { return m_nodes; }
    QComboBox* strategy() const { return m_strategy; }
    QSpinBox* tensorParallel() const { return m_tensor; }
    QSpinBox* pipelineStages() const { return m_pipeline; }
    QCheckBox* sequenceParallel() const { return m_sequence; }
    QSpinBox* contextParallel() const { return m_context; }
    QSpinBox* virtualStages() const { return m_virtualStages; }
    QSpinBox* microbatches() const { return m_microbatches; }
    QComboBox* schedule() const { return m_schedule; }
    QComboBox* offload() const { return m_offload; }
    // Why the current settings cannot be estimated; empty when they can (or on one GPU).
    QString problem() const;

private:
    void syncFromDocument();
    void pushFromWidgets();
    void updateProblem();

    Document& m_doc;
    QFormLayout* m_form = nullptr;
    QSpinBox* m_gpus = nullptr;
    QSpinBox* m_nodes = nullptr;
    QComboBox* m_strategy = nullptr;
    QSpinBox* m_tensor = nullptr;
    QSpinBox* m_pipeline = nullptr;
    QCheckBox* m_sequence = nullptr;
    QSpinBox* m_context = nullptr;
    QSpinBox* m_virtualStages = nullptr;
    QSpinBox* m_microbatches = nullptr;
    QComboBox* m_schedule = nullptr;
    QComboBox* m_offload = nullptr;
    QLabel* m_problem = nullptr;
    bool m_problemQueued = false;
};

} // namespace netsizer::ui
