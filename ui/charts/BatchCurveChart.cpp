#include "ui/charts/BatchCurveChart.h"

#include "core/estimate/TrainingConfig.h"
#include "core/util/Checked.h"
#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

#include <QEvent>
#include <QFontMetrics>
#include <QToolTip>

#include <algorithm>
#include <cmath>
#include <vector>

namespace netsizer::ui {

namespace {
constexpr double kGap = 4; // pixels between a label and its marker, the plot's edge, another label

// The rectangle a text item covers, in widget pixels (from its anchors: font, padding, text).
QRectF itemRect(const QCPItemText* item)
{
    return QRectF(item->topLeft->pixelPosition(), item->bottomRight->pixelPosition()).normalized();
}

// The size of a text item's box (text and padding) in pixels, whatever its position (the
// anchors are NaN while the item sits at a position computed from a degenerate layout).
QSizeF itemSize(const QCPItemText* item)
{
    const QRect text = QFontMetrics(item->font()).boundingRect(0, 0, 0, 0, Qt::TextDontClip | item->textAlignment(), item->text());
    const QMargins pad = item->padding();
    return QSizeF(text.width() + pad.left() + pad.right(), text.height() + pad.top() + pad.bottom());
}

// Puts a text item (absolute pixel position, top-left aligned) with its top-left at `p`; a
// layout without room (a hidden or tiny widget) leaves it where it was.
void moveItem(QCPItemText* item, QPointF p)
{
    if (std::isfinite(p.x()) && std::isfinite(p.y())) item->position->setCoords(p);
}

QString batchText(std::uint64_t v)
{
    return v >= netsizer::core::TrainingConfig::kMaxBatch ? BatchCurveChart::tr("%1 or more").arg(v) : QString::number(v);
}

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
    m_bandLow = addGraph();
    m_bandLow->setName(tr("Band (low)"));
    m_bandHigh = addGraph();
    m_bandHigh->setName(tr("Band (high)"));
    m_bandHigh->setChannelFillGraph(m_bandLow);
    m_peak = addGraph();
    m_peak->setName(tr("Peak of the step"));

    m_capacity = new QCPItemStraightLine(this);
    m_capacityLabel = new QCPItemText(this);

    m_batchLine = new QCPItemStraightLine(this);
    m_batchLabel = new QCPItemText(this);
    m_maxLine = new QCPItemStraightLine(this);
    m_maxLabel = new QCPItemText(this);
    // Placed in pixels by placeLabels, on a backing so a line passing under stays readable.
    for (QCPItemText* label : {m_batchLabel, m_maxLabel, m_capacityLabel}) {
        label->position->setType(QCPItemPosition::ptAbsolute);
        label->setPositionAlignment(Qt::AlignLeft | Qt::AlignTop);
        label->setPadding(QMargins(4, 2, 4, 2));
    }
    m_maxLabel->setTextAlignment(Qt::AlignLeft);
    m_maxDot = new QCPItemTracer(this);
    m_maxDot->setStyle(QCPItemTracer::tsCircle);
    m_maxDot->setSize(9);

    legend->setVisible(false); // the bars chart and the summary carry the legend
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &BatchCurveChart::showTooltip);
    connect(&options, &DisplayOptions::changed, this, [this] {
        m_ticker->setUnits(m_options.units());
        setBreakdown(m_breakdown);
        replot(rpQueuedReplot);
    });
    applyPalette();
}

void BatchCurveChart::applyPalette()
{
    ChartTheme::apply(*this);
    const QPalette pal = palette();
    const QColor text = pal.color(QPalette::Text);
    QColor bandEdge = text;
    bandEdge.setAlpha(170);
    QColor bandFill = text;
    bandFill.setAlpha(45);
    m_bandLow->setPen(QPen(bandEdge, 1, Qt::DashLine));
    m_bandHigh->setPen(QPen(bandEdge, 1, Qt::DashLine));
    m_bandHigh->setBrush(bandFill);
    m_peak->setPen(QPen(text, 2));
    // The capacity is the limit (the error red); the largest batch that fits is good news (the
    // success green), both readable on this palette's base.
    const QColor limit = StatusColors::error(pal), fit = StatusColors::success(pal);
    m_capacity->setPen(QPen(limit, 2, Qt::DashLine));
    m_capacityLabel->setColor(limit);
    m_batchLine->setPen(QPen(text, 1.5));
    m_batchLabel->setColor(text);
    m_maxLine->setPen(QPen(fit, 1.5, Qt::DotLine));
    m_maxLabel->setColor(fit);
    m_maxDot->setPen(QPen(fit, 2));
    m_maxDot->setBrush(pal.brush(QPalette::Base));
    QColor backing = pal.color(QPalette::Base);
    backing.setAlpha(225);
    QColor frame = text;
    frame.setAlpha(60);
    for (QCPItemText* label : {m_batchLabel, m_maxLabel, m_capacityLabel}) {
        label->setBrush(backing);
        label->setPen(label == m_capacityLabel ? QPen(Qt::NoPen) : QPen(frame));
    }
}

