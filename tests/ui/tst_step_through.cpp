// View ▸ Step through in the real window, on the network of tests/core/tst_step_events.cpp:
// Input[4] "x" -> Dense(3) "d1" -> ReLU "r" (not in place) -> Dense(2) "d2", PyTorch on the CPU,
// fp32, SGD + momentum, batch 1. Hand-derived there (bytes at batch 1):
//   events 0–9 iteration 1, 10–19 iteration 2; 2 = forward r, 3 = forward d2, 8 = iteration 1's
//   optimizer step (creates the 92 B of momentum), 10 = iteration 2's start (weights 92 +
//   momentum 92 + input 16 = 200 B), 17 = iteration 2's backward d1 = the peak:
//   276 + 28 = 304 B (timeline event 7).
//   forward r: output 12 B, kept 12 B (its output, the gradient mask);
//   forward d2: output 8 B, its input already kept by r;
//   backward d1: its weight gradients 15 × 4 = 60 B, gradients flowing 3 × 4 = 12 B, r's kept
//   output released 12 B.
// At batch 100 the peak moves to iteration 2's backward r (event 16): 216 + 52 × 100 = 5,416 B.
#include "app/MainWindow.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/TimelineChart.h"
#include "ui/document/Document.h"
#include "ui/step/StepChart.h"
#include "ui/step/StepPanel.h"
#include "ui/style/DisplayOptions.h"
#include "FileTestSupport.h"

#include <QAction>
#include <QDockWidget>
#include <QSlider>
#include <QToolButton>
#include <QtTest>

using namespace netsizer;
using namespace netsizer::test;

class TestStepThrough : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_step_through"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void init();
    void cleanup()
    {
        m_window.reset();
        m_doc.reset();
    }

    void menuEntryShowsThePanel();
    void stepsWithCaptionAndCanvasMark();
    void keysStepAndPlay();
    void jumpsToThePeak();
    void iterationTwoStartsWithTheState();
    void followsTheBatchAndEdits();
    void hidingClearsTheMarks();
    void controlsAreNamed();

private:
    core::LayerId id(const char* name) const { return m_doc->graph().findByName(name)->id; }
    QString markOf(const char* name) const { return m_window->canvas()->graphScene()->node(id(name))->stepMark(); }
    ui::StepPanel* panel() const { return m_window->stepPanel(); }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<app::MainWindow> m_window;
};

void TestStepThrough::init()
{
    m_doc = std::make_unique<ui::Document>();
    m_window = std::make_unique<app::MainWindow>(*m_doc, m_options);
    core::GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", core::IntList{4}}});
    auto d1 = b.add("Dense", "d1", {x}, {{"units", std::int64_t{3}}});
    auto r = b.add("ReLU", "r", {d1}, {{"inplace", false}});
    b.add("Dense", "d2", {r}, {{"units", std::int64_t{2}}});
    core::TrainingConfig cfg;
    cfg.framework = core::Framework::PyTorchCpu;
    cfg.optimizer = core::Optimizer::SgdMomentum;
    cfg.batch = 1;
    m_doc->reset(b.take(), cfg);
    m_window->resize(1366, 768);
    m_window->show();
    QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    QApplication::processEvents();
}

void TestStepThrough::menuEntryShowsThePanel()
{
    QVERIFY(!m_window->stepDock()->isVisible()); // hidden until asked for
    auto* action = m_window->findChild<QAction*>(QStringLiteral("StepThroughAction"));
    QVERIFY(action);
    QCOMPARE(action->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_T));
    action->trigger();
    QVERIFY(m_window->stepDock()->isVisible());
    QVERIFY(panel()->isVisible());
    QCOMPARE(panel()->steps().size(), std::size_t{20});
    QCOMPARE(panel()->positionText(), QStringLiteral("Iteration 1 · start · event 1 of 20"));
    QCOMPARE(panel()->captionText(),
             QStringLiteral("Iteration 1 begins: the weights (92 B) and the input batch (16 B) are allocated. No optimizer "
                            "state yet: the first optimizer.step() creates it."));
    // The dock shares the Explain panel's place; at 1366×768 the memory view's minimum leaves it about
    // 160 px there, and the panel scrolls.
    QVERIFY(m_window->tabifiedDockWidgets(m_window->stepDock()).size() >= 1);
    QTRY_VERIFY2(m_window->stepDock()->height() >= 150, qPrintable(QString::number(m_window->stepDock()->height())));
    QCOMPARE(m_window->height(), 768); // the panel scrolls rather than growing the window
}

