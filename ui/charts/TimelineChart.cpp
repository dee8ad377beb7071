#include "ui/charts/TimelineChart.h"

#include "core/layers/LayerKind.h"
#include "core/timeline/PeakPlace.h"
#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/charts/LegendWrap.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StepMarkColor.h"

#include <QResizeEvent>
#include <QToolTip>

#include <algorithm>

namespace netsizer::ui {

namespace {
// A phase's span of events [first, last].
struct PhaseSpan {
    core::StepPhase phase;
    int first, last;
};

std::vector<PhaseSpan> phaseSpans(const core::Timeline& t)
{
    std::vector<PhaseSpan> out;
    for (int i = 0; i < static_cast<int>(t.events.size()); ++i) {
        const auto p = t.events[static_cast<std::size_t>(i)].phase;
        if (out.empty() || out.back().phase != p) out.push_back({p, i, i});
        else out.back().last = i;
    }
    return out;
}

// Micro-batches per optimizer step when the step accumulates gradients, else 0.
std::uint32_t accumulatedSteps(const core::TrainingConfig& c)
{
    return c.mode == core::Mode::Train && c.accumulationSteps > 1 ? c.accumulationSteps : 0;
}

QString phaseLabel(core::StepPhase p, bool wholeStep)
{
    switch (p) {
    case core::StepPhase::Start: return wholeStep ? QObject::tr("whole step") : QObject::tr("start");
    case core::StepPhase::Forward: return QObject::tr("forward");
    case core::StepPhase::Loss: return QObject::tr("loss");
    case core::StepPhase::Backward: return QObject::tr("backward");
    case core::StepPhase::Optimizer: return QObject::tr("optimizer");
    case core::StepPhase::Recompute: return QObject::tr("recompute");
    }
    return {};
}
} // namespace

TimelineChart::TimelineChart(const DisplayOptions& options, QWidget* parent)
    : QCustomPlot(parent), m_options(options), m_ticker(new ByteAxisTicker)
{
    setMinimumHeight(220);
    yAxis->setTicker(m_ticker);
    yAxis->setLabel(tr("Memory alive"));
    xAxis->setLabel(tr("One training step, event by event (hover for the layer)"));
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    xAxis->setTickLabelFont(small);
    yAxis->setTickLabelFont(small);

    axisRect()->setMinimumMargins(QMargins(0, 0, 28, 0)); // room for the last phase's name
    legend->setVisible(true);
    legend->setFont(small);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);

    const QColor text = palette().color(QPalette::Text);
    m_peakLine = new QCPItemStraightLine(this);
    m_peakLine->setPen(QPen(text, 1.2, Qt::DashLine));
    m_peakDot = new QCPItemTracer(this);
    m_peakDot->setStyle(QCPItemTracer::tsCircle);
    m_peakDot->setSize(9);
    m_peakDot->setPen(QPen(text, 2));
    m_peakDot->setBrush(palette().brush(QPalette::Base));
    m_peakText = new QCPItemText(this);
    m_peakText->setColor(text);
    QFont bold = font();
    bold.setBold(true);
    m_peakText->setFont(bold);
    QColor labelBg = palette().color(QPalette::Base);
    labelBg.setAlpha(215);
    m_peakText->setBrush(labelBg);
    m_peakText->setPadding(QMargins(4, 2, 4, 2));
    m_peakText->position->setType(QCPItemPosition::ptAbsolute); // pixels from the dot
    m_peakText->position->setParentAnchor(m_peakDot->position);

    m_stepCursor = new QCPItemStraightLine(this);
    m_stepCursor->setVisible(false);

    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &TimelineChart::showTooltip);
    connect(&options, &DisplayOptions::changed, this, [this] {
        setBatch(m_breakdown.config.batch);
        replot(rpQueuedReplot);
    });
    ChartTheme::apply(*this);
}

