// Many GPUs and sequence length in the designer: the "GPUs" group and the sequence control edit
// the Document through undo and survive a save / load; the per-GPU bars, the summary and the
// batch curve show core::estimateParallel's figures; the sequence chart's point at the current
// length is the summary's peak; a batch change never re-analyses.
#include "core/analysis/SequenceLength.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/hf/HfPresets.h"
#include "core/parallel/RankEstimator.h"
#include "ui/advise/FitAdvicePanel.h"
#include "ui/charts/BatchCurveChart.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/RankBarsChart.h"
#include "ui/charts/RankSummaryLabel.h"
#include "ui/charts/SequenceChart.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/charts/TimelineChart.h"
#include "ui/controls/BatchSlider.h"
#include "ui/controls/ParallelControls.h"
#include "ui/controls/SequenceLengthControl.h"
#include "ui/controls/TrainingControls.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/FileInteraction.h"
#include "ui/style/DisplayOptions.h"

#include <QCheckBox>
#include <QPushButton>
#include <QComboBox>
#include <QSpinBox>
#include <QTabWidget>
#include <QTemporaryDir>
#include <QtTest>

#include <algorithm>

using namespace netsizer;

namespace {

// Input[4] -> Dense(4) "a" -> Dense(4) "b" (tst_parallel's pipelineStagesHandDerived): under two
// pipeline stages with two micro-batches in flight, stage 1 holds 16 B more than stage 2.
core::Graph twoStageNet()
{
    core::GraphBuilder gb;
    auto x = gb.add("Input", "x", {}, {{"shape", core::IntList{4}}});
    auto a = gb.add("Dense", "a", {x}, {{"units", std::int64_t{4}}});
    gb.add("Dense", "b", {a}, {{"units", std::int64_t{4}}});
    return gb.take();
}

core::TrainingConfig twoStageConfig()
{
    core::TrainingConfig c;
    c.batch = 2;
    c.optimizer = core::Optimizer::Sgd;
    c.gpu = core::GpuCatalog::builtin().find("RTX 3090");
    c.parallel.gpus = 2;
    c.parallel.pipelineParallel = 2;
    c.parallel.microbatches = 2;
    return c;
}

core::Graph gpt2(std::int64_t sequence)
{
    core::HfImportOptions o;
    o.sequenceLength = sequence;
    auto m = core::readHfPreset("gpt2", o);
    if (!m) qFatal("gpt2 preset: %s", m.error().message.c_str());
    return std::move(m->graph);
}

ui::FileInteraction quietFiles()
{
    ui::FileInteraction f;
    f.askSaveChanges = [](const QString&) { return ui::SaveAnswer::Discard; };
    f.showError = [](const QString&, const QString& text) { qWarning("%s", qPrintable(text)); };
    f.showWarning = f.showError;
    return f;
}

} // namespace

class TestParallelView : public QObject {
    Q_OBJECT
private slots:
    void gpusGroupEditsThroughUndo()
    {
        ui::Document doc;
        doc.reset(twoStageNet(), core::TrainingConfig{});
        ui::TrainingControls controls(doc);
        ui::ParallelControls* p = controls.parallel();
        // One GPU: only the count shows.
        QVERIFY(!p->strategy()->isVisibleTo(&controls));
        p->gpus()->setValue(4);
        QCOMPARE(doc.config().parallel.gpus, 4u);
        QVERIFY(p->strategy()->isVisibleTo(&controls));
        p->strategy()->setCurrentIndex(p->strategy()->findData(int(core::ParallelStrategy::Zero3)));
        QCOMPARE(doc.config().parallel.strategy, core::ParallelStrategy::Zero3);
        p->offload()->setCurrentIndex(p->offload()->findData(int(core::Offload::Both)));
        QCOMPARE(doc.config().parallel.offload, core::Offload::Both);
        p->pipelineStages()->setValue(2);
        QCOMPARE(doc.config().parallel.pipelineParallel, 2u);
        QCOMPARE(doc.undoStack()->count(), 4);
        doc.undoStack()->undo();
        QCOMPARE(doc.config().parallel.pipelineParallel, 1u);
        QCOMPARE(p->pipelineStages()->value(), 1);
        doc.undoStack()->undo();
        doc.undoStack()->undo();
        QCOMPARE(doc.config().parallel.strategy, core::ParallelStrategy::None);
        QCOMPARE(p->strategy()->currentData().toInt(), int(core::ParallelStrategy::None));
        doc.undoStack()->undo();
        QVERIFY(doc.config() == core::TrainingConfig{});
        QVERIFY(!doc.config().parallel.active());
        QCOMPARE(p->gpus()->value(), 1);
        doc.undoStack()->redo();
        QCOMPARE(doc.config().parallel.gpus, 4u);
    }

