#pragma once
// The formatting every explanation card shares: numbers and byte sizes through QLocale (so a
// translated designer groups digits its own way), byte units as the display options say, and
// the HTML of a card (a titled box of rule / substituted rule / result rows) that QTextBrowser
// renders. Colours come from the palette given, so light and dark themes both read.

#include "core/util/Checked.h"
#include "core/util/NumberFormat.h"

#include <QColor>
#include <QLocale>
#include <QPalette>
#include <QString>
#include <QStringList>

#include <cstdint>

namespace netsizer::ui {

class ExplainFormat {
public:
    ExplainFormat(core::ByteUnits units, const QPalette& palette, QLocale locale = QLocale());

    QString count(std::uint64_t n) const;
    // "1.11 GiB" (binary units) or "1.19 GB" (decimal); exact bytes below 1 KiB / 1 kB.
    QString bytes(std::uint64_t b) const;
    // A formatted number written by the core ("1,728", "16,384 × 27") with the locale's digit
    // grouping instead of the core's commas.
    QString coreText(const std::string& text) const;

    // One card: a title and its rows (each already HTML), in a bordered box.
    QString card(const QString& title, const QStringList& rows) const;
    // A row "rule", "= substituted", "= result": the three columns of every formula.
    QString formulaRow(const QString& label, const QString& rule, const QString& substituted, const QString& result) const;
    // A row of prose (a reason, a rule of the framework), in the muted colour when `muted`.
    QString noteRow(const QString& text, bool muted = false) const;
    // An anchor the panel follows: "layer:<index>", "component:<n>", "peak".
    static QString link(const QString& href, const QString& text);
    QString mutedColor() const { return m_muted.name(); }

private:
    core::ByteUnits m_units;
    QLocale m_locale;
    QColor m_border, m_title, m_muted, m_accent;
};

} // namespace netsizer::ui
