#include "ui/properties/PropertyPanel.h"

#include "core/analysis/Analysis.h"
#include "core/layers/LayerKind.h"
#include "ui/document/Document.h"
#include "ui/properties/AttrText.h"
#include "ui/style/StatusColors.h"

#include <QCheckBox>
#include <QComboBox>
#include <QMenu>
#include <QToolButton>
#include <QEvent>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSignalBlocker>

namespace netsizer::ui {

PropertyPanel::PropertyPanel(Document& doc, QWidget* parent) : QWidget(parent), m_doc(doc)
{
    m_form = new QFormLayout(this);
    m_form->setFieldGrowthPolicy(QFormLayout::AllNonFixedFieldsGrow);
    connect(&doc, &Document::changed, this, &PropertyPanel::onChanged);
    rebuild();
}

QWidget* PropertyPanel::editor(int attrIndex) const
{
    return attrIndex >= 0 && attrIndex < static_cast<int>(m_editors.size()) ? m_editors[static_cast<std::size_t>(attrIndex)] : nullptr;
}

void PropertyPanel::setLayer(std::optional<core::LayerId> id)
{
    if (id == m_layer) return;
    m_layer = id;
    rebuild();
}

void PropertyPanel::onChanged(const ChangeEvent& e)
{
    if (!m_layer) return;
    if (!m_doc.graph().find(*m_layer)) {
        m_layer.reset();
        rebuild();
        return;
    }
    if (e.what.testAnyFlags(Change::Attributes | Change::Trainable | Change::Structure | Change::Reset)) updateValues();
}

void PropertyPanel::markValidity(QWidget* w, const QString& error)
{
    QColor tint = StatusColors::error(palette());
    tint.setAlpha(60);
    w->setStyleSheet(error.isEmpty() ? QString()
                                     : QStringLiteral("background: rgba(%1, %2, %3, %4);")
                                           .arg(tint.red())
                                           .arg(tint.green())
                                           .arg(tint.blue())
                                           .arg(tint.alpha()));
    w->setToolTip(error.isEmpty() ? w->property("help").toString() : error);
}

void PropertyPanel::rebuild()
{
    while (m_form->rowCount() > 0) m_form->removeRow(0);
    m_editors.clear();
    m_name = nullptr;
    m_trainable = nullptr;
    m_header = nullptr;
    m_status = nullptr;
    m_addDropout = nullptr;
    const core::Layer* l = m_layer ? m_doc.graph().find(*m_layer) : nullptr;
    if (!l) {
        auto* hint = new QLabel(tr("Select a layer to edit its properties."), this);
        hint->setWordWrap(true);
        m_form->addRow(hint);
        return;
    }
    const core::LayerKind& kind = *l->kind;
    const core::LayerId id = l->id;
    m_header = new QLabel(QStringLiteral("<b>%1</b>").arg(QString::fromStdString(kind.displayName).toHtmlEscaped()), this);
    m_header->setToolTip(QString::fromStdString(kind.description));
    m_header->setWordWrap(true);
    m_form->addRow(m_header);

    m_name = new QLineEdit(this);
    m_form->addRow(tr("Name"), m_name);
    connect(m_name, &QLineEdit::editingFinished, this, [this, id] {
        if (m_updating) return;
        QString error;
        const core::Layer* cur = m_doc.graph().find(id);
        if (!cur || m_name->text() == QString::fromStdString(cur->name)) return markValidity(m_name, {});
        if (!m_doc.renameLayer(id, m_name->text(), &error)) markValidity(m_name, error);
        else markValidity(m_name, {});
    });

    m_trainable = new QCheckBox(tr("Trainable"), this);
    m_trainable->setToolTip(tr("Unchecked: frozen — no gradients and no optimizer state for this layer"));
    m_form->addRow(QString(), m_trainable);
    connect(m_trainable, &QCheckBox::toggled, this, [this, id](bool on) {
        if (!m_updating) m_doc.setTrainable(id, on);
    });

    // What a file cannot say: an eval-mode ONNX export has no Dropout. One undo step per rate.
    m_addDropout = new QToolButton(this);
    m_addDropout->setText(tr("Add dropout after"));
    m_addDropout->setToolTip(tr("Adds a Dropout fed by this layer's output, before everything it fed "
                                "(an ONNX file exported in eval mode has none)"));
    m_addDropout->setPopupMode(QToolButton::InstantPopup);
    auto* rates = new QMenu(m_addDropout);
    for (const double p : {0.1, 0.2, 0.25, 0.3, 0.5}) {
        QAction* a = rates->addAction(tr("p = %1").arg(p));
        a->setData(p);
        connect(a, &QAction::triggered, this, [this, id, p] { m_doc.addDropoutAfter(id, p); });
    }
    m_addDropout->setMenu(rates);
    m_form->addRow(QString(), m_addDropout);

    for (std::size_t i = 0; i < kind.params.size(); ++i) {
        const core::ParamSpec& spec = kind.params[i];
        const int index = static_cast<int>(i);
        QString label = QString::fromStdString(spec.name);
        if (!spec.unit.empty()) label += QStringLiteral(" (%1)").arg(QString::fromStdString(spec.unit));
        QWidget* w = nullptr;
        if (spec.type == core::AttrType::Bool) {
            auto* box = new QCheckBox(this);
            connect(box, &QCheckBox::toggled, this, [this, id, index](bool on) {
                if (!m_updating) m_doc.setAttribute(id, index, core::AttrValue{on});
            });
            w = box;
        } else if (spec.type == core::AttrType::Choice) {
            auto* combo = new QComboBox(this);
            for (const auto& c : spec.choices) combo->addItem(QString::fromStdString(c));
            connect(combo, &QComboBox::currentTextChanged, this, [this, id, index](const QString& t) {
                if (!m_updating) m_doc.setAttribute(id, index, core::AttrValue{t.toStdString()});
            });
            w = combo;
        } else {
            auto* edit = new QLineEdit(this);
            connect(edit, &QLineEdit::textEdited, this, [this, edit, &spec](const QString& t) {
                QString error;
                AttrText::parseValid(spec, t, error);
                markValidity(edit, error);
            });
            connect(edit, &QLineEdit::editingFinished, this, [this, edit, id, index, &spec] {
                if (m_updating) return;
                QString error;
                const auto v = AttrText::parseValid(spec, edit->text(), error);
                if (!v) return markValidity(edit, error);
                markValidity(edit, {});
                m_doc.setAttribute(id, index, *v, &error);
            });
            w = edit;
        }
        w->setProperty("help", QString::fromStdString(spec.help));
        w->setToolTip(QString::fromStdString(spec.help));
        const bool inputShape = kind.maxInputs == 0 && spec.name == "shape" && spec.type == core::AttrType::IntList;
        if (inputShape) {
            // The one field every model starts from: say which axes it lists.
            label = tr("shape (C×H×W)");
            if (auto* edit = qobject_cast<QLineEdit*>(w)) edit->setPlaceholderText(tr("C, H, W"));
        }
        m_form->addRow(label, w);
        if (inputShape) {
            auto* note = new QLabel(tr("One sample, without the batch: channels, height, width for images "
                                       "(3, 224, 224); one length for token ids or features."),
                                    this);
            note->setWordWrap(true);
            note->setForegroundRole(QPalette::PlaceholderText);
            m_form->addRow(QString(), note);
        }
        m_editors.push_back(w);
    }
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->setTextInteractionFlags(Qt::TextSelectableByMouse);
    // Wraps within the panel's width (a long message grows the label's height, never its width).
    m_status->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    m_form->addRow(m_status);
    updateValues();
}

void PropertyPanel::updateValues()
{
    const core::Layer* l = m_layer ? m_doc.graph().find(*m_layer) : nullptr;
    if (!l || !m_name) return;
    m_updating = true;
    m_name->setText(QString::fromStdString(l->name));
    markValidity(m_name, {});
    m_trainable->setChecked(l->trainable);
    // Trainable only means something for a layer with weights: hidden when the analysis finds
    // none (ReLU, pooling, a BatchNorm without affine); shown while the layer does not analyse.
    bool hasWeights = true;
    for (const auto& la : m_doc.analysis().layers)
        if (la.id == l->id && la.analysed) hasWeights = la.learnableParams > 0;
    m_form->setRowVisible(m_trainable, hasWeights);
    for (std::size_t i = 0; i < m_editors.size() && i < l->attrs.size(); ++i) {
        QWidget* w = m_editors[i];
        const core::AttrValue& v = l->attrs[i];
        if (auto* box = qobject_cast<QCheckBox*>(w)) {
            box->setChecked(std::holds_alternative<bool>(v) && std::get<bool>(v));
        } else if (auto* combo = qobject_cast<QComboBox*>(w)) {
            combo->setCurrentText(AttrText::format(v));
        } else if (auto* edit = qobject_cast<QLineEdit*>(w)) {
            edit->setText(AttrText::format(v));
            markValidity(edit, {});
        }
    }
    m_updating = false;
    updateStatus();
}

void PropertyPanel::updateStatus()
{
    const core::Layer* l = m_layer ? m_doc.graph().find(*m_layer) : nullptr;
    if (!l || !m_status) return;
    // The layer's own analysis result: output shape or its error.
    QString status;
    for (const auto& la : m_doc.analysis().layers)
        if (la.id == l->id) {
            if (la.error)
                status = QStringLiteral("<span style='color:%1'>%2</span>")
                             .arg(StatusColors::error(palette()).name(), QString::fromStdString(la.error->message).toHtmlEscaped());
            else if (la.analysed && !la.result.outputs.empty())
                status = tr("Output %1").arg(QString::fromStdString(la.result.outputs[0].shape.toString()));
        }
    m_status->setText(status);
}

void PropertyPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) updateStatus();
    QWidget::changeEvent(event);
}

} // namespace netsizer::ui
