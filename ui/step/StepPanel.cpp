#include "ui/step/StepPanel.h"

#include "ui/document/Document.h"
#include "ui/step/StepCaption.h"
#include "ui/step/StepChart.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/Icons.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QShortcut>
#include <QSlider>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>

#include <algorithm>

namespace netsizer::ui {

namespace {
constexpr int kDefaultPlayInterval = 700; // ms per event: slow enough to read the caption's gist
}

StepPanel::StepPanel(Document& doc, const DisplayOptions& options, QWidget* parent)
    : QWidget(parent), m_doc(doc), m_options(options)
{
    setObjectName(QStringLiteral("StepPanel"));
    setFocusPolicy(Qt::StrongFocus);
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(6, 4, 6, 4);
    layout->setSpacing(4);

    auto* controls = new QHBoxLayout;
    controls->setSpacing(2);
    m_first = button(QStringLiteral("step-first"));
    m_back = button(QStringLiteral("step-back"));
    m_play = button(QStringLiteral("step-play"));
    m_forward = button(QStringLiteral("step-forward"));
    m_last = button(QStringLiteral("step-last"));
    m_peak = button(QStringLiteral("step-peak"));
    m_peak->setToolButtonStyle(Qt::ToolButtonTextBesideIcon);
    for (QToolButton* b : {m_first, m_back, m_play, m_forward, m_last}) controls->addWidget(b);
    controls->addSpacing(6);
    controls->addWidget(m_peak);
    controls->addSpacing(6);
    m_position = new QLabel(this);
    m_position->setObjectName(QStringLiteral("StepPosition"));
    m_position->setTextFormat(Qt::PlainText);
    controls->addWidget(m_position, 1);
    layout->addLayout(controls);

    m_scrubber = new QSlider(Qt::Horizontal, this);
    m_scrubber->setObjectName(QStringLiteral("StepScrubber"));
    m_scrubber->setRange(0, 0);
    m_scrubber->setPageStep(5);
    layout->addWidget(m_scrubber);

    m_caption = new QLabel(this);
    m_caption->setObjectName(QStringLiteral("StepCaption"));
    m_caption->setWordWrap(true);
    m_caption->setTextFormat(Qt::PlainText);
    m_caption->setTextInteractionFlags(Qt::TextSelectableByMouse);
    QFont captionFont = m_caption->font();
    captionFont.setBold(true);
    m_caption->setFont(captionFont);
    layout->addWidget(m_caption);

    m_chart = new StepChart(options, this);
    layout->addWidget(m_chart, 1);

    auto* details = new QHBoxLayout;
    m_ledger = new QLabel(this);
    m_ledger->setObjectName(QStringLiteral("StepLedger"));
    m_alive = new QLabel(this);
    m_alive->setObjectName(QStringLiteral("StepAlive"));
    QFont small = font();
    small.setPointSizeF(std::max(7.0, small.pointSizeF() * 0.9));
    for (QLabel* l : {m_ledger, m_alive}) {
        l->setWordWrap(true);
        l->setFont(small);
        l->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        l->setTextInteractionFlags(Qt::TextSelectableByMouse);
    }
    m_ledger->setTextFormat(Qt::PlainText);
    m_alive->setTextFormat(Qt::RichText);
    details->addWidget(m_ledger, 1);
    layout->addLayout(details);
    layout->addWidget(m_alive);

    m_timer = new QTimer(this);
    m_timer->setInterval(kDefaultPlayInterval);
    connect(m_timer, &QTimer::timeout, this, [this] {
        if (m_current + 1 >= static_cast<int>(m_steps.size())) pause();
        else goTo(m_current + 1);
    });
    connect(m_first, &QToolButton::clicked, this, &StepPanel::goToFirst);
    connect(m_back, &QToolButton::clicked, this, &StepPanel::stepBack);
    connect(m_play, &QToolButton::clicked, this, &StepPanel::togglePlay);
    connect(m_forward, &QToolButton::clicked, this, &StepPanel::stepForward);
    connect(m_last, &QToolButton::clicked, this, &StepPanel::goToLast);
    connect(m_peak, &QToolButton::clicked, this, &StepPanel::goToPeak);
    connect(m_scrubber, &QSlider::valueChanged, this, &StepPanel::goTo);
    connect(m_chart, &StepChart::eventClicked, this, &StepPanel::goTo);
    // Keys anywhere inside the panel (a focused button or the scrubber included).
    const std::pair<QKeySequence, void (StepPanel::*)()> keys[] = {
        {QKeySequence(Qt::Key_Space), &StepPanel::togglePlay}, {QKeySequence(Qt::Key_Left), &StepPanel::stepBack},
        {QKeySequence(Qt::Key_Right), &StepPanel::stepForward}, {QKeySequence(Qt::Key_Home), &StepPanel::goToFirst},
        {QKeySequence(Qt::Key_End), &StepPanel::goToLast},      {QKeySequence(Qt::Key_P), &StepPanel::goToPeak}};
    for (const auto& [key, slot] : keys) {
        auto* shortcut = new QShortcut(key, this);
        shortcut->setContext(Qt::WidgetWithChildrenShortcut);
        connect(shortcut, &QShortcut::activated, this, slot);
    }
    retranslate();
    connect(&doc, &Document::changed, this, &StepPanel::onChanged);
    connect(&options, &DisplayOptions::changed, this, [this] {
        m_pending |= Change::Batch;
        schedule();
    });
}

QToolButton* StepPanel::button(const QString& icon)
{
    auto* b = new QToolButton(this);
    b->setIcon(Icons::get(icon));
    b->setAutoRaise(true);
    b->setFocusPolicy(Qt::TabFocus);
    return b;
}

void StepPanel::retranslate()
{
    setAccessibleName(tr("Step through one training step"));
    const std::pair<QToolButton*, std::pair<QString, QString>> buttons[] = {
        {m_first, {tr("First event"), tr("Go to the first event (Home)")}},
        {m_back, {tr("Step back"), tr("Go back one event (Left)")}},
        {m_play, {isPlaying() ? tr("Pause") : tr("Play"), tr("Play or pause the two iterations, event by event (Space)")}},
        {m_forward, {tr("Step forward"), tr("Go to the next event (Right)")}},
        {m_last, {tr("Last event"), tr("Go to the last event (End)")}},
        {m_peak, {tr("Peak"), tr("Go to the event with the most memory alive: the peak the GPU must hold (P)")}}};
    for (const auto& [b, words] : buttons) {
        b->setText(words.first);
        b->setAccessibleName(words.first);
        b->setToolTip(words.second);
    }
    m_position->setAccessibleName(tr("Event shown"));
    m_scrubber->setAccessibleName(tr("Event of the two iterations"));
    m_scrubber->setToolTip(tr("Drag to any event of the two iterations (Left / Right step, Home / End)"));
    m_caption->setAccessibleName(tr("What happened"));
    m_ledger->setAccessibleName(tr("Allocations and frees of this event"));
    m_ledger->setToolTip(tr("What this event allocated and freed, by the categories of PyTorch's memory profiler"));
    m_alive->setAccessibleName(tr("Memory alive after this event, by component"));
}

void StepPanel::setPlayInterval(int ms) { m_timer->setInterval(std::max(1, ms)); }

bool StepPanel::isPlaying() const { return m_timer->isActive(); }

const core::StepEvents& StepPanel::steps()
{
    bringUpToDate();
    return m_steps;
}

void StepPanel::onChanged(const ChangeEvent& e)
{
    if (!e.changesMemory()) return;
    m_pending |= e.what;
    schedule();
}

void StepPanel::schedule()
{
    if (m_scheduled) return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &StepPanel::refresh, Qt::QueuedConnection);
}

