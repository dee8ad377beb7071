#include "ui/charts/SummaryPanel.h"

#include "core/util/NumberFormat.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"

#include <QGridLayout>
#include <QLabel>
#include <QVBoxLayout>

namespace netsizer::ui {

namespace {
QString thousands(std::uint64_t v) { return QString::fromStdString(core::withThousands(v)); }
} // namespace

SummaryPanel::SummaryPanel(const DisplayOptions& options, QWidget* parent) : QWidget(parent), m_options(options)
{
    auto* outer = new QVBoxLayout(this);
    m_total = new QLabel(this);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_total->setFont(big);
    m_total->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_total);
    m_params_ = new QLabel(this);
    m_params_->setWordWrap(true);
    outer->addWidget(m_params_);

    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(2);
    for (core::Component c : core::kAllComponents) {
        const int row = static_cast<int>(c);
        m_swatch[row] = new QLabel(this);
        m_swatch[row]->setPixmap(ComponentStyle::swatch(c, 12).pixmap(12, 12));
        m_name[row] = new QLabel(ComponentStyle::label(c), this);
        m_value[row] = new QLabel(this);
        m_value[row]->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(m_swatch[row], row, 0);
        grid->addWidget(m_name[row], row, 1);
        grid->addWidget(m_value[row], row, 2);
    }
    grid->setColumnStretch(1, 1);
    outer->addLayout(grid);

    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    QFont bold = font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    outer->addWidget(m_verdict);
    m_maxBatch = new QLabel(this);
    m_maxBatch->setWordWrap(true);
    outer->addWidget(m_maxBatch);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setWordWrap(true);
    m_errorLabel->setStyleSheet(QStringLiteral("color: #d62728"));
    outer->addWidget(m_errorLabel);
    outer->addStretch(1);
    connect(&options, &DisplayOptions::changed, this, &SummaryPanel::refreshText);
}

void SummaryPanel::setBreakdown(const core::Analysis& analysis, const core::MemoryBreakdown& breakdown)
{
    m_breakdown = breakdown;
    m_params = analysis.paramsTotal;
    m_trainable = analysis.paramsTrainable;
    m_macs = analysis.macs;
    m_errors.clear();
    if (!analysis.ok()) {
        m_errors = tr("%n problem(s) — the figures cover only the layers that could be analysed:", nullptr,
                      static_cast<int>(analysis.errors.size()));
        for (std::size_t i = 0; i < analysis.errors.size() && i < 3; ++i)
            m_errors += QStringLiteral("\n• ") + QString::fromStdString(analysis.errors[i].describe());
    }
    refreshText();
}

void SummaryPanel::refreshText()
{
    const auto& b = m_breakdown;
    const std::uint64_t total = b.totalBytes();
    m_total->setText(tr("%1 at batch %2").arg(m_options.bytes(static_cast<double>(total))).arg(b.config.batch));
    m_total->setToolTip(tr("%1 = %2 fixed + %3 × %4 per sample")
                            .arg(DisplayOptions::exactBytes(total), DisplayOptions::exactBytes(b.total.fixed))
                            .arg(b.config.batch)
                            .arg(DisplayOptions::exactBytes(b.total.perSample)));
    m_params_->setText(tr("%1 parameters (%2 trainable) · %3 MACs per sample")
                           .arg(thousands(m_params), thousands(m_trainable), thousands(m_macs)));
    for (core::Component c : core::kAllComponents) {
        const int row = static_cast<int>(c);
        const std::uint64_t v = b.bytes(c);
        const bool shown = v > 0;
        m_swatch[row]->setVisible(shown);
        m_name[row]->setVisible(shown);
        m_value[row]->setVisible(shown);
        m_value[row]->setText(m_options.bytes(static_cast<double>(v)));
        const QString tip = tr("%1: %2\n= %3 fixed + %4 × %5 per sample")
                                .arg(ComponentStyle::label(c), DisplayOptions::exactBytes(v),
                                     DisplayOptions::exactBytes(b[c].fixed))
                                .arg(b.config.batch)
                                .arg(DisplayOptions::exactBytes(b[c].perSample));
        m_name[row]->setToolTip(tip);
        m_value[row]->setToolTip(tip);
    }
    if (b.config.gpu) {
        const auto& gpu = *b.config.gpu;
        const QString name = QString::fromStdString(gpu.name);
        const double pct = gpu.memoryBytes ? 100.0 * static_cast<double>(total) / static_cast<double>(gpu.memoryBytes) : 0;
        if (b.fits()) {
            m_verdict->setText(tr("✔ Fits on %1 (%2 of %3, %4%)")
                                   .arg(name, m_options.bytes(static_cast<double>(total)),
                                        m_options.bytes(static_cast<double>(gpu.memoryBytes)))
                                   .arg(pct, 0, 'f', 0));
            m_verdict->setStyleSheet(QStringLiteral("color: #2ca02c"));
        } else {
            m_verdict->setText(tr("✘ Does not fit on %1 (%2 needed, %3 available)")
                                   .arg(name, m_options.bytes(static_cast<double>(total)),
                                        m_options.bytes(static_cast<double>(gpu.memoryBytes))));
            m_verdict->setStyleSheet(QStringLiteral("color: #d62728"));
        }
        const auto mb = b.maxBatch();
        if (mb && *mb > 0)
            m_maxBatch->setText(*mb >= core::TrainingConfig::kMaxBatch
                                    ? tr("Largest batch that fits: %1 or more").arg(*mb)
                                    : tr("Largest batch that fits: %1").arg(*mb));
        else
            m_maxBatch->setText(tr("Not even one sample fits."));
    } else {
        m_verdict->setText(tr("No GPU selected"));
        m_verdict->setStyleSheet(QString());
        m_maxBatch->clear();
    }
    m_errorLabel->setText(m_errors);
    m_errorLabel->setVisible(!m_errors.isEmpty());
}

QString SummaryPanel::totalText() const { return m_total->text(); }
QString SummaryPanel::verdictText() const { return m_verdict->text() + QLatin1Char('\n') + m_maxBatch->text(); }
QString SummaryPanel::componentText(core::Component c) const { return m_value[static_cast<int>(c)]->text(); }

} // namespace netsizer::ui
