#include "ui/charts/RankBarsChart.h"

#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/charts/LegendWrap.h"
#include "ui/charts/RankVerdict.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

#include <QEvent>
#include <QResizeEvent>
#include <QToolTip>

#include <cmath>

namespace netsizer::ui {

RankBarsChart::RankBarsChart(const DisplayOptions& options, QWidget* parent)
    : QCustomPlot(parent), m_options(options), m_ticker(new ByteAxisTicker), m_labels(new QCPAxisTickerText)
{
    setMinimumHeight(220);
    yAxis->setTicker(m_ticker);
    yAxis->setLabel(tr("Memory per GPU at its peak"));
    xAxis->setTicker(m_labels);
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    QCPBars* below = nullptr;
    for (core::Component c : core::kAllComponents) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(ComponentStyle::label(c));
        bars->setBrush(ComponentStyle::color(c));
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.6);
        bars->setStackingGap(0);
        if (below) bars->moveAbove(below);
        below = bars;
        m_stacks[static_cast<std::size_t>(c)] = bars;
    }
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    LegendWrap::placeAbove(*this, small);
    m_capacity = new QCPItemStraightLine(this);
    m_message = new QCPItemText(this);
    m_message->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_message->position->setCoords(0.5, 0.4);
    m_message->setTextAlignment(Qt::AlignCenter);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &RankBarsChart::showTooltip);
    connect(&options, &DisplayOptions::changed, this, [this] {
        rebuild();
        replot(rpQueuedReplot);
    });
    ChartTheme::apply(*this);
}

void RankBarsChart::setEstimate(const core::ParallelEstimate& estimate)
{
    m_bars.clear();
    m_problemText.clear();
    for (const core::RankEstimate& r : estimate.ranks)
        m_bars.push_back({RankVerdict::role(r.stage, estimate.ranks.size(), QLatin1Char('\n')), r.breakdown.peakComposition(), r.breakdown.config,
                          r.states.cpu, r.ranks});
    m_peakBar = static_cast<int>(estimate.peakRank);
    rebuild();
}

void RankBarsChart::setSingle(const core::MemoryBreakdown& breakdown)
{
    m_bars = {{tr("one GPU"), breakdown.peakComposition(), breakdown.config, 0, 1}};
    m_problemText.clear();
    m_peakBar = -1;
    rebuild();
}

void RankBarsChart::setProblem(const QString& reason)
{
    m_bars.clear();
    m_problemText = reason;
    m_peakBar = -1;
    rebuild();
}

void RankBarsChart::setShownRank(int index)
{
    if (index == m_shownBar) return;
    m_shownBar = index;
    rebuild();
}

int RankBarsChart::barAt(const QPoint& pos) const
{
    const int i = static_cast<int>(std::lround(xAxis->pixelToCoord(pos.x()))) - 1;
    return axisRect()->rect().contains(pos) && i >= 0 && i < static_cast<int>(m_bars.size()) ? i : -1;
}

void RankBarsChart::mousePressEvent(QMouseEvent* event)
{
    QCustomPlot::mousePressEvent(event);
    if (event->button() != Qt::LeftButton) return;
    if (const int i = barAt(event->position().toPoint()); i >= 0) emit rankChosen(i);
}

QString RankBarsChart::verdictText(const Bar& bar) const { return RankVerdict::of(bar.peak, bar.config, palette()).text; }

