// The fidelity views of the designer: the training-step timeline chart plots the core
// timeline's exact figures at any batch without a new analysis and names the core's peak; the
// batch curve's error band is the peak's low..high; the summary shows the band, the peak and the
// three-state verdict; an overhead edit changes the total by exactly the expected bytes and is
// undone exactly.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/estimate/Optimizer.h"
#include "core/io/ModelReader.h"
#include "core/io/TrainingConfigJson.h"
#include "core/timeline/PeakPlace.h"
#include "core/util/NumberFormat.h"
#include "ui/charts/BatchCurveChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/charts/TimelineChart.h"
#include "ui/controls/OverheadSettingsEditor.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"

#include <nlohmann/json.hpp>

#include <QCheckBox>
#include <QDoubleSpinBox>
#include <QSpinBox>
#include <QtTest>

using namespace netsizer;
using core::Component;

namespace {
core::MemoryBreakdown engine(const ui::Document& d)
{
    return core::estimate(core::analyze(d.graph()), d.config(), core::GpuCatalog::builtin().defaultContextBytes());
}
QString gib(std::uint64_t bytes) { return QString::fromStdString(core::formatBytes(static_cast<double>(bytes))); }
constexpr std::uint64_t kMiB = 1ull << 20;
} // namespace

class TestTimelineChart : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_options.setUnits(core::ByteUnits::Binary);
        auto file = core::readModelFile(NETSIZER_ROOT "/resources/examples/vgg16.json");
        QVERIFY2(file.ok(), file.ok() ? "" : file.error().message.c_str());
        core::TrainingConfig c = file.value().training.value_or(core::TrainingConfig{});
        c.gpu = core::GpuCatalog::builtin().find("RTX 3090");
        QVERIFY(c.gpu);
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(file.value().graph, c);
        m_view = std::make_unique<ui::MemoryView>(*m_doc, m_options);
        QTRY_COMPARE(m_view->refreshCount(), 1);
    }
    void cleanup()
    {
        m_view.reset();
        m_doc.reset();
    }

    // At two batches the plotted events equal the core timeline's components and totals, and
    // moving the batch neither re-analyses nor re-estimates.
    void timelineEqualsCoreAtTwoBatches()
    {
        const int analyses = m_doc->analysisCount(), estimates = m_doc->estimateCount();
        int refreshes = 1;
        for (std::uint64_t batch : {std::uint64_t{8}, std::uint64_t{96}}) {
            m_doc->setBatch(batch, false);
            ++refreshes;
            QTRY_COMPARE(m_view->refreshCount(), refreshes);
            QCOMPARE(m_doc->analysisCount(), analyses);
            QCOMPARE(m_doc->estimateCount(), estimates);
            const auto e = engine(*m_doc);
            const auto& events = e.timeline.events;
            const auto* chart = m_view->timelineChart();
            // VGG16: start, 21 forward layers (no Input), loss, backward layers, optimizer.
            QVERIFY(events.size() > 40);
            QCOMPARE(chart->eventCount(), static_cast<int>(events.size()));
            for (Component c : core::kAllComponents) {
                const auto vals = chart->values(c);
                for (int i = 0; i < vals.size(); ++i)
                    QCOMPARE(vals[i], static_cast<double>(e.timeline.component(events[static_cast<std::size_t>(i)], c).at(batch)));
            }
            const auto totals = chart->totals();
            QCOMPARE(totals.size(), static_cast<int>(events.size()));
            for (int i = 0; i < totals.size(); ++i)
                QCOMPARE(totals[i], static_cast<double>(events[static_cast<std::size_t>(i)].total.at(batch)));

            // The peak: the core's event, bytes, place and layer name.
            const core::TimelinePeak p = e.timeline.peakAt(batch);
            QCOMPARE(chart->peakEvent(), static_cast<int>(p.event));
            QString where = QString::fromStdString(core::eventPlace(e.timeline, p.event));
            if (p.layer) where += QStringLiteral(", layer ") + QString::fromStdString(m_doc->graph().find(*p.layer)->name);
            QCOMPARE(chart->peakLabel(), QStringLiteral("peak %1 %2").arg(gib(p.bytes), where));
            // The summary's headline is the peak with its band ("Needs 3.2 GiB (3.0–3.6 GiB) at
            // batch 8"), and the line below says where it sits.
            QVERIFY(m_view->summary()->headlineText().startsWith(QStringLiteral("Needs %1 (").arg(gib(p.bytes))));
            QVERIFY(m_view->summary()->headlineText().endsWith(QStringLiteral(") at batch %1").arg(batch)));
            QCOMPARE(m_view->summary()->peakPlaceText(), QStringLiteral("Peak of the training step, ") + where);
            // The tooltip of the peak event names its layer and its exact total.
            const QString tip = chart->eventTooltip(chart->peakEvent());
            QVERIFY(tip.contains(QString::fromStdString(core::withThousands(p.bytes)) + QStringLiteral(" B")));
        }
    }

    // Known places of VGG16's peak (Adam, fp32): at a small batch the optimizer step (weights,
    // gradients, state and Adam's temporaries) dominates; at a large one the activations at the
    // start of backward, at the last layer.
    void peakPlaceFollowsBatch()
    {
        m_doc->setBatch(1, false);
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QVERIFY2(m_view->timelineChart()->peakLabel().contains(QStringLiteral("in the optimizer step")),
                 qPrintable(m_view->timelineChart()->peakLabel()));
        m_doc->setBatch(256, false);
        QTRY_COMPARE(m_view->refreshCount(), 3);
        const QString label = m_view->timelineChart()->peakLabel();
        QVERIFY2(label.contains(QStringLiteral("backward")) || label.contains(QStringLiteral("loss")), qPrintable(label));
        QVERIFY2(label.contains(QStringLiteral(", layer ")) || label.contains(QStringLiteral("loss")), qPrintable(label));
    }

    // Accumulating over K = 4 micro-batches, the gradients band is named for what it holds
    // from the step's start (the earlier micro-batches' gradients: VGG16's 138,357,544 fp32
    // ones, 553,430,176 B), in the legend and the first event's tooltip; at K = 1 neither says
    // "accumulated".
    void gradientsBandNamesTheAccumulation()
    {
        const QString label = QStringLiteral("Gradients (accumulated over 4 micro-batches)");
        const auto* chart = m_view->timelineChart();
        QVERIFY(!chart->legendLabels().filter(QStringLiteral("accumulated")).size());
        QVERIFY(!chart->eventTooltip(0).contains(QStringLiteral("accumulated")));
        core::TrainingConfig c = m_doc->config();
        QCOMPARE(c.accumulationSteps, std::uint32_t{1});
        c.accumulationSteps = 4;
        m_doc->setConfig(c);
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QVERIFY2(chart->legendLabels().contains(label), qPrintable(chart->legendLabels().join(QStringLiteral(", "))));
        QCOMPARE(chart->values(Component::Gradients).front(), 553430176.0);
        const QString first = chart->eventTooltip(0);
        QVERIFY2(first.contains(label) && first.contains(QStringLiteral("553,430,176 B")), qPrintable(first));
        QVERIFY(first.contains(QStringLiteral("the 3 earlier micro-batches")));
        c.accumulationSteps = 1;
        m_doc->setConfig(c);
        QTRY_COMPARE(m_view->refreshCount(), 3);
        QVERIFY(!chart->legendLabels().filter(QStringLiteral("accumulated")).size());
        QVERIFY(chart->legendLabels().contains(QStringLiteral("Gradients")));
        QVERIFY(!chart->eventTooltip(0).contains(QStringLiteral("accumulated")));
    }

    // The labels follow the unit switch; inference is one event, "for the whole step", whose
    // height is the breakdown's total.
    void unitsAndInference()
    {
        const std::uint64_t peak = m_doc->breakdown().peakBytes();
        m_options.setUnits(core::ByteUnits::Decimal);
        QVERIFY(m_view->timelineChart()->peakLabel().startsWith(
            QStringLiteral("peak ") + QString::fromStdString(core::formatBytes(static_cast<double>(peak), core::ByteUnits::Decimal))));
        QVERIFY(m_view->timelineChart()->peakLabel().contains(QStringLiteral(" GB ")));
        core::TrainingConfig c = m_doc->config();
        c.mode = core::Mode::Inference;
        m_doc->setConfig(c);
        QTRY_COMPARE(m_view->refreshCount(), 2);
        const auto e = engine(*m_doc);
        QCOMPARE(m_view->timelineChart()->eventCount(), 1);
        QCOMPARE(m_view->timelineChart()->totals().front(), static_cast<double>(e.componentMaximaSumAt(e.config.batch)));
        QCOMPARE(m_view->summary()->peakPlaceText(),
                 QStringLiteral("Inference keeps nothing for backward: the peak is the sum of the components"));
        QVERIFY(m_view->timelineChart()->peakLabel().endsWith(QStringLiteral("for the whole step")));
    }

    // The batch curve's band is the peak's low .. high at every sampled batch, and it is a real
    // band (the CUDA context's ±25% alone makes it wider than zero).
    void bandEqualsPeakLowHigh()
    {
        const auto e = engine(*m_doc);
        const auto* curve = m_view->curveChart();
        const auto bs = curve->batches(), lo = curve->bandLow(), hi = curve->bandHigh();
        QCOMPARE(lo.size(), bs.size());
        QCOMPARE(hi.size(), bs.size());
        // The band's edges have the same excess below and above the peak as the sum of the
        // component maxima's (the overhead lines' ends): every sampled batch is a power of two
        // or between two integers; at the integers it is exact.
        const core::AffineBytes below{e.componentMaximaSum.fixed - e.componentMaximaLow.fixed,
                                      e.componentMaximaSum.perSample - e.componentMaximaLow.perSample};
        const core::AffineBytes above{e.componentMaximaHigh.fixed - e.componentMaximaSum.fixed,
                                      e.componentMaximaHigh.perSample - e.componentMaximaSum.perSample};
        int integers = 0;
        for (int i = 0; i < bs.size(); ++i) {
            if (bs[i] != std::floor(bs[i])) continue;
            ++integers;
            const auto b = static_cast<std::uint64_t>(bs[i]);
            QCOMPARE(lo[i], static_cast<double>(e.peakAt(b) - below.at(b)));
            QCOMPARE(hi[i], static_cast<double>(e.peakAt(b) + above.at(b)));
        }
        QVERIFY(integers >= 7); // 1, 2, 4, …, the range's top
        // The peak line: the largest event at each sampled batch; it meets the capacity at the
        // largest batch that fits, where the marker dot sits.
        const auto peaks = curve->peakLine();
        QCOMPARE(peaks.size(), bs.size());
        for (int i = 0; i < bs.size(); ++i) {
            if (bs[i] != std::floor(bs[i])) continue;
            double want = 0;
            for (const auto& ev : e.timeline.events)
                want = std::max(want, static_cast<double>(ev.total.fixed) + bs[i] * static_cast<double>(ev.total.perSample));
            QCOMPARE(peaks[i], want);
        }
        const std::uint64_t mb = e.maxBatch().value();
        QVERIFY(e.peakAt(mb) <= e.config.gpu->memoryBytes && e.peakAt(mb + 1) > e.config.gpu->memoryBytes);
        QVERIFY(e.componentMaximaLow.fixed + (e.config.gpu->contextBytes / 4) <= e.componentMaximaSum.fixed);
        QVERIFY(e.componentMaximaHigh.fixed > e.componentMaximaSum.fixed);
        QVERIFY(m_view->summary()->headlineText().startsWith(QStringLiteral("Needs ") + gib(e.peakBytes()) + QStringLiteral(" (")));
        QVERIFY(m_view->summary()->headlineText().contains(QStringLiteral("–")));
    }

    // The verdict's three states against a custom capacity: above the peak band, inside it,
    // below it.
    void verdictHasThreeStates()
    {
        const auto e = engine(*m_doc);
        const std::uint64_t peak = e.peakBytes(), high = e.peakHighAt(e.config.batch);
        const std::uint64_t low = e.peakLowAt(e.config.batch);
        QCOMPARE(low, peak - (e.componentMaximaSumAt(e.config.batch) - e.componentMaximaLow.at(e.config.batch)));
        QVERIFY(low < peak && peak < high);
        const auto withCapacity = [&](std::uint64_t cap) {
            core::TrainingConfig c = m_doc->config();
            c.gpu = core::GpuSpec{"custom", cap, c.gpu->contextBytes, ""};
            m_doc->setConfig(c);
            QTest::qWait(0);
            QCoreApplication::processEvents();
            return m_view->summary()->verdictText();
        };
        QVERIFY(withCapacity(high).startsWith(QStringLiteral("✔")));
        QVERIFY(withCapacity(high - 1).startsWith(QStringLiteral("⚠ May not fit")));
        QVERIFY(withCapacity(peak - 1).startsWith(QStringLiteral("⚠ May not fit")));
        QVERIFY(withCapacity(low).startsWith(QStringLiteral("⚠ May not fit")));
        QVERIFY(withCapacity(low - 1).startsWith(QStringLiteral("✘")));
    }

    // Overrides the CUDA context to 1000 MiB: the total moves by exactly 1000 MiB − the RTX
    // 3090 preset's context; turns allocator rounding on: + 256 B per tensor + 11 MiB; a 5 %
    // fragmentation reserve: + 5 % of the tensors' fixed and per-sample bytes. The settings are
    // in the saved training JSON, and undo restores the first total and settings exactly.
    void overheadEditsChangeTotalExactlyAndUndo()
    {
        ui::OverheadSettingsEditor editor(*m_doc);
        auto settle = [&] { QCoreApplication::processEvents(); QCoreApplication::processEvents(); };
        const std::uint64_t t0 = m_view->summary()->peakBytes();
        QCOMPARE(t0, engine(*m_doc).peakBytes());
        const core::TrainingConfig c0 = m_doc->config();
        const std::uint64_t presetContext = c0.gpu->contextBytes;
        const int undo0 = m_doc->undoStack()->index();

        editor.contextOverride()->setChecked(true);
        editor.contextMiB()->setValue(1000);
        settle();
        QCOMPARE(m_view->summary()->peakBytes(), t0 - presetContext + 1000 * kMiB);
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Memory overheads"));
        QCOMPARE(m_view->summary()->overheadLineText("cuda_context"), gib(1000 * kMiB));
        QCOMPARE(core::trainingConfigToJson(m_doc->config())["overheads"]["context_bytes"].get<std::uint64_t>(), 1000 * kMiB);
        const std::uint64_t t1 = m_view->summary()->peakBytes();

        const auto a = core::analyze(m_doc->graph());
        const std::uint64_t tensors =
            a.trainableTensors * (2 + static_cast<std::uint64_t>(core::optimizerInfo(c0.optimizer).statePerParam)) + a.layers.size();
        QVERIFY(m_view->summary()->overheadLineText("allocator_rounding").isEmpty()); // off by default
        editor.allocatorRounding()->setChecked(true);
        settle();
        QCOMPARE(m_view->summary()->peakBytes(), t1 + tensors * 256 + 11 * kMiB);
        QCOMPARE(m_view->summary()->overheadLineText("allocator_rounding"), gib(tensors * 256 + 11 * kMiB));
        QVERIFY(m_view->timelineChart()->legendLabels().contains(QStringLiteral("Allocator rounding")));
        QVERIFY(m_view->timelineChart()->legendLabels().contains(QStringLiteral("CUDA context")));
        QVERIFY(!m_view->timelineChart()->legendLabels().contains(QStringLiteral("Fragmentation reserve")));

        // The reserve is a fraction of the sum of the component maxima; it is alive all along, so
        // the peak grows by exactly that much.
        const core::AffineBytes before = m_doc->breakdown().componentMaximaSum;
        const std::uint64_t peakBefore = m_view->summary()->peakBytes();
        editor.fragmentationPercent()->setValue(5.0);
        settle();
        const std::uint64_t b = m_doc->config().batch;
        const std::uint64_t frag = static_cast<std::uint64_t>(static_cast<double>(before.fixed) * 0.05) +
                                   b * static_cast<std::uint64_t>(static_cast<double>(before.perSample) * 0.05);
        QCOMPARE(m_view->summary()->peakBytes(), peakBefore + frag);
        QVERIFY(m_view->timelineChart()->legendLabels().contains(QStringLiteral("Fragmentation reserve")));

        // Three edits of the context (check, value), allocator and fragmentation: undo them all.
        while (m_doc->undoStack()->index() > undo0) m_doc->undoStack()->undo();
        settle();
        QCOMPARE(m_view->summary()->peakBytes(), t0);
        QVERIFY(m_doc->config() == c0);
        QCOMPARE(core::trainingConfigToJson(m_doc->config()).dump(), core::trainingConfigToJson(c0).dump());
        QVERIFY(!editor.contextOverride()->isChecked());
        QVERIFY(!editor.allocatorRounding()->isChecked());
        QCOMPARE(editor.fragmentationPercent()->value(), 0.0);
    }

private:
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::MemoryView> m_view;
};

QTEST_MAIN(TestTimelineChart)
#include "tst_timeline_chart.moc"
