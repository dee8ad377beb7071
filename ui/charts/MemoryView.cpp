#include "ui/charts/MemoryView.h"

#include "core/analysis/SequenceLength.h"
#include "ui/advise/FitAdvicePanel.h"
#include "ui/charts/BatchCurveChart.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/RankBarsChart.h"
#include "ui/charts/RankSummaryLabel.h"
#include "ui/charts/RankVerdict.h"
#include "ui/charts/SequenceChart.h"
#include "ui/charts/SequenceSweep.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/charts/TimelineChart.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QScrollArea>
#include <QSplitter>
#include <QTabWidget>
#include <QVBoxLayout>

namespace netsizer::ui {

MemoryView::MemoryView(Document& doc, DisplayOptions& options, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_options(options)
{
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    auto* split = new QSplitter(Qt::Vertical, this);
    m_tabs = new QTabWidget(split);
    m_tabs->setDocumentMode(true);
    m_bars = new LayerBarsChart(options, m_tabs);
    m_timeline = new TimelineChart(options, m_tabs);
    m_tabs->addTab(m_bars, tr("Per layer"));
    m_tabs->addTab(m_timeline, tr("Training step"));
    m_tabs->setTabToolTip(0, tr("What each layer holds at the configured batch"));
    m_tabs->setTabToolTip(1, tr("Memory alive at each event of one training step, with its peak"));
    m_ranks = new RankBarsChart(options, m_tabs);
    m_tabs->addTab(m_ranks, tr("Per GPU"));
    // A clicked rank: its layers in the per-layer bars and the timeline.
    connect(m_ranks, &RankBarsChart::rankChosen, this, [this](int index) {
        m_shownRank = index;
        updateLayerViews(Change::Config);
        for (QCustomPlot* chart : std::initializer_list<QCustomPlot*>{m_bars, m_timeline, m_ranks})
            chart->replot(chart->isVisible() ? QCustomPlot::rpRefreshHint : QCustomPlot::rpQueuedReplot);
    });
    m_tabs->setTabToolTip(Ranks, tr("One bar per distinct GPU rank (first and last pipeline stage differ), at its peak, "
                                    "with its verdict"));
    m_sequence = new SequenceChart(options, m_tabs);
    m_sweep = std::make_unique<SequenceSweep>();
    m_tabs->addTab(m_sequence, tr("Sequence length"));
    m_tabs->setTabToolTip(Sequence, tr("Memory at the peak against the sequence length, at the configured batch"));
    connect(m_tabs, &QTabWidget::currentChanged, this, [this](int index) {
        if (index != Sequence || m_sequenceStale == Stale::None) return;
        updateSequence();
        m_sequence->replot();
    });
    auto* bottom = new QWidget(split);
    auto* row = new QHBoxLayout(bottom);
    row->setContentsMargins(0, 0, 0, 0);
    m_curve = new BatchCurveChart(options, bottom);
    row->addWidget(m_curve, 3);

    auto* sideScroll = new QScrollArea(bottom);
    sideScroll->setWidgetResizable(true);
    sideScroll->setFrameShape(QFrame::NoFrame);
    sideScroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* side = new QWidget(sideScroll);
    auto* sideLayout = new QVBoxLayout(side);
    sideLayout->setContentsMargins(4, 0, 4, 0);
    auto* unitsRow = new QHBoxLayout;
    auto* unitsLabel = new QLabel(tr("Units:"), side);
    auto* units = new QComboBox(side);
    units->addItem(tr("Binary (MiB, GiB)"));
    units->addItem(tr("Decimal (MB, GB)"));
    units->setCurrentIndex(options.units() == core::ByteUnits::Binary ? 0 : 1);
    unitsLabel->setBuddy(units);
    unitsRow->addWidget(unitsLabel);
    unitsRow->addWidget(units, 1);
    sideLayout->addLayout(unitsRow);
    m_rankSummary = new RankSummaryLabel(options, side);
    sideLayout->addWidget(m_rankSummary);
    m_summary = new SummaryPanel(options, side);
    sideLayout->addWidget(m_summary);
    m_fitAdvice = new FitAdvicePanel(doc, options, side);
    // Names lessons point at (docs/lessons.md).
    m_tabs->setObjectName(QStringLiteral("MemoryCharts"));
    m_bars->setObjectName(QStringLiteral("LayerBarsChart"));
    m_timeline->setObjectName(QStringLiteral("TimelineChart"));
    m_ranks->setObjectName(QStringLiteral("RankBarsChart"));
    m_sequence->setObjectName(QStringLiteral("SequenceChart"));
    m_curve->setObjectName(QStringLiteral("BatchCurveChart"));
    m_fitAdvice->setObjectName(QStringLiteral("FitAdvicePanel"));
    units->setObjectName(QStringLiteral("UnitsControl"));
    sideLayout->addWidget(m_fitAdvice);
    sideLayout->addStretch(1);
    // The summary scrolls rather than squeezing its rows when the overhead lines make it tall.
    sideScroll->setWidget(side);
    sideScroll->setMinimumWidth(320);
    row->addWidget(sideScroll, 0);

    split->addWidget(m_tabs);
    split->addWidget(bottom);
    split->setStretchFactor(0, 1);
    split->setStretchFactor(1, 1);
    split->setSizes({1000, 1000}); // half each: the per-layer bars need the height too
    layout->addWidget(split);

    connect(units, &QComboBox::currentIndexChanged, &options, [&options](int i) {
        options.setUnits(i == 0 ? core::ByteUnits::Binary : core::ByteUnits::Decimal);
    });
    connect(&doc, &Document::changed, this, &MemoryView::onChanged);
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &MemoryView::refresh, Qt::QueuedConnection);
}

MemoryView::~MemoryView() = default;

void MemoryView::showTopChart(int index) { m_tabs->setCurrentIndex(index); }

void MemoryView::updateSequence()
{
    switch (m_sequenceStale) {
    case Stale::Analysis:
        m_sweep->analyse(m_doc.graph(), m_doc.analysis());
        [[fallthrough]];
    case Stale::Config:
        m_sweep->estimate(m_doc.config());
        break;
    case Stale::Batch:
        m_sweep->setBatch(m_doc.config().batch);
        break;
    case Stale::None:
        return;
    }
    m_sequenceStale = Stale::None;
    m_sequence->setSweep(*m_sweep);
}

void MemoryView::onChanged(const ChangeEvent& e)
{
    if (!e.changesMemory()) return;
    m_pending |= e.what;
    if (m_scheduled) return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &MemoryView::refresh, Qt::QueuedConnection);
}

