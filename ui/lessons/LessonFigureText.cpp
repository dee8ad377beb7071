#include "ui/lessons/LessonFigureText.h"

#include "ui/style/DisplayOptions.h"

#include <QLocale>

#include <cmath>

namespace netsizer::ui {

namespace {
QString phaseWord(const std::string& phase)
{
    if (phase == "forward") return LessonFigureText::tr("forward");
    if (phase == "loss") return LessonFigureText::tr("the loss");
    if (phase == "backward") return LessonFigureText::tr("backward");
    if (phase == "optimizer") return LessonFigureText::tr("the optimizer step");
    if (phase == "recompute") return LessonFigureText::tr("recomputation");
    return LessonFigureText::tr("the start of the step");
}

QString verdictWord(const std::string& verdict)
{
    if (verdict == "fits") return LessonFigureText::tr("fits");
    if (verdict == "may_not_fit") return LessonFigureText::tr("may not fit");
    if (verdict == "does_not_fit") return LessonFigureText::tr("does not fit");
    return LessonFigureText::tr("no GPU chosen");
}
} // namespace

std::string LessonFigureText::language() { return QLocale().name().toStdString(); }

QString LessonFigureText::figure(const core::FigureValue& value, const DisplayOptions& options)
{
    if (!value.present) return QStringLiteral("—");
    switch (value.kind) {
    case core::FigureKind::Bytes: return options.size(value.number);
    case core::FigureKind::Count: return QLocale().toString(static_cast<qulonglong>(value.number));
    case core::FigureKind::Text: break;
    }
    // Text figures: which one is known from the value's form.
    if (value.text == "fits" || value.text == "may_not_fit" || value.text == "does_not_fit" || value.text == "no_gpu")
        return verdictWord(value.text);
    for (const char* phase : {"start", "forward", "loss", "backward", "optimizer", "recompute"})
        if (value.text == phase) return phaseWord(value.text);
    return QString::fromStdString(value.text);
}

QString LessonFigureText::fill(const std::string& text, const core::LessonEngine& engine, const DisplayOptions& options)
{
    const auto pieces = core::splitPlaceholders(text, engine.gpus);
    if (!pieces) return QString::fromStdString(text);
    QString out;
    for (const core::TextPiece& p : *pieces)
        out += p.figure ? figure(core::evaluateFigure(*p.figure, engine), options).toHtmlEscaped() : QString::fromStdString(p.literal);
    return out;
}

QString LessonFigureText::revealNumber(const core::LessonQuestion& q, const core::FigureValue& truth, double guess,
                                       const DisplayOptions& options)
{
    const QString engineFigure = figure(truth, options);
    if (!truth.present) return tr("NetSizer has no figure here.");
    const double factor = core::unitFactor(q.unit).value_or(1.0);
    const QString guessText = q.unit.empty() ? QLocale().toString(guess, 'g', 12)
                                             : tr("%1 %2").arg(QLocale().toString(guess, 'g', 12), QString::fromStdString(q.unit));
    const double error = core::relativeError(guess * factor, static_cast<double>(truth.number));
    if (std::fabs(error) <= q.tolerance)
        return tr("NetSizer computes <b>%1</b>. You guessed %2: within %3 % — well estimated.")
            .arg(engineFigure, guessText, QLocale().toString(std::round(std::fabs(error) * 1000.0) / 10.0));
    if (!std::isfinite(error)) return tr("NetSizer computes <b>%1</b>. You guessed %2.").arg(engineFigure, guessText);
    const QString percent = QLocale().toString(std::round(std::fabs(error) * 1000.0) / 10.0);
    if (error < 0)
        return tr("NetSizer computes <b>%1</b>. You guessed %2: %3 % too low (the engine's figure is %4 × yours).")
            .arg(engineFigure, guessText, percent,
                 guess > 0 ? QLocale().toString(static_cast<double>(truth.number) / (guess * factor), 'f', 1) : QStringLiteral("∞"));
    return tr("NetSizer computes <b>%1</b>. You guessed %2: %3 % too high.").arg(engineFigure, guessText, percent);
}

QString LessonFigureText::revealChoice(const core::LessonQuestion& q, const core::FigureValue& truth, const QString& pickedValue,
                                       const std::string& language, const DisplayOptions& options)
{
    const core::LessonChoice* right = nullptr;
    const core::LessonChoice* picked = nullptr;
    for (const core::LessonChoice& c : q.choices) {
        if (c.value == truth.text) right = &c;
        if (QString::fromStdString(c.value) == pickedValue) picked = &c;
    }
    const QString answer = right ? QString::fromStdString(right->text.in(language)) : figure(truth, options).toHtmlEscaped();
    if (!picked) return tr("NetSizer says: <b>%1</b>.").arg(answer);
    if (picked == right) return tr("NetSizer says: <b>%1</b> — your choice, well done.").arg(answer);
    return tr("NetSizer says: <b>%1</b>. You chose “%2”.").arg(answer, QString::fromStdString(picked->text.in(language)));
}

} // namespace netsizer::ui