void TimelineChart::setBreakdown(const core::Graph& graph, const core::MemoryBreakdown& breakdown)
{
    m_breakdown = breakdown;
    m_series = memorySeries(breakdown);
    // Accumulating, the step shown is a later micro-batch: its gradient buffer already holds the
    // earlier micro-batches' sums from the first event on. The band says so.
    if (const std::uint32_t k = accumulatedSteps(breakdown.config))
        for (auto& s : m_series)
            if (s.component == core::Component::Gradients && s.overheadLine.empty())
                s.label = tr("%1 (accumulated over %2 micro-batches)").arg(s.label).arg(k);
    m_layerNames.clear();
    m_layerKinds.clear();
    for (const auto& e : breakdown.timeline.events) {
        const core::Layer* layer = e.layer ? graph.find(*e.layer) : nullptr;
        m_layerNames << (layer ? QString::fromStdString(layer->name) : QString());
        m_layerKinds << (layer && layer->kind ? QString::fromStdString(layer->kind->displayName) : QString());
    }
    rebuildGraphs();
    placePhases();
    setBatch(breakdown.config.batch);
}

void TimelineChart::rebuildGraphs()
{
    clearGraphs();
    m_graphs.clear();
    const bool dark = ChartTheme::isDark(*this);
    QCPGraph* below = nullptr;
    for (const auto& s : m_series) {
        QCPGraph* g = addGraph();
        g->setName(s.label);
        g->setLineStyle(QCPGraph::lsStepLeft); // event i spans [i - 0.5, i + 0.5], see setBatch
        g->setPen(QPen(dark ? s.color.lighter(140) : s.color.darker(140), 1));
        g->setBrush(s.color);
        if (below) g->setChannelFillGraph(below);
        below = g;
        m_graphs.push_back(g);
    }
    // The legend lists the top of the stack first, like the areas read from top to bottom.
    legend->clearItems();
    for (auto it = m_graphs.rbegin(); it != m_graphs.rend(); ++it) (*it)->addToLegend();
    legend->setVisible(!m_graphs.empty());
    LegendWrap::fit(*legend, width());
}

void TimelineChart::placePhases()
{
    for (auto* r : m_phaseShades) removeItem(r);
    for (auto* l : m_phaseLines) removeItem(l);
    m_phaseShades.clear();
    m_phaseLines.clear();
    const auto spans = phaseSpans(m_breakdown.timeline);
    QColor text = palette().color(QPalette::Text);
    auto ticker = QSharedPointer<QCPAxisTickerText>::create();
    int shade = 0;
    for (const auto& span : spans) {
        const double x0 = span.first - 0.5, x1 = span.last + 0.5;
        ticker->addTick((span.first + span.last) / 2.0, phaseLabel(span.phase, spans.size() == 1));
        // Alternate tints behind the areas so neighbouring phases read apart on any palette.
        QColor tint = text;
        tint.setAlpha(shade++ % 2 ? 22 : 8);
        auto* rect = new QCPItemRect(this);
        rect->setLayer(QStringLiteral("grid"));
        rect->topLeft->setTypeX(QCPItemPosition::ptPlotCoords);
        rect->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->bottomRight->setTypeX(QCPItemPosition::ptPlotCoords);
        rect->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        rect->topLeft->setCoords(x0, 0);
        rect->bottomRight->setCoords(x1, 1);
        rect->setPen(Qt::NoPen);
        rect->setBrush(tint);
        m_phaseShades.push_back(rect);
        if (span.first > 0) {
            auto* line = new QCPItemStraightLine(this);
            line->setLayer(QStringLiteral("grid"));
            QColor c = text;
            c.setAlpha(90);
            line->setPen(QPen(c, 1, Qt::DotLine));
            line->point1->setCoords(x0, 0);
            line->point2->setCoords(x0, 1);
            m_phaseLines.push_back(line);
        }
    }
    xAxis->setTicker(ticker);
    xAxis->setRange(-0.5, std::max(0.5, eventCount() - 0.5));
}