void TestStepThrough::stepsWithCaptionAndCanvasMark()
{
    m_window->showStepThrough();
    panel()->goTo(2);
    QCOMPARE(panel()->captionText(), QStringLiteral("r forward: output allocated (12 B) and kept (12 B): backward passes the "
                                                    "gradient where it is positive."));
    QCOMPARE(panel()->ledgerLines(),
             (QStringList{QStringLiteral("alloc 12 B · activation · output of r"),
                          QStringLiteral("alloc 12 B · activation · kept by r for backward"),
                          QStringLiteral("free 12 B · activation · output of d1, no longer needed")}));
    QCOMPARE(markOf("r"), QStringLiteral("forward"));
    QCOMPARE(markOf("d1"), QString());
    QCOMPARE(m_window->memoryView()->timelineChart()->stepCursor(), 2);
    QCOMPARE(panel()->chart()->cursorEvent(), 2);
    QCOMPARE(panel()->scrubber()->value(), 2);
    // Alive after forward r at batch 1: weights 92 + input 16 + activations 24 = 132 B.
    QVERIFY(panel()->aliveText().contains(QStringLiteral("Alive: 132 B")));

    panel()->stepForward();
    QCOMPARE(panel()->captionText(), QStringLiteral("d2 forward: output allocated (8 B); the tensor it keeps for backward is "
                                                    "already kept by r and counted there."));
    QCOMPARE(markOf("r"), QString());
    QCOMPARE(markOf("d2"), QStringLiteral("forward"));
    // The scrubber moves the panel too.
    panel()->scrubber()->setValue(8);
    QCOMPARE(panel()->currentEvent(), 8);
    QCOMPARE(panel()->captionText(),
             QStringLiteral("optimizer.step(), the first: the optimizer state is created (92 B); the weights are updated "
                            "in place."));
    QCOMPARE(panel()->ledgerLines(), (QStringList{QStringLiteral("alloc 92 B · optimizer_state · optimizer state"),
                                                  QStringLiteral("free 12 B · autograd_detail · gradients flowing through d1")}));
    QCOMPARE(markOf("d2"), QString()); // no layer runs in the optimizer step
    panel()->stepForward();
    QCOMPARE(panel()->captionText(), QStringLiteral("zero_grad(): the gradients are freed (92 B, set_to_none=True)."));
    QCOMPARE(m_window->memoryView()->timelineChart()->stepCursor(), -1); // zero_grad is not a timeline event
}

void TestStepThrough::keysStepAndPlay()
{
    m_window->showStepThrough();
    panel()->goTo(2);
    panel()->setFocus();
    QTest::keyClick(panel(), Qt::Key_Right);
    QCOMPARE(panel()->currentEvent(), 3);
    QTest::keyClick(panel(), Qt::Key_Left);
    QTest::keyClick(panel(), Qt::Key_Left);
    QCOMPARE(panel()->currentEvent(), 1);
    QTest::keyClick(panel(), Qt::Key_End);
    QCOMPARE(panel()->currentEvent(), 19);
    QTest::keyClick(panel(), Qt::Key_Home);
    QCOMPARE(panel()->currentEvent(), 0);
    // Space plays and pauses, also with the focus on one of the panel's buttons.
    panel()->setPlayInterval(1);
    auto* forward = panel()->findChildren<QToolButton*>().at(3);
    forward->setFocus();
    QTest::keyClick(forward, Qt::Key_Space);
    QVERIFY(panel()->isPlaying());
    QTRY_COMPARE(panel()->currentEvent(), 19); // plays to the end of iteration 2 and stops
    QTRY_VERIFY(!panel()->isPlaying());
    QTest::keyClick(panel(), Qt::Key_Space); // at the end: starts again from the first event
    QVERIFY(panel()->isPlaying());
    QTest::keyClick(panel(), Qt::Key_Space);
    QVERIFY(!panel()->isPlaying());
}

void TestStepThrough::jumpsToThePeak()
{
    m_window->showStepThrough();
    QToolButton* peak = nullptr;
    for (QToolButton* b : panel()->findChildren<QToolButton*>())
        if (b->accessibleName() == QStringLiteral("Peak")) peak = b;
    QVERIFY(peak);
    QTest::mouseClick(peak, Qt::LeftButton);
    QCOMPARE(panel()->currentEvent(), 17);
    QCOMPARE(panel()->chart()->peakEvent(), 17);
    QCOMPARE(panel()->chart()->plottedTotal(17), 304.0);
    QCOMPARE(panel()->positionText(), QStringLiteral("Iteration 2 · backward · event 18 of 20"));
    QCOMPARE(panel()->captionText(),
             QStringLiteral("d1 backward: weight gradients allocated (60 B), gradients flowing through it (12 B); tensors "
                            "kept for backward released (12 B)."));
    QVERIFY(panel()->aliveText().contains(QStringLiteral("Alive: 304 B — the peak")));
    QCOMPARE(markOf("d1"), QStringLiteral("backward"));
    // The peak is the estimate's: the training-step chart's peak event, with a solid cursor on it.
    QCOMPARE(m_window->memoryView()->timelineChart()->stepCursor(), 7);
    QCOMPARE(m_window->memoryView()->timelineChart()->peakEvent(), 7);
    QCOMPARE(m_doc->breakdown().peakBytes(), std::uint64_t{304});
    QTest::keyClick(panel(), Qt::Key_Home);
    QTest::keyClick(panel(), Qt::Key_P);
    QCOMPARE(panel()->currentEvent(), 17);
}

