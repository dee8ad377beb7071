// Lessons in the real window (ui/lessons): every shipped lesson reads, and at each of its steps
// the target and the hidden elements exist and its choice questions have exactly one right
// choice; every shipped lesson runs to its end offscreen — each reveal checked against the
// engine's own figure, computed afresh from the document's graph and configuration — and
// leaves the person's work as it was (model, configuration, paths, modified flag); the keys
// drive a lesson (Right / Space forward, Left back, Esc leaves); a bad lesson file is refused
// with its located error.
#include "app/MainWindow.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/lessons/LessonFigures.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/lessons/LessonFigureText.h"
#include "ui/lessons/LessonHighlight.h"
#include "ui/lessons/LessonLibrary.h"
#include "ui/lessons/LessonMenu.h"
#include "ui/lessons/LessonPlayer.h"
#include "ui/lessons/LessonQuestionBox.h"
#include "ui/style/DisplayOptions.h"
#include "ui/table/LayerTableView.h"
#include "FileTestSupport.h"

#include <QDir>
#include <QMenu>
#include <QTemporaryDir>
#include <QtTest>

using namespace netsizer;
using namespace netsizer::test;

class TestLessons : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_lessons"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_window = std::make_unique<app::MainWindow>(*m_doc, m_options);
        QVERIFY(m_window->files()->openFile(example(QStringLiteral("lenet5.json"))));
        m_window->resize(1366, 768);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup()
    {
        m_window.reset();
        m_doc.reset();
    }

    void everyShippedLessonIsBuiltIn();
    void shippedLessonsHaveTheirTargets_data() { shippedLessons(); }
    void shippedLessonsHaveTheirTargets();
    void lessonRunsToItsEnd_data() { shippedLessons(); }
    void lessonRunsToItsEnd();
    void keysDriveTheLesson();
    void unsavedWorkComesBack();
    void conditionHoldsTheStep();
    void badLessonFileIsRefusedWithItsPlace();
    void lessonsAreInTheMenus();

private:
    void shippedLessons();
    ui::LessonPlayer& player() { return *m_window->lessonPlayer(); }
    void start(const QString& path)
    {
        auto lesson = ui::LessonLibrary::load(path);
        QVERIFY2(lesson.ok(), lesson.ok() ? "" : lesson.error().describe().c_str());
        m_lesson = *lesson;
        player().start(std::move(*lesson), path);
        QVERIFY(player().isRunning());
    }
    // The figure computed afresh: analyse the document's graph and estimate its configuration.
    core::FigureValue engineFigure(const core::FigureRef& ref) const
    {
        const core::Analysis a = core::analyze(m_doc->graph());
        const core::MemoryBreakdown b = core::estimate(a, m_doc->config(), core::GpuCatalog::builtin().defaultContextBytes());
        return core::evaluateFigure(ref, {m_doc->graph(), a, b, core::GpuCatalog::builtin()});
    }
    // Does what the step's condition asks, as a student would.
    void satisfy(const core::AdvanceCondition& c)
    {
        using K = core::AdvanceCondition::Kind;
        core::TrainingConfig config = m_doc->config();
        switch (c.kind) {
        case K::Next:
        case K::Answered: return;
        case K::BatchAtLeast:
        case K::BatchAtMost: QVERIFY(m_doc->setBatch(c.number)); return;
        case K::LayerSelected:
            m_window->canvas()->graphScene()->selectLayers({m_doc->graph().findByName(c.text)->id}, true);
            return;
        case K::Optimizer: config.optimizer = *core::parseOptimizer(c.text); break;
        case K::Framework: config.framework = *core::parseFramework(c.text); break;
        case K::Mode: config.mode = *core::parseMode(c.text); break;
        case K::Verdict: QFAIL("no shipped lesson waits for a verdict"); return;
        }
        QVERIFY(m_doc->setConfig(config));
    }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<app::MainWindow> m_window;
    core::Lesson m_lesson;
};

void TestLessons::shippedLessons()
{
    QTest::addColumn<QString>("path");
    const QDir dir(QStringLiteral(NETSIZER_ROOT "/resources/lessons"));
    for (const QString& name : dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name))
        QTest::newRow(qPrintable(name)) << QStringLiteral(":/lessons/") + name;
}

void TestLessons::everyShippedLessonIsBuiltIn()
{
    const QDir dir(QStringLiteral(NETSIZER_ROOT "/resources/lessons"));
    const QStringList files = dir.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
    QVERIFY(files.size() >= 5);
    QStringList builtIn;
    for (const QString& p : ui::LessonLibrary::builtinPaths()) builtIn << QFileInfo(p).fileName();
    QCOMPARE(builtIn, files);
}

