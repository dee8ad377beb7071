#pragma once
// Lesson texts as shown: placeholders filled with the engine's figures (core/lessons/
// LessonFigures.h) in the person's units and locale, and the reveal of a predict-then-reveal
// question worded through tr().

#include "core/lessons/LessonFigures.h"

#include <QCoreApplication>
#include <QString>

namespace netsizer::ui {

class DisplayOptions;

class LessonFigureText {
    Q_DECLARE_TR_FUNCTIONS(LessonFigureText)
public:
    // A figure in words: bytes in the chosen units, counts with the locale's separators, the
    // step phase and verdict translated, a layer's name as it is; "—" when absent.
    static QString figure(const core::FigureValue& value, const DisplayOptions& options);
    // `text` (rich text) with every placeholder replaced by its figure, HTML-escaped. A text the
    // reader accepted always splits; otherwise it is shown unchanged.
    static QString fill(const std::string& text, const core::LessonEngine& engine, const DisplayOptions& options);
    // The reveal of a number question: the engine's figure, the guess (in the question's unit),
    // and how far off it is in percent, or that it is within the tolerance.
    static QString revealNumber(const core::LessonQuestion& q, const core::FigureValue& truth, double guess,
                                const DisplayOptions& options);
    // The reveal of a choice question: the right choice's text (or the figure when no choice
    // matches) and whether the pick was it.
    static QString revealChoice(const core::LessonQuestion& q, const core::FigureValue& truth, const QString& pickedValue,
                                const std::string& language, const DisplayOptions& options);
    // The language lesson texts are shown in: the default QLocale's ("it_IT").
    static std::string language();
};

} // namespace netsizer::ui
