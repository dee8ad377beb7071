#include "ui/charts/SummaryPanel.h"

#include "core/timeline/PeakPlace.h"
#include "core/util/NumberFormat.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

#include <QEvent>
#include <QGridLayout>
#include <QLabel>
#include <QPainter>
#include <QVBoxLayout>

namespace netsizer::ui {

namespace {
QString thousands(std::uint64_t v) { return QString::fromStdString(core::withThousands(v)); }

QPixmap swatch(const QColor& c, int size)
{
    QPixmap pm(size, size);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setPen(c.darker(140));
    p.setBrush(c);
    p.drawRect(0, 0, size - 1, size - 1);
    return pm;
}

core::Component lineComponent(const std::string& name)
{
    return name == "conv_workspace" ? core::Component::Workspace : core::Component::Overhead;
}

std::uint64_t minus(std::uint64_t a, std::uint64_t b) { return a > b ? a - b : 0; }

// Sets a label's text colour (the verdict and the error lines) through its style sheet, only
// when it changes: a batch drag refreshes the texts on every step, and re-applying a style
// sheet re-polishes the label.
void setInk(QLabel* label, const QColor& c)
{
    const QString sheet = c.isValid() ? QStringLiteral("color: %1").arg(c.name()) : QString();
    if (label->styleSheet() != sheet) label->setStyleSheet(sheet);
}
} // namespace

void SummaryPanel::Row::show(bool on)
{
    swatch->setVisible(on);
    name->setVisible(on);
    value->setVisible(on);
}

SummaryPanel::SummaryPanel(const DisplayOptions& options, QWidget* parent) : QWidget(parent), m_options(options)
{
    auto* outer = new QVBoxLayout(this);
    m_total = new QLabel(this);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_total->setFont(big);
    m_total->setWordWrap(true);
    m_total->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_total);
    m_peak = new QLabel(this);
    m_peak->setWordWrap(true);
    m_peak->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_peak);
    m_params_ = new QLabel(this);
    m_params_->setWordWrap(true);
    outer->addWidget(m_params_);

    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(2);
    int gridRow = 0;
    auto addRow = [&](Row& r, const QPixmap& pm, const QString& label, int indent) {
        r.swatch = new QLabel(this);
        r.swatch->setPixmap(pm);
        r.name = new QLabel(label, this);
        r.name->setIndent(indent);
        r.value = new QLabel(this);
        r.value->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        grid->addWidget(r.swatch, gridRow, 0, Qt::AlignRight);
        grid->addWidget(r.name, gridRow, 1);
        grid->addWidget(r.value, gridRow, 2);
        ++gridRow;
    };
    for (core::Component c : core::kAllComponents) {
        addRow(m_rows[static_cast<std::size_t>(c)], ComponentStyle::swatch(c, 12).pixmap(12, 12), ComponentStyle::label(c), 0);
        // The overhead lines of this component, indented below it.
        for (std::size_t i = 0; i < kLineNames.size(); ++i)
            if (lineComponent(kLineNames[i]) == c)
                addRow(m_lineRows[i], swatch(ComponentStyle::overheadColor(kLineNames[i]), 9),
                       ComponentStyle::overheadLabel(kLineNames[i]), 12);
    }
    grid->setColumnStretch(1, 1);
    outer->addLayout(grid);

    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    QFont bold = font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    outer->addWidget(m_verdict);
    m_maxBatch = new QLabel(this);
    m_maxBatch->setWordWrap(true);
    outer->addWidget(m_maxBatch);
    m_errorLabel = new QLabel(this);
    m_errorLabel->setWordWrap(true);
    outer->addWidget(m_errorLabel);
    outer->addStretch(1);
    connect(&options, &DisplayOptions::changed, this, &SummaryPanel::refreshText);
}