void MemoryView::updateLayerViews(Changes pending)
{
    const auto* ranks = m_doc.parallelEstimate();
    const bool perGpu = ranks && ranks->ok() && !(*ranks)->ranks.empty();
    const std::size_t rankCount = perGpu ? (*ranks)->ranks.size() : 0;
    const std::size_t shown = perGpu && m_shownRank >= 0 && static_cast<std::size_t>(m_shownRank) < rankCount
                                  ? static_cast<std::size_t>(m_shownRank)
                                  : perGpu ? (*ranks)->peakRank : 0;
    // One GPU: the whole model; many: the layers of the chosen rank (the rank that peaks unless
    // one was clicked in the Per GPU tab), at its samples per pass.
    const core::MemoryBreakdown& layers = perGpu ? (*ranks)->ranks[shown].breakdown : m_doc.breakdown();
    // Batch and configuration changes keep the layers: update the bar heights in place.
    const bool sameLayers = !pending.testAnyFlags(Change::Structure | Change::Attributes | Change::Trainable | Change::Reset);
    if (sameLayers && m_bars->layerCount() == layers.layers.size())
        m_bars->setValues(layers);
    else
        m_bars->setBreakdown(m_doc.graph(), m_doc.analysis(), layers);
    if (pending == Changes(Change::Batch) && !perGpu) m_timeline->setBatch(layers.config.batch); // the same events
    else m_timeline->setBreakdown(m_doc.graph(), layers);
    m_ranks->setShownRank(rankCount > 1 ? static_cast<int>(shown) : -1);
    const QString role = rankCount > 1 ? RankVerdict::role((*ranks)->ranks[shown].stage, rankCount, QLatin1Char(' ')) : QString();
    m_tabs->setTabText(LayerBars, role.isEmpty() ? tr("Per layer") : tr("Per layer: %1").arg(role));
    m_tabs->setTabText(Timeline, role.isEmpty() ? tr("Training step") : tr("Training step: %1").arg(role));
}

void MemoryView::refresh()
{
    m_scheduled = false;
    if (m_pending == Change::None) return;
    const Changes pending = m_pending;
    m_pending = Change::None;
    ++m_refreshCount;
    const auto& analysis = m_doc.analysis();
    const auto& breakdown = m_doc.breakdown();
    // Many GPUs: the curve and the summary are the rank that peaks (at its samples per pass).
    const auto* ranks = m_doc.parallelEstimate();
    const bool perGpu = ranks && ranks->ok();
    const core::MemoryBreakdown& gpu = m_doc.gpuBreakdown();
    updateLayerViews(pending);
    if (pending == Changes(Change::Batch) && !perGpu) {
        m_curve->moveBatchMarker(breakdown.config.batch); // the areas do not depend on the batch
    } else {
        m_curve->xAxis->setLabel(perGpu ? tr("Samples per GPU per pass") : tr("Batch size"));
        m_curve->setBreakdown(gpu);
    }
    m_summary->setBreakdown(m_doc.graph(), analysis, gpu);
    m_rankSummary->setEstimate(m_doc.config(), ranks);
    if (!ranks) m_ranks->setSingle(breakdown);
    else if (perGpu) m_ranks->setEstimate(**ranks);
    else m_ranks->setProblem(QString::fromStdString(ranks->error().message));
    // The sequence sweep: what this turn made stale, redone now only while its tab shows.
    const Stale stale = Changes(pending).testAnyFlags(Change::Structure | Change::Attributes | Change::Trainable |
                                                      Change::Checkpoint | Change::Reset)
                            ? Stale::Analysis
                        : pending.testFlag(Change::Config) ? Stale::Config
                                                           : Stale::Batch;
    m_sequenceStale = std::max(m_sequenceStale, stale);
    if (stale == Stale::Analysis) m_tabs->setTabVisible(Sequence, core::sequenceLength(m_doc.graph()).has_value());
    if (m_tabs->currentIndex() == Sequence) updateSequence();
    // Once per refresh: a few dozen re-estimates while it does not fit; during a batch drag at
    // most every FitAdvicePanel::kQuietMs, and when the drag pauses.
    if (pending == Changes(Change::Batch)) m_fitAdvice->updateAfterBatchMove();
    else m_fitAdvice->updateFrom();
    // Replot now, inside this once-per-turn refresh: the visible charts are then drawn before
    // the window's next paint, in the same frame as the canvas and the table. A queued replot
    // would run after that paint and show the new figures one frame late. The chart in the
    // hidden tab is replotted on a later turn, outside the frame.
    for (QCustomPlot* chart : std::initializer_list<QCustomPlot*>{m_bars, m_curve, m_timeline, m_ranks, m_sequence})
        chart->replot(chart->isVisible() ? QCustomPlot::rpRefreshHint : QCustomPlot::rpQueuedReplot);
    emit refreshed();
}

} // namespace netsizer::ui
