// The "Make it fit" panel under the summary: the founding question (VGG16 on a 4 GB GRID K520
// in Caffe with SGD + momentum at batch 50, tests/core/tst_advisor.cpp foundingQuestionInCaffe)
// lists gradient accumulation 10 × 5, Apply makes it fit as one undo step that restores the
// document exactly; PyTorch adds freezing; the panel hides when the configuration fits.
// Accumulation steps in the training controls are undoable and read in the summary headline;
// "fine-tune the last N layers" is one undo step.
#include "app/MainWindow.h"
#include "core/advise/Advisor.h"
#include "core/analysis/LayerFreezing.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/NativeFormat.h"
#include "core/layers/LayerKind.h"
#include "ui/advise/FitAdvicePanel.h"
#include "ui/advise/SuggestionEdits.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/charts/TimelineChart.h"
#include "ui/controls/TrainingControls.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"
#include "GraphCompare.h"

#include <QAction>
#include <QApplication>
#include <QInputDialog>
#include <QMenu>
#include <QPushButton>
#include <QScrollArea>
#include <QStandardPaths>
#include <QTimer>
#include <QSpinBox>
#include <QtTest>

using namespace netsizer;

namespace {

core::Graph vgg16()
{
    auto m = core::readNativeModelFile(NETSIZER_ROOT "/resources/examples/vgg16.json");
    if (!m.ok()) qFatal("cannot read vgg16.json");
    return m->graph;
}

core::TrainingConfig k520(core::Framework framework)
{
    core::TrainingConfig c;
    c.batch = 50;
    c.framework = framework;
    c.optimizer = core::Optimizer::SgdMomentum;
    c.gpu = core::GpuCatalog::builtin().find("GRID K520");
    return c;
}

// The whole document as text: the graph (native JSON + structural listing) and the training
// configuration as the native format saves it.
QString describe(const ui::Document& d)
{
    core::ModelFile f;
    f.training = d.config();
    return test::describeGraph(d.graph()) + QLatin1Char('\n') + QString::fromStdString(core::writeNativeModel(f));
}

int findKind(const ui::FitAdvicePanel& p, core::SuggestionKind k)
{
    for (int i = 0; i < p.suggestionCount(); ++i)
        if (p.advice().suggestions[static_cast<std::size_t>(i)].kind == k) return i;
    return -1;
}

} // namespace