void StepPanel::refresh() { catchUp(false); }

void StepPanel::bringUpToDate()
{
    if (m_stale || m_scheduled) catchUp(true);
}

void StepPanel::catchUp(bool evenHidden)
{
    m_scheduled = false;
    const Changes pending = m_pending;
    m_pending = Change::None;
    if (pending != Changes(Change::Batch) && pending != Changes(Change::None)) m_stale = true;
    // A hidden panel only notes that its events went stale; showEvent catches up.
    if (m_stale && !isVisible() && !evenHidden) return;
    if (m_stale) rebuild();
    else if (pending.testFlag(Change::Batch)) m_chart->setBatch(m_doc.breakdown().config.batch);
    render();
}

void StepPanel::rebuild()
{
    m_stale = false;
    const core::MemoryBreakdown& breakdown = m_doc.breakdown();
    m_steps = core::StepEvents::build(m_doc.graph(), m_doc.analysis(), breakdown);
    m_chart->setSteps(m_steps, breakdown, breakdown.config.batch);
    const int last = std::max(0, static_cast<int>(m_steps.size()) - 1);
    m_current = std::clamp(m_current, 0, last);
    const QSignalBlocker block(m_scrubber);
    m_scrubber->setRange(0, last);
}

void StepPanel::render()
{
    const std::uint64_t batch = m_doc.breakdown().config.batch;
    const StepCaption words(m_doc.graph(), m_steps, m_options, batch);
    const auto i = static_cast<std::size_t>(m_current);
    const bool any = !m_steps.empty();
    {
        const QSignalBlocker block(m_scrubber);
        m_scrubber->setValue(m_current);
    }
    m_scrubber->setEnabled(m_steps.size() > 1);
    for (QToolButton* b : {m_first, m_back, m_play, m_forward, m_last, m_peak}) b->setEnabled(m_steps.size() > 1);
    m_position->setText(words.position(i));
    QString caption = any ? words.caption(i) : tr("Nothing to step through: the model has no figures yet.");
    if (const QString note = words.accumulationNote(i); !note.isEmpty()) caption += QLatin1Char('\n') + note;
    m_caption->setText(caption);
    m_ledger->setText(words.ledger(i).join(QLatin1Char('\n')));
    QString alive;
    if (any) {
        const core::StepEvent& e = m_steps[i];
        QStringList cells;
        for (core::Component c : core::kAllComponents) {
            const std::uint64_t bytes = e[c].at(batch);
            if (bytes == 0) continue;
            cells << QStringLiteral("<td><span style='color:%1'>&#9632;</span>&nbsp;%2&nbsp;%3&nbsp;&nbsp;</td>")
                         .arg(ComponentStyle::color(c).name(), ComponentStyle::label(c).toHtmlEscaped(), m_options.size(bytes));
        }
        // Two columns: what is alive reads at a glance without making the panel tall.
        QString rows;
        for (int k = 0; k < cells.size(); k += 2)
            rows += QStringLiteral("<tr>") + cells[k] + (k + 1 < cells.size() ? cells[k + 1] : QString()) + QStringLiteral("</tr>");
        const std::uint64_t peak = m_steps[m_steps.peakAt(batch)].total.at(batch);
        const QString total = e.total.at(batch) == peak && m_steps.size() > 1
                                  ? tr("Alive: %1 — the peak").arg(m_options.size(e.total.at(batch)))
                                  : tr("Alive: %1").arg(m_options.size(e.total.at(batch)));
        alive = QStringLiteral("<b>%1</b><table cellspacing=0 cellpadding=0>%2</table>").arg(total.toHtmlEscaped(), rows);
    }
    m_alive->setText(alive);
    m_chart->setCursorEvent(any ? m_current : -1);
    m_chart->replot(QCustomPlot::rpQueuedReplot);
    announce();
}

