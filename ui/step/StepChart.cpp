#include "ui/step/StepChart.h"

#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StepMarkColor.h"

#include <algorithm>

namespace netsizer::ui {

StepChart::StepChart(const DisplayOptions& options, QWidget* parent)
    : QCustomPlot(parent), m_options(options), m_ticker(new ByteAxisTicker)
{
    setObjectName(QStringLiteral("StepChart"));
    setMinimumHeight(110);
    setAccessibleName(tr("Memory alive over two training iterations"));
    setToolTip(tr("Memory alive after each event of two iterations, by component. Click to go to an event."));
    yAxis->setTicker(m_ticker);
    xAxis->setTickLabels(false);
    xAxis->setTicks(false);
    xAxis->grid()->setVisible(false);
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    yAxis->setTickLabelFont(small);
    axisRect()->setAutoMargins(QCP::msLeft | QCP::msRight);
    axisRect()->setMargins(QMargins(0, 4, 8, 4));

    const QColor text = palette().color(QPalette::Text);
    QColor faint = text;
    faint.setAlpha(110);
    m_iterationLine = new QCPItemStraightLine(this);
    m_iterationLine->setPen(QPen(faint, 1, Qt::DotLine));
    for (auto*& label : m_iterationText) {
        label = new QCPItemText(this);
        label->setColor(text);
        label->setFont(small);
        label->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(3, 1, 3, 1));
    }
    QColor accent = stepMarkColor();
    m_cursorBand = new QCPItemRect(this);
    m_cursorBand->setLayer(QStringLiteral("grid"));
    m_cursorBand->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_cursorBand->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_cursorBand->setPen(Qt::NoPen);
    accent.setAlpha(60);
    m_cursorBand->setBrush(accent);
    accent.setAlpha(255);
    m_cursorLine = new QCPItemStraightLine(this);
    m_cursorLine->setPen(QPen(accent, 2));
    m_peakDot = new QCPItemTracer(this);
    m_peakDot->setStyle(QCPItemTracer::tsCircle);
    m_peakDot->setSize(8);
    m_peakDot->setPen(QPen(text, 2));
    m_peakDot->setBrush(palette().brush(QPalette::Base));
    m_peakText = new QCPItemText(this);
    m_peakText->setColor(text);
    QFont bold = small;
    bold.setBold(true);
    m_peakText->setFont(bold);
    m_peakText->setText(tr("peak"));
    m_peakText->position->setType(QCPItemPosition::ptAbsolute);
    m_peakText->position->setParentAnchor(m_peakDot->position);
    m_peakText->position->setCoords(0, -6);
    m_peakText->setPositionAlignment(Qt::AlignHCenter | Qt::AlignBottom);

    connect(this, &QCustomPlot::mousePress, this, [this](QMouseEvent* event) {
        if (m_steps.empty() || !axisRect()->rect().contains(event->pos())) return;
        const int i = static_cast<int>(std::lround(xAxis->pixelToCoord(event->pos().x())));
        emit eventClicked(std::clamp(i, 0, static_cast<int>(m_steps.size()) - 1));
    });
    ChartTheme::apply(*this);
}

void StepChart::setSteps(const core::StepEvents& steps, const core::MemoryBreakdown& breakdown, std::uint64_t batch)
{
    m_steps = steps;
    m_breakdown = breakdown;
    m_series = memorySeries(breakdown);
    rebuild();
    setBatch(batch);
}

void StepChart::rebuild()
{
    clearGraphs();
    m_graphs.clear();
    const bool dark = ChartTheme::isDark(*this);
    QCPGraph* below = nullptr;
    for (const auto& s : m_series) {
        QCPGraph* g = addGraph();
        g->setName(s.label);
        g->setLineStyle(QCPGraph::lsStepLeft);
        g->setPen(QPen(dark ? s.color.lighter(140) : s.color.darker(140), 1));
        g->setBrush(s.color);
        if (below) g->setChannelFillGraph(below);
        below = g;
        m_graphs.push_back(g);
    }
    const int n = static_cast<int>(m_steps.size());
    const int second = static_cast<int>(m_steps.iterationBegin(2));
    const bool two = m_steps.simulated() && second < n;
    m_iterationLine->setVisible(two);
    m_iterationLine->point1->setCoords(second - 0.5, 0);
    m_iterationLine->point2->setCoords(second - 0.5, 1);
    m_iterationText[0]->setVisible(two);
    m_iterationText[1]->setVisible(two);
    m_iterationText[0]->setText(tr("iteration 1"));
    m_iterationText[1]->setText(tr("iteration 2"));
    m_iterationText[0]->position->setCoords(-0.5, 0);
    m_iterationText[1]->position->setCoords(second - 0.5, 0);
    xAxis->setRange(-0.5, std::max(0.5, n - 0.5));
}

void StepChart::setBatch(std::uint64_t batch)
{
    m_batch = batch;
    m_ticker->setUnits(m_options.units());
    const int n = static_cast<int>(m_steps.size());
    QVector<double> keys(n + 1), cumulative(n + 1, 0.0);
    for (int i = 0; i <= n; ++i) keys[i] = i - 0.5;
    for (std::size_t s = 0; s < m_series.size(); ++s) {
        for (int i = 0; i < n; ++i)
            cumulative[i] += static_cast<double>(m_series[s].bytes(m_steps[static_cast<std::size_t>(i)].live, m_breakdown).at(batch));
        if (n > 0) cumulative[n] = cumulative[n - 1];
        m_graphs[s]->setData(keys, cumulative, true);
    }
    double top = 1024;
    m_peak = -1;
    if (n > 0) {
        m_peak = static_cast<int>(m_steps.peakAt(batch));
        const double y = static_cast<double>(m_steps[static_cast<std::size_t>(m_peak)].total.at(batch));
        top = std::max(top, y);
        m_peakDot->position->setCoords(m_peak, y);
        m_peakText->setText(tr("peak %1").arg(m_options.size(static_cast<std::uint64_t>(y))));
    }
    m_peakDot->setVisible(n > 0);
    m_peakText->setVisible(n > 0);
    yAxis->setRange(0, top * 1.3); // room for the iteration names and the peak's label
    placeCursor();
}

void StepChart::setCursorEvent(int i)
{
    m_cursor = i >= 0 && i < static_cast<int>(m_steps.size()) ? i : -1;
    placeCursor();
}

void StepChart::placeCursor()
{
    const bool shown = m_cursor >= 0 && m_cursor < static_cast<int>(m_steps.size());
    m_cursorLine->setVisible(shown);
    m_cursorBand->setVisible(shown);
    if (!shown) return;
    m_cursorLine->point1->setCoords(m_cursor, 0);
    m_cursorLine->point2->setCoords(m_cursor, 1);
    m_cursorBand->topLeft->setCoords(m_cursor - 0.5, 0);
    m_cursorBand->bottomRight->setCoords(m_cursor + 0.5, 1);
}

double StepChart::plottedTotal(int i) const
{
    if (m_graphs.empty() || i < 0 || i >= static_cast<int>(m_steps.size())) return 0;
    const auto data = m_graphs.back()->data();
    return (data->constBegin() + i)->value;
}

} // namespace netsizer::ui
