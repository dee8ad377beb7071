#pragma once
// The selected layer's properties, generated from its kind's ParamSpecs (ARCHITECTURE.md
// rule 2): name, trainable (only for layers with weights), "Add dropout after" with its rate
// "Add dropout after" with a menu of rates (what an eval-mode export cannot say), then one editor per attribute
// (check box for Bool, combo box for Choice, line edit otherwise; the Input's shape says its
// axes, C×H×W). Line edits validate as you type (red with the reason as tooltip) and commit on
// Enter / focus-out through Document::setAttribute (one undo step per commit). The status line
// (output shape or analysis error) wraps within the panel's width. Follows the Document: values
// update on undo/redo, the panel empties when the layer goes away.

#include "core/graph/LayerId.h"
#include "ui/document/ChangeEvent.h"

#include <QWidget>

#include <optional>
#include <vector>

class QCheckBox;
class QToolButton;
class QFormLayout;
class QLabel;
class QLineEdit;

namespace netsizer::ui {

class Document;

class PropertyPanel : public QWidget {
    Q_OBJECT
public:
    explicit PropertyPanel(Document& doc, QWidget* parent = nullptr);

    // Shows the layer (nullopt: nothing selected).
    void setLayer(std::optional<core::LayerId> id);
    std::optional<core::LayerId> layer() const { return m_layer; }

    // Editors by attribute index (tests): a QLineEdit, QCheckBox or QComboBox.
    QWidget* editor(int attrIndex) const;
    QLineEdit* nameEdit() const { return m_name; }
    QCheckBox* trainableBox() const { return m_trainable; }
    // "Add dropout after": its menu holds one action per rate, the rate as the action's data
    // (Document::addDropoutAfter).
    QToolButton* addDropoutButton() const { return m_addDropout; }
    // The line under the editors: the layer's output shape, or its analysis error in
    // StatusColors::error of this panel's palette (rich text).
    QLabel* statusLabel() const { return m_status; }

protected:
    // Re-inks the status line when the palette changes (light ↔ dark).
    void changeEvent(QEvent* event) override;

private:
    void rebuild();
    void updateValues();
    void updateStatus();
    void onChanged(const ChangeEvent& e);
    void markValidity(QWidget* w, const QString& error);

    Document& m_doc;
    std::optional<core::LayerId> m_layer;
    QFormLayout* m_form = nullptr;
    QLabel* m_header = nullptr;
    QLabel* m_status = nullptr;
    QLineEdit* m_name = nullptr;
    QCheckBox* m_trainable = nullptr;
    QToolButton* m_addDropout = nullptr;
    std::vector<QWidget*> m_editors;
    bool m_updating = false;
};

} // namespace netsizer::ui