void StepPanel::announce()
{
    if (!isVisible() || m_steps.empty()) {
        emit eventShown(std::nullopt, QString(), -1, 0);
        return;
    }
    const core::StepEvent& e = m_steps[static_cast<std::size_t>(m_current)];
    const bool runsLayer = e.action == core::StepAction::Forward || e.action == core::StepAction::Backward ||
                           e.action == core::StepAction::Recompute;
    emit eventShown(runsLayer ? e.layer : std::nullopt, StepCaption::actionLabel(e.action),
                    e.timelineEvent ? static_cast<int>(*e.timelineEvent) : -1, e.iteration);
}

void StepPanel::goTo(int event)
{
    bringUpToDate();
    if (m_steps.empty()) return;
    m_current = std::clamp(event, 0, static_cast<int>(m_steps.size()) - 1);
    render();
}

void StepPanel::stepForward() { goTo(m_current + 1); }
void StepPanel::stepBack() { goTo(m_current - 1); }
void StepPanel::goToFirst() { goTo(0); }

void StepPanel::goToLast()
{
    bringUpToDate();
    goTo(static_cast<int>(m_steps.size()) - 1);
}

void StepPanel::goToPeak()
{
    bringUpToDate();
    pause();
    goTo(static_cast<int>(m_steps.peakAt(m_doc.breakdown().config.batch)));
}

void StepPanel::togglePlay()
{
    if (isPlaying()) {
        pause();
        return;
    }
    bringUpToDate();
    if (m_steps.size() < 2) return;
    if (m_current + 1 >= static_cast<int>(m_steps.size())) goTo(0); // played to the end: start again
    m_timer->start();
    m_play->setIcon(Icons::get(QStringLiteral("step-pause")));
    retranslate();
}

void StepPanel::pause()
{
    m_timer->stop();
    m_play->setIcon(Icons::get(QStringLiteral("step-play")));
    retranslate();
}

void StepPanel::showEvent(QShowEvent* event)
{
    QWidget::showEvent(event);
    if (m_stale) schedule();
    else announce();
}

void StepPanel::hideEvent(QHideEvent* event)
{
    QWidget::hideEvent(event);
    pause();
    emit eventShown(std::nullopt, QString(), -1, 0);
}

void StepPanel::changeEvent(QEvent* event)
{
    QWidget::changeEvent(event);
    if (event->type() == QEvent::LanguageChange) retranslate();
    if (event->type() == QEvent::LanguageChange || event->type() == QEvent::PaletteChange) {
        m_pending |= Change::Batch;
        schedule();
    }
}

QString StepPanel::captionText()
{
    bringUpToDate();
    return m_caption->text();
}

QString StepPanel::positionText()
{
    bringUpToDate();
    return m_position->text();
}

QStringList StepPanel::ledgerLines()
{
    bringUpToDate();
    return m_ledger->text().split(QLatin1Char('\n'), Qt::SkipEmptyParts);
}

QString StepPanel::aliveText()
{
    bringUpToDate();
    return m_alive->text();
}

} // namespace netsizer::ui
