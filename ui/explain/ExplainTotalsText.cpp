#include "ui/explain/ExplainTotalsText.h"

#include "core/explain/ComponentShares.h"
#include "core/timeline/PeakPlace.h"
#include "ui/style/ComponentStyle.h"

namespace netsizer::ui {

namespace {

QString componentLink(core::Component c)
{
    return ExplainFormat::link(QStringLiteral("component:%1").arg(static_cast<int>(c)), ComponentStyle::label(c));
}

bool lineOf(const std::string& name, core::Component c)
{
    return (name == "conv_workspace") == (c == core::Component::Workspace);
}

} // namespace

QString ExplainTotalsText::componentHtml(const core::Graph& graph, const core::MemoryBreakdown& breakdown,
                                         core::Component c, const ExplainFormat& f)
{
    const std::uint64_t b = breakdown.config.batch;
    const core::PeakComposition peak = breakdown.peakCompositionAt(b);
    QString out = QStringLiteral("<h3>%1</h3>").arg(ComponentStyle::label(c));
    QStringList head;
    head << f.formulaRow(tr("at the peak"), QString(), QString(), f.bytes(peak[c]));
    head << f.formulaRow(tr("own maximum"), QString(), QString(), f.bytes(breakdown[c].at(b)));
    head << f.noteRow(tr("The peak holds what is alive of it at the %1; its own maximum is its largest size over the "
                         "step.")
                          .arg(ExplainFormat::link(QStringLiteral("peak"), tr("peak instant"))),
                      true);
    out += f.card(tr("Total"), head);

    QStringList rows;
    const auto shares = core::componentShares(graph, breakdown, c);
    if (!shares.empty()) {
        core::AffineBytes sum, rest;
        int listed = 0, restCount = 0;
        for (const core::ComponentShare& s : shares) {
            sum += s.bytes;
            if (listed >= kMaxListedLayers) {
                rest += s.bytes;
                ++restCount;
                continue;
            }
            ++listed;
            const QString name = ExplainFormat::link(QStringLiteral("layer:%1").arg(core::toIndex(s.id)),
                                                     QString::fromStdString(s.name).toHtmlEscaped());
            const QString sub = s.bytes.perSample
                                    ? tr("%1 + %2 × %3").arg(f.bytes(s.bytes.fixed), f.count(b), f.bytes(s.bytes.perSample))
                                    : QString();
            rows << f.formulaRow(name, QString(), sub, f.bytes(s.bytes.at(b)));
        }
        if (restCount)
            rows << f.formulaRow(tr("%n more layer(s)", nullptr, restCount), QString(), QString(), f.bytes(rest.at(b)));
        rows << f.formulaRow(tr("sum"), tr("Σ over the layers"),
                             tr("%1 + %2 × %3").arg(f.bytes(sum.fixed), f.count(b), f.bytes(sum.perSample)),
                             f.bytes(sum.at(b)));
        out += f.card(tr("The sum of its layers"), rows);
        return out;
    }
    const core::AffineBytes a = breakdown[c];
    switch (c) {
    case core::Component::Input:
        rows << f.formulaRow(tr("the mini-batch"), tr("batch × one sample"), tr("%1 × %2").arg(f.count(b), f.bytes(a.perSample)),
                             f.bytes(a.at(b)));
        break;
    case core::Component::ActivationGradients:
        rows << f.noteRow(tr("The gradients flowing backward are transient: at most one layer's output gradient and its "
                             "inputs' gradients are alive at once, so this is the largest such set, not a sum."));
        rows << f.formulaRow(tr("largest set"), tr("batch × per sample"),
                             tr("%1 × %2").arg(f.count(b), f.bytes(a.perSample)), f.bytes(a.at(b)));
        break;
    default:
        for (const core::OverheadLine& line : breakdown.overheadLines) {
            if (!lineOf(line.name, c)) continue;
            rows << f.formulaRow(ComponentStyle::overheadLabel(line.name),
                                 tr("band %1 – %2").arg(f.bytes(line.low.at(b)), f.bytes(line.high.at(b))),
                                 QString::fromUtf8(line.source).toHtmlEscaped(), f.bytes(line.bytes.at(b)));
        }
        if (rows.isEmpty()) rows << f.noteRow(tr("None in this configuration."), true);
        break;
    }
    out += f.card(tr("How it is counted"), rows);
    return out;
}

QString ExplainTotalsText::peakHtml(const core::Graph& graph, const core::MemoryBreakdown& breakdown, const ExplainFormat& f)
{
    const std::uint64_t b = breakdown.config.batch;
    const core::PeakComposition peak = breakdown.peakCompositionAt(b);
    QString where = QString::fromStdString(breakdown.timeline.events.empty()
                                               ? std::string()
                                               : core::eventPlace(breakdown.timeline, peak.where.event));
    if (peak.where.layer)
        if (const core::Layer* l = graph.find(*peak.where.layer))
            where = tr("%1, layer %2")
                        .arg(where, ExplainFormat::link(QStringLiteral("layer:%1").arg(core::toIndex(l->id)),
                                                        QString::fromStdString(l->name).toHtmlEscaped()));
    QString out = QStringLiteral("<h3>%1</h3>").arg(tr("Peak: %1 at batch %2").arg(f.bytes(peak.bytes), f.count(b)));
    QStringList rows;
    rows << f.noteRow(tr("The most memory alive at one instant of the training step: what the GPU must hold. It "
                         "happens %1.")
                          .arg(where));
    std::uint64_t sum = 0;
    for (core::Component c : core::kAllComponents) {
        if (peak[c] == 0) continue;
        sum = core::saturatingAdd(sum, peak[c]);
        rows << f.formulaRow(componentLink(c), QString(), QString(), f.bytes(peak[c]));
    }
    rows << f.formulaRow(tr("sum"), tr("what is alive then, by component"), QString(), f.bytes(sum));
    rows << f.noteRow(tr("Each component at its own maximum adds up to more (or less) than this: they peak at "
                         "different instants."),
                      true);
    out += f.card(tr("Alive at the peak"), rows);
    return out;
}

} // namespace netsizer::ui
