#include "ui/charts/LayerBarsChart.h"

#include "core/layers/LayerKind.h"
#include "ui/charts/ByteAxisTicker.h"
#include "ui/charts/ChartTheme.h"
#include "ui/charts/LegendWrap.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"

#include <QResizeEvent>
#include <QToolTip>

#include <algorithm>

namespace netsizer::ui {

LayerBarsChart::LayerBarsChart(const DisplayOptions& options, QWidget* parent)
    : QCustomPlot(parent), m_options(options), m_ticker(new ByteAxisTicker)
{
    setMinimumHeight(220);
    yAxis->setTicker(m_ticker);
    yAxis->setLabel(tr("Memory per layer"));
    xAxis->setTickLabelRotation(60);
    QFont small = font();
    small.setPointSizeF(std::max(6.5, small.pointSizeF() * 0.8));
    xAxis->setTickLabelFont(small);
    xAxis->grid()->setVisible(false);
    xAxis->setSubTicks(false);
    QCPBars* below = nullptr;
    for (core::Component c : core::kAllComponents) {
        auto* bars = new QCPBars(xAxis, yAxis);
        bars->setName(ComponentStyle::label(c));
        bars->setBrush(ComponentStyle::color(c));
        bars->setPen(Qt::NoPen);
        bars->setWidth(0.8);
        bars->setStackingGap(0);
        if (below) bars->moveAbove(below);
        below = bars;
        m_bars[static_cast<std::size_t>(c)] = bars;
    }
    // The legend in a row above the plot, so it never hides a bar.
    legend->setVisible(true);
    legend->setFont(small);
    legend->setFillOrder(QCPLegend::foColumnsFirst);
    axisRect()->insetLayout()->take(legend);
    plotLayout()->insertRow(0);
    plotLayout()->addElement(0, 0, legend);
    plotLayout()->setRowStretchFactor(0, 0.001);
    setMouseTracking(true);
    connect(this, &QCustomPlot::mouseMove, this, &LayerBarsChart::showTooltip);
    m_nameTicker = QSharedPointer<QCPAxisTickerText>::create();
    xAxis->setTicker(m_nameTicker);
    setInteractions(QCP::iRangeDrag | QCP::iRangeZoom);
    axisRect()->setRangeDrag(Qt::Horizontal);
    axisRect()->setRangeZoom(Qt::Horizontal);
    axisRect()->setRangeZoomFactor(0.85);
    connect(xAxis, qOverload<const QCPRange&>(&QCPAxis::rangeChanged), this, &LayerBarsChart::onRangeChanged);
    // The axis's width decides how many names fit: re-thin on every replot (after resizes).
    connect(this, &QCustomPlot::beforeReplot, this, &LayerBarsChart::updateTicks);
    connect(&options, &DisplayOptions::changed, this, [this] {
        applyUnits();
        replot(rpQueuedReplot);
    });
    ChartTheme::apply(*this);
    applyUnits();
}

void LayerBarsChart::applyUnits() { m_ticker->setUnits(m_options.units()); }

void LayerBarsChart::setBreakdown(const core::Graph& graph, const core::Analysis& analysis,
                                  const core::MemoryBreakdown& breakdown)
{
    const std::size_t n = breakdown.layers.size();
    const bool sameCount = n == m_bytes.size() && n > 0;
    const std::uint64_t b = breakdown.config.batch;
    m_names.clear();
    m_kinds.clear();
    m_bytes.assign(n, {});
    QVector<double> keys(static_cast<int>(n));
    std::array<QVector<double>, core::kComponentCount> vals;
    std::array<bool, core::kComponentCount> any{};
    double top = 0;
    for (std::size_t i = 0; i < n; ++i) {
        const auto& row = breakdown.layers[i];
        const std::size_t li = i < analysis.layers.size() ? analysis.layers[i].layerIndex : 0;
        const core::Layer* layer = li < graph.layers().size() ? &graph.layers()[li] : nullptr;
        m_names << (layer ? QString::fromStdString(layer->name) : QString());
        m_kinds << (layer && layer->kind ? QString::fromStdString(layer->kind->displayName) : QString());
        keys[static_cast<int>(i)] = static_cast<double>(i);
        double sum = 0;
        for (std::size_t c = 0; c < core::kComponentCount; ++c) {
            const std::uint64_t v = row[core::kAllComponents[c]].at(b);
            m_bytes[i][c] = v;
            vals[c].push_back(static_cast<double>(v));
            any[c] = any[c] || v > 0;
            sum += static_cast<double>(v);
        }
        top = std::max(top, sum);
    }
    for (std::size_t c = 0; c < core::kComponentCount; ++c) m_bars[c]->setData(keys, vals[c], true);
    showComponents(any);
    m_ids.clear();
    m_ids.reserve(n);
    for (std::size_t i = 0; i < n; ++i) {
        const std::size_t li = i < analysis.layers.size() ? analysis.layers[i].layerIndex : 0;
        m_ids.push_back(li < graph.layers().size() ? graph.layers()[li].id : core::LayerId{});
    }
    // An edit that keeps the number of layers keeps the zoom; otherwise show them all.
    if (sameCount) updateTicks();
    else resetZoom();
    rebuildHighlight();
    yAxis->setRange(0, top > 0 ? top * 1.08 : 1024);
    showSaturation(breakdown);
}

void LayerBarsChart::showSaturation(const core::MemoryBreakdown& breakdown)
{
    if (!m_saturation.update(breakdown, breakdown.config.batch)) return;
    for (QCPBars* bars : m_bars) bars->setVisible(false);
    yAxis->setRange(0, 1024);
}

bool LayerBarsChart::barsVisible() const
{
    return std::any_of(m_bars.begin(), m_bars.end(), [](const QCPBars* b) { return b->visible(); });
}

void LayerBarsChart::showComponents(std::array<bool, core::kComponentCount> any)
{
    // An empty legend collapses the plot's layout; keep weights listed when nothing shows.
    if (std::none_of(any.begin(), any.end(), [](bool b) { return b; })) any[0] = true;
    // Rebuilt in component order every time: adding a component back (SGD → Adam brings the
    // optimizer state) must not move it to the end of the legend.
    legend->clearItems();
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        QCPBars* bars = m_bars[c];
        bars->setVisible(any[c]);
        if (any[c]) bars->addToLegend();
    }
    LegendWrap::fit(*legend, width());
}

