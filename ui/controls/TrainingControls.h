#pragma once
// The training configuration as controls: batch (log slider + spin box), gradient accumulation
// steps (1 .. TrainingConfig::kMaxAccumulationSteps), mode, optimizer,
// precision, framework profile, GPU preset (GpuCatalog::builtin()) or custom memory. Every
// edit goes through Document::setConfig / setBatch (undoable, a slider drag is one step); the
// controls follow the Document on every Config / Batch / Reset change, without echoing.
// "Memory overheads…" opens the overhead settings (OverheadSettingsEditor) in a dialog.
// Precisions the framework or the GPU cannot train in (core::precisionUnavailableReason) are
// disabled in the precision box with the reason as tooltip; when the configuration holds one
// anyway (a file, a GPU switched afterwards) a warning under the box says so and why.

#include "ui/document/ChangeEvent.h"

#include <QWidget>

class QComboBox;
class QDialog;
class QDoubleSpinBox;
class QLabel;
class QSpinBox;

namespace netsizer::ui {

class BatchSlider;
class Document;
class ParallelControls;
class SequenceLengthControl;

class TrainingControls : public QWidget {
    Q_OBJECT
public:
    explicit TrainingControls(Document& doc, QWidget* parent = nullptr);

    BatchSlider* batch() const { return m_batch; }
    // The sequence length beside the batch (its row shows for models with token-id inputs).
    SequenceLengthControl* sequenceLength() const { return m_sequenceLength; }
    // The "GPUs" group: data / tensor / pipeline parallelism.
    ParallelControls* parallel() const { return m_parallel; }
    // Micro-batches whose gradients add up before one optimizer step (undoable like the batch).
    QSpinBox* accumulation() const { return m_accumulation; }
    QComboBox* mode() const { return m_mode; }
    QComboBox* optimizer() const { return m_optimizer; }
    QComboBox* precision() const { return m_precision; }
    QComboBox* framework() const { return m_framework; }
    QComboBox* gpu() const { return m_gpu; }
    QComboBox* loss() const { return m_loss; }
    QDoubleSpinBox* customMemory() const { return m_customGiB; }
    // The warning under the precision box; hidden while the precision is available.
    QLabel* precisionWarning() const { return m_precisionWarning; }
    // Shows the overhead settings dialog (created on first use, not modal).
    void showOverheadSettings();

private:
    void syncFromDocument();
    void pushConfigFromWidgets(bool continuation);
    void updatePrecisionAvailability();

    Document& m_doc;
    BatchSlider* m_batch = nullptr;
    SequenceLengthControl* m_sequenceLength = nullptr;
    ParallelControls* m_parallel = nullptr;
    QSpinBox* m_accumulation = nullptr;
    QComboBox* m_mode = nullptr;
    QComboBox* m_optimizer = nullptr;
    QComboBox* m_precision = nullptr;
    QComboBox* m_framework = nullptr;
    QComboBox* m_gpu = nullptr;
    QComboBox* m_loss = nullptr; // TrainingConfig::loss
    QDoubleSpinBox* m_customGiB = nullptr;
    QDialog* m_overheads = nullptr;
    QLabel* m_precisionWarning = nullptr;
};

} // namespace netsizer::ui
