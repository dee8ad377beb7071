#include "ui/lessons/LessonPlayer.h"

#include "core/estimate/GpuCatalog.h"
#include "core/lessons/LessonProgress.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/charts/MemoryView.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/lessons/LessonFigureText.h"
#include "ui/lessons/LessonHighlight.h"
#include "ui/lessons/LessonLibrary.h"
#include "ui/lessons/LessonQuestionBox.h"
#include "ui/style/DisplayOptions.h"

#include <QHBoxLayout>
#include <QLabel>
#include <QMainWindow>
#include <QPushButton>
#include <QScrollArea>
#include <QScrollBar>
#include <QShortcut>
#include <QVBoxLayout>

#include <array>
#include <utility>

namespace netsizer::ui {

namespace {
const QStringList kCharts = {QStringLiteral("layers"), QStringLiteral("step"), QStringLiteral("gpus"), QStringLiteral("sequence")};
constexpr char kLayerPrefix[] = "layer:";
} // namespace

LessonPlayer::LessonPlayer(const LessonStage& stage, QWidget* parent) : QWidget(parent), m_stage(stage)
{
    setObjectName(QStringLiteral("LessonPlayer"));
    auto* outer = new QVBoxLayout(this);
    auto* head = new QHBoxLayout;
    m_title = new QLabel(this);
    QFont bold = m_title->font();
    bold.setBold(true);
    bold.setPointSizeF(bold.pointSizeF() * 1.2);
    m_title->setFont(bold);
    m_title->setWordWrap(true);
    m_counter = new QLabel(this);
    head->addWidget(m_title, 1);
    head->addWidget(m_counter);
    outer->addLayout(head);

    auto* scroll = new QScrollArea(this);
    scroll->setWidgetResizable(true);
    scroll->setFrameShape(QFrame::NoFrame);
    scroll->setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
    auto* body = new QWidget(scroll);
    auto* bodyLayout = new QVBoxLayout(body);
    bodyLayout->setContentsMargins(0, 0, 0, 0);
    m_text = new QLabel(body);
    m_text->setObjectName(QStringLiteral("LessonText"));
    m_text->setWordWrap(true);
    m_text->setTextFormat(Qt::RichText);
    m_text->setTextInteractionFlags(Qt::TextSelectableByMouse);
    m_text->setAlignment(Qt::AlignTop | Qt::AlignLeft);
    bodyLayout->addWidget(m_text);
    m_question = new LessonQuestionBox(body);
    bodyLayout->addWidget(m_question);
    m_condition = new QLabel(body);
    m_condition->setWordWrap(true);
    QFont italic = m_condition->font();
    italic.setItalic(true);
    m_condition->setFont(italic);
    bodyLayout->addWidget(m_condition);
    bodyLayout->addStretch(1);
    scroll->setWidget(body);
    outer->addWidget(scroll, 1);

    auto* buttons = new QHBoxLayout;
    m_back = new QPushButton(tr("◀ &Back"), this);
    m_back->setToolTip(tr("The previous step (Left)"));
    m_next = new QPushButton(tr("&Next ▶"), this);
    m_next->setToolTip(tr("The next step (Right or Space); on a question, reveal the answer first"));
    m_leave = new QPushButton(tr("&Leave lesson"), this);
    m_leave->setToolTip(tr("End the lesson and put your own model and settings back (Esc)"));
    m_back->setObjectName(QStringLiteral("LessonBack"));
    m_next->setObjectName(QStringLiteral("LessonNext"));
    m_leave->setObjectName(QStringLiteral("LessonLeave"));
    buttons->addWidget(m_back);
    buttons->addWidget(m_next);
    buttons->addStretch(1);
    buttons->addWidget(m_leave);
    outer->addLayout(buttons);

    connect(m_back, &QPushButton::clicked, this, &LessonPlayer::back);
    connect(m_next, &QPushButton::clicked, this, &LessonPlayer::forward);
    connect(m_leave, &QPushButton::clicked, this, &LessonPlayer::leave);
    connect(m_question, &LessonQuestionBox::revealRequested, this, &LessonPlayer::reveal);

    // 0: forward, 1: back, 2: leave.
    const std::array<std::pair<int, int>, 4> keys = {{{Qt::Key_Right, 0}, {Qt::Key_Space, 0}, {Qt::Key_Left, 1}, {Qt::Key_Escape, 2}}};
    for (const auto& [key, which] : keys) {
        auto* shortcut = new QShortcut(QKeySequence(key), m_stage.window);
        shortcut->setContext(Qt::WindowShortcut);
        shortcut->setEnabled(false);
        connect(shortcut, &QShortcut::activated, this, [this, which = which] {
            if (which == 0)
                forward();
            else if (which == 1)
                back();
            else
                leave();
        });
        m_keys << shortcut;
    }

    m_highlight = new LessonHighlight(m_stage.window);
    connect(m_stage.doc, &Document::changed, this, [this] {
        if (isRunning()) refreshText();
    });
    connect(m_stage.scene, &GraphScene::layerSelectionChanged, this, [this] {
        if (isRunning()) refreshText();
    });
    // Views that show and hide parts of themselves on a refresh (the advice panel) must not
    // bring back what the step hides before its reveal.
    connect(m_stage.memory, &MemoryView::refreshed, this, [this] {
        if (!isRunning() || m_index < 0) return;
        const core::LessonStep& step = m_lesson->steps[static_cast<std::size_t>(m_index)];
        if (!step.question || !m_answered) hideElements(step.hide);
    });
    connect(m_stage.options, &DisplayOptions::changed, this, [this] {
        if (isRunning()) refreshText();
    });
}

LessonPlayer::~LessonPlayer() = default;

QList<QPair<QString, QString>> LessonPlayer::keyHelp()
{
    return {{tr("Lesson ▸ Next step (reveal the answer first)"), tr("Right, Space")},
            {tr("Lesson ▸ Previous step"), tr("Left")},
            {tr("Lesson ▸ Leave the lesson (your model comes back)"), tr("Esc")}};
}

void LessonPlayer::start(core::Lesson lesson, const QString& path)
{
    if (isRunning()) leave();
    m_saved = SavedWork{m_stage.files->currentModel(), m_stage.files->sourcePath(), m_stage.files->savePath(),
                        m_stage.doc->isModified()};
    m_lesson = std::move(lesson);
    m_path = path;
    m_title->setText(QString::fromStdString(m_lesson->title.in(LessonFigureText::language())).toHtmlEscaped());
    for (QShortcut* k : m_keys) k->setEnabled(true);
    emit runningChanged(true);
    showStep(0, false);
}

void LessonPlayer::leave()
{
    if (!isRunning()) return;
    restoreHidden();
    m_highlight->clear();
    for (QShortcut* k : m_keys) k->setEnabled(false);
    m_lesson.reset();
    m_index = -1;
    if (m_saved) {
        SavedWork saved = std::move(*m_saved);
        m_saved.reset();
        m_stage.files->replace(std::move(saved.model), saved.sourcePath, saved.savePath, saved.modified);
    }
    emit runningChanged(false);
}

bool LessonPlayer::forward()
{
    if (!isRunning()) return false;
    const core::LessonStep& step = m_lesson->steps[static_cast<std::size_t>(m_index)];
    if (step.question && !m_answered) {
        reveal();
        return true;
    }
    if (!canAdvance()) {
        refreshText();
        return false;
    }
    if (m_index + 1 >= stepCount()) {
        leave();
        return true;
    }
    showStep(m_index + 1, false);
    return true;
}

bool LessonPlayer::back()
{
    if (!isRunning() || m_index == 0) return false;
    showStep(m_index - 1, true);
    return true;
}

void LessonPlayer::jumpTo(int index)
{
    if (isRunning() && index >= 0 && index < stepCount()) showStep(index, true);
}

void LessonPlayer::showStep(int index, bool replay)
{
    restoreHidden();
    m_problem.clear();
    m_index = index;
    m_answered = false;
    m_revealed = {};
    if (replay) {
        // Every setting up to `index`, from the last step that opens a model (or the person's
        // own model when none does).
        int from = 0;
        for (int i = index; i >= 0; --i)
            if (m_lesson->steps[static_cast<std::size_t>(i)].settings.model) {
                from = i;
                break;
            }
        if (!m_lesson->steps[static_cast<std::size_t>(from)].settings.model && m_saved)
            m_stage.files->replace(m_saved->model, QString(), QString(), false);
        for (int i = from; i <= index; ++i) apply(m_lesson->steps[static_cast<std::size_t>(i)].settings);
    } else {
        apply(m_lesson->steps[static_cast<std::size_t>(index)].settings);
    }
    const core::LessonStep& step = m_lesson->steps[static_cast<std::size_t>(index)];
    hideElements(step.hide);
    const std::string language = LessonFigureText::language();
    m_question->showQuestion(step.question,
                             step.question ? LessonFigureText::fill(step.question->prompt.in(language), engine(), *m_stage.options)
                                           : QString(),
                             language);
    frameTarget();
    refreshText();
    emit stepShown(index);
}

void LessonPlayer::apply(const core::LessonSettings& settings)
{
    if (settings.model) {
        auto model = LessonLibrary::loadModel(*settings.model, m_path);
        if (!model) {
            m_problem = tr("The lesson's model cannot be opened: %1").arg(QString::fromStdString(model.error().describe()));
        } else {
            // A lesson model has no file to save to: Save asks for a name, never overwrites.
            m_stage.files->replace(std::move(*model), QString(), QString(), false);
        }
    }
    core::TrainingConfig config = m_stage.doc->config();
    settings.applyTo(config, core::GpuCatalog::builtin());
    if (!(config == m_stage.doc->config())) m_stage.doc->setConfig(config);
    if (settings.select) {
        if (const core::Layer* l = m_stage.doc->graph().findByName(*settings.select)) {
            m_stage.scene->selectLayers({l->id}, true);
            if (NodeItem* n = m_stage.scene->node(l->id)) m_stage.view->centerOn(n);
        }
    }
    if (settings.chart) m_stage.memory->showTopChart(static_cast<int>(kCharts.indexOf(QString::fromStdString(*settings.chart))));
}

core::LessonEngine LessonPlayer::engine() const
{
    return {m_stage.doc->graph(), m_stage.doc->analysis(), m_stage.doc->breakdown(), core::GpuCatalog::builtin()};
}

std::string LessonPlayer::selectedLayerName() const
{
    const auto ids = m_stage.scene->selectedLayers();
    if (ids.size() != 1) return {};
    const core::Layer* l = m_stage.doc->graph().find(ids.front());
    return l ? l->name : std::string();
}

bool LessonPlayer::canAdvance() const
{
    if (!isRunning() || m_index < 0) return false;
    const core::LessonStep& step = m_lesson->steps[static_cast<std::size_t>(m_index)];
    core::LessonProgressState state;
    state.config = m_stage.doc->config();
    state.selectedLayer = selectedLayerName();
    const core::MemoryBreakdown& gpu = m_stage.doc->gpuBreakdown();
    state.verdict = core::fitVerdict(gpu.peakComposition(), gpu.config);
    state.answered = m_answered;
    return core::conditionMet(step.advance, state);
}

void LessonPlayer::reveal()
{
    if (!isRunning() || m_answered) return;
    const core::LessonStep& step = m_lesson->steps[static_cast<std::size_t>(m_index)];
    if (!step.question) return;
    const core::LessonQuestion& q = *step.question;
    m_revealed = core::evaluateFigure(q.figure, engine());
    QString text;
    if (q.kind == core::LessonQuestion::Kind::Number) {
        const auto guess = m_question->numberGuess();
        text = guess ? LessonFigureText::revealNumber(q, m_revealed, *guess, *m_stage.options)
                     : tr("NetSizer computes <b>%1</b>.").arg(LessonFigureText::figure(m_revealed, *m_stage.options));
    } else {
        text = LessonFigureText::revealChoice(q, m_revealed, m_question->choiceGuess(), LessonFigureText::language(),
                                              *m_stage.options);
    }
    m_answered = true;
    m_question->showReveal(text);
    restoreHidden(); // what was hidden so as not to give the answer away
    refreshText();
}

QString LessonPlayer::stepText() const { return m_text->text(); }

QString LessonPlayer::conditionText() const { return m_condition->text(); }

void LessonPlayer::refreshText()
{
    if (m_index < 0) return;
    const core::LessonStep& step = m_lesson->steps[static_cast<std::size_t>(m_index)];
    m_counter->setText(tr("Step %1 of %2").arg(m_index + 1).arg(stepCount()));
    QString text = LessonFigureText::fill(step.text.in(LessonFigureText::language()), engine(), *m_stage.options);
    if (!m_problem.isEmpty()) text += QStringLiteral("<p><b>%1</b></p>").arg(m_problem.toHtmlEscaped());
    m_text->setText(text);

    using K = core::AdvanceCondition::Kind;
    const core::AdvanceCondition& c = step.advance;
    QString todo;
    const QString value = QString::fromStdString(c.text);
    switch (c.kind) {
    case K::Next: break;
    case K::BatchAtLeast: todo = tr("To go on, set the batch size to at least %1.").arg(c.number); break;
    case K::BatchAtMost: todo = tr("To go on, set the batch size to at most %1.").arg(c.number); break;
    case K::LayerSelected: todo = tr("To go on, select the layer %1 on the canvas.").arg(value); break;
    case K::Verdict:
        todo = tr("To go on, change the settings until the verdict is: %1.")
                   .arg(LessonFigureText::figure({core::FigureKind::Text, true, 0, c.text}, *m_stage.options));
        break;
    case K::Optimizer: todo = tr("To go on, choose the optimizer %1.").arg(value); break;
    case K::Framework: todo = tr("To go on, choose the framework %1.").arg(value); break;
    case K::Mode: todo = tr("To go on, set the mode to %1.").arg(value); break;
    case K::Answered: todo = tr("Answer the question to go on."); break;
    }
    const bool ok = canAdvance();
    const bool last = m_index + 1 >= stepCount();
    if (step.question && !m_answered)
        m_condition->setText(tr("Make your guess, then Reveal (Right or Space)."));
    else if (!ok)
        m_condition->setText(todo);
    else
        m_condition->setText(last ? tr("Done — Finish (Right or Space) puts your own model back.")
                                  : tr("Next: Right or Space. Back: Left. Leave: Esc."));
    m_back->setEnabled(m_index > 0);
    m_next->setEnabled(ok || (step.question && !m_answered));
    m_next->setText(step.question && !m_answered ? tr("&Reveal ▶") : last ? tr("&Finish") : tr("&Next ▶"));
}

QList<QWidget*> LessonPlayer::targetWidgets(const QString& name) const
{
    QList<QWidget*> out;
    for (QWidget* w : m_stage.window->findChildren<QWidget*>())
        if (w->objectName() == name || w->property("lessonTarget").toString() == name) out << w;
    return out;
}

bool LessonPlayer::targetExists() const
{
    if (!isRunning()) return false;
    const QString target = QString::fromStdString(m_lesson->steps[static_cast<std::size_t>(m_index)].target);
    if (target.isEmpty()) return true;
    if (target.startsWith(QLatin1String(kLayerPrefix)))
        return m_stage.doc->graph().findByName(target.mid(int(sizeof kLayerPrefix) - 1).toStdString()) != nullptr;
    return !targetWidgets(target).isEmpty();
}

void LessonPlayer::frameTarget()
{
    const QString target = QString::fromStdString(m_lesson->steps[static_cast<std::size_t>(m_index)].target);
    if (target.isEmpty()) {
        m_highlight->clear();
        return;
    }
    if (target.startsWith(QLatin1String(kLayerPrefix))) {
        const std::string name = target.mid(int(sizeof kLayerPrefix) - 1).toStdString();
        if (const core::Layer* l = m_stage.doc->graph().findByName(name))
            if (NodeItem* n = m_stage.scene->node(l->id)) m_stage.view->ensureVisible(n);
        m_highlight->follow([this, name] {
            const core::Layer* l = m_stage.doc->graph().findByName(name);
            NodeItem* n = l ? m_stage.scene->node(l->id) : nullptr;
            if (!n || !m_stage.view->isVisible()) return QRect();
            const QRect inView = m_stage.view->mapFromScene(n->sceneBoundingRect()).boundingRect();
            const QRect clipped = inView.intersected(m_stage.view->viewport()->rect());
            if (clipped.isEmpty()) return QRect();
            return QRect(m_stage.view->viewport()->mapTo(m_stage.window, clipped.topLeft()), clipped.size());
        });
        return;
    }
    // A target inside a scroll area (the summary, the advice) is scrolled into view once, when it
    // first shows (the advice panel appears with the refresh after the settings).
    m_highlight->follow([this, target, scrolled = false]() mutable {
        if (!scrolled)
            for (QWidget* w : targetWidgets(target)) {
                if (!w->isVisible()) continue;
                scrolled = true;
                for (QWidget* p = w->parentWidget(); p; p = p->parentWidget())
                    if (auto* scroll = qobject_cast<QScrollArea*>(p); scroll && scroll->widget() && scroll->widget()->isAncestorOf(w)) {
                        const int x = scroll->horizontalScrollBar()->value();
                        scroll->ensureWidgetVisible(w, 0, 0);
                        scroll->horizontalScrollBar()->setValue(x); // vertically only
                        break;
                    }
            }
        QRect r;
        // Only what shows: a target scrolled out of its scroll area is clipped away.
        for (QWidget* w : targetWidgets(target))
            if (w->isVisible())
                if (const QRect shown = w->visibleRegion().boundingRect(); !shown.isEmpty())
                    r |= QRect(w->mapTo(m_stage.window, shown.topLeft()), shown.size());
        return r;
    });
}

void LessonPlayer::hideElements(const std::vector<std::string>& names)
{
    for (const std::string& name : names)
        for (QWidget* w : targetWidgets(QString::fromStdString(name)))
            if (w->isVisible()) {
                w->hide();
                m_hidden << w;
            }
}

void LessonPlayer::restoreHidden()
{
    for (const QPointer<QWidget>& w : m_hidden)
        if (w) w->show();
    m_hidden.clear();
}

} // namespace netsizer::ui