void RankBarsChart::rebuild()
{
    m_ticker->setUnits(m_options.units());
    const int n = static_cast<int>(m_bars.size());
    QVector<double> keys(n);
    for (int i = 0; i < n; ++i) keys[i] = i + 1;
    double top = 0;
    for (core::Component c : core::kAllComponents) {
        QVector<double> v(n);
        bool any = false;
        for (int i = 0; i < n; ++i) {
            v[i] = static_cast<double>(m_bars[static_cast<std::size_t>(i)].peak[c]);
            any = any || v[i] > 0;
        }
        QCPBars* bars = m_stacks[static_cast<std::size_t>(c)];
        bars->setData(keys, v, true);
        bars->setVisible(any);
        if (any) bars->addToLegend();
        else bars->removeFromLegend();
    }
    LegendWrap::fit(*legend, width());
    m_labels->clear();
    for (QCPItemText* t : m_verdicts) removeItem(t);
    m_verdicts.clear();
    QFont bold = font();
    bold.setBold(true);
    for (int i = 0; i < n; ++i) {
        const Bar& bar = m_bars[static_cast<std::size_t>(i)];
        // "▸": the rank the per-layer bars and the timeline show.
        m_labels->addTick(i + 1, i == m_shownBar && n > 1 ? QStringLiteral("\u25B8 ") + bar.label : bar.label);
        top = std::max(top, static_cast<double>(bar.peak.bytes));
        auto* verdict = new QCPItemText(this);
        verdict->position->setCoords(i + 1, static_cast<double>(bar.peak.bytes));
        verdict->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);
        verdict->setPadding(QMargins(2, 2, 2, 4));
        QString text = m_options.bytes(static_cast<double>(bar.peak.bytes)) + QLatin1Char('\n') + verdictText(bar);
        if (i == m_peakBar && n > 1) text += QLatin1Char('\n') + tr("(peaks)");
        verdict->setText(text);
        verdict->setColor(RankVerdict::of(bar.peak, bar.config, palette()).color);
        if (i == m_peakBar) verdict->setFont(bold);
        m_verdicts.push_back(verdict);
    }
    const auto* gpu = n > 0 && m_bars.front().config.gpu ? &*m_bars.front().config.gpu : nullptr;
    m_capacity->setVisible(gpu != nullptr);
    m_capacity->setPen(QPen(StatusColors::error(palette()), 2, Qt::DashLine));
    if (gpu) {
        m_capacity->point1->setCoords(0, static_cast<double>(gpu->memoryBytes));
        m_capacity->point2->setCoords(1, static_cast<double>(gpu->memoryBytes));
        top = std::max(top, static_cast<double>(gpu->memoryBytes));
    }
    m_message->setVisible(!m_problemText.isEmpty());
    m_message->setText(m_problemText);
    m_message->setColor(StatusColors::warning(palette()));
    xAxis->setRange(0.4, std::max(1, n) + 0.6);
    // Room above the tallest bar for its verdict (three short lines).
    yAxis->setRange(0, top > 0 ? top * 1.5 : 1);
}

void RankBarsChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        rebuild();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

QVector<double> RankBarsChart::values(core::Component c) const
{
    QVector<double> v;
    for (const Bar& bar : m_bars) v.push_back(static_cast<double>(bar.peak[c]));
    return v;
}

QVector<double> RankBarsChart::peaks() const
{
    QVector<double> v;
    for (const Bar& bar : m_bars) v.push_back(static_cast<double>(bar.peak.bytes));
    return v;
}

QStringList RankBarsChart::tickLabels() const
{
    QStringList l;
    for (int i = 0; i < static_cast<int>(m_bars.size()); ++i) l << m_labels->ticks().value(i + 1);
    return l;
}

QStringList RankBarsChart::barLabels() const
{
    QStringList l;
    for (const Bar& bar : m_bars) l << bar.label;
    return l;
}

QStringList RankBarsChart::verdictTexts() const
{
    QStringList l;
    for (const Bar& bar : m_bars) l << verdictText(bar);
    return l;
}

void RankBarsChart::showTooltip(QMouseEvent* event)
{
    const int i = barAt(event->pos());
    if (i < 0) {
        QToolTip::hideText();
        return;
    }
    const Bar& bar = m_bars[static_cast<std::size_t>(i)];
    QString html = QStringLiteral("<b>%1</b><br>").arg(bar.label.toHtmlEscaped().replace(QLatin1Char('\n'), QLatin1Char(' ')));
    html += tr("%n GPU(s) like this, %1 sample(s) per pass each", nullptr, static_cast<int>(bar.ranks)).arg(bar.config.batch);
    html += QStringLiteral("<table>");
    for (core::Component c : core::kAllComponents) {
        if (bar.peak[c] == 0) continue;
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>%3</td></tr>")
                    .arg(ComponentStyle::color(c).name(), ComponentStyle::label(c).toHtmlEscaped(),
                         m_options.bytes(static_cast<double>(bar.peak[c])));
    }
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td></tr></table>")
                .arg(tr("Peak"), m_options.bytes(static_cast<double>(bar.peak.bytes)));
    html += verdictText(bar);
    if (bar.hostBytes > 0) html += QStringLiteral("<br>") + tr("Host memory for CPU offload: %1").arg(m_options.bytes(static_cast<double>(bar.hostBytes)));
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

QSize RankBarsChart::minimumSizeHint() const { return LegendWrap::minimumSizeHint(*this, QCustomPlot::minimumSizeHint()); }

void RankBarsChart::resizeEvent(QResizeEvent* event)
{
    LegendWrap::fit(*legend, event->size().width());
    QCustomPlot::resizeEvent(event);
}

} // namespace netsizer::ui
