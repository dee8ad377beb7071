#include "ui/charts/SummaryPanel.h"

#include "core/report/SizeOverflowError.h"
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
    if (maximum) maximum->setVisible(on);
}

SummaryPanel::SummaryPanel(const DisplayOptions& options, QWidget* parent) : QWidget(parent), m_options(options)
{
    setObjectName(QStringLiteral("SummaryPanel"));
    auto* outer = new QVBoxLayout(this);
    m_headline = new QLabel(this);
    QFont big = font();
    big.setPointSizeF(big.pointSizeF() * 1.5);
    big.setBold(true);
    m_headline->setFont(big);
    m_headline->setWordWrap(true);
    m_headline->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_headline);
    m_headline->setProperty("explainPeak", true); // ui/explain/SummaryClicks
    m_place = new QLabel(this);
    m_place->setWordWrap(true);
    m_place->setTextInteractionFlags(Qt::TextSelectableByMouse);
    outer->addWidget(m_place);
    m_params_ = new QLabel(this);
    m_params_->setWordWrap(true);
    outer->addWidget(m_params_);

    auto* grid = new QGridLayout;
    grid->setHorizontalSpacing(8);
    grid->setVerticalSpacing(2);
    // Column heads: what is alive at the peak (adds up to the headline), each one's own maximum.
    m_columnAtPeak = new QLabel(tr("at the peak"), this);
    m_columnMaximum = new QLabel(tr("own maximum"), this);
    for (QLabel* head : {m_columnAtPeak, m_columnMaximum}) {
        head->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        QFont f = head->font();
        f.setItalic(true);
        head->setFont(f);
    }
    m_columnAtPeak->setToolTip(tr("What is alive at the instant of the peak: these rows add up to the headline."));
    m_columnMaximum->setToolTip(tr("Each component at its own maximum over the step. The components reach their maxima "
                                   "at different instants, so these do not add up to the peak."));
    grid->addWidget(m_columnAtPeak, 0, 2);
    grid->addWidget(m_columnMaximum, 0, 3);
    int gridRow = 1;
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
        Row& row = m_rows[static_cast<std::size_t>(c)];
        addRow(row, ComponentStyle::swatch(c, 12).pixmap(12, 12), ComponentStyle::label(c), 0);
        row.name->setProperty("explainComponent", static_cast<int>(c)); // ui/explain/SummaryClicks
        row.maximum = new QLabel(this);
        row.maximum->setAlignment(Qt::AlignRight | Qt::AlignVCenter);
        row.maximum->setForegroundRole(QPalette::PlaceholderText);
        grid->addWidget(row.maximum, gridRow - 1, 3);
        // The overhead lines of this component, indented below it.
        for (std::size_t i = 0; i < kLineNames.size(); ++i)
            if (lineComponent(kLineNames[i]) == c)
                addRow(m_lineRows[i], swatch(ComponentStyle::overheadColor(kLineNames[i]), 9),
                       ComponentStyle::overheadLabel(kLineNames[i]), 12);
    }
    grid->setColumnStretch(1, 1);
    outer->addLayout(grid);
    // Names lessons point at (docs/lessons.md): each component row as one element.
    for (core::Component c : core::kAllComponents) {
        const Row& row = m_rows[static_cast<std::size_t>(c)];
        for (QLabel* part : {row.swatch, row.name, row.value, row.maximum})
            part->setProperty("lessonTarget", QStringLiteral("SummaryRow/%1").arg(QString::fromLatin1(core::componentName(c))));
        row.name->setObjectName(QStringLiteral("SummaryRow/%1").arg(QString::fromLatin1(core::componentName(c))));
    }

    m_verdict = new QLabel(this);
    m_verdict->setWordWrap(true);
    QFont bold = font();
    bold.setBold(true);
    m_verdict->setFont(bold);
    outer->addWidget(m_verdict);
    m_headline->setObjectName(QStringLiteral("SummaryHeadline"));
    m_place->setObjectName(QStringLiteral("SummaryPeakPlace"));
    m_verdict->setObjectName(QStringLiteral("SummaryVerdict"));
    m_maxBatch = new QLabel(this);
    m_maxBatch->setWordWrap(true);
    outer->addWidget(m_maxBatch);
    m_maxBatch->setObjectName(QStringLiteral("SummaryMaxBatch"));
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
    // Under the tensorflow profile the count is Keras' "Total params" (trainable + non-trainable,
    // BatchNorm's moving statistics included, no PyTorch num_batches_tracked).
    m_params = breakdown.config.framework == core::Framework::TensorFlow ? analysis.kerasTotalParams() : analysis.paramsTotal;
    m_trainable = analysis.paramsTrainable;
    m_macs = analysis.macs;
    m_errors.clear();
    m_overflow.clear();
    if (auto overflow = core::sizeOverflowError(breakdown, graph)) m_overflow = QString::fromStdString(overflow->message);
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
    const QString lo = m_options.size(low), hi = m_options.size(high);
    const int sp = lo.lastIndexOf(QLatin1Char(' '));
    if (sp > 0 && hi.endsWith(lo.mid(sp))) return lo.left(sp) + QStringLiteral("–") + hi;
    return lo + QStringLiteral("–") + hi;
}

