#include "ui/charts/RankSummaryLabel.h"

#include "ui/charts/RankVerdict.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

namespace netsizer::ui {

RankSummaryLabel::RankSummaryLabel(const DisplayOptions& options, QWidget* parent) : QLabel(parent), m_options(options)
{
    setWordWrap(true);
    setTextFormat(Qt::RichText);
    setTextInteractionFlags(Qt::TextSelectableByMouse);
    setVisible(false);
}

void RankSummaryLabel::setEstimate(const core::TrainingConfig& config, const core::Result<core::ParallelEstimate>* estimate)
{
    m_peakRole.clear();
    if (!estimate) {
        clear();
        setVisible(false);
        return;
    }
    const core::ParallelConfig& p = config.parallel;
    QString settings = tr("%n GPU(s)", nullptr, static_cast<int>(p.gpus));
    if (p.nodes > 1) settings += tr(" on %n node(s)", nullptr, static_cast<int>(p.nodes));
    settings += QStringLiteral(", %1").arg(QString::fromLatin1(core::strategyName(p.strategy)));
    if (p.tensorParallel > 1) settings += tr(", tensor parallel %1").arg(p.tensorParallel) + (p.sequenceParallel ? tr(" + sequence") : QString());
    if (p.pipelineParallel > 1) settings += tr(", %1 pipeline stages (%2)").arg(p.pipelineParallel).arg(QString::fromLatin1(core::scheduleName(p.schedule)));
    if (p.microbatches > 1) settings += tr(", %1 micro-batches").arg(p.microbatches);
    if (p.offload != core::Offload::None) settings += tr(", offload %1").arg(QString::fromLatin1(core::offloadName(p.offload)));
    const QPalette pal = palette();
    if (!estimate->ok()) {
        setText(QStringLiteral("<b>%1</b><br><span style='color:%2'>%3</span>")
                    .arg(settings.toHtmlEscaped(), StatusColors::warning(pal).name(),
                         tr("Cannot estimate per GPU: %1. The figures below are those of one GPU holding the whole model.")
                             .arg(QString::fromStdString(estimate->error().message))
                             .toHtmlEscaped()));
        setVisible(true);
        return;
    }
    const core::ParallelEstimate& e = **estimate;
    const auto verdict = [&](const core::RankEstimate& r) { return RankVerdict::of(r.breakdown.peakComposition(), r.breakdown.config, pal); };
    const core::RankEstimate& peak = e.ranks[e.peakRank];
    m_peakRole = RankVerdict::role(peak.stage, e.ranks.size());
    QString html = QStringLiteral("<b>%1</b><br>").arg(settings.toHtmlEscaped());
    html += tr("Each GPU runs %n sample(s) per pass.", nullptr, static_cast<int>(e.microBatch)).toHtmlEscaped() + QStringLiteral("<br>");
    const RankVerdict peakVerdict = verdict(peak);
    html += tr("Per GPU, the rank that peaks is %1: %2").arg(m_peakRole, m_options.bytes(static_cast<double>(peak.breakdown.peakBytes()))).toHtmlEscaped();
    html += QStringLiteral(" — <span style='color:%1'>%2</span>").arg(peakVerdict.color.name(), peakVerdict.text.toHtmlEscaped());
    for (const core::RankEstimate& r : e.ranks) {
        if (&r == &peak) continue;
        const RankVerdict v = verdict(r);
        html += QStringLiteral("<br>%1 <span style='color:%2'>%3</span>")
                    .arg(tr("%1: %2 —").arg(RankVerdict::role(r.stage, e.ranks.size()), m_options.bytes(static_cast<double>(r.breakdown.peakBytes()))).toHtmlEscaped(),
                         v.color.name(), v.text.toHtmlEscaped());
    }
    if (peak.states.cpu > 0)
        html += QStringLiteral("<br>") + tr("Host memory for CPU offload: %1 per GPU").arg(m_options.bytes(static_cast<double>(peak.states.cpu))).toHtmlEscaped();
    setText(html);
    setVisible(true);
}

} // namespace netsizer::ui
