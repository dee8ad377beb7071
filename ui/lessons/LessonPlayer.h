#pragma once
// Plays a lesson (core/lessons/Lesson.h) on the designer: the panel shows the step's text with
// the engine's figures filled in, its question, and what to do to go on; the step's settings are
// applied to the document, its target framed (LessonHighlight), its hidden elements hidden.
//
// Contracts:
// - The person's work is never lost: start() keeps the open model (graph, positions,
//   description, training configuration), its paths and whether it was modified; leaving the
//   lesson (Esc, Leave, the last Next, a new lesson, closing the window) puts them back. The
//   undo history of before the lesson is not kept.
// - While a lesson runs, Right and Space go forward, Left goes back and Esc leaves (window
//   shortcuts; a focused text field keeps its own keys).
// - Forward on an unanswered question reveals it first; forward on a step whose condition does
//   not hold stays and says what to do. Going forward applies only the new step's settings (the
//   person's own changes stay); going back replays every setting up to that step.
// - Elements a step hides come back at its reveal and when the step is left.

#include "core/lessons/LessonFigures.h"
#include "core/lessons/Lesson.h"
#include "core/io/ModelFile.h"
#include "ui/lessons/LessonStage.h"

#include <QList>
#include <QPair>
#include <QPointer>
#include <QWidget>

#include <optional>

class QLabel;
class QPushButton;
class QShortcut;

namespace netsizer::ui {

class LessonHighlight;
class LessonQuestionBox;

class LessonPlayer : public QWidget {
    Q_OBJECT
public:
    LessonPlayer(const LessonStage& stage, QWidget* parent = nullptr);
    ~LessonPlayer() override;

    // Starts `lesson` read from `path` (models it names are found relative to it). A lesson
    // running is left first.
    void start(core::Lesson lesson, const QString& path);
    bool isRunning() const { return m_lesson.has_value(); }
    int stepIndex() const { return m_index; }
    int stepCount() const { return m_lesson ? static_cast<int>(m_lesson->steps.size()) : 0; }

    // The forward key: reveals an unanswered question, else goes on when the condition holds,
    // leaving the lesson after its last step. False when nothing happened (the condition does
    // not hold, or no lesson runs).
    bool forward();
    // The back key: the previous step, its settings replayed. False at the first step.
    bool back();
    // Shows step `index` as going back to it does (every setting up to it replayed), whatever
    // the conditions (--lesson-step, tests).
    void jumpTo(int index);
    // Leaves the lesson and puts the person's work back.
    void leave();

    // The step's condition holds now.
    bool canAdvance() const;
    // What the panel shows (tests, screenshots).
    QString stepText() const;
    QString conditionText() const;
    LessonQuestionBox* questionBox() const { return m_question; }
    // Reveals the question now with the guess typed or picked (what the Reveal button does).
    void reveal();
    bool answered() const { return m_answered; }
    // The engine's figure the last reveal showed.
    const core::FigureValue& revealedFigure() const { return m_revealed; }
    // The widgets a target names in the window: objectName, or the property "lessonTarget" for
    // elements made of several widgets (a summary row). Layer targets ("layer:<name>") are not
    // widgets.
    QList<QWidget*> targetWidgets(const QString& name) const;
    // Whether the current step's target exists (a widget of the window or a layer of the model).
    bool targetExists() const;
    LessonHighlight* highlight() const { return m_highlight; }
    // (what, key) pairs for Help ▸ Keyboard shortcuts, translated.
    static QList<QPair<QString, QString>> keyHelp();
    // The problem of the last step's settings (a model that cannot be read), empty when none.
    QString settingsProblem() const { return m_problem; }

signals:
    void runningChanged(bool running);
    void stepShown(int index);

private:
    struct SavedWork {
        core::ModelFile model;
        QString sourcePath, savePath;
        bool modified = false;
    };
    void showStep(int index, bool replay);
    void apply(const core::LessonSettings& settings);
    void refreshText();
    void restoreHidden();
    void hideElements(const std::vector<std::string>& names);
    void frameTarget();
    core::LessonEngine engine() const;
    std::string selectedLayerName() const;

    LessonStage m_stage;
    std::optional<core::Lesson> m_lesson;
    QString m_path;
    std::optional<SavedWork> m_saved;
    int m_index = -1;
    bool m_answered = false;
    core::FigureValue m_revealed;
    QString m_problem;
    QList<QPointer<QWidget>> m_hidden;

    QLabel* m_title = nullptr;
    QLabel* m_counter = nullptr;
    QLabel* m_text = nullptr;
    QLabel* m_condition = nullptr;
    LessonQuestionBox* m_question = nullptr;
    QPushButton* m_back = nullptr;
    QPushButton* m_next = nullptr;
    QPushButton* m_leave = nullptr;
    LessonHighlight* m_highlight = nullptr;
    QList<QShortcut*> m_keys;
};

} // namespace netsizer::ui