void SummaryPanel::refreshText()
{
    const auto& b = m_breakdown;
    const std::uint64_t batch = b.config.batch;
    const core::PeakComposition peak = b.peakComposition();
    const bool band = peak.low != peak.bytes || peak.high != peak.bytes;
    // With accumulation the batch reads "batch 10 × 5 steps = 50": the micro-batch the memory is
    // for, the steps and the effective batch one optimizer step sees.
    const std::uint32_t steps = b.config.accumulationSteps;
    const QString batchText = steps > 1 ? tr("batch %1 × %2 steps = %3").arg(batch).arg(steps).arg(b.config.effectiveBatch())
                                        : tr("batch %1").arg(batch);
    m_params_->setText(tr("%1 parameters (%2 trainable) · %3 MACs per sample")
                           .arg(thousands(m_params), thousands(m_trainable), thousands(m_macs)));
    setInk(m_errorLabel, StatusColors::error(palette()));
    m_errorLabel->setText(m_errors);
    m_errorLabel->setVisible(!m_errors.isEmpty());
    if (!m_overflow.isEmpty()) {
        showOverflow(batchText);
        return;
    }
    m_columnAtPeak->show();
    m_columnMaximum->show();
    m_headline->setText(band ? tr("Needs %1 (%2) at %3")
                                   .arg(m_options.size(peak.bytes), range(peak.low, peak.high), batchText)
                             : tr("Needs %1 at %2").arg(m_options.size(peak.bytes), batchText));
    m_headline->setToolTip(tr("The peak of one training step: the most memory alive at one instant, %1.\n"
                              "Band: %2 .. %3 (the overhead lines at their low and high ends).\n"
                              "The sum of every component at its own maximum is %4.")
                               .arg(DisplayOptions::exactBytes(peak.bytes), DisplayOptions::exactBytes(peak.low),
                                    DisplayOptions::exactBytes(peak.high),
                                    DisplayOptions::exactBytes(b.componentMaximaSumAt(batch))));

    // Where the peak sits; a one-event step (Caffe, inference) says why the peak is the sum.
    QString where;
    if (b.timeline.events.size() > 1) {
        where = QString::fromStdString(core::eventPlace(b.timeline, peak.where.event));
        if (peak.where.event < static_cast<std::size_t>(m_eventLayers.size()) &&
            !m_eventLayers[static_cast<int>(peak.where.event)].isEmpty())
            where += tr(", layer %1").arg(m_eventLayers[static_cast<int>(peak.where.event)]);
        m_place->setText(tr("Peak of the training step, %1").arg(where));
    } else if (b.config.framework == core::Framework::Caffe && b.config.mode == core::Mode::Train) {
        m_place->setText(tr("Caffe allocates every blob (data and diff) before the first iteration: the peak is the sum "
                            "of the components"));
    } else {
        m_place->setText(tr("Inference keeps nothing for backward: the peak is the sum of the components"));
    }
    for (core::Component c : core::kAllComponents) {
        Row& row = m_rows[static_cast<std::size_t>(c)];
        const std::uint64_t atPeak = peak[c], maximum = b.bytes(c);
        row.show(atPeak > 0 || maximum > 0);
        row.value->setText(m_options.size(atPeak));
        row.maximum->setText(m_options.size(maximum));
        const QString t = tr("%1 at the peak: %2\nIts own maximum over the step: %3\n= %4 fixed + %5 × %6 per sample")
                              .arg(ComponentStyle::label(c), DisplayOptions::exactBytes(atPeak), DisplayOptions::exactBytes(maximum),
                                   DisplayOptions::exactBytes(b[c].fixed))
                              .arg(batch)
                              .arg(DisplayOptions::exactBytes(b[c].perSample));
        row.name->setToolTip(t);
        row.value->setToolTip(t);
        row.maximum->setToolTip(t);
    }
    for (std::size_t i = 0; i < kLineNames.size(); ++i) {
        Row& row = m_lineRows[i];
        const core::OverheadLine* line = nullptr;
        for (const auto& l : b.overheadLines)
            if (l.name == kLineNames[i]) line = &l;
        const std::uint64_t v = line ? line->bytes.at(batch) : 0;
        row.show(v > 0);
        row.value->setText(v > 0 ? m_options.size(v) : QString());
        if (!line) continue;
        const QString t = tr("%1: %2 (band %3 .. %4)\nSource: %5")
                              .arg(ComponentStyle::overheadLabel(line->name), DisplayOptions::exactBytes(v),
                                   DisplayOptions::exactBytes(line->low.at(batch)),
                                   DisplayOptions::exactBytes(std::max(line->high.at(batch), v)),
                                   QString::fromUtf8(line->source));
        row.name->setToolTip(t);
        row.value->setToolTip(t);
    }
    refreshVerdict(peak.bytes, peak.low, peak.high);
}

