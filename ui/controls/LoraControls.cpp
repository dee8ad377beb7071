#include "ui/controls/LoraControls.h"

#include "core/analysis/LoraAdapters.h"
#include "core/estimate/WeightFormat.h"
#include "ui/document/Document.h"

#include <QCheckBox>
#include <QComboBox>
#include <QDoubleSpinBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSignalBlocker>
#include <QSpinBox>

#include <algorithm>

namespace netsizer::ui {

LoraControls::LoraControls(Document& doc, QWidget* parent) : QGroupBox(tr("LoRA / QLoRA"), parent), m_doc(doc)
{
    auto* form = new QFormLayout(this);
    m_rank = new QSpinBox(this);
    m_rank->setRange(1, 4096);
    m_rank->setValue(8);
    m_rank->setToolTip(tr("Rank of the adapters: each adapted Linear layer of n inputs and m outputs gets r × (n + m) "
                          "trainable weights, with their gradients and optimizer state"));
    form->addRow(tr("&Rank r:"), m_rank);
    m_alpha = new QDoubleSpinBox(this);
    m_alpha->setRange(0.01, 1e6);
    m_alpha->setValue(8.0);
    m_alpha->setToolTip(tr("The adapter output is scaled by alpha / r (no effect on memory)"));
    form->addRow(tr("A&lpha:"), m_alpha);
    m_targets = new QLineEdit(QStringLiteral("q_proj,v_proj"), this);
    m_targets->setToolTip(tr("Linear layers to adapt: comma-separated name endings (q_proj,v_proj), or all-linear "
                             "for every Linear layer but the output layer"));
    form->addRow(tr("&Targets:"), m_targets);
    m_dropout = new QDoubleSpinBox(this);
    m_dropout->setRange(0.0, 0.99);
    m_dropout->setSingleStep(0.05);
    m_dropout->setToolTip(tr("Dropout on the adapter input; 0 keeps no mask"));
    form->addRow(tr("&Dropout:"), m_dropout);
    m_add = new QPushButton(tr("Add LoRA &adapters"), this);
    m_add->setToolTip(tr("Adds adapter layers beside the targeted Linear layers and freezes every other weight"));
    form->addRow(QString(), m_add);
    m_status = new QLabel(this);
    m_status->setWordWrap(true);
    m_status->hide();
    form->addRow(QString(), m_status);

    m_base = new QComboBox(this);
    m_quantize = new QComboBox(this);
    m_base->addItem(tr("As trained"), static_cast<int>(core::WeightFormat::Native));
    m_quantize->addItem(tr("None"), static_cast<int>(core::WeightFormat::Native));
    for (const core::WeightFormatInfo& f : core::allWeightFormats()) {
        if (f.format == core::WeightFormat::Native) continue;
        (f.quantised ? m_quantize : m_base)->addItem(QString::fromUtf8(f.label), static_cast<int>(f.format));
    }
    m_base->setToolTip(tr("The dtype the frozen base weights are stored in (Hugging Face torch_dtype)"));
    m_quantize->setToolTip(tr("bitsandbytes quantisation of the frozen Linear weights; the output layer stays unquantised"));
    form->addRow(tr("Frozen &weights:"), m_base);
    form->addRow(tr("&Quantise:"), m_quantize);
    m_doubleQuant = new QCheckBox(tr("Double quantisation (NF4)"), this);
    m_doubleQuant->setToolTip(tr("Quantises NF4's per-block constants to 8 bits (QLoRA)"));
    form->addRow(QString(), m_doubleQuant);

    connect(m_add, &QPushButton::clicked, this, &LoraControls::applyAdapters);
    for (QComboBox* box : {m_base, m_quantize}) connect(box, &QComboBox::currentIndexChanged, this, [this] { pushStorage(); });
    connect(m_doubleQuant, &QCheckBox::toggled, this, [this] { pushStorage(); });
    connect(&doc, &Document::changed, this, [this](const ChangeEvent& e) {
        if (e.what.testAnyFlags(Change::Config | Change::Reset)) syncFromDocument();
    });
    syncFromDocument();
}

void LoraControls::applyAdapters()
{
    core::LoraSpec spec;
    spec.rank = m_rank->value();
    spec.alpha = m_alpha->value();
    spec.dropout = m_dropout->value();
    spec.targets.clear();
    for (const QString& t : m_targets->text().split(QLatin1Char(','), Qt::SkipEmptyParts))
        spec.targets.push_back(t.trimmed().toStdString());
    QString error;
    const bool ok = m_doc.addLoraAdapters(spec, &error);
    m_status->setText(ok ? QString() : error);
    m_status->setVisible(!ok);
}

void LoraControls::pushStorage()
{
    core::TrainingConfig c = m_doc.config();
    c.frozenWeights.base = static_cast<core::WeightFormat>(m_base->currentData().toInt());
    c.frozenWeights.quantize = static_cast<core::WeightFormat>(m_quantize->currentData().toInt());
    c.frozenWeights.doubleQuant = m_doubleQuant->isChecked();
    m_doc.setConfig(c);
}

void LoraControls::syncFromDocument()
{
    const core::FrozenWeights& f = m_doc.config().frozenWeights;
    const QSignalBlocker b1(m_base), b2(m_quantize), b3(m_doubleQuant);
    m_base->setCurrentIndex(std::max(0, m_base->findData(static_cast<int>(f.base))));
    m_quantize->setCurrentIndex(std::max(0, m_quantize->findData(static_cast<int>(f.quantize))));
    m_doubleQuant->setChecked(f.doubleQuant);
    m_doubleQuant->setEnabled(f.quantize == core::WeightFormat::Nf4);
}

} // namespace netsizer::ui