void SummaryPanel::setBreakdown(const core::Graph& graph, const core::Analysis& analysis,
                                const core::MemoryBreakdown& breakdown)
{
    m_breakdown = breakdown;
    m_params = analysis.paramsTotal;
    m_trainable = analysis.paramsTrainable;
    m_macs = analysis.macs;
    m_errors.clear();
    if (!analysis.ok()) {
        m_errors = tr("%n problem(s) — the figures cover only the layers that could be analysed:", nullptr,
                      static_cast<int>(analysis.errors.size()));
        for (std::size_t i = 0; i < analysis.errors.size() && i < 3; ++i)
            m_errors += QStringLiteral("\n• ") + QString::fromStdString(analysis.errors[i].describe());
        if (analysis.errors.size() > 3)
            m_errors += QStringLiteral("\n• ") + tr("… and %n more (outlined in red on the canvas)", nullptr,
                                                     static_cast<int>(analysis.errors.size() - 3));
    }
    // Layer names of the events, looked up once here: a batch change may move the peak.
    m_eventLayers.clear();
    for (const auto& e : breakdown.timeline.events) {
        const core::Layer* layer = e.layer ? graph.find(*e.layer) : nullptr;
        m_eventLayers << (layer ? QString::fromStdString(layer->name) : QString());
    }
    refreshText();
}

QString SummaryPanel::range(std::uint64_t low, std::uint64_t high) const
{
    // "3.1–3.5 GiB": the unit once when both ends share it.
    const QString lo = m_options.bytes(static_cast<double>(low)), hi = m_options.bytes(static_cast<double>(high));
    const int sp = lo.lastIndexOf(QLatin1Char(' '));
    if (sp > 0 && hi.endsWith(lo.mid(sp))) return lo.left(sp) + QStringLiteral("–") + hi;
    return lo + QStringLiteral("–") + hi;
}

void SummaryPanel::refreshText()
{
    const auto& b = m_breakdown;
    const std::uint64_t batch = b.config.batch;
    const std::uint64_t total = b.totalBytes(), low = b.totalLow.at(batch), high = b.totalHigh.at(batch);
    m_total->setText(tr("%1 (%2) at batch %3")
                         .arg(m_options.bytes(static_cast<double>(total)), range(low, high))
                         .arg(batch));
    QString tip = tr("%1 = %2 fixed + %3 × %4 per sample\nBand: %5 .. %6 (the overhead lines at their low and high ends)")
                      .arg(DisplayOptions::exactBytes(total), DisplayOptions::exactBytes(b.total.fixed))
                      .arg(batch)
                      .arg(DisplayOptions::exactBytes(b.total.perSample), DisplayOptions::exactBytes(low),
                           DisplayOptions::exactBytes(high));
    m_total->setToolTip(tip);

    // The peak of the step and its band (the same excess below and above as the total's).
    const std::uint64_t peak = b.peakBytes();
    // The top is core's peakHighAt, the very figure maxBatch(true) and `fit --safe` use, so the
    // verdict's ✔ agrees with them at every batch.
    const std::uint64_t peakLow = minus(peak, total - low), peakHigh = b.peakHighAt(batch);
    QString where;
    if (!b.timeline.empty()) {
        const core::TimelinePeak p = b.peak();
        where = QString::fromStdString(core::eventPlace(b.timeline, p.event));
        if (p.event < static_cast<std::size_t>(m_eventLayers.size()) && !m_eventLayers[static_cast<int>(p.event)].isEmpty())
            where += tr(", layer %1").arg(m_eventLayers[static_cast<int>(p.event)]);
    }
    m_peak->setText(tr("Peak %1 (%2) %3").arg(m_options.bytes(static_cast<double>(peak)), range(peakLow, peakHigh), where));
    m_peak->setToolTip(tr("The most memory alive at once during one training step: %1.\nThe total above adds every "
                          "component at its own maximum, so it bounds the peak from above.")
                           .arg(DisplayOptions::exactBytes(peak)));
    m_params_->setText(tr("%1 parameters (%2 trainable) · %3 MACs per sample")
                           .arg(thousands(m_params), thousands(m_trainable), thousands(m_macs)));

    for (core::Component c : core::kAllComponents) {
        Row& row = m_rows[static_cast<std::size_t>(c)];
        const std::uint64_t v = b.bytes(c);
        row.show(v > 0);
        row.value->setText(m_options.bytes(static_cast<double>(v)));
        const QString t = tr("%1: %2\n= %3 fixed + %4 × %5 per sample")
                              .arg(ComponentStyle::label(c), DisplayOptions::exactBytes(v), DisplayOptions::exactBytes(b[c].fixed))
                              .arg(batch)
                              .arg(DisplayOptions::exactBytes(b[c].perSample));
        row.name->setToolTip(t);
        row.value->setToolTip(t);
    }
    for (std::size_t i = 0; i < kLineNames.size(); ++i) {
        Row& row = m_lineRows[i];
        const core::OverheadLine* line = nullptr;
        for (const auto& l : b.overheadLines)
            if (l.name == kLineNames[i]) line = &l;
        const std::uint64_t v = line ? line->bytes.at(batch) : 0;
        row.show(v > 0);
        row.value->setText(v > 0 ? m_options.bytes(static_cast<double>(v)) : QString());
        if (!line) continue;
        const QString t = tr("%1: %2 (band %3 .. %4)\nSource: %5")
                              .arg(ComponentStyle::overheadLabel(line->name), DisplayOptions::exactBytes(v),
                                   DisplayOptions::exactBytes(line->low.at(batch)),
                                   DisplayOptions::exactBytes(std::max(line->high.at(batch), v)),
                                   QString::fromUtf8(line->source));
        row.name->setToolTip(t);
        row.value->setToolTip(t);
    }
    refreshVerdict(peak, peakLow, peakHigh);
    setInk(m_errorLabel, StatusColors::error(palette()));
    m_errorLabel->setText(m_errors);
    m_errorLabel->setVisible(!m_errors.isEmpty());
}

