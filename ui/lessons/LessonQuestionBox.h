#pragma once
// The predict-then-reveal part of a lesson step: the prompt, a number field (with the unit) or
// one radio button per choice, a Reveal button, and the reveal once asked. It only collects the
// guess; LessonPlayer computes the engine's figure and words the reveal.

#include "core/lessons/Lesson.h"

#include <QWidget>

#include <optional>

class QButtonGroup;
class QLabel;
class QLineEdit;
class QPushButton;
class QVBoxLayout;

namespace netsizer::ui {

class LessonQuestionBox : public QWidget {
    Q_OBJECT
public:
    explicit LessonQuestionBox(QWidget* parent = nullptr);

    // Shows `question` (prompt already filled) unanswered; nullopt hides the box.
    void showQuestion(const std::optional<core::LessonQuestion>& question, const QString& prompt, const std::string& language);
    // The number typed (the locale's form or the C form), nullopt when empty or not a number.
    std::optional<double> numberGuess() const;
    // The value of the picked choice, empty when none is picked.
    QString choiceGuess() const;
    // Tests and keyboard: type a number / pick a choice by value (false: no such choice).
    void setNumberGuess(double value);
    bool pickChoice(const QString& value);
    // Shows the reveal (rich text) and locks the answer.
    void showReveal(const QString& text);
    QString revealText() const;
    QLineEdit* numberField() const { return m_number; }

signals:
    void revealRequested();

private:
    void clearChoices();

    QLabel* m_prompt = nullptr;
    QLineEdit* m_number = nullptr;
    QLabel* m_unit = nullptr;
    QWidget* m_choices = nullptr;
    QVBoxLayout* m_choiceLayout = nullptr;
    QButtonGroup* m_group = nullptr;
    QPushButton* m_reveal = nullptr;
    QLabel* m_answer = nullptr;
};

} // namespace netsizer::ui