void SummaryPanel::showOverflow(const QString& batchText)
{
    // No figure at all: every one of them would be the saturated 2^64 - 1.
    m_headline->setText(tr("Too large to estimate at %1").arg(batchText));
    m_headline->setToolTip(tr("Some memory size at this batch exceeds 2^64 bytes, so no figure can be given. "
                              "A smaller batch or smaller layers bring it back."));
    m_place->setText(m_overflow);
    m_columnAtPeak->hide();
    m_columnMaximum->hide();
    for (Row& row : m_rows) row.show(false);
    for (Row& row : m_lineRows) row.show(false);
    m_verdict->setText(tr("✘ Memory beyond 2^64 bytes"));
    setInk(m_verdict, StatusColors::error(palette()));
    m_maxBatch->clear();
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
    const auto bytes = [this](std::uint64_t v) { return m_options.size(v); };
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

QString SummaryPanel::headlineText() const { return m_headline->text(); }
QString SummaryPanel::peakPlaceText() const { return m_place->text(); }
QString SummaryPanel::verdictText() const { return m_verdict->text() + QLatin1Char('\n') + m_maxBatch->text(); }
QString SummaryPanel::componentText(core::Component c) const { return m_rows[static_cast<std::size_t>(c)].value->text(); }
QString SummaryPanel::componentMaximumText(core::Component c) const
{
    return m_rows[static_cast<std::size_t>(c)].maximum->text();
}

QString SummaryPanel::overheadLineText(const std::string& name) const
{
    for (std::size_t i = 0; i < kLineNames.size(); ++i)
        if (name == kLineNames[i]) return m_lineRows[i].value->text();
    return {};
}

} // namespace netsizer::ui
