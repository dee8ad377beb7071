#include "ui/explain/ExplainFormat.h"

#include <QRegularExpression>

namespace netsizer::ui {

ExplainFormat::ExplainFormat(core::ByteUnits units, const QPalette& palette, QLocale locale)
    : m_units(units), m_locale(std::move(locale))
{
    const QColor base = palette.color(QPalette::Base), text = palette.color(QPalette::Text);
    auto mix = [](const QColor& a, const QColor& b, double t) {
        return QColor::fromRgbF(a.redF() * (1 - t) + b.redF() * t, a.greenF() * (1 - t) + b.greenF() * t,
                                a.blueF() * (1 - t) + b.blueF() * t);
    };
    m_border = mix(base, text, 0.25);
    m_title = mix(base, text, 0.08);
    m_muted = mix(base, text, 0.6);
    m_accent = palette.color(QPalette::Link);
}

QString ExplainFormat::count(std::uint64_t n) const { return m_locale.toString(static_cast<qulonglong>(n)); }

QString ExplainFormat::bytes(std::uint64_t b) const
{
    if (b == core::kSaturated) return QStringLiteral("≥ 2⁶⁴ B");
    const bool decimal = m_units == core::ByteUnits::Decimal;
    if (b < (decimal ? 1000u : 1024u)) return m_locale.toString(static_cast<qulonglong>(b)) + QStringLiteral(" B");
    return m_locale.formattedDataSize(static_cast<qint64>(std::min<std::uint64_t>(b, INT64_MAX)), 2,
                                      decimal ? QLocale::DataSizeSIFormat : QLocale::DataSizeIecFormat);
}

QString ExplainFormat::coreText(const std::string& text) const
{
    QString s = QString::fromStdString(text).toHtmlEscaped();
    static const QRegularExpression grouped(QStringLiteral("(\\d),(?=\\d{3}\\b)"));
    return s.replace(grouped, QStringLiteral("\\1") + m_locale.groupSeparator());
}

QString ExplainFormat::card(const QString& title, const QStringList& rows) const
{
    return QStringLiteral("<table width=\"100%\" cellspacing=\"0\" cellpadding=\"4\" "
                          "style=\"border: 1px solid %1; margin-bottom: 8px;\">"
                          "<tr><td colspan=\"2\" bgcolor=\"%2\"><b>%3</b></td></tr>%4</table>")
        .arg(m_border.name(), m_title.name(), title, rows.join(QString()));
}

QString ExplainFormat::formulaRow(const QString& label, const QString& rule, const QString& substituted,
                                  const QString& result) const
{
    QString cells = QStringLiteral("<tr><td valign=\"top\" width=\"28%\" style=\"color: %1;\">%2</td><td valign=\"top\">")
                        .arg(m_muted.name(), label);
    if (!rule.isEmpty()) cells += QStringLiteral("<i>%1</i>").arg(rule);
    if (!substituted.isEmpty() && substituted != rule)
        cells += (rule.isEmpty() ? QString() : QStringLiteral("<br>")) + QStringLiteral("= %1").arg(substituted);
    if (!result.isEmpty())
        cells += ((rule.isEmpty() && substituted.isEmpty()) ? QString() : QStringLiteral("<br>")) +
                 QStringLiteral("= <b>%1</b>").arg(result);
    return cells + QStringLiteral("</td></tr>");
}

QString ExplainFormat::noteRow(const QString& text, bool muted) const
{
    return muted ? QStringLiteral("<tr><td colspan=\"2\" style=\"color: %1;\">%2</td></tr>").arg(m_muted.name(), text)
                 : QStringLiteral("<tr><td colspan=\"2\">%1</td></tr>").arg(text);
}

QString ExplainFormat::link(const QString& href, const QString& text)
{
    return QStringLiteral("<a href=\"%1\">%2</a>").arg(href, text);
}

} // namespace netsizer::ui
