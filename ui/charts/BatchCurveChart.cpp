#include "ui/charts/BatchCurveChart.h"

#include "core/estimate/TrainingConfig.h"
#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"

#include <QToolTip>

#include <cmath>

namespace netsizer::ui {

namespace {
QColor capacityColor() { return QColor(0xD6, 0x27, 0x28); } // red, distinct from the components
QColor fitColor() { return QColor(0x2C, 0xA0, 0x2C); }

std::uint64_t nextPow2(std::uint64_t v)
{
    std::uint64_t p = 1;
    while (p < v) p <<= 1;
    return p;
}
} // namespace

BatchCurveChart::BatchCurveChart(const DisplayOptions& options, QWidget* parent)
    : QCustomPlot(parent), m_options(options), m_ticker(new ByteAxisTicker)
{
    setMinimumHeight(220);
    yAxis->setTicker(m_ticker);
    yAxis->setLabel(tr("Total memory"));
    xAxis->setLabel(tr("Batch size"));
    xAxis->setScaleType(QCPAxis::stLogarithmic);
    auto logTicker = QSharedPointer<QCPAxisTickerLog>::create();
    logTicker->setLogBase(2);
    logTicker->setSubTickCount(0);
    xAxis->setTicker(logTicker);
    xAxis->setNumberFormat("g");
    xAxis->setNumberPrecision(6);
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    xAxis->setTickLabelFont(small);
    yAxis->setTickLabelFont(small);

    QCPGraph* below = nullptr;
    for (core::Component c : core::kAllComponents) {
        QCPGraph* g = addGraph();
        g->setName(ComponentStyle::label(c));
        g->setPen(QPen(ComponentStyle::outline(c, false), 1));
        g->setBrush(ComponentStyle::color(c));
        if (below) g->setChannelFillGraph(below);
        below = g;
        m_graphs[static_cast<std::size_t>(c)] = g;
    }
    const QColor text = palette().color(QPalette::Text);

    QColor bandEdge = text;
    bandEdge.setAlpha(170);
    QColor bandFill = text;
    bandFill.setAlpha(45);
    m_bandLow = addGraph();
    m_bandLow->setName(tr("Band (low)"));
    m_bandLow->setPen(QPen(bandEdge, 1, Qt::DashLine));
    m_bandHigh = addGraph();
    m_bandHigh->setName(tr("Band (high)"));
    m_bandHigh->setPen(QPen(bandEdge, 1, Qt::DashLine));
    m_bandHigh->setBrush(bandFill);
    m_bandHigh->setChannelFillGraph(m_bandLow);
    m_peak = addGraph();
    m_peak->setName(tr("Peak of the step"));
    m_peak->setPen(QPen(text, 2));

    m_capacity = new QCPItemStraightLine(this);
    m_capacity->setPen(QPen(capacityColor(), 2, Qt::DashLine));
    m_capacityLabel = new QCPItemText(this);
    m_capacityLabel->setColor(capacityColor());
    m_capacityLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignBottom);
    m_capacityLabel->position->setTypeX(QCPItemPosition::ptAxisRectRatio);
    m_capacityLabel->position->setTypeY(QCPItemPosition::ptPlotCoords);

    m_batchLine = new QCPItemStraightLine(this);
    m_batchLine->setPen(QPen(text, 1.5));
    m_batchLabel = new QCPItemText(this);
    m_batchLabel->setColor(text);
    m_batchLabel->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
    m_batchLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);

    m_maxLine = new QCPItemStraightLine(this);
    m_maxLine->setPen(QPen(fitColor(), 1.5, Qt::DotLine));
    m_maxLabel = new QCPItemText(this);
    m_maxLabel->setColor(fitColor());
    m_maxLabel->setPositionAlignment(Qt::AlignRight | Qt::AlignTop);
    m_maxLabel->position->setTypeY(QCPItemPosition::ptAxisRectRatio);
    m_maxDot = new QCPItemTracer(this);
    m_maxDot->setStyle(QCPItemTracer::tsCircle);
    m_maxDot->setSize(9);
    m_maxDot->setPen(QPen(fitColor(), 2));
    m_maxDot->setBrush(palette().brush(QPalette::Base));

    legend->setVisible(false); // the bars chart and the summary carry the legend
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &BatchCurveChart::showTooltip);
    connect(&options, &DisplayOptions::changed, this, [this] {
        m_ticker->setUnits(m_options.units());
        setBreakdown(m_breakdown);
        replot(rpQueuedReplot);
    });
    ChartTheme::apply(*this);
}