void TimelineChart::setBatch(std::uint64_t batch)
{
    m_breakdown.config.batch = batch;
    m_ticker->setUnits(m_options.units());
    const auto& events = m_breakdown.timeline.events;
    const int n = static_cast<int>(events.size());
    // Left steps from i - 0.5 plus a closing point at n - 0.5: every event gets a full-width
    // step, the first and last included.
    QVector<double> keys(n + 1), cumulative(n + 1, 0.0);
    for (int i = 0; i <= n; ++i) keys[i] = i - 0.5;
    m_seriesValues.assign(m_series.size(), QVector<double>(n, 0.0));
    for (int i = 0; i < n; ++i) {
        const auto components = m_breakdown.timeline.components(events[static_cast<std::size_t>(i)]);
        for (std::size_t s = 0; s < m_series.size(); ++s)
            m_seriesValues[s][i] = static_cast<double>(m_series[s].bytes(components, m_breakdown).at(batch));
    }
    for (std::size_t s = 0; s < m_series.size(); ++s) {
        for (int i = 0; i < n; ++i) cumulative[i] += m_seriesValues[s][i];
        if (n > 0) cumulative[n] = cumulative[n - 1];
        m_graphs[s]->setData(keys, cumulative, true);
    }

    m_peakEvent = -1;
    double top = 1024;
    if (n > 0) {
        const core::TimelinePeak peak = m_breakdown.timeline.peakAt(batch);
        m_peakEvent = static_cast<int>(peak.event);
        const double y = static_cast<double>(peak.bytes);
        top = std::max(top, y);
        m_peakLine->point1->setCoords(m_peakEvent, 0);
        m_peakLine->point2->setCoords(m_peakEvent, 1);
        m_peakDot->position->setCoords(m_peakEvent, y);
        QString text = tr("peak %1 %2").arg(m_options.bytes(y),
                                            QString::fromStdString(core::eventPlace(m_breakdown.timeline, peak.event)));
        if (!layerName(m_peakEvent).isEmpty()) text += tr(", layer %1").arg(layerName(m_peakEvent));
        m_peakText->setText(text);
        // The label sits above the dot, towards the middle of the plot so it is never clipped.
        const bool rightHalf = m_peakEvent > n / 2;
        m_peakText->setPositionAlignment((rightHalf ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignBottom);
        m_peakText->position->setCoords(rightHalf ? -6 : 6, -8);
    }
    for (auto* item : std::initializer_list<QCPAbstractItem*>{m_peakLine, m_peakDot, m_peakText}) item->setVisible(n > 0);
    yAxis->setRange(0, top * 1.22); // room for the peak label above the areas
    // A size beyond 64 bits at this batch: no areas, no peak, a note instead (SaturationNote).
    const bool saturated = m_saturation.update(m_breakdown, batch);
    for (QCPGraph* g : m_graphs) g->setVisible(!saturated);
    if (saturated) {
        for (auto* item : std::initializer_list<QCPAbstractItem*>{m_peakLine, m_peakDot, m_peakText}) item->setVisible(false);
        m_peakEvent = -1;
        yAxis->setRange(0, 1024);
    }
}

void TimelineChart::setStepCursor(int event, int iteration)
{
    m_stepCursorEvent = event >= 0 && event < eventCount() ? event : -1;
    m_stepCursor->setVisible(m_stepCursorEvent >= 0);
    if (m_stepCursorEvent >= 0) {
        m_stepCursor->setPen(QPen(stepMarkColor(), 2.5, iteration == 1 ? Qt::DashLine : Qt::SolidLine));
        m_stepCursor->point1->setCoords(m_stepCursorEvent, 0);
        m_stepCursor->point2->setCoords(m_stepCursorEvent, 1);
    }
    replot(rpQueuedReplot);
}

bool TimelineChart::areasVisible() const
{
    return std::any_of(m_graphs.begin(), m_graphs.end(), [](const QCPGraph* g) { return g->visible(); });
}

QString TimelineChart::layerName(int event) const
{
    return event >= 0 && event < m_layerNames.size() ? m_layerNames[event] : QString();
}

QVector<double> TimelineChart::values(core::Component c) const
{
    QVector<double> out(eventCount(), 0.0);
    for (std::size_t s = 0; s < m_series.size(); ++s)
        if (m_series[s].component == c)
            for (int i = 0; i < out.size(); ++i) out[i] += m_seriesValues[s][i];
    return out;
}

QVector<double> TimelineChart::totals() const
{
    QVector<double> out(eventCount(), 0.0);
    if (m_graphs.empty()) return out;
    const auto data = m_graphs.back()->data();
    int i = 0;
    for (auto it = data->constBegin(); it != data->constEnd() && i < out.size(); ++it) out[i++] = it->value;
    return out;
}

QStringList TimelineChart::legendLabels() const
{
    QStringList out;
    for (int i = 0; i < legend->itemCount(); ++i)
        if (auto* item = dynamic_cast<QCPPlottableLegendItem*>(legend->item(i))) out << item->plottable()->name();
    return out;
}

QString TimelineChart::peakLabel() const { return m_peakEvent >= 0 ? m_peakText->text() : QString(); }

QString TimelineChart::eventTooltip(int i) const
{
    if (i < 0 || i >= eventCount()) return {};
    const auto& e = m_breakdown.timeline.events[static_cast<std::size_t>(i)];
    const auto spans = phaseSpans(m_breakdown.timeline);
    QString html = QStringLiteral("<b>%1</b>").arg(phaseLabel(e.phase, spans.size() == 1));
    if (!layerName(i).isEmpty())
        html += QStringLiteral(" · <b>%1</b> <i>%2</i>").arg(layerName(i).toHtmlEscaped(), m_layerKinds[i].toHtmlEscaped());
    if (i == m_peakEvent) html += QStringLiteral(" — ") + tr("the peak");
    html += QStringLiteral("<table>");
    const auto components = m_breakdown.timeline.components(e);
    for (std::size_t s = m_series.size(); s-- > 0;) {
        const std::uint64_t v = m_series[s].bytes(components, m_breakdown).at(m_breakdown.config.batch);
        if (v == 0) continue;
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                    .arg(m_series[s].color.name(), m_series[s].label, m_options.size(v),
                         DisplayOptions::exactBytes(v));
    }
    const std::uint64_t total = e.total.at(m_breakdown.config.batch);
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td><td align=right>%3</td></tr></table>")
                .arg(tr("Alive"), m_options.size(total), DisplayOptions::exactBytes(total));
    const std::uint32_t k = accumulatedSteps(m_breakdown.config);
    const bool beforeBackward = e.phase == core::StepPhase::Start || e.phase == core::StepPhase::Forward ||
                                e.phase == core::StepPhase::Loss;
    if (k && beforeBackward && m_breakdown.timeline.component(e, core::Component::Gradients).at(m_breakdown.config.batch) > 0)
        html += QStringLiteral("<i>%1</i>").arg(k == 2 ? tr("Gradients: the earlier micro-batch's, kept for this one to add to.")
                                                       : tr("Gradients: the %1 earlier micro-batches' sum, kept for this one "
                                                            "to add to.")
                                                             .arg(k - 1));
    return html;
}

void TimelineChart::showTooltip(QMouseEvent* event)
{
    if (!axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const int i = static_cast<int>(std::lround(xAxis->pixelToCoord(event->pos().x())));
    const QString html = eventTooltip(i);
    if (html.isEmpty()) QToolTip::hideText();
    else QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

QSize TimelineChart::minimumSizeHint() const { return LegendWrap::minimumSizeHint(*this, QCustomPlot::minimumSizeHint()); }

void TimelineChart::resizeEvent(QResizeEvent* event)
{
    LegendWrap::fit(*legend, event->size().width());
    QCustomPlot::resizeEvent(event);
}

} // namespace netsizer::ui
