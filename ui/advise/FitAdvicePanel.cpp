#include "ui/advise/FitAdvicePanel.h"

#include "core/advise/Advisor.h"
#include "core/advise/ParallelAdvisor.h"
#include "core/estimate/GpuCatalog.h"
#include "ui/advise/SuggestionEdits.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"

#include <QElapsedTimer>
#include <QFrame>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QTimer>
#include <QVBoxLayout>

namespace netsizer::ui {

namespace {
QString kindTitle(core::SuggestionKind k)
{
    switch (k) {
    case core::SuggestionKind::Accumulation: return FitAdvicePanel::tr("Gradient accumulation");
    case core::SuggestionKind::Checkpointing: return FitAdvicePanel::tr("Gradient checkpointing");
    case core::SuggestionKind::MixedPrecision: return FitAdvicePanel::tr("Mixed precision");
    case core::SuggestionKind::DataParallel: return FitAdvicePanel::tr("Data parallelism");
    case core::SuggestionKind::CheaperOptimizer: return FitAdvicePanel::tr("Cheaper optimizer");
    case core::SuggestionKind::Freeze: return FitAdvicePanel::tr("Freeze layers");
    case core::SuggestionKind::SmallerInput: return FitAdvicePanel::tr("Smaller input");
    case core::SuggestionKind::LargerGpu: return FitAdvicePanel::tr("Larger GPU");
    case core::SuggestionKind::ShardStates: return FitAdvicePanel::tr("Shard the model states");
    case core::SuggestionKind::ModelParallel: return FitAdvicePanel::tr("Split the model");
    case core::SuggestionKind::Offload: return FitAdvicePanel::tr("CPU offload");
    case core::SuggestionKind::Combination: return FitAdvicePanel::tr("Combination");
    }
    return {};
}

// The row's title: the kind, and with accumulation the micro-batch × steps it trains in.
QString rowTitle(const core::Suggestion& s)
{
    QString title = kindTitle(s.kind);
    if (s.config.accumulationSteps > 1)
        title += FitAdvicePanel::tr(": batch %1 × %2 steps").arg(s.config.batch).arg(s.config.accumulationSteps);
    return title;
}
} // namespace

FitAdvicePanel::FitAdvicePanel(Document& doc, const DisplayOptions& options, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_options(options)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 8, 0, 0);
    auto* title = new QLabel(tr("Make it fit"), this);
    QFont bold = title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    title->setFont(bold);
    layout->addWidget(title);
    m_intro = new QLabel(this);
    m_intro->setWordWrap(true);
    layout->addWidget(m_intro);
    m_list = new QWidget(this);
    m_listLayout = new QVBoxLayout(m_list);
    m_listLayout->setContentsMargins(0, 0, 0, 0);
    m_listLayout->setSpacing(4);
    layout->addWidget(m_list);
    m_parallelButton = new QPushButton(tr("Find what makes every GPU fit"), this);
    m_parallelButton->setToolTip(tr("Estimates every GPU rank under each change the advisor knows for many GPUs (sharding, "
                                    "micro-batches, checkpointing, splitting the model, precision, offload, more GPUs)"));
    m_parallelButton->setVisible(false);
    layout->addWidget(m_parallelButton, 0, Qt::AlignLeft);
    connect(m_parallelButton, &QPushButton::clicked, this, &FitAdvicePanel::adviseParallelNow);
    m_notes = new QLabel(this);
    m_notes->setWordWrap(true);
    m_notes->setForegroundRole(QPalette::PlaceholderText);
    m_notes->setTextInteractionFlags(Qt::TextSelectableByMouse);
    layout->addWidget(m_notes);
    setVisible(false);
    m_deferred = new QTimer(this);
    m_deferred->setSingleShot(true);
    m_deferred->setInterval(kQuietMs);
    connect(m_deferred, &QTimer::timeout, this, &FitAdvicePanel::updateFrom);
    connect(&options, &DisplayOptions::changed, this, &FitAdvicePanel::rebuild);
}