void SummaryPanel::refreshVerdict(std::uint64_t peak, std::uint64_t peakLow, std::uint64_t peakHigh)
{
    const auto& b = m_breakdown;
    if (!b.config.gpu) {
        m_verdict->setText(tr("No GPU selected"));
        setInk(m_verdict, QColor());
        m_maxBatch->clear();
        return;
    }
    const auto& gpu = *b.config.gpu;
    const QString name = QString::fromStdString(gpu.name);
    const std::uint64_t cap = gpu.memoryBytes;
    const auto bytes = [this](std::uint64_t v) { return m_options.bytes(static_cast<double>(v)); };
    if (peakHigh <= cap) {
        const double pct = cap ? 100.0 * static_cast<double>(peak) / static_cast<double>(cap) : 0;
        m_verdict->setText(tr("✔ Fits on %1 (peak %2 of %3, %4%)").arg(name, bytes(peak), bytes(cap)).arg(pct, 0, 'f', 0));
        setInk(m_verdict, StatusColors::success(palette()));
    } else if (peak <= cap) {
        m_verdict->setText(tr("⚠ May not fit on %1: the peak %2 fits in %3, the top of its band %4 does not")
                               .arg(name, bytes(peak), bytes(cap), bytes(peakHigh)));
        setInk(m_verdict, StatusColors::warning(palette()));
    } else if (peakLow <= cap) {
        m_verdict->setText(tr("⚠ May not fit on %1: the peak %2 exceeds %3; only the low end of its band (%4) fits")
                               .arg(name, bytes(peak), bytes(cap), bytes(peakLow)));
        setInk(m_verdict, StatusColors::warning(palette()));
    } else {
        m_verdict->setText(tr("✘ Does not fit on %1 (peak %2 needed, %3 available)").arg(name, bytes(peak), bytes(cap)));
        setInk(m_verdict, StatusColors::error(palette()));
    }
    const auto mb = b.maxBatch(), safe = b.maxBatch(true);
    const auto batchText = [](std::uint64_t v) {
        return v >= core::TrainingConfig::kMaxBatch ? tr("%1 or more").arg(v) : QString::number(v);
    };
    if (mb && *mb > 0) {
        QString text = tr("Largest batch that fits: %1").arg(batchText(*mb));
        if (safe && *safe != *mb) text += tr(" (%1 with the whole band)").arg(*safe);
        m_maxBatch->setText(text);
    } else {
        m_maxBatch->setText(tr("Not even one sample fits."));
    }
}

void SummaryPanel::changeEvent(QEvent* event)
{
    if (event->type() == QEvent::PaletteChange || event->type() == QEvent::ApplicationPaletteChange) refreshText();
    QWidget::changeEvent(event);
}

QString SummaryPanel::totalText() const { return m_total->text(); }
QString SummaryPanel::peakText() const { return m_peak->text(); }
QString SummaryPanel::verdictText() const { return m_verdict->text() + QLatin1Char('\n') + m_maxBatch->text(); }
QString SummaryPanel::componentText(core::Component c) const { return m_rows[static_cast<std::size_t>(c)].value->text(); }

QString SummaryPanel::overheadLineText(const std::string& name) const
{
    for (std::size_t i = 0; i < kLineNames.size(); ++i)
        if (name == kLineNames[i]) return m_lineRows[i].value->text();
    return {};
}

} // namespace netsizer::ui
