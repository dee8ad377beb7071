#pragma once
// The "Memory overheads" settings: the TrainingConfig's OverheadSettings as
// controls — CUDA context (the GPU preset's default or an override), convolution workspace
// cap, allocator rounding on/off, fragmentation reserve in percent. Each control's tooltip
// states its default and where it comes from. Every edit replaces the document's training
// configuration through Document::setConfig (one undoable SetTrainingConfigCommand, saved with
// the model); the controls follow the Document on Config / Reset changes without echoing.
//
// An unset setting and its default give the same estimate, so clearing a control writes
// "unset" (files that never touched the overheads stay byte-identical).

#include "ui/document/ChangeEvent.h"

#include <QGroupBox>

class QCheckBox;
class QDoubleSpinBox;
class QSpinBox;

namespace netsizer::ui {

class Document;

class OverheadSettingsEditor : public QGroupBox {
    Q_OBJECT
public:
    explicit OverheadSettingsEditor(Document& doc, QWidget* parent = nullptr);

    QCheckBox* contextOverride() const { return m_contextOverride; }
    QSpinBox* contextMiB() const { return m_contextMiB; }
    QCheckBox* workspaceCapped() const { return m_workspaceCapped; }
    QSpinBox* workspaceCapMiB() const { return m_workspaceMiB; }
    QCheckBox* allocatorRounding() const { return m_allocator; }
    QDoubleSpinBox* fragmentationPercent() const { return m_fragmentation; }

private:
    void syncFromDocument();
    void pushFromWidgets();
    // The context the estimate uses when no override is set: the GPU preset's, else the
    // catalogue default (resources/gpus.json).
    std::uint64_t defaultContextBytes() const;

    Document& m_doc;
    QCheckBox* m_contextOverride = nullptr;
    QSpinBox* m_contextMiB = nullptr;
    QCheckBox* m_workspaceCapped = nullptr;
    QSpinBox* m_workspaceMiB = nullptr;
    QCheckBox* m_allocator = nullptr;
    QDoubleSpinBox* m_fragmentation = nullptr;
};

} // namespace netsizer::ui