bool FitAdvicePanel::wanted() const
{
    const core::TrainingConfig& c = m_doc.config();
    // The advisor searches one GPU's options: with many GPUs (advised per rank nowhere yet) none.
    return c.gpu && !c.parallel.active() && m_doc.analysis().ok() && !m_doc.breakdown().fits() && !m_doc.breakdown().overflow();
}

bool FitAdvicePanel::parallelWanted() const
{
    const core::TrainingConfig& c = m_doc.config();
    if (!c.gpu || !c.parallel.active() || !m_doc.analysis().ok()) return false;
    const auto* ranks = m_doc.parallelEstimate();
    return ranks && ranks->ok() && !m_doc.gpuBreakdown().fits() && !m_doc.gpuBreakdown().overflow();
}

void FitAdvicePanel::adviseParallelNow()
{
    m_deferred->stop();
    m_list->setEnabled(true);
    m_parallelOffered = false;
    m_hasAdvice = false;
    m_advice = {};
    if (parallelWanted()) {
        QElapsedTimer timer;
        timer.start();
        m_advice = core::adviseParallel(m_doc.graph(), m_doc.config(), core::GpuCatalog::builtin());
        m_lastMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        ++m_adviseCount;
        m_hasAdvice = !m_advice.fits;
    }
    rebuild();
}

bool FitAdvicePanel::isStale() const { return m_deferred->isActive(); }

void FitAdvicePanel::updateAfterBatchMove()
{
    if (!wanted() || !m_sinceAdvise.isValid() || m_sinceAdvise.elapsed() >= kQuietMs) {
        updateFrom();
        return;
    }
    m_list->setEnabled(false);
    m_deferred->start(); // restarts: kQuietMs after the last move
}

void FitAdvicePanel::updateFrom()
{
    m_deferred->stop();
    m_list->setEnabled(true);
    m_hasAdvice = false;
    m_advice = {};
    m_parallelOffered = parallelWanted();
    if (wanted()) {
        QElapsedTimer timer;
        timer.start();
        m_advice = core::advise(m_doc.graph(), m_doc.config(), core::GpuCatalog::builtin());
        m_lastMs = static_cast<double>(timer.nsecsElapsed()) / 1e6;
        ++m_adviseCount;
        m_hasAdvice = !m_advice.fits;
        m_sinceAdvise.start();
    }
    rebuild();
}