void BatchCurveChart::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange) {
        applyPalette();
        setBreakdown(m_breakdown); // the component outlines follow light / dark
        replot(rpQueuedReplot);
    }
    QCustomPlot::changeEvent(event);
}

std::uint64_t BatchCurveChart::rangeTop(std::uint64_t batch) const
{
    const std::uint64_t hi = std::max<std::uint64_t>({64, batch * 4, m_maxBatch ? *m_maxBatch * 2 : 0});
    return std::min<std::uint64_t>(nextPow2(hi), core::TrainingConfig::kMaxBatch);
}

void BatchCurveChart::setBreakdown(const core::MemoryBreakdown& breakdown)
{
    m_breakdown = breakdown;
    m_ticker->setUnits(m_options.units());
    m_maxBatch = breakdown.maxBatch();
    m_safeMaxBatch = breakdown.maxBatch(true);
    rebuild(breakdown.config.batch);
}

void BatchCurveChart::rebuild(std::uint64_t batch)
{
    const core::MemoryBreakdown& breakdown = m_breakdown;
    const bool dark = ChartTheme::isDark(*this);
    const std::uint64_t hi = rangeTop(batch);
    m_rangeTop = hi;

    // Log-spaced samples from 1 to hi (the areas are straight lines on a linear axis, curves
    // on this log axis), always including the powers of two.
    m_batches.clear();
    const int samples = 160;
    for (int i = 0; i <= samples; ++i) {
        double b = std::pow(static_cast<double>(hi), static_cast<double>(i) / samples);
        if (std::abs(b - std::round(b)) < 1e-9 * b) b = std::round(b); // whole batches exactly
        if (m_batches.isEmpty() || b > m_batches.back()) m_batches.push_back(b);
    }
    // The stack at each sampled batch is what is alive at that batch's peak instant, so its top
    // is the peak. Samples between integers are evaluated at the batch below and above and
    // interpolated: the peak's instant is chosen among whole batches.
    // A size beyond 64 bits (core::kSaturated) is no point of a curve: the curves stop at the
    // last sample whose sizes are all exact (sizes only grow with the batch), and the batch
    // marker says "beyond 2^64 bytes" past that.
    const auto saturated = [](const core::PeakComposition& p) {
        return p.bytes == core::kSaturated || p.high == core::kSaturated ||
               std::find(p.components.begin(), p.components.end(), core::kSaturated) != p.components.end();
    };
    int n = static_cast<int>(m_batches.size());
    std::array<QVector<double>, core::kComponentCount> parts;
    for (auto& part : parts) part.resize(n);
    QVector<double> peaks(n), lows(n), highs(n);
    for (int i = 0; i < n; ++i) {
        const double x = m_batches[i];
        const std::uint64_t lo = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::floor(x)));
        const std::uint64_t up = std::max<std::uint64_t>(lo, static_cast<std::uint64_t>(std::ceil(x)));
        const double t = up > lo ? x - static_cast<double>(lo) : 0.0;
        const core::PeakComposition a = breakdown.peakCompositionAt(lo);
        const core::PeakComposition b = up > lo ? breakdown.peakCompositionAt(up) : a;
        if (saturated(a) || saturated(b)) {
            n = i;
            break;
        }
        const auto mix = [t](std::uint64_t va, std::uint64_t vb) {
            return static_cast<double>(va) + t * (static_cast<double>(vb) - static_cast<double>(va));
        };
        for (std::size_t c = 0; c < parts.size(); ++c) parts[c][i] = mix(a.components[c], b.components[c]);
        peaks[i] = mix(a.bytes, b.bytes);
        lows[i] = mix(a.low, b.low);
        highs[i] = mix(a.high, b.high);
    }
    m_batches.resize(n);
    for (auto& part : parts) part.resize(n);
    peaks.resize(n);
    lows.resize(n);
    highs.resize(n);
    QVector<double> cumulative(n, 0.0);
    for (core::Component c : core::kAllComponents) {
        const auto& part = parts[static_cast<std::size_t>(c)];
        bool any = false;
        QVector<double> ys(n);
        for (int i = 0; i < n; ++i) {
            cumulative[i] += part[i];
            ys[i] = cumulative[i];
            any = any || part[i] > 0;
        }
        QCPGraph* g = m_graphs[static_cast<std::size_t>(c)];
        g->setData(m_batches, ys, true);
        g->setVisible(any);
        g->setPen(QPen(ComponentStyle::outline(c, dark), 1));
        m_values[static_cast<std::size_t>(c)] = part;
    }
    m_bandLow->setData(m_batches, lows, true);
    m_bandHigh->setData(m_batches, highs, true);
    m_peak->setData(m_batches, peaks, true);
    const bool band = breakdown.componentMaximaLow != breakdown.componentMaximaSum ||
                      breakdown.componentMaximaHigh != breakdown.componentMaximaSum;
    m_bandLow->setVisible(band);
    m_bandHigh->setVisible(band);
    // Hidden graphs still serve as channel-fill bases: their data equals the one below, so the
    // next visible area fills down to the right boundary.

    // The highest plotted curve at each sample: what a label must stay above.
    m_top = peaks;
    if (band)
        for (int i = 0; i < m_top.size(); ++i) m_top[i] = std::max(m_top[i], highs[i]);

    m_curvesTop = m_top.isEmpty() ? 0 : m_top.back();
    if (breakdown.config.gpu) {
        const double cap = static_cast<double>(breakdown.config.gpu->memoryBytes);
        m_capacity->setVisible(true);
        m_capacity->point1->setCoords(1, cap);
        m_capacity->point2->setCoords(2, cap);
        m_capacityLabel->setVisible(true);
        m_capacityLabel->setText(tr("%1: %2").arg(QString::fromStdString(breakdown.config.gpu->name),
                                                   m_options.bytes(cap)));
    } else {
        m_capacity->setVisible(false);
        m_capacityLabel->setVisible(false);
    }

    // The same two figures as the summary and `netsizer-cli fit` / `fit --safe`.
    const bool showMax = m_maxBatch && *m_maxBatch >= 1;
    m_maxLine->setVisible(showMax);
    m_maxLabel->setVisible(showMax);
    m_maxDot->setVisible(showMax);
    m_topAtMax = 0;
    if (showMax) {
        const double mb = static_cast<double>(*m_maxBatch);
        m_maxLine->point1->setCoords(mb, 0);
        m_maxLine->point2->setCoords(mb, 1);
        QString text = tr("largest batch that fits: %1").arg(batchText(*m_maxBatch));
        if (m_safeMaxBatch && *m_safeMaxBatch != *m_maxBatch)
            text += QLatin1Char('\n') + tr("%1 with the whole band").arg(batchText(*m_safeMaxBatch)); // as the summary
        m_maxLabel->setText(text);
        // On the top of the stack: the peak, which meets the capacity line here.
        m_maxDot->position->setCoords(mb, static_cast<double>(breakdown.peakAt(*m_maxBatch)));
        m_topAtMax = std::max(static_cast<double>(breakdown.peakAt(*m_maxBatch)),
                              band ? static_cast<double>(breakdown.peakHighAt(*m_maxBatch)) : 0.0);
    }
    xAxis->setRange(1, static_cast<double>(hi));
    setBatchMarker(batch);
}