    // Context parallel and the interleaved schedule's model chunks: both edit the Document; the
    // chunk count shows with the interleaved schedule only and is at least 2 there.
    void contextParallelAndModelChunks()
    {
        ui::Document doc;
        doc.reset(gpt2(64), core::TrainingConfig{});
        doc.setBatch(4);
        ui::TrainingControls controls(doc);
        ui::ParallelControls* p = controls.parallel();
        p->gpus()->setValue(4);
        p->strategy()->setCurrentIndex(p->strategy()->findData(int(core::ParallelStrategy::Ddp)));
        QVERIFY(p->contextParallel()->isVisibleTo(&controls));
        p->contextParallel()->setValue(2);
        QCOMPARE(doc.config().parallel.contextParallel, 2u);
        QCoreApplication::processEvents();
        QVERIFY2(p->problem().isEmpty(), qPrintable(p->problem()));
        QVERIFY(doc.parallelEstimate() && doc.parallelEstimate()->ok());
        // GPT-2's keys, values and attention output at 64 tokens: 3 × 64 × 768 elements × 4 B × 2
        // samples per rank.
        QCOMPARE((*doc.parallelEstimate())->ranks[0].contextRingBytes(), std::uint64_t{3 * 64 * 768 * 4 * 2});
        p->contextParallel()->setValue(1);
        QVERIFY(!p->virtualStages()->isVisibleTo(&controls));
        p->pipelineStages()->setValue(2);
        p->schedule()->setCurrentIndex(p->schedule()->findData(int(core::PipelineSchedule::Interleaved)));
        QCOMPARE(doc.config().parallel.schedule, core::PipelineSchedule::Interleaved);
        QCOMPARE(doc.config().parallel.virtualStages, 2u);
        QVERIFY(p->virtualStages()->isVisibleTo(&controls));
        QCOMPARE(p->virtualStages()->value(), 2);
        p->virtualStages()->setValue(3);
        QCOMPARE(doc.config().parallel.virtualStages, 3u);
        p->schedule()->setCurrentIndex(p->schedule()->findData(int(core::PipelineSchedule::OneFOneB)));
        QCOMPARE(doc.config().parallel.virtualStages, 1u);
        QVERIFY(!p->virtualStages()->isVisibleTo(&controls));
        doc.undoStack()->undo();
        QCOMPARE(doc.config().parallel.virtualStages, 3u);
        QCOMPARE(p->virtualStages()->value(), 3);
    }

    void invalidSettingsAreExplained()
    {
        ui::Document doc;
        doc.reset(gpt2(64), core::TrainingConfig{});
        ui::TrainingControls controls(doc);
        ui::ParallelControls* p = controls.parallel();
        QVERIFY(p->problem().isEmpty());
        p->gpus()->setValue(8);
        QCoreApplication::processEvents();
        // Eight data-parallel ranks without a strategy.
        QVERIFY2(p->problem().contains(QLatin1String("need a strategy")), qPrintable(p->problem()));
        p->tensorParallel()->setValue(8);
        QCoreApplication::processEvents();
        // GPT-2 has 12 heads: tensor parallel 8 cannot split them; the settings stay as set.
        QVERIFY2(p->problem().contains(QLatin1String("12 heads")), qPrintable(p->problem()));
        QCOMPARE(doc.config().parallel.tensorParallel, 8u);
        QVERIFY(doc.parallelEstimate() && !doc.parallelEstimate()->ok());
        p->tensorParallel()->setValue(4);
        p->strategy()->setCurrentIndex(p->strategy()->findData(int(core::ParallelStrategy::Ddp)));
        doc.setBatch(32);
        QCoreApplication::processEvents();
        QVERIFY2(p->problem().isEmpty(), qPrintable(p->problem()));
        // A batch that does not divide over the 2 data-parallel ranks.
        doc.setBatch(33);
        QCoreApplication::processEvents();
        QVERIFY2(p->problem().contains(QLatin1String("does not divide")), qPrintable(p->problem()));
    }