void LayerBarsChart::setValues(const core::MemoryBreakdown& breakdown)
{
    const std::size_t n = breakdown.layers.size();
    Q_ASSERT(n == m_bytes.size());
    const std::uint64_t b = breakdown.config.batch;
    std::array<bool, core::kComponentCount> any{};
    std::vector<double> sums(n, 0.0);
    for (std::size_t c = 0; c < core::kComponentCount; ++c) {
        auto data = m_bars[c]->data();
        std::size_t i = 0;
        for (auto it = data->begin(); it != data->end() && i < n; ++it, ++i) {
            const std::uint64_t v = breakdown.layers[i][core::kAllComponents[c]].at(b);
            m_bytes[i][c] = v;
            it->value = static_cast<double>(v);
            any[c] = any[c] || v > 0;
            sums[i] += static_cast<double>(v);
        }
    }
    showComponents(any);
    const double top = sums.empty() ? 0.0 : *std::max_element(sums.begin(), sums.end());
    yAxis->setRange(0, top > 0 ? top * 1.08 : 1024);
    showSaturation(breakdown);
}

void LayerBarsChart::resetZoom()
{
    xAxis->setRange(-0.6, std::max<double>(1.0, static_cast<double>(m_bytes.size())) - 0.4);
    updateTicks();
}

void LayerBarsChart::onRangeChanged(const QCPRange& range)
{
    if (m_adjustingRange) return;
    const double lo = -0.6;
    const double hi = std::max<double>(1.0, static_cast<double>(m_bytes.size())) - 0.4;
    // At least three bars wide, at most every layer, never beyond the first or last.
    const double width = std::clamp(range.size(), std::min(3.0, hi - lo), hi - lo);
    double start = std::clamp(range.lower, lo, hi - width);
    if (range.size() != width || start != range.lower) {
        m_adjustingRange = true;
        xAxis->setRange(start, start + width);
        m_adjustingRange = false;
    }
    updateTicks();
}

void LayerBarsChart::updateTicks()
{
    // One tick label per layer in view, thinned so labels never overlap: at most one per
    // ~14 px of axis (the rotated label's line height).
    m_nameTicker->clear();
    const QCPRange r = xAxis->range();
    const int first = std::max(0, static_cast<int>(std::ceil(r.lower)));
    const int last = std::min(static_cast<int>(m_names.size()) - 1, static_cast<int>(std::floor(r.upper)));
    if (last < first) return;
    const int pixels = std::max(50, axisRect()->width());
    const int fits = std::max(1, pixels / 14);
    const int every = std::max(1, (last - first + 1 + fits - 1) / fits);
    const int start = first - first % every; // labels stay on the same layers while panning
    for (int i = std::max(start, first); i <= last; i += every) m_nameTicker->addTick(i, tickLabel(m_names[i]));
}

QString LayerBarsChart::tickLabel(const QString& name)
{
    // An imported graph's names carry module scopes ("/encoder/layers/encoder_layer_11/mlp/
    // mlp.3/MatMul"): the last two parts say what the bar is; the tooltip has the whole name.
    constexpr int kMaxChars = 24;
    QString label = name;
    const QStringList parts = name.split(QLatin1Char('/'), Qt::SkipEmptyParts);
    if (parts.size() >= 2) label = parts[parts.size() - 2] + QLatin1Char('/') + parts.back();
    if (label.size() > kMaxChars) label = label.left(kMaxChars / 2 - 1) + QChar(0x2026) + label.right(kMaxChars / 2);
    return label;
}

std::optional<core::LayerId> LayerBarsChart::layerAt(int index) const
{
    if (index < 0 || index >= static_cast<int>(m_ids.size())) return std::nullopt;
    return m_ids[static_cast<std::size_t>(index)];
}