QRectF BatchCurveChart::maxLabelSpot() const
{
    const QRectF area = axisRect()->rect();
    const QSizeF size = itemSize(m_maxLabel);
    const double x = m_maxBatch ? xAxis->coordToPixel(static_cast<double>(*m_maxBatch)) : area.left();
    // Left of the marker, where the curves (rising with the batch) are lower; near the plot's
    // left edge it slides right as far as needed to stay inside.
    const double left = std::max(x - kGap - size.width(), area.left() + kGap);
    return QRectF(QPointF(left, area.top() + kGap), size);
}

void BatchCurveChart::updateYRange()
{
    double yMax = m_yData;
    if (m_maxLabel->visible() && m_topAtMax > 0) {
        // Raise the top until the label's strip is free of curves over the label's width.
        const QRectF spot = maxLabelSpot();
        const double under = std::max(m_topAtMax, curvesTopBetween(spot.left(), spot.right()));
        const double axisHeight = std::max(60.0, static_cast<double>(axisRect()->height()));
        const double strip = std::clamp((spot.height() + 3 * kGap) / axisHeight, 0.05, 0.6);
        yMax = std::max(yMax, std::min(under / (1.0 - strip), m_yData * kMaxStretch));
    }
    yAxis->setRange(0, yMax);
}