void TestLessons::shippedLessonsHaveTheirTargets()
{
    QFETCH(QString, path);
    start(path);
    for (int i = 0; i < player().stepCount(); ++i) {
        player().jumpTo(i);
        const core::LessonStep& step = m_lesson.steps[static_cast<std::size_t>(i)];
        QVERIFY2(player().settingsProblem().isEmpty(), qPrintable(player().settingsProblem()));
        QVERIFY2(player().targetExists(), qPrintable(QStringLiteral("step %1: no element '%2'").arg(i).arg(QString::fromStdString(step.target))));
        for (const std::string& name : step.hide)
            QVERIFY2(!player().targetWidgets(QString::fromStdString(name)).isEmpty(),
                     qPrintable(QStringLiteral("step %1 hides '%2', which does not exist").arg(i).arg(QString::fromStdString(name))));
        if (step.settings.select) QVERIFY(m_doc->graph().findByName(*step.settings.select));
        // A filled text: every placeholder became a figure.
        QVERIFY(!player().stepText().contains(QLatin1Char('{')));
        if (step.question && step.question->kind == core::LessonQuestion::Kind::Choice) {
            const core::FigureValue truth = engineFigure(step.question->figure);
            int right = 0;
            for (const core::LessonChoice& c : step.question->choices) right += c.value == truth.text ? 1 : 0;
            QVERIFY2(right == 1, qPrintable(QStringLiteral("step %1: the engine says '%2', which is not one choice")
                                                .arg(i)
                                                .arg(QString::fromStdString(truth.text))));
        }
        // The highlight frames a visible target (one not hidden by the step itself).
        if (!step.target.empty() && step.hide.empty()) {
            QTRY_VERIFY2(!player().highlight()->framed().isEmpty(),
                         qPrintable(QStringLiteral("step %1: '%2' is not framed").arg(i).arg(QString::fromStdString(step.target))));
        }
    }
    player().leave();
}

void TestLessons::lessonRunsToItsEnd()
{
    QFETCH(QString, path);
    const std::string before = nativeText(*m_doc);
    const core::TrainingConfig config = m_doc->config();
    const QString source = m_window->files()->sourcePath();
    start(path);
    int shown = 0;
    int reveals = 0;
    while (player().isRunning()) {
        QVERIFY(shown < 100);
        const int index = player().stepIndex();
        QCOMPARE(index, shown);
        const core::LessonStep& step = m_lesson.steps[static_cast<std::size_t>(index)];
        QVERIFY(!player().stepText().isEmpty());
        if (step.question) {
            const core::FigureValue truth = engineFigure(step.question->figure);
            QVERIFY(truth.present);
            if (step.question->kind == core::LessonQuestion::Kind::Number) {
                // The student's guess: half the figure, in the question's unit.
                const double factor = *core::unitFactor(step.question->unit);
                player().questionBox()->setNumberGuess(static_cast<double>(truth.number) / 2.0 / factor);
            } else {
                QVERIFY(player().questionBox()->pickChoice(QString::fromStdString(step.question->choices.front().value)));
            }
            QVERIFY(player().forward()); // the first forward reveals
            QVERIFY(player().answered());
            QCOMPARE(player().stepIndex(), index);
            QCOMPARE(player().revealedFigure().number, truth.number);
            QCOMPARE(player().revealedFigure().text, truth.text);
            const QString reveal = player().questionBox()->revealText();
            if (step.question->kind == core::LessonQuestion::Kind::Number) {
                QVERIFY2(reveal.contains(ui::LessonFigureText::figure(truth, m_options)), qPrintable(reveal));
                QVERIFY2(reveal.contains(QStringLiteral("50 % too low")), qPrintable(reveal));
            }
            ++reveals;
        }
        satisfy(step.advance);
        QVERIFY2(player().canAdvance(), qPrintable(player().conditionText()));
        QVERIFY(player().forward());
        ++shown;
    }
    QCOMPARE(shown, static_cast<int>(m_lesson.steps.size()));
    QVERIFY(reveals >= 1);
    // The person's work is back.
    QCOMPARE(nativeText(*m_doc), before);
    QVERIFY(m_doc->config() == config);
    QCOMPARE(m_window->files()->sourcePath(), source);
    QVERIFY(!m_doc->isModified());
}