int LayerBarsChart::indexOf(core::LayerId id) const
{
    const auto it = std::find(m_ids.begin(), m_ids.end(), id);
    return it == m_ids.end() ? -1 : static_cast<int>(it - m_ids.begin());
}

int LayerBarsChart::barAt(QPoint pos) const
{
    if (!axisRect()->rect().contains(pos)) return -1;
    const double x = xAxis->pixelToCoord(pos.x());
    const int i = static_cast<int>(std::lround(x));
    if (i < 0 || i >= static_cast<int>(m_ids.size()) || std::abs(x - i) > 0.45) return -1;
    return i;
}

void LayerBarsChart::setHighlightedLayers(const std::vector<core::LayerId>& ids)
{
    m_highlighted = ids;
    rebuildHighlight();
    const auto shown = highlightedIndices();
    if (shown.empty()) return;
    // Pan the first highlighted bar into view, keeping the zoom.
    const int first = shown.front();
    const QCPRange r = xAxis->range();
    if (first < r.lower + 0.5 || first > r.upper - 0.5) xAxis->setRange(first - r.size() / 2, first + r.size() / 2);
}

std::vector<int> LayerBarsChart::highlightedIndices() const
{
    std::vector<int> out;
    for (core::LayerId id : m_highlighted)
        if (const int i = indexOf(id); i >= 0) out.push_back(i);
    std::sort(out.begin(), out.end());
    return out;
}

void LayerBarsChart::rebuildHighlight()
{
    for (QCPItemRect* item : m_highlightItems) removeItem(item);
    m_highlightItems.clear();
    QColor fill = palette().color(QPalette::Highlight);
    fill.setAlpha(60);
    QPen pen(palette().color(QPalette::Highlight), 1.5);
    for (int i : highlightedIndices()) {
        // A band the bar's width and the plot's height, under the bars (the "grid" layer).
        auto* band = new QCPItemRect(this);
        band->setLayer(QStringLiteral("grid"));
        band->topLeft->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->bottomRight->setTypeY(QCPItemPosition::ptAxisRectRatio);
        band->topLeft->setCoords(i - 0.5, 0);
        band->bottomRight->setCoords(i + 0.5, 1);
        band->setBrush(fill);
        band->setPen(pen);
        band->setSelectable(false);
        m_highlightItems.push_back(band);
    }
}

void LayerBarsChart::mousePressEvent(QMouseEvent* event)
{
    m_pressPos = event->pos();
    QCustomPlot::mousePressEvent(event);
}

void LayerBarsChart::mouseReleaseEvent(QMouseEvent* event)
{
    const bool click = event->button() == Qt::LeftButton && (event->pos() - m_pressPos).manhattanLength() <= 4;
    QCustomPlot::mouseReleaseEvent(event);
    if (!click) return;
    if (const auto id = layerAt(barAt(event->pos()))) emit layerClicked(*id);
}

QVector<double> LayerBarsChart::values(core::Component c) const
{
    QVector<double> out;
    const auto data = m_bars[static_cast<std::size_t>(c)]->data();
    for (auto it = data->constBegin(); it != data->constEnd(); ++it) out.push_back(it->value);
    return out;
}

void LayerBarsChart::showTooltip(QMouseEvent* event)
{
    if (!axisRect()->rect().contains(event->pos())) {
        QToolTip::hideText();
        return;
    }
    const int i = static_cast<int>(std::lround(xAxis->pixelToCoord(event->pos().x())));
    if (i < 0 || i >= static_cast<int>(m_bytes.size())) {
        QToolTip::hideText();
        return;
    }
    QString html = QStringLiteral("<b>%1</b> <i>%2</i><table>").arg(m_names[i].toHtmlEscaped(), m_kinds[i].toHtmlEscaped());
    std::uint64_t total = 0;
    for (core::Component c : core::kAllComponents) {
        const std::uint64_t v = m_bytes[static_cast<std::size_t>(i)][static_cast<std::size_t>(c)];
        total += v;
        if (v == 0) continue;
        html += QStringLiteral("<tr><td><span style='color:%1'>&#9632;</span> %2</td><td align=right>%3</td><td align=right>%4</td></tr>")
                    .arg(ComponentStyle::color(c).name(), ComponentStyle::label(c), m_options.size(v),
                         DisplayOptions::exactBytes(v));
    }
    html += QStringLiteral("<tr><td><b>%1</b></td><td align=right><b>%2</b></td><td align=right>%3</td></tr></table>")
                .arg(tr("Total"), m_options.size(total), DisplayOptions::exactBytes(total));
    QToolTip::showText(event->globalPosition().toPoint(), html, this);
}

QSize LayerBarsChart::minimumSizeHint() const { return LegendWrap::minimumSizeHint(*this, QCustomPlot::minimumSizeHint()); }

void LayerBarsChart::resizeEvent(QResizeEvent* event)
{
    LegendWrap::fit(*legend, event->size().width());
    QCustomPlot::resizeEvent(event);
}

} // namespace netsizer::ui