void BatchCurveChart::updateLayout()
{
    QCustomPlot::updateLayout();
    // The free strip depends on the axis rect's size (this replot's, or an export's): size it
    // for this layout; when that changes the range, lay out again so the ticks follow (twice at
    // most: the new tick labels may shift the margins by a few pixels).
    for (int pass = 0; pass < 2; ++pass) {
        const double before = yAxis->range().upper;
        updateYRange();
        if (std::abs(yAxis->range().upper - before) <= 1e-6 * before) break;
        QCustomPlot::updateLayout();
    }
    placeLabels();
}

double BatchCurveChart::curvesTopBetween(double x0, double x1) const
{
    const double b0 = xAxis->pixelToCoord(std::min(x0, x1)), b1 = xAxis->pixelToCoord(std::max(x0, x1));
    double top = 0;
    for (int i = 0; i < m_batches.size() && i < m_top.size(); ++i) {
        const bool inside = m_batches[i] >= b0 && m_batches[i] <= b1;
        const bool before = i + 1 < m_batches.size() && m_batches[i] < b0 && m_batches[i + 1] >= b0;
        const bool after = i > 0 && m_batches[i] > b1 && m_batches[i - 1] <= b1;
        if (inside || before || after) top = std::max(top, m_top[i]);
    }
    return top;
}

void BatchCurveChart::placeLabels()
{
    const QRectF area = axisRect()->rect();
    const auto inside = [&](const QRectF& r) { return area.contains(r); };
    const auto clearOfCurves = [&](const QRectF& r) {
        return r.bottom() + 1 < yAxis->coordToPixel(curvesTopBetween(r.left(), r.right()));
    };
    std::vector<QRectF> taken;
    const auto free = [&](const QRectF& r) {
        return std::none_of(taken.begin(), taken.end(), [&](const QRectF& t) { return t.intersects(r); });
    };

    if (m_maxLabel->visible()) {
        const QRectF spot = maxLabelSpot();
        moveItem(m_maxLabel, spot.topLeft());
        taken.push_back(spot);
    }
    if (m_capacityLabel->visible() && m_breakdown.config.gpu) {
        // At the plot's left edge just above the capacity line; just below it when the
        // largest-batch label is in the way there and the curves leave room below.
        const double line = yAxis->coordToPixel(static_cast<double>(m_breakdown.config.gpu->memoryBytes));
        const QSizeF size = itemSize(m_capacityLabel);
        const QRectF above(QPointF(area.left() + kGap, line - 1 - size.height()), size);
        const QRectF below(QPointF(area.left() + kGap, line + 2), size);
        const QRectF pick = !free(above) && inside(below) && clearOfCurves(below) ? below : above;
        moveItem(m_capacityLabel, pick.topLeft());
        taken.push_back(pick);
    }

    // The batch label: beside its marker at the top (right first), else beside the largest-
    // batch label at the top, else beside its marker just below that label. The first spot
    // inside the plot, clear of the other labels and of the largest batch's dot, and clear of
    // the curves; failing that, the first inside and clear of the labels and the dot (it has a
    // backing, so curves under it stay apart); failing that, below the largest-batch label.
    if (m_maxDot->visible()) {
        const QPointF dot = m_maxDot->position->pixelPosition();
        const double r = m_maxDot->size() / 2 + 2;
        taken.push_back(QRectF(dot - QPointF(r, r), dot + QPointF(r, r)));
    }
    const double b = xAxis->coordToPixel(batchMarker());
    const QSizeF size = itemSize(m_batchLabel);
    const double top = area.top() + kGap;
    QRectF maxRect(QPointF(b, top), QSizeF(0, 0)); // no largest-batch label: beside the marker
    if (m_maxLabel->visible()) maxRect = itemRect(m_maxLabel);
    struct Spot {
        QRectF rect;
        bool onLeft;
    };
    const Spot spots[] = {{QRectF(QPointF(b + kGap, top), size), false},
                          {QRectF(QPointF(b - kGap - size.width(), top), size), true},
                          // Beside the largest-batch label when it covers the marker's sides.
                          {QRectF(QPointF(std::max(b + kGap, maxRect.right() + kGap), top), size), false},
                          {QRectF(QPointF(std::min(b - kGap, maxRect.left() - kGap) - size.width(), top), size), true},
                          {QRectF(QPointF(b + kGap, maxRect.bottom() + kGap), size), false},
                          {QRectF(QPointF(b - kGap - size.width(), maxRect.bottom() + kGap), size), true}};
    const Spot* pick = nullptr;
    for (const Spot& spot : spots)
        if (!pick && inside(spot.rect) && free(spot.rect) && clearOfCurves(spot.rect)) pick = &spot;
    for (const Spot& spot : spots)
        if (!pick && inside(spot.rect) && free(spot.rect)) pick = &spot;
    if (!pick) pick = inside(spots[4].rect) ? &spots[4] : &spots[5];
    moveItem(m_batchLabel, pick->rect.topLeft());
    m_batchLabel->setTextAlignment(pick->onLeft ? Qt::AlignRight : Qt::AlignLeft);
}