    void settingsSurviveSaveAndLoad()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("parallel.json"));
        core::ParallelConfig saved;
        {
            ui::Document doc;
            doc.reset(gpt2(128), core::TrainingConfig{});
            ui::TrainingControls controls(doc);
            ui::ParallelControls* p = controls.parallel();
            p->gpus()->setValue(16);
            p->nodes()->setValue(2);
            p->strategy()->setCurrentIndex(p->strategy()->findData(int(core::ParallelStrategy::Fsdp2)));
            p->tensorParallel()->setValue(2);
            p->sequenceParallel()->setChecked(true);
            p->pipelineStages()->setValue(2);
            p->microbatches()->setValue(4);
            p->schedule()->setCurrentIndex(p->schedule()->findData(int(core::PipelineSchedule::GPipe)));
            p->offload()->setCurrentIndex(p->offload()->findData(int(core::Offload::Optimizer)));
            controls.sequenceLength()->slider()->spinBox()->setValue(512);
            saved = doc.config().parallel;
            QCOMPARE(saved.gpus, 16u);
            QCOMPARE(saved.microbatches, 4u);
            QVERIFY(saved.sequenceParallel);
            ui::DocumentFiles files(doc, nullptr, quietFiles());
            QVERIFY(files.saveTo(path));
        }
        ui::Document doc;
        ui::TrainingControls controls(doc);
        ui::DocumentFiles files(doc, nullptr, quietFiles());
        QVERIFY(files.openFile(path));
        QTRY_VERIFY(doc.config().parallel.active());
        QVERIFY(doc.config().parallel == saved);
        QCOMPARE(core::sequenceLength(doc.graph()), std::optional<std::int64_t>(512));
        ui::ParallelControls* p = controls.parallel();
        QCOMPARE(p->gpus()->value(), 16);
        QCOMPARE(p->nodes()->value(), 2);
        QCOMPARE(p->strategy()->currentData().toInt(), int(core::ParallelStrategy::Fsdp2));
        QCOMPARE(p->schedule()->currentData().toInt(), int(core::PipelineSchedule::GPipe));
        QVERIFY(p->sequenceParallel()->isChecked());
        QCOMPARE(controls.sequenceLength()->slider()->spinBox()->value(), 512);
    }

    // With a pipeline the per-layer bars and the timeline show one stage's layers: the stage that
    // peaks, then the one clicked in the Per GPU tab; their tab titles name it. Two stages of
    // twoStageNet: [x, a] and [b], each Dense 80 B of weights; the timeline's peak is the stage's
    // (224 B and 208 B beside the CUDA context, tst_parallel's derivation).
    void perLayerViewsShowTheChosenRank()
    {
        ui::Document doc;
        doc.reset(twoStageNet(), twoStageConfig());
        ui::DisplayOptions options;
        ui::MemoryView view(doc, options);
        view.refresh();
        const QVector<double> first = view.barsChart()->values(core::Component::Weights);
        QCOMPARE(first, QVector<double>({0.0, 80.0, 0.0}));
        // The RTX 3090's CUDA context is in both stages' figures: their peaks differ by the second
        // micro-batch's 16 B and are the estimator's.
        const auto* ranks = doc.parallelEstimate();
        QVERIFY(ranks && ranks->ok());
        const QVector<double> firstTotals = view.timelineChart()->totals();
        const double firstPeak = *std::max_element(firstTotals.begin(), firstTotals.end());
        QCOMPARE(firstPeak, double((*ranks)->ranks[0].breakdown.peakBytes()));
        QCOMPARE(view.rankChart()->shownRank(), 0);
        auto* tabs = view.findChild<QTabWidget*>();
        QVERIFY(tabs);
        QCOMPARE(tabs->tabText(ui::MemoryView::LayerBars), QStringLiteral("Per layer: stage 1 of 2 (first)"));
        emit view.rankChart()->rankChosen(1);
        QCOMPARE(view.barsChart()->values(core::Component::Weights), QVector<double>({0.0, 0.0, 80.0}));
        const QVector<double> lastTotals = view.timelineChart()->totals();
        const double lastPeak = *std::max_element(lastTotals.begin(), lastTotals.end());
        QCOMPARE(lastPeak, double((*ranks)->ranks[1].breakdown.peakBytes()));
        QCOMPARE(firstPeak - lastPeak, 16.0);
        QCOMPARE(view.rankChart()->shownRank(), 1);
        QVERIFY(view.rankChart()->tickLabels()[1].startsWith(QStringLiteral("\u25B8")));
        QVERIFY(!view.rankChart()->tickLabels()[0].startsWith(QStringLiteral("\u25B8")));
        QCOMPARE(tabs->tabText(ui::MemoryView::Timeline), QStringLiteral("Training step: stage 2 of 2 (last)"));
        // A batch move keeps the chosen stage.
        doc.setBatch(4);
        view.refresh();
        QCOMPARE(view.rankChart()->shownRank(), 1);
        QCOMPARE(view.barsChart()->values(core::Component::Weights), QVector<double>({0.0, 0.0, 80.0}));
        // One GPU again: the whole model, the plain titles.
        core::TrainingConfig one = doc.config();
        one.parallel = {};
        doc.setConfig(one);
        view.refresh();
        QCOMPARE(view.barsChart()->values(core::Component::Weights), QVector<double>({0.0, 80.0, 80.0}));
        QCOMPARE(tabs->tabText(ui::MemoryView::LayerBars), QStringLiteral("Per layer"));
    }

    // Many GPUs that do not fit: "Make it fit" offers a button, which runs core::adviseParallel;
    // applying its first suggestion makes every GPU fit. Input[4] -> Dense(3) -> Dense(2), Adam,
    // fp32, global batch 2 on two 400-byte GPUs without a context: DDP's rank needs 584 B,
    // ZeRO-1's 346 B (tests/cli/tst_cli_parallel.cpp derives both).
    void adviceForManyGpusRunsWhenAsked()
    {
        core::GraphBuilder gb;
        auto x = gb.add("Input", "x", {}, {{"shape", core::IntList{4}}});
        auto d1 = gb.add("Dense", "d1", {x}, {{"units", std::int64_t{3}}});
        gb.add("Dense", "d2", {d1}, {{"units", std::int64_t{2}}});
        core::TrainingConfig c;
        c.batch = 2;
        c.optimizer = core::Optimizer::Adam;
        c.gpu = core::GpuSpec{"custom", 400, 0, {}, 0};
        c.overheads.contextBytes = 0;
        c.parallel.gpus = 2;
        c.parallel.strategy = core::ParallelStrategy::Ddp;
        ui::Document doc;
        doc.reset(gb.take(), c);
        ui::DisplayOptions options;
        ui::MemoryView view(doc, options);
        view.refresh();
        QCOMPARE(doc.gpuBreakdown().peakBytes(), std::uint64_t{584});
        ui::FitAdvicePanel* panel = view.fitAdvice();
        QVERIFY(!panel->isHidden());
        QVERIFY(!panel->parallelButton()->isHidden());
        QCOMPARE(panel->adviseCount(), 0);
        QCOMPARE(panel->suggestionCount(), 0);
        panel->parallelButton()->click();
        QCOMPARE(panel->adviseCount(), 1);
        QVERIFY(panel->parallelButton()->isHidden());
        QVERIFY(panel->suggestionCount() >= 1);
        QVERIFY2(panel->suggestionText(0).contains(QLatin1String("zero1")), qPrintable(panel->suggestionText(0)));
        QVERIFY2(panel->suggestionText(0).contains(QLatin1String("346 B")), qPrintable(panel->suggestionText(0)));
        panel->applyButton(0)->click();
        QCOMPARE(doc.config().parallel.strategy, core::ParallelStrategy::Zero1);
        view.refresh();
        QCOMPARE(doc.gpuBreakdown().peakBytes(), std::uint64_t{346});
        QVERIFY(panel->isHidden());
    }

    void rankBarsAreTheEstimatorsRanks()
    {
        ui::Document doc;
        doc.reset(twoStageNet(), twoStageConfig());
        ui::DisplayOptions options;
        ui::MemoryView view(doc, options);
        view.showTopChart(ui::MemoryView::Ranks);
        view.refresh();
        const auto expected = core::estimateParallel(doc.graph(), doc.analysis(), doc.config(),
                                                 core::GpuCatalog::builtin().defaultContextBytes());
        QVERIFY(expected.ok());
        ui::RankBarsChart* bars = view.rankChart();
        QCOMPARE(bars->barCount(), 2);
        for (core::Component c : core::kAllComponents) {
            const QVector<double> v = bars->values(c);
            for (int i = 0; i < 2; ++i)
                QCOMPARE(v[i], double(expected->ranks[std::size_t(i)].breakdown.peakComposition()[c]));
        }
        const QVector<double> peaks = bars->peaks();
        QCOMPARE(peaks[0], double(expected->ranks[0].breakdown.peakBytes()));
        QCOMPARE(peaks[1], double(expected->ranks[1].breakdown.peakBytes()));
        // The first stage holds a second micro-batch's activations: 224 B against 208 B beside
        // the same overheads (tst_parallel's hand derivation).
        QCOMPARE(peaks[0] - peaks[1], 16.0);
        QCOMPARE(bars->peakBar(), 0);
        QVERIFY(bars->barLabels()[0].contains(QLatin1String("first")));
        QVERIFY(bars->barLabels()[1].contains(QLatin1String("last")));
        QCOMPARE(bars->verdictTexts(), QStringList({QStringLiteral("fits"), QStringLiteral("fits")}));
        // The summary and the curve are per GPU: the rank that peaks at its one sample per pass.
        QCOMPARE(view.summary()->peakBytes(), expected->ranks[0].breakdown.peakBytes());
        QCOMPARE(view.rankSummary()->peakRoleText(), QStringLiteral("stage 1 of 2 (first)"));
        QCOMPARE(view.curveChart()->batchMarker(), 1.0);
        QCOMPARE(view.curveChart()->peakLine()[0], double(expected->ranks[0].breakdown.peakAt(1)));
        // A bad setting: no bars, the reason instead.
        core::TrainingConfig bad = doc.config();
        bad.parallel.pipelineParallel = 3;
        doc.setConfig(bad);
        view.refresh();
        QCOMPARE(bars->barCount(), 0);
        QVERIFY2(bars->problemText().contains(QLatin1String("must divide")), qPrintable(bars->problemText()));
        // One GPU: one bar, the single-GPU breakdown.
        doc.setConfig(core::TrainingConfig{});
        view.refresh();
        QCOMPARE(bars->barCount(), 1);
        QCOMPARE(bars->peaks()[0], double(doc.breakdown().peakBytes()));
        QVERIFY(!view.rankSummary()->isVisibleTo(&view));
    }

    void batchChangeUnderParallelDoesNotReanalyse()
    {
        ui::Document doc;
        core::TrainingConfig c = twoStageConfig();
        c.batch = 4;
        doc.reset(twoStageNet(), c);
        ui::DisplayOptions options;
        ui::MemoryView view(doc, options);
        view.refresh();
        const int analyses = doc.analysisCount();
        const std::uint64_t before = view.summary()->peakBytes();
        doc.setBatch(8);
        view.refresh();
        QCOMPARE(doc.analysisCount(), analyses);
        const auto expected = core::estimateParallel(doc.graph(), doc.analysis(), doc.config(),
                                                 core::GpuCatalog::builtin().defaultContextBytes());
        QVERIFY(expected.ok());
        QCOMPARE(expected->microBatch, std::uint64_t{4});
        QCOMPARE(view.summary()->peakBytes(), expected->ranks[expected->peakRank].breakdown.peakBytes());
        QVERIFY(view.summary()->peakBytes() > before);
        QCOMPARE(view.rankChart()->peaks()[1], double(expected->ranks[1].breakdown.peakBytes()));
    }

    void sequenceControlEditsThroughUndo()
    {
        ui::Document doc;
        doc.reset(twoStageNet(), core::TrainingConfig{});
        ui::TrainingControls controls(doc);
        QVERIFY(!controls.sequenceLength()->available()); // no token-id input
        doc.reset(gpt2(128), core::TrainingConfig{});
        QVERIFY(controls.sequenceLength()->available());
        ui::BatchSlider* s = controls.sequenceLength()->slider();
        QCOMPARE(s->spinBox()->value(), 128);
        QCOMPARE(s->spinBox()->maximum(), 1024); // GPT-2's n_positions
        const int analyses = doc.analysisCount();
        s->slider()->setSliderDown(true);
        for (int pos : {800, 850, 900}) s->slider()->setValue(pos);
        s->slider()->setSliderDown(false);
        QCOMPARE(core::sequenceLength(doc.graph()), std::optional<std::int64_t>(std::int64_t(ui::BatchSlider::batchAt(900))));
        QCOMPARE(doc.undoStack()->count(), 1);
        (void)doc.analysis();
        QCOMPARE(doc.analysisCount(), analyses + 1);
        doc.undoStack()->undo();
        QCOMPARE(core::sequenceLength(doc.graph()), std::optional<std::int64_t>(128));
        QCOMPARE(s->spinBox()->value(), 128);
        QVERIFY(!doc.setSequenceLength(128)); // no change, nothing pushed
    }

    void sequenceChartMeetsTheSummary()
    {
        ui::Document doc;
        core::TrainingConfig c;
        c.batch = 4;
        c.gpu = core::GpuCatalog::builtin().find("RTX 3090");
        doc.reset(gpt2(256), c);
        ui::DisplayOptions options;
        ui::MemoryView view(doc, options);
        view.showTopChart(ui::MemoryView::Sequence);
        const auto check = [&](std::int64_t length) {
            view.refresh();
            const ui::SequenceChart* chart = view.sequenceChart();
            const int i = chart->lengths().indexOf(double(length));
            QVERIFY2(i >= 0, "the current length is sampled");
            QCOMPARE(chart->lengthMarker(), double(length));
            QCOMPARE(chart->peakLine()[i], double(view.summary()->peakBytes()));
            double sum = 0;
            for (core::Component comp : core::kAllComponents) sum += chart->values(comp)[i];
            QCOMPARE(sum, chart->peakLine()[i]);
            QCOMPARE(chart->lengths().back(), 1024.0);
            QCOMPARE(chart->capacityLine(), double(c.gpu->memoryBytes));
            // Memory grows with the sequence.
            QVERIFY(chart->peakLine().front() < chart->peakLine().back());
        };
        check(256);
        const int analyses = doc.analysisCount();
        doc.setBatch(16);
        check(256);
        QCOMPARE(doc.analysisCount(), analyses);
        doc.setSequenceLength(300);
        check(300);
        // Per GPU under tensor parallel 2 (12 heads split in two): the rank's peak.
        core::TrainingConfig tp = doc.config();
        tp.parallel.gpus = 2;
        tp.parallel.tensorParallel = 2;
        doc.setConfig(tp);
        check(300);
        QCOMPARE(view.summary()->peakBytes(), doc.gpuBreakdown().peakBytes());
        QVERIFY(doc.gpuBreakdown().peakBytes() < doc.breakdown().peakBytes());
    }
};

QTEST_MAIN(TestParallelView)
#include "tst_parallel_view.moc"