void TestStepThrough::iterationTwoStartsWithTheState()
{
    m_window->showStepThrough();
    panel()->goTo(10);
    QCOMPARE(panel()->captionText(),
             QStringLiteral("Iteration 2 begins with the optimizer state (92 B) the first step created: it stays alive, so "
                            "every event of this iteration is higher than in iteration 1 — this is the level training "
                            "runs at."));
    QVERIFY(panel()->aliveText().contains(QStringLiteral("Alive: 200 B")));
    QVERIFY(panel()->aliveText().contains(QStringLiteral("Optimizer state&nbsp;92 B")));
    QCOMPARE(panel()->chart()->plottedTotal(0), 108.0);  // iteration 1 starts at 92 + 16
    QCOMPARE(panel()->chart()->plottedTotal(10), 200.0); // iteration 2 at 92 + 92 + 16
}

void TestStepThrough::followsTheBatchAndEdits()
{
    m_window->showStepThrough();
    panel()->goTo(2);
    QVERIFY(m_doc->setBatch(100));
    // A batch change re-evaluates the same events: forward r's output is 1,200 B = 1.17 KiB.
    QTRY_COMPARE(panel()->captionText(), QStringLiteral("r forward: output allocated (1.17 KiB) and kept (1.17 KiB): "
                                                        "backward passes the gradient where it is positive."));
    QCOMPARE(panel()->currentEvent(), 2);
    panel()->goToPeak();
    QCOMPARE(panel()->currentEvent(), 16);
    QCOMPARE(panel()->chart()->plottedTotal(16), 5416.0);
    QVERIFY(panel()->aliveText().contains(QStringLiteral("Alive: 5.29 KiB — the peak")));
    QCOMPARE(markOf("r"), QStringLiteral("backward"));
    // Adam: the first step creates 200 B of state and a 92 B temporary (tst_step_events).
    core::TrainingConfig cfg = m_doc->config();
    cfg.optimizer = core::Optimizer::Adam;
    QVERIFY(m_doc->setConfig(cfg));
    panel()->goTo(8);
    QCOMPARE(panel()->captionText(), QStringLiteral("optimizer.step(), the first: the optimizer state is created (200 B) and "
                                                    "temporaries allocated (92 B); the weights are updated in place."));
    // Removing a layer rebuilds the events (and the canvas): no crash, the mark follows.
    QVERIFY(m_doc->removeLayers({id("d2")}));
    QTRY_VERIFY(panel()->steps().size() < 20);
    panel()->goTo(2);
    QCOMPARE(markOf("r"), QStringLiteral("forward"));
}

void TestStepThrough::hidingClearsTheMarks()
{
    m_window->showStepThrough();
    panel()->goTo(2);
    QCOMPARE(markOf("r"), QStringLiteral("forward"));
    m_window->stepDock()->hide();
    QCOMPARE(markOf("r"), QString());
    QCOMPARE(m_window->memoryView()->timelineChart()->stepCursor(), -1);
    m_window->showStepThrough(); // back where it was
    QCOMPARE(panel()->currentEvent(), 2);
    QCOMPARE(markOf("r"), QStringLiteral("forward"));
}

void TestStepThrough::controlsAreNamed()
{
    m_window->showStepThrough();
    QStringList names;
    for (QToolButton* b : panel()->findChildren<QToolButton*>()) {
        QVERIFY(!b->toolTip().isEmpty());
        names << b->accessibleName();
    }
    QCOMPARE(names, (QStringList{QStringLiteral("First event"), QStringLiteral("Step back"), QStringLiteral("Play"),
                                 QStringLiteral("Step forward"), QStringLiteral("Last event"), QStringLiteral("Peak")}));
    QVERIFY(!panel()->scrubber()->accessibleName().isEmpty());
    QVERIFY(!panel()->chart()->accessibleName().isEmpty());
}

QTEST_MAIN(TestStepThrough)
#include "tst_step_through.moc"