void TestLessons::keysDriveTheLesson()
{
    start(QStringLiteral(":/lessons/01_cnn_224mb.json"));
    QCOMPARE(m_doc->graph().name, std::string("CNN 180×50"));
    m_window->activateWindow();
    QVERIFY(QTest::qWaitForWindowActive(m_window.get()));
    // The keys reach the lesson from a view that does not use them itself (the canvas keeps its
    // arrows while it has the focus: CanvasKeyboard).
    m_window->layerTable()->setFocus();
    const auto key = [](Qt::Key k) { QTest::keyClick(QApplication::focusWidget(), k); };
    key(Qt::Key_Right);
    QCOMPARE(player().stepIndex(), 1);
    key(Qt::Key_Left);
    QCOMPARE(player().stepIndex(), 0);
    key(Qt::Key_Space);
    QCOMPARE(player().stepIndex(), 1);
    // Step 2 asks: Space reveals, then goes on.
    m_window->layerTable()->setFocus();
    key(Qt::Key_Space);
    QVERIFY(player().answered());
    QCOMPARE(player().stepIndex(), 1);
    key(Qt::Key_Right);
    QCOMPARE(player().stepIndex(), 2);
    key(Qt::Key_Escape);
    QVERIFY(!player().isRunning());
    QCOMPARE(m_doc->graph().name, std::string("LeNet-5"));
}

void TestLessons::unsavedWorkComesBack()
{
    QVERIFY(m_doc->setBatch(7));
    QVERIFY(m_doc->isModified());
    const std::string before = nativeText(*m_doc);
    start(QStringLiteral(":/lessons/02_vgg16_k520_caffe.json"));
    QCOMPARE(m_doc->config().batch, 50u);
    // Saving during a lesson never overwrites the person's file: the lesson model has no path.
    QVERIFY(m_window->files()->savePath().isEmpty());
    player().leave();
    QCOMPARE(nativeText(*m_doc), before);
    QCOMPARE(m_doc->config().batch, 7u);
    QVERIFY(m_doc->isModified());
}

void TestLessons::conditionHoldsTheStep()
{
    start(QStringLiteral(":/lessons/02_vgg16_k520_caffe.json"));
    player().jumpTo(3); // "set the batch size to 10"
    QCOMPARE(m_doc->config().batch, 50u);
    QVERIFY(!player().canAdvance());
    QVERIFY(!player().forward());
    QCOMPARE(player().stepIndex(), 3);
    QVERIFY(player().conditionText().contains(QStringLiteral("at most 10")));
    QVERIFY(m_doc->setBatch(10));
    QVERIFY(player().forward());
    QCOMPARE(player().stepIndex(), 4);
    // Back replays the settings up to the step: batch 50 again.
    QVERIFY(player().back());
    QCOMPARE(m_doc->config().batch, 50u);
    player().leave();
}

void TestLessons::badLessonFileIsRefusedWithItsPlace()
{
    QTemporaryDir dir;
    const QString path = dir.filePath(QStringLiteral("mine.json"));
    writeText(path, R"({"format": "netsizer-lesson", "version": 1, "title": "Mine",
                        "steps": [{"text": "a"}, {"text": "b", "question": {"prompt": "?", "kind": "number", "figure": "peek"}}]})");
    const auto lesson = ui::LessonLibrary::load(path);
    QVERIFY(!lesson.ok());
    QCOMPARE(QString::fromStdString(lesson.error().path), QStringLiteral("mine.json:/steps/1/question/figure"));
    // A teacher's lesson with a model beside it.
    writeText(dir.filePath(QStringLiteral("net.json")), readAll(example(QStringLiteral("lenet5.json"))));
    const QString good = dir.filePath(QStringLiteral("good.json"));
    writeText(good, R"({"format": "netsizer-lesson", "version": 1, "title": "Mine",
                        "steps": [{"text": "{peak}", "settings": {"model": "net.json", "batch": 3}}]})");
    start(good);
    QVERIFY(player().settingsProblem().isEmpty());
    QCOMPARE(m_doc->config().batch, 3u);
    QCOMPARE(m_doc->graph().name, std::string("LeNet-5"));
    player().leave();
}

void TestLessons::lessonsAreInTheMenus()
{
    QMenu* lessons = m_window->lessonMenu()->lessonsMenu();
    QCOMPARE(lessons->actions().size(), ui::LessonLibrary::builtinPaths().size());
    QCOMPARE(lessons->actions().front()->text(), QStringLiteral("Why 224 MB is not the answer (a CNN at batch 128)"));
    QVERIFY(m_window->findChild<QAction*>(QStringLiteral("OpenLessonAction")));
    lessons->actions().front()->trigger();
    QVERIFY(player().isRunning());
    QVERIFY(m_window->findChild<QWidget*>(QStringLiteral("LessonDock"))->isVisible());
    player().leave();
    QVERIFY(!m_window->findChild<QWidget*>(QStringLiteral("LessonDock"))->isVisible());
}

QTEST_MAIN(TestLessons)
#include "tst_lessons.moc"
