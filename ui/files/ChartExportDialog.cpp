#include "ui/files/ChartExportDialog.h"

#include <QCheckBox>
#include <QDialogButtonBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QSpinBox>
#include <QVBoxLayout>

namespace netsizer::ui {

ChartExportDialog::ChartExportDialog(const ChartExportOptions& proposed, QWidget* parent)
    : QDialog(parent), m_configLine(proposed.configLine)
{
    setWindowTitle(tr("Export chart"));
    setObjectName(QStringLiteral("ChartExportDialog"));
    auto* layout = new QVBoxLayout(this);
    auto* form = new QFormLayout;
    layout->addLayout(form);
    auto pixels = [this](int value) {
        auto* box = new QSpinBox(this);
        box->setRange(ChartExportOptions::kMinPixels, ChartExportOptions::kMaxPixels);
        box->setSingleStep(100);
        box->setSuffix(tr(" px"));
        box->setValue(value);
        return box;
    };
    m_width = pixels(proposed.pixels.width());
    m_height = pixels(proposed.pixels.height());
    form->addRow(tr("&Width:"), m_width);
    form->addRow(tr("&Height:"), m_height);
    m_dpi = new QSpinBox(this);
    m_dpi->setRange(ChartExportOptions::kMinDpi, ChartExportOptions::kMaxDpi);
    m_dpi->setSingleStep(24);
    m_dpi->setSuffix(tr(" dpi"));
    m_dpi->setValue(proposed.dpi);
    m_dpi->setToolTip(tr("Higher resolution: larger text and lines in the same number of pixels (96 dpi is the screen's size)"));
    form->addRow(tr("&Resolution:"), m_dpi);
    m_preview = new QLabel(this);
    form->addRow(QString(), m_preview);
    m_title = new QLineEdit(proposed.title, this);
    form->addRow(tr("&Title:"), m_title);
    m_config = new QCheckBox(tr("Configuration line: %1").arg(proposed.configLine), this);
    m_config->setChecked(!proposed.configLine.isEmpty());
    m_config->setEnabled(!proposed.configLine.isEmpty());
    form->addRow(QString(), m_config);
    m_legend = new QCheckBox(tr("&Legend"), this);
    m_legend->setChecked(proposed.legend);
    form->addRow(QString(), m_legend);

    auto* buttons = new QDialogButtonBox(QDialogButtonBox::Ok | QDialogButtonBox::Cancel, this);
    layout->addWidget(buttons);
    connect(buttons, &QDialogButtonBox::accepted, this, &QDialog::accept);
    connect(buttons, &QDialogButtonBox::rejected, this, &QDialog::reject);
    for (QSpinBox* box : {m_width, m_height, m_dpi}) connect(box, &QSpinBox::valueChanged, this, &ChartExportDialog::updatePreview);
    updatePreview();
}

ChartExportOptions ChartExportDialog::options() const
{
    ChartExportOptions o;
    o.pixels = QSize(m_width->value(), m_height->value());
    o.dpi = m_dpi->value();
    o.title = m_title->text().trimmed();
    o.configLine = m_config->isChecked() ? m_configLine : QString();
    o.legend = m_legend->isChecked();
    return o;
}

QString ChartExportDialog::sizeText() const { return m_preview->text(); }

void ChartExportDialog::updatePreview()
{
    const double dpi = m_dpi->value();
    m_preview->setText(tr("%1 × %2 px, %3 × %4 in at %5 dpi")
                           .arg(m_width->value())
                           .arg(m_height->value())
                           .arg(m_width->value() / dpi, 0, 'f', 1)
                           .arg(m_height->value() / dpi, 0, 'f', 1)
                           .arg(m_dpi->value()));
}

std::optional<ChartExportOptions> ChartExportDialog::ask(const ChartExportOptions& proposed, QWidget* parent)
{
    ChartExportDialog dialog(proposed, parent);
    if (dialog.exec() != QDialog::Accepted) return std::nullopt;
    return dialog.options();
}

} // namespace netsizer::ui