class TestFitAdvice : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        QStandardPaths::setTestModeEnabled(true);
        QCoreApplication::setOrganizationName(QStringLiteral("NetSizerTests"));
        QCoreApplication::setApplicationName(QStringLiteral("tst_fit_advice"));
    }
    void cleanup()
    {
        m_view.reset();
        m_doc.reset();
    }

    void caffeK520OffersAccumulationAndApplyFits()
    {
        open(k520(core::Framework::Caffe));
        ui::FitAdvicePanel* panel = m_view->fitAdvice();
        QVERIFY(!panel->isHidden());
        QVERIFY(m_view->summary()->verdictText().contains(QStringLiteral("Does not fit")));
        const int acc = findKind(*panel, core::SuggestionKind::Accumulation);
        QVERIFY(acc >= 0);
        QVERIFY2(panel->suggestionText(acc).contains(QStringLiteral("10 × 5")), qPrintable(panel->suggestionText(acc)));
        QVERIFY(panel->suggestionText(acc).contains(QStringLiteral("needs ")));
        QVERIFY(panel->suggestionText(acc).contains(QStringLiteral(" — saves ")));
        QVERIFY(panel->notesText().contains(QStringLiteral("freezing layers saves nothing in Caffe")));
        QCOMPARE(findKind(*panel, core::SuggestionKind::Freeze), -1);
        qInfo("core::advise on VGG16 / GRID K520 / Caffe / batch 50: %.2f ms, %d suggestions",
              panel->lastAdviseMilliseconds(), panel->suggestionCount());

        const QString before = describe(*m_doc);
        const int steps = m_doc->undoStack()->count();
        panel->applyButton(acc)->click();
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(m_doc->config().batch, std::uint64_t{10});
        QCOMPARE(m_doc->config().accumulationSteps, std::uint32_t{5});
        QVERIFY(m_doc->breakdown().fits());
        settle();
        QVERIFY(m_view->summary()->verdictText().contains(QStringLiteral("Fits on GRID K520")));
        QVERIFY(m_view->summary()->headlineText().endsWith(QStringLiteral("at batch 10 × 5 steps = 50")));
        QVERIFY(panel->isHidden());
        const QString after = describe(*m_doc);

        m_doc->undoStack()->undo();
        QCOMPARE(describe(*m_doc), before);
        settle();
        QVERIFY(!panel->isHidden());
        m_doc->undoStack()->redo();
        QCOMPARE(describe(*m_doc), after);
    }

    void pytorchK520FreezesTheFirstLayers()
    {
        open(k520(core::Framework::PyTorch));
        ui::FitAdvicePanel* panel = m_view->fitAdvice();
        const int freeze = findKind(*panel, core::SuggestionKind::Freeze);
        QVERIFY(freeze >= 0);
        const core::Suggestion s = panel->advice().suggestions[static_cast<std::size_t>(freeze)];
        QVERIFY(s.graphChange.trainLast);
        QVERIFY(s.extraComputePct < 0);
        qInfo("core::advise on VGG16 / GRID K520 / PyTorch / batch 50: %.2f ms, %d suggestions",
              panel->lastAdviseMilliseconds(), panel->suggestionCount());
        const QString before = describe(*m_doc);
        panel->applyButton(freeze)->click();
        // The layers with weights from the input side are frozen, the last trainLast train.
        const auto weighted = core::layersWithWeights(m_doc->analysis());
        QCOMPARE(weighted.size(), std::size_t{16}); // VGG16: 13 convolutions + 3 linear layers
        const std::size_t keep = *s.graphChange.trainLast;
        QVERIFY(keep > 0 && keep < weighted.size());
        for (std::size_t i = 0; i < weighted.size(); ++i)
            QCOMPARE(m_doc->graph().find(weighted[i])->trainable, i >= weighted.size() - keep);
        QVERIFY(!m_doc->graph().find(weighted.front())->trainable); // features.0
        QVERIFY(m_doc->breakdown().fits());
        m_doc->undoStack()->undo();
        QCOMPARE(describe(*m_doc), before);
    }

    // The panel appears only while the peak does not fit, and advises once per refresh.
    void hidesWhenItFitsAndAdvisesOnlyThen()
    {
        core::TrainingConfig c = k520(core::Framework::Caffe);
        c.batch = 4;
        open(c);
        ui::FitAdvicePanel* panel = m_view->fitAdvice();
        QVERIFY(panel->isHidden());
        QCOMPARE(panel->adviseCount(), 0);
        m_doc->setBatch(50);
        settle();
        QVERIFY(!panel->isHidden());
        QCOMPARE(panel->adviseCount(), 1);
        // Repaints do not re-advise; only the next change does.
        m_view->resize(900, 700);
        m_view->repaint();
        QCoreApplication::processEvents();
        QCOMPARE(panel->adviseCount(), 1);
        core::TrainingConfig none = m_doc->config();
        none.gpu.reset();
        m_doc->setConfig(none);
        settle();
        QVERIFY(panel->isHidden());
        QCOMPARE(panel->adviseCount(), 1);
    }

    // A batch drag (moves faster than FitAdvicePanel::kQuietMs apart) advises on the first move,
    // greys the panel out on the next ones, and advises once more, for the last batch, when the
    // moves pause.
    void batchDragAdvisesWhenItPauses()
    {
        core::TrainingConfig c = k520(core::Framework::Caffe);
        c.batch = 40;
        open(c);
        ui::FitAdvicePanel* panel = m_view->fitAdvice();
        QVERIFY(panel->hasAdvice());
        panel->updateFrom(); // the last advice: now
        const int before = panel->adviseCount();
        const std::uint64_t at40 = panel->advice().peakBytes;
        QVERIFY(!panel->isStale());
        // Three refreshes of VGG16 take a few milliseconds, well inside kQuietMs.
        for (std::uint64_t b : {41, 42, 43}) {
            m_doc->setBatch(b, true);
            settle();
        }
        QCOMPARE(panel->adviseCount(), before);
        QVERIFY(panel->isStale());
        QCOMPARE(panel->advice().peakBytes, at40); // still batch 40's
        QTRY_VERIFY_WITH_TIMEOUT(!panel->isStale(), 5 * ui::FitAdvicePanel::kQuietMs);
        QCOMPARE(panel->adviseCount(), before + 1);
        QVERIFY(panel->hasAdvice());
        QVERIFY(panel->advice().peakBytes > at40);
        QCOMPARE(panel->advice().peakBytes, core::advise(m_doc->graph(), m_doc->config(), core::GpuCatalog::builtin()).peakBytes);
    }

    // A suggestion whose graph edit cannot be made is refused with the reason, nothing pushed.
    void refusedSuggestionPushesNothing()
    {
        open(k520(core::Framework::PyTorch));
        core::Suggestion s;
        s.config = m_doc->config();
        s.config.batch = 10;
        s.graphChange.inputName = "no_such_input";
        s.graphChange.inputShape = {3, 112, 112};
        QString error;
        const QString before = describe(*m_doc);
        QVERIFY(!ui::applySuggestion(*m_doc, s, &error));
        QVERIFY2(error.contains(QStringLiteral("no_such_input")), qPrintable(error));
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QCOMPARE(describe(*m_doc), before);
        // A shape the Input kind refuses (a zero extent).
        s.graphChange.inputName = "input";
        s.graphChange.inputShape = {3, 0, 224};
        QVERIFY(!ui::applySuggestion(*m_doc, s, &error));
        QVERIFY2(error.startsWith(QStringLiteral("Input “input”")), qPrintable(error));
        QCOMPARE(m_doc->undoStack()->count(), 0);
        // A smaller input that is valid: one step, undone exactly.
        s.graphChange.inputShape = {3, 112, 112};
        QVERIFY(ui::applySuggestion(*m_doc, s, &error));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        const core::Layer* input = nullptr;
        for (const core::Layer& l : m_doc->graph().layers())
            if (l.name == "input") input = &l;
        QVERIFY(input);
        QCOMPARE(std::get<core::IntList>(input->attrs[static_cast<std::size_t>(input->kind->paramIndex("shape"))]),
                 (core::IntList{3, 112, 112}));
        QVERIFY(m_doc->config().batch == 10);
        m_doc->undoStack()->undo();
        QCOMPARE(describe(*m_doc), before);
    }

    void accumulationSpinBoxIsUndoableAndShown()
    {
        core::TrainingConfig c = k520(core::Framework::Caffe);
        c.batch = 10;
        open(c);
        ui::TrainingControls controls(*m_doc);
        QSpinBox* box = controls.accumulation();
        QCOMPARE(box->minimum(), 1);
        QCOMPARE(box->maximum(), 4096);
        QVERIFY(!box->toolTip().isEmpty());
        QCOMPARE(box->value(), 1);
        QVERIFY(m_view->summary()->headlineText().endsWith(QStringLiteral("at batch 10")));
        box->setValue(5);
        QCOMPARE(m_doc->config().accumulationSteps, std::uint32_t{5});
        QCOMPARE(m_doc->config().batch, std::uint64_t{10});
        QCOMPARE(m_doc->undoStack()->count(), 1);
        settle();
        const QString headline = m_view->summary()->headlineText();
        QVERIFY2(headline.startsWith(QStringLiteral("Needs ")), qPrintable(headline));
        QVERIFY2(headline.contains(QStringLiteral("× 5 steps = 50")), qPrintable(headline));
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->config().accumulationSteps, std::uint32_t{1});
        QCOMPARE(box->value(), 1); // the control follows the undo
        settle();
        QVERIFY(!m_view->summary()->headlineText().contains(QStringLiteral("steps")));
        // A file's setting shows in the box.
        m_doc->undoStack()->redo();
        QCOMPARE(box->value(), 5);
    }

    // Accumulating, the training-step timeline holds the gradient buffer from the start of the
    // step (the earlier micro-batches' gradients): VGG16's 138,357,544 fp32 gradients, 4 bytes
    // each; without accumulation the first event holds none.
    void timelineShowsTheAccumulatedGradients()
    {
        core::TrainingConfig c;
        c.batch = 10;
        open(c);
        const QVector<double> plain = m_view->timelineChart()->values(core::Component::Gradients);
        QVERIFY(!plain.isEmpty());
        QCOMPARE(plain.front(), 0.0);
        c.accumulationSteps = 4;
        QVERIFY(m_doc->setConfig(c));
        settle();
        const QVector<double> acc = m_view->timelineChart()->values(core::Component::Gradients);
        QCOMPARE(acc.size(), plain.size());
        QCOMPARE(acc.front(), 138357544.0 * 4);
        QVERIFY(m_view->summary()->headlineText().endsWith(QStringLiteral("at batch 10 × 4 steps = 40")));
    }

    void fineTuneLastLayersIsOneStep()
    {
        open(k520(core::Framework::PyTorch));
        const QString before = describe(*m_doc);
        QString error;
        QVERIFY(ui::fineTuneLastLayers(*m_doc, 3, &error));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        const auto weighted = core::layersWithWeights(m_doc->analysis());
        std::size_t trainable = 0;
        for (core::LayerId id : weighted) trainable += m_doc->graph().find(id)->trainable ? 1 : 0;
        QCOMPARE(trainable, std::size_t{3});
        QVERIFY(m_doc->graph().find(weighted.back())->trainable); // classifier.6
        QVERIFY(!m_doc->graph().find(weighted[12])->trainable);   // features.28, the last convolution
        // VGG16's 3 linear layers: 102,764,544 + 16,781,312 + 4,097,000 weights train.
        QCOMPARE(m_doc->analysis().paramsTrainable, core::Count{123642856});
        // The same again changes nothing and pushes nothing.
        QVERIFY(!ui::fineTuneLastLayers(*m_doc, 3, &error));
        QVERIFY(!error.isEmpty());
        QCOMPARE(m_doc->undoStack()->count(), 1);
        m_doc->undoStack()->undo();
        QCOMPARE(describe(*m_doc), before);
    }

    // Edit ▸ Fine-tune the last layers… asks N (offered: 3 of VGG16's 16) and applies it as one
    // step; cancelled, it changes nothing.
    void fineTuneActionAsksAndApplies()
    {
        open(k520(core::Framework::PyTorch));
        m_view.reset();
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        QAction* action = window.fineTuneAction();
        QVERIFY(action);
        QVERIFY(window.editMenu()->actions().contains(action));
        const QString before = describe(*m_doc);
        int offered = 0, maximum = 0;
        const auto answer = [&](bool accept, int n) {
            QTimer::singleShot(0, this, [&, accept, n] {
                auto* dialog = qobject_cast<QInputDialog*>(QApplication::activeModalWidget());
                if (!dialog) qFatal("no fine-tune dialog is open"); // exec() would otherwise wait forever
                offered = dialog->intValue();
                maximum = dialog->intMaximum();
                dialog->setIntValue(n);
                accept ? dialog->accept() : dialog->reject();
            });
        };
        answer(false, 2);
        action->trigger();
        QCOMPARE(offered, 3);
        QCOMPARE(maximum, 16);
        QCOMPARE(m_doc->undoStack()->count(), 0);
        answer(true, 2);
        action->trigger();
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(m_doc->analysis().paramsTrainable, core::Count{16781312 + 4097000}); // classifier.3, classifier.6
        m_doc->undoStack()->undo();
        QCOMPARE(describe(*m_doc), before);
    }

    // In the window at 1366×768 the panel shows under the summary (scrolled to) with every row's
    // Apply button inside the panel. NETSIZER_SCREENSHOT_DIR=dir saves the window as
    // fit-advice-1366x768.png.
    void panelInTheWindow()
    {
        open(k520(core::Framework::Caffe));
        m_view.reset();
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::FitAdvicePanel* panel = window.memoryView()->fitAdvice();
        QTRY_VERIFY(panel->isVisible());
        QVERIFY(panel->suggestionCount() >= 3);
        auto* scroll = qobject_cast<QScrollArea*>(panel->parentWidget()->parentWidget()->parentWidget());
        QVERIFY(scroll);
        QTest::qWait(300);
        scroll->ensureWidgetVisible(panel->applyButton(0), 0, 0);
        QTest::qWait(100);
        for (int i = 0; i < panel->suggestionCount(); ++i) {
            QPushButton* b = panel->applyButton(i);
            QVERIFY(b->isVisible());
            const QRect r(b->mapTo(panel, QPoint(0, 0)), b->size());
            QVERIFY2(panel->rect().contains(r), qPrintable(QStringLiteral("row %1").arg(i)));
        }
        const QString dir = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR");
        if (!dir.isEmpty()) {
            QVERIFY(window.grab().save(dir + QStringLiteral("/fit-advice-1366x768.png")));
            QVERIFY(panel->grab().save(dir + QStringLiteral("/fit-advice-panel.png")));
        }
    }

private:
    void open(const core::TrainingConfig& c)
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(vgg16(), c);
        m_view = std::make_unique<ui::MemoryView>(*m_doc, m_options);
        QTRY_COMPARE(m_view->refreshCount(), 1);
    }
    // Runs the queued refresh of the changes so far.
    void settle()
    {
        const int n = m_view->refreshCount();
        QTRY_VERIFY(m_view->refreshCount() > n);
    }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::MemoryView> m_view;
};

QTEST_MAIN(TestFitAdvice)
#include "tst_fit_advice.moc"