void FitAdvicePanel::rebuild()
{
    for (QPushButton* b : m_applyButtons) b->disconnect(this);
    while (QLayoutItem* item = m_listLayout->takeAt(0)) {
        if (QWidget* w = item->widget()) w->deleteLater();
        delete item;
    }
    m_rowTexts.clear();
    m_applyButtons.clear();
    setVisible(m_hasAdvice || m_parallelOffered);
    m_parallelButton->setVisible(m_parallelOffered);
    const auto bytes = [this](std::uint64_t v) { return m_options.size(v); };
    const core::TrainingConfig& c = m_doc.config();
    const QString gpu = c.gpu ? QString::fromStdString(c.gpu->name) : QString();
    if (m_parallelOffered) {
        m_intro->setText(tr("The GPU that peaks needs %1, more than the %2 of %3.")
                             .arg(bytes(m_doc.gpuBreakdown().peakBytes()), bytes(c.gpu->memoryBytes), gpu));
        m_notes->clear();
        m_notes->setVisible(false);
        return;
    }
    if (!m_hasAdvice) {
        m_intro->clear();
        m_notes->clear();
        return;
    }
    const bool many = c.parallel.active();
    m_intro->setText(many ? (m_advice.suggestions.empty()
                                 ? tr("Nothing the advisor tries brings the GPU that peaks (%1) under the %2 of %3.")
                                       .arg(bytes(m_advice.peakBytes), bytes(c.gpu->memoryBytes), gpu)
                                 : tr("The GPU that peaks needs %1, more than the %2 of %3. Each of these makes every GPU fit, "
                                      "cheapest first:")
                                       .arg(bytes(m_advice.peakBytes), bytes(c.gpu->memoryBytes), gpu))
                     : m_advice.suggestions.empty()
                         ? tr("Nothing the advisor tries brings the peak of %1 under the %2 of %3.")
                               .arg(bytes(m_advice.peakBytes), bytes(c.gpu ? c.gpu->memoryBytes : 0), gpu)
                         : tr("The peak of %1 needs more than the %2 of %3. Each of these fits, cheapest first:")
                               .arg(bytes(m_advice.peakBytes), bytes(c.gpu ? c.gpu->memoryBytes : 0), gpu));
    for (std::size_t i = 0; i < m_advice.suggestions.size(); ++i) {
        const core::Suggestion& s = m_advice.suggestions[i];
        auto* row = new QFrame(m_list);
        row->setFrameShape(QFrame::StyledPanel);
        auto* v = new QVBoxLayout(row);
        v->setContentsMargins(6, 4, 6, 4);
        v->setSpacing(2);
        // What it needs against the current peak; a larger GPU may need more than now (its
        // context), so it says the capacity it is measured against instead of a saving.
        const QString needs = many ? tr("the GPU that peaks needs %1").arg(bytes(s.peakBytes))
                              : s.kind == core::SuggestionKind::DataParallel ? tr("needs %1 per GPU").arg(bytes(s.peakBytes))
                                                                             : tr("needs %1").arg(bytes(s.peakBytes));
        QString figures;
        if (m_advice.peakBytes > s.peakBytes)
            figures = tr("%1 — saves %2").arg(needs, bytes(m_advice.peakBytes - s.peakBytes));
        else if (s.config.gpu)
            figures = tr("%1 of the %2 of %3").arg(needs, bytes(s.config.gpu->memoryBytes), QString::fromStdString(s.config.gpu->name));
        else
            figures = needs;
        if (s.extraComputePct >= 0.05 || s.extraComputePct <= -0.05)
            figures += tr(" · %1% compute").arg(s.extraComputePct > 0 ? QStringLiteral("+%1").arg(s.extraComputePct, 0, 'f', 1)
                                                                        : QString::number(s.extraComputePct, 'f', 1));
        auto* text = new QLabel(QStringLiteral("<b>%1</b><br>%2")
                                    .arg(rowTitle(s).toHtmlEscaped(), QString::fromStdString(s.description).toHtmlEscaped()),
                                row);
        text->setTextFormat(Qt::RichText);
        text->setWordWrap(true);
        text->setTextInteractionFlags(Qt::TextSelectableByMouse);
        QStringList cli;
        for (const std::string& opt : s.changes) cli << QString::fromStdString(opt);
        text->setToolTip(tr("netsizer-cli estimate %1").arg(cli.join(QLatin1Char(' '))));
        auto* figuresLabel = new QLabel(QStringLiteral("<i>%1</i>").arg(figures.toHtmlEscaped()), row);
        figuresLabel->setTextFormat(Qt::RichText);
        figuresLabel->setWordWrap(true);
        auto* applyButton = new QPushButton(tr("Apply"), row);
        applyButton->setToolTip(tr("Apply this change to the model and the training settings (one undo step)"));
        auto* h = new QHBoxLayout;
        h->addWidget(figuresLabel, 1);
        h->addWidget(applyButton, 0, Qt::AlignVCenter);
        v->addWidget(text);
        v->addLayout(h);
        m_listLayout->addWidget(row);
        connect(applyButton, &QPushButton::clicked, this, [this, i] { apply(i); });
        m_rowTexts << rowTitle(s) + QLatin1Char('\n') + QString::fromStdString(s.description) + QLatin1Char('\n') + figures;
        m_applyButtons.push_back(applyButton);
    }
    QStringList notes;
    for (const std::string& n : m_advice.notes) notes << QStringLiteral("• ") + QString::fromStdString(n);
    m_notes->setText(notes.join(QLatin1Char('\n')));
    m_notes->setVisible(!notes.isEmpty());
}

void FitAdvicePanel::apply(std::size_t index)
{
    if (index >= m_advice.suggestions.size()) return;
    QString error;
    if (!applySuggestion(m_doc, m_advice.suggestions[index], &error))
        QMessageBox::warning(this, tr("Make it fit"), error);
}

QString FitAdvicePanel::suggestionText(int index) const { return m_rowTexts.at(index); }
QString FitAdvicePanel::notesText() const { return m_notes->text(); }

} // namespace netsizer::ui