QRectF BatchCurveChart::maxLabelRect() const { return m_maxLabel->visible() ? itemRect(m_maxLabel) : QRectF(); }
QRectF BatchCurveChart::batchLabelRect() const { return itemRect(m_batchLabel); }
QRectF BatchCurveChart::capacityLabelRect() const { return m_capacityLabel->visible() ? itemRect(m_capacityLabel) : QRectF(); }
QString BatchCurveChart::maxLabelText() const { return m_maxLabel->visible() ? m_maxLabel->text() : QString(); }
QString BatchCurveChart::batchLabelText() const { return m_batchLabel->text(); }

void BatchCurveChart::moveBatchMarker(std::uint64_t batch)
{
    // The x range follows the batch (with headroom): a batch past it, or far below it, re-samples
    // the curves (O(samples × events), no re-estimate); otherwise only the marker moves.
    if (rangeTop(batch) != m_rangeTop) rebuild(batch);
    else setBatchMarker(batch);
}

void BatchCurveChart::setBatchMarker(std::uint64_t batch)
{
    m_breakdown.config.batch = batch;
    // The y range follows the curves and the capacity line: room above the peak at the marker
    // (never taller than the curves need over the x range), the capacity line always shown.
    // A saturated peak is no height: the range then follows the curves, which stop below it.
    const std::uint64_t peak = m_breakdown.peakAt(batch);
    const double atBatch = peak == core::kSaturated ? m_curvesTop : static_cast<double>(peak);
    m_yData = std::max({std::min(atBatch * 1.6, m_curvesTop * 1.05), atBatch * 1.15, 1024.0});
    if (m_breakdown.config.gpu) m_yData = std::max(m_yData, static_cast<double>(m_breakdown.config.gpu->memoryBytes) * 1.15);
    updateYRange();
    const double b = static_cast<double>(batch);
    m_batchLine->point1->setCoords(b, 0);
    m_batchLine->point2->setCoords(b, 1);
    // A saturated size is no figure (MemoryBreakdown::overflowAt): the label says so instead.
    m_batchLabel->setText(m_breakdown.overflowAt(batch)
                              ? tr("batch %1\nbeyond 2^64 bytes").arg(batch)
                              : tr("batch %1\nneeds %2").arg(batch).arg(m_options.size(m_breakdown.peakAt(batch))));
    // Placed beside the marker by placeLabels at the next replot's layout.
}

QVector<double> BatchCurveChart::values(core::Component c) const { return m_values[static_cast<std::size_t>(c)]; }

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
    const std::uint64_t b = static_cast<std::uint64_t>(std::clamp<long long>(std::llround(x), 1LL, static_cast<long long>(core::TrainingConfig::kMaxBatch)));
    const core::PeakComposition peak = m_breakdown.peakCompositionAt(b);
    QString html = tr("<b>batch %1</b> — alive at the peak<table>").arg(b);
    for (core::Component c : core::kAllComponents) {
        const std::uint64_t v = peak[c];
        if (v == 0) continue;
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                    .arg(ComponentStyle::color(c).name(), ComponentStyle::label(c), m_options.size(v),
                         DisplayOptions::exactBytes(v));
    }
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td><td align=right>%3</td></tr>")
                .arg(tr("Peak of the step"), m_options.size(peak.bytes), DisplayOptions::exactBytes(peak.bytes));
    if (peak.low != peak.bytes || peak.high != peak.bytes)
        html += QStringLiteral("<tr><td>%1</td><td align=right>%2 – %3</td><td align=right>%4 – %5</td></tr>")
                    .arg(tr("Band"), m_options.size(peak.low), m_options.size(peak.high),
                         DisplayOptions::exactBytes(peak.low), DisplayOptions::exactBytes(peak.high));
    if (m_breakdown.config.gpu) {
        const std::uint64_t cap = m_breakdown.config.gpu->memoryBytes;
        html += QStringLiteral("<tr><td>%1</td><td align=right>%2</td><td align=right>%3</td></tr>")
                    .arg(tr("GPU capacity"), m_options.size(cap), DisplayOptions::exactBytes(cap));
    }
    html += QStringLiteral("</table>");
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

} // namespace netsizer::ui