void BatchCurveChart::setBreakdown(const core::MemoryBreakdown& breakdown)
{
    m_breakdown = breakdown;
    m_ticker->setUnits(m_options.units());
    const bool dark = ChartTheme::isDark(*this);
    const std::uint64_t batch = breakdown.config.batch;
    m_maxBatch = breakdown.maxBatch();
    std::uint64_t hi = std::max<std::uint64_t>({64, batch * 4, m_maxBatch ? *m_maxBatch * 2 : 0});
    hi = std::min<std::uint64_t>(nextPow2(hi), core::TrainingConfig::kMaxBatch);

    // Log-spaced samples from 1 to hi (the areas are straight lines on a linear axis, curves
    // on this log axis), always including the powers of two.
    m_batches.clear();
    const int samples = 160;
    for (int i = 0; i <= samples; ++i) {
        const double b = std::pow(static_cast<double>(hi), static_cast<double>(i) / samples);
        if (m_batches.isEmpty() || b > m_batches.back()) m_batches.push_back(b);
    }
    QVector<double> cumulative(m_batches.size(), 0.0);
    for (core::Component c : core::kAllComponents) {
        const auto& comp = breakdown[c];
        QVector<double> ys(m_batches.size());
        bool any = comp.fixed > 0 || comp.perSample > 0;
        for (int i = 0; i < m_batches.size(); ++i) {
            cumulative[i] += static_cast<double>(comp.fixed) + m_batches[i] * static_cast<double>(comp.perSample);
            ys[i] = cumulative[i];
        }
        QCPGraph* g = m_graphs[static_cast<std::size_t>(c)];
        g->setData(m_batches, ys, true);
        g->setVisible(any);
        g->setPen(QPen(ComponentStyle::outline(c, dark), 1));
    }
    QVector<double> lows(m_batches.size()), highs(m_batches.size());
    for (int i = 0; i < m_batches.size(); ++i) {
        lows[i] = static_cast<double>(breakdown.totalLow.fixed) + m_batches[i] * static_cast<double>(breakdown.totalLow.perSample);
        highs[i] = static_cast<double>(breakdown.totalHigh.fixed) + m_batches[i] * static_cast<double>(breakdown.totalHigh.perSample);
    }
    m_bandLow->setData(m_batches, lows, true);
    m_bandHigh->setData(m_batches, highs, true);
    // The peak line is piecewise linear in the batch (a maximum of affine events), evaluated
    // exactly at every sample; an empty timeline falls back to the total.
    QVector<double> peaks(m_batches.size(), 0.0);
    for (int i = 0; i < m_batches.size(); ++i) {
        if (breakdown.timeline.empty()) peaks[i] = cumulative[i];
        for (const auto& e : breakdown.timeline.events)
            peaks[i] = std::max(peaks[i], static_cast<double>(e.total.fixed) + m_batches[i] * static_cast<double>(e.total.perSample));
    }
    m_peak->setData(m_batches, peaks, true);
    const bool band = breakdown.totalLow != breakdown.total || breakdown.totalHigh != breakdown.total;
    m_bandLow->setVisible(band);
    m_bandHigh->setVisible(band);
    // Hidden graphs still serve as channel-fill bases: their data equals the one below, so the
    // next visible area fills down to the right boundary.

    const double top = highs.isEmpty() ? 0 : std::max(cumulative.back(), highs.back());
    const double atBatch = static_cast<double>(breakdown.totalBytes());
    // Room above the configured batch, never taller than the areas need, always showing the
    // capacity line.
    double yMax = std::max(std::min(atBatch * 1.6, top * 1.05), 1024.0);
    if (breakdown.config.gpu) {
        const double cap = static_cast<double>(breakdown.config.gpu->memoryBytes);
        yMax = std::max(yMax, cap * 1.15);
        m_capacity->setVisible(true);
        m_capacity->point1->setCoords(1, cap);
        m_capacity->point2->setCoords(2, cap);
        m_capacityLabel->setVisible(true);
        m_capacityLabel->position->setCoords(0.01, cap);
        m_capacityLabel->setText(tr("%1: %2").arg(QString::fromStdString(breakdown.config.gpu->name),
                                                   m_options.bytes(cap)));
    } else {
        m_capacity->setVisible(false);
        m_capacityLabel->setVisible(false);
    }

    const bool showMax = m_maxBatch && *m_maxBatch >= 1;
    m_maxLine->setVisible(showMax);
    m_maxLabel->setVisible(showMax);
    m_maxDot->setVisible(showMax);
    if (showMax) {
        const double mb = static_cast<double>(*m_maxBatch);
        m_maxLine->point1->setCoords(mb, 0);
        m_maxLine->point2->setCoords(mb, 1);
        m_maxLabel->position->setCoords(mb, 0.20); // below the batch label and the capacity line
        m_maxLabel->setText(tr(" largest batch that fits: %1 ").arg(*m_maxBatch));
        m_maxDot->position->setCoords(mb, static_cast<double>(breakdown.peakAt(*m_maxBatch))); // on the peak line
    }
    xAxis->setRange(1, static_cast<double>(hi));
    yAxis->setRange(0, yMax);
    if (showMax) {
        // The label sits left of its line unless that would run out of the plot.
        const bool left = xAxis->coordToPixel(static_cast<double>(*m_maxBatch)) - axisRect()->left() > 230;
        m_maxLabel->setPositionAlignment((left ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    }
    moveBatchMarker(batch);
}

void BatchCurveChart::moveBatchMarker(std::uint64_t batch)
{
    m_breakdown.config.batch = batch;
    const double b = static_cast<double>(batch);
    m_batchLine->point1->setCoords(b, 0);
    m_batchLine->point2->setCoords(b, 1);
    m_batchLabel->position->setCoords(b, 0.02);
    m_batchLabel->setText(tr(" batch %1\n total %2\n peak %3")
                              .arg(batch)
                              .arg(m_options.bytes(static_cast<double>(m_breakdown.totalAt(batch))),
                                   m_options.bytes(static_cast<double>(m_breakdown.peakAt(batch)))));
    // Keep the label inside the plot when the marker is near the right edge.
    const bool right = xAxis->coordToPixel(b) > axisRect()->right() - 110;
    m_batchLabel->setPositionAlignment((right ? Qt::AlignRight : Qt::AlignLeft) | Qt::AlignTop);
    m_batchLabel->setTextAlignment(right ? Qt::AlignRight : Qt::AlignLeft);
}

QVector<double> BatchCurveChart::values(core::Component c) const
{
    QVector<double> out;
    const auto& comp = m_breakdown[c];
    for (double b : m_batches) out.push_back(static_cast<double>(comp.fixed) + b * static_cast<double>(comp.perSample));
    return out;
}

namespace {
QVector<double> graphValues(const QCPGraph* g)
{
    QVector<double> out;
    const auto data = g->data();
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) out.push_back(it->value);
    return out;
}
} // namespace

QVector<double> BatchCurveChart::bandLow() const { return graphValues(m_bandLow); }
QVector<double> BatchCurveChart::bandHigh() const { return graphValues(m_bandHigh); }
QVector<double> BatchCurveChart::peakLine() const { return graphValues(m_peak); }

double BatchCurveChart::batchMarker() const { return m_batchLine->point1->coords().x(); }

double BatchCurveChart::capacityLine() const
{
    return m_capacity->visible() ? m_capacity->point1->coords().y() : 0.0;
}

void BatchCurveChart::showTooltip(QMouseEvent* event)
{
    if (!axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const double x = xAxis->pixelToCoord(event->pos().x());
    const std::uint64_t b = static_cast<std::uint64_t>(std::clamp(std::llround(x), 1LL, 65536LL));
    QString html = tr("<b>batch %1</b><table>").arg(b);
    for (core::Component c : core::kAllComponents) {
        const std::uint64_t v = m_breakdown[c].at(b);
        if (v == 0) continue;
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                    .arg(ComponentStyle::color(c).name(), ComponentStyle::label(c), m_options.bytes(static_cast<double>(v)),
                         DisplayOptions::exactBytes(v));
    }
    const std::uint64_t total = m_breakdown.totalAt(b);
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td><td align=right>%3</td></tr>")
                .arg(tr("Total"), m_options.bytes(static_cast<double>(total)), DisplayOptions::exactBytes(total));
    const std::uint64_t peak = m_breakdown.peakAt(b);
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td><td align=right>%3</td></tr>")
                .arg(tr("Peak of the step"), m_options.bytes(static_cast<double>(peak)), DisplayOptions::exactBytes(peak));
    const std::uint64_t low = m_breakdown.totalLow.at(b), high = m_breakdown.totalHigh.at(b);
    if (low != total || high != total)
        html += QStringLiteral("<tr><td>%1</td><td align=right>%2 – %3</td><td align=right>%4 – %5</td></tr>")
                    .arg(tr("Band"), m_options.bytes(static_cast<double>(low)), m_options.bytes(static_cast<double>(high)),
                         DisplayOptions::exactBytes(low), DisplayOptions::exactBytes(high));
    if (m_breakdown.config.gpu) {
        const std::uint64_t cap = m_breakdown.config.gpu->memoryBytes;
        html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                    .arg(tr("GPU capacity"), m_options.bytes(static_cast<double>(cap)), DisplayOptions::exactBytes(cap));
    }
    html += QStringLiteral("</table>");
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

} // namespace netsizer::ui
