#include "ui/charts/SequenceChart.h"

#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/charts/LegendWrap.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

#include <QEvent>
#include <QResizeEvent>
#include <QToolTip>

#include <cmath>

namespace netsizer::ui {

SequenceChart::SequenceChart(const DisplayOptions& options, QWidget* parent)
    : QCustomPlot(parent), m_options(options), m_ticker(new ByteAxisTicker)
{
    setMinimumHeight(220);
    yAxis->setTicker(m_ticker);
    yAxis->setLabel(tr("Memory at the peak"));
    xAxis->setLabel(tr("Sequence length (tokens)"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto logTicker = QSharedPointer<QCPAxisTickerLog>::create();
    logTicker->setLogBase(2);
    logTicker->setSubTickCount(0);
    xAxis->setTicker(logTicker);
    xAxis->setNumberFormat("g");
    xAxis->setNumberPrecision(7);
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    xAxis->setTickLabelFont(small);
    yAxis->setTickLabelFont(small);
    QCPGraph* below = nullptr;
    for (core::Component c : core::kAllComponents) {
        QCPGraph* g = addGraph();
        g->setName(ComponentStyle::label(c));
        g->setBrush(ComponentStyle::color(c));
        if (below) g->setChannelFillGraph(below);
        below = g;
        m_graphs[static_cast<std::size_t>(c)] = g;
    }
    m_peak = addGraph();
    m_peak->setName(tr("Peak of the step"));
    m_peak->setScatterStyle(QCPScatterStyle(QCPScatterStyle::ssCircle, 4));
    m_capacity = new QCPItemStraightLine(this);
    m_capacityLabel = new QCPItemText(this);
    m_capacityLabel->position->setType(QCPItemPosition::ptAxisRectRatio);
    m_capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_capacityLabel->position->setCoords(0.01, 0.01);
    m_lengthLine = new QCPItemStraightLine(this);
    m_lengthLabel = new QCPItemText(this);
    m_lengthLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_lengthLabel->setPadding(QMargins(4, 2, 4, 2));
    QFont small2 = small;
    m_capacityLabel->setFont(small2);
    m_lengthLabel->setFont(small2);
    LegendWrap::placeAbove(*this, small);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &SequenceChart::showTooltip);
    connect(&options, &DisplayOptions::changed, this, [this] {
        m_ticker->setUnits(m_options.units());
        replot(rpQueuedReplot);
    });
    applyPalette();
}

void SequenceChart::applyPalette()
{
    ChartTheme::apply(*this);
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    const bool dark = ChartTheme::isDark(*this);
    for (core::Component c : core::kAllComponents) m_graphs[static_cast<std::size_t>(c)]->setPen(QPen(ComponentStyle::outline(c, dark), 1));
    m_peak->setPen(QPen(text, 2));
    const QColor limit = StatusColors::error(pal);
    m_capacity->setPen(QPen(limit, 2, Qt::DashLine));
    m_capacityLabel->setColor(limit);
    m_lengthLine->setPen(QPen(text, 1.5));
    m_lengthLabel->setColor(text);
    QColor backing = pal.color(QPalette::Base);
    backing.setAlpha(225);
    m_lengthLabel->setBrush(backing);
}

void SequenceChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

void SequenceChart::setSweep(const SequenceSweep& sweep)
{
    m_ticker->setUnits(m_options.units());
    const auto& points = sweep.points();
    const int n = static_cast<int>(points.size());
    m_lengths.resize(n);
    m_peaks.resize(n);
    for (int i = 0; i < n; ++i) {
        m_lengths[i] = static_cast<double>(points[static_cast<std::size_t>(i)].length);
        m_peaks[i] = static_cast<double>(points[static_cast<std::size_t>(i)].peak.bytes);
    }
    QVector<double> cumulative(n, 0.0);
    for (core::Component c : core::kAllComponents) {
        QVector<double>& part = m_values[static_cast<std::size_t>(c)];
        part.resize(n);
        bool any = false;
        for (int i = 0; i < n; ++i) {
            part[i] = static_cast<double>(points[static_cast<std::size_t>(i)].peak[c]);
            cumulative[i] += part[i];
            any = any || part[i] > 0;
        }
        QCPGraph* g = m_graphs[static_cast<std::size_t>(c)];
        g->setData(m_lengths, cumulative, true);
        g->setVisible(any);
        if (any) g->addToLegend();
        else g->removeFromLegend();
    }
    LegendWrap::fit(*legend, width());
    m_peak->setData(m_lengths, m_peaks, true);
    double top = m_peaks.isEmpty() ? 1.0 : *std::max_element(m_peaks.begin(), m_peaks.end());
    const auto& gpu = sweep.gpu();
    m_capacity->setVisible(gpu.has_value());
    m_capacityLabel->setVisible(gpu.has_value());
    if (gpu) {
        const double cap = static_cast<double>(gpu->memoryBytes);
        m_capacity->point1->setCoords(1, cap);
        m_capacity->point2->setCoords(2, cap);
        m_capacityLabel->setText(tr("%1: %2").arg(QString::fromStdString(gpu->name), m_options.bytes(cap)));
        top = std::max(top, cap);
    }
    m_current = static_cast<double>(sweep.currentLength());
    m_lengthLine->setVisible(m_current > 0);
    m_lengthLabel->setVisible(m_current > 0);
    m_lengthLine->point1->setCoords(m_current, 0);
    m_lengthLine->point2->setCoords(m_current, 1);
    m_lengthLabel->position->setCoords(m_current, top * 1.08);
    m_lengthLabel->setText(tr("%1 tokens").arg(static_cast<qlonglong>(m_current)));
    if (n > 0) xAxis->setRange(m_lengths.front(), std::max(m_lengths.back(), m_lengths.front() * 2));
    yAxis->setRange(0, top * 1.15);
}

double SequenceChart::lengthMarker() const { return m_lengthLine->visible() ? m_current : 0; }

double SequenceChart::capacityLine() const { return m_capacity->visible() ? m_capacity->point1->coords().y() : 0; }

void SequenceChart::showTooltip(QMouseEvent* event)
{
    if (m_lengths.isEmpty() || !axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const double x = xAxis->pixelToCoord(event->pos().x());
    int best = 0;
    for (int i = 1; i < m_lengths.size(); ++i)
        if (std::abs(std::log2(m_lengths[i] / x)) < std::abs(std::log2(m_lengths[best] / x))) best = i;
    QString html = tr("<b>%1 tokens</b>").arg(static_cast<qlonglong>(m_lengths[best])) + QStringLiteral("<table>");
    for (core::Component c : core::kAllComponents) {
        const double v = m_values[static_cast<std::size_t>(c)].value(best);
        if (v <= 0) continue;
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>%3</td></tr>")
                    .arg(ComponentStyle::color(c).name(), ComponentStyle::label(c).toHtmlEscaped(), m_options.bytes(v));
    }
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td></tr></table>").arg(tr("Peak"), m_options.bytes(m_peaks[best]));
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

QSize SequenceChart::minimumSizeHint() const { return LegendWrap::minimumSizeHint(*this, QCustomPlot::minimumSizeHint()); }

void SequenceChart::resizeEvent(QResizeEvent* event)
{
    LegendWrap::fit(*legend, event->size().width());
    QCustomPlot::resizeEvent(event);
}

} // namespace netsizer::ui
