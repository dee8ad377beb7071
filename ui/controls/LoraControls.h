#pragma once
// LoRA / QLoRA settings as controls (a group under the training controls):
// - adapters: rank, alpha, target layers (comma-separated name suffixes or "all-linear") and
//   dropout, applied by "Add LoRA adapters" (Document::addLoraAdapters: adapter layers join the
//   graph, every other weight is frozen; one undo step);
// - frozen-weight storage (TrainingConfig::frozenWeights): the base dtype, NF4 / int8
//   quantisation of frozen Linear weights and NF4 double quantisation, each edit through
//   Document::setConfig (undoable); the controls follow the Document on Config / Reset
//   changes without echoing.

#include "ui/document/ChangeEvent.h"

#include <QGroupBox>

class QCheckBox;
class QComboBox;
class QDoubleSpinBox;
class QLabel;
class QLineEdit;
class QPushButton;
class QSpinBox;

namespace netsizer::ui {

class Document;

class LoraControls : public QGroupBox {
    Q_OBJECT
public:
    explicit LoraControls(Document& doc, QWidget* parent = nullptr);

    QSpinBox* rank() const { return m_rank; }
    QDoubleSpinBox* alpha() const { return m_alpha; }
    QLineEdit* targets() const { return m_targets; }
    QDoubleSpinBox* dropout() const { return m_dropout; }
    QPushButton* addAdapters() const { return m_add; }
    QComboBox* baseDtype() const { return m_base; }
    QComboBox* quantize() const { return m_quantize; }
    QCheckBox* doubleQuant() const { return m_doubleQuant; }
    // The reason the last "Add LoRA adapters" failed; hidden after a success.
    QLabel* status() const { return m_status; }

private:
    void applyAdapters();
    void pushStorage();
    void syncFromDocument();

    Document& m_doc;
    QSpinBox* m_rank = nullptr;
    QDoubleSpinBox* m_alpha = nullptr;
    QLineEdit* m_targets = nullptr;
    QDoubleSpinBox* m_dropout = nullptr;
    QPushButton* m_add = nullptr;
    QComboBox* m_base = nullptr;
    QComboBox* m_quantize = nullptr;
    QCheckBox* m_doubleQuant = nullptr;
    QLabel* m_status = nullptr;
};

} // namespace netsizer::ui
