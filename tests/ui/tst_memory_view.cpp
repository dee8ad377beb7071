// The memory view shows the engine's exact figures, follows every edit within one event-loop
// turn, coalesces several edits of a turn into one refresh, and never re-analyses for a batch.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/memory/AffineBytes.h"
#include "ui/advise/FitAdvicePanel.h"
#include "ui/charts/BatchCurveChart.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/charts/TimelineChart.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "tests/ui/HugeModels.h"

#include <QLabel>
#include <QtTest>

#include <cmath>

using namespace netsizer;
using core::Component;

namespace {
core::MemoryBreakdown engine(const ui::Document& d)
{
    return core::estimate(core::analyze(d.graph()), d.config(), core::GpuCatalog::builtin().defaultContextBytes());
}
} // namespace

class TestMemoryView : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        core::TrainingConfig c;
        c.gpu = core::GpuCatalog::builtin().find("RTX 3090");
        m_doc->reset(ui::defaultModel().graph, c);
        m_view = std::make_unique<ui::MemoryView>(*m_doc, m_options);
        QTRY_COMPARE(m_view->refreshCount(), 1);
    }
    void cleanup()
    {
        m_view.reset();
        m_doc.reset();
    }

    void barsEqualEngineAfterBatchChange()
    {
        const int analyses = m_doc->analysisCount();
        m_doc->setBatch(100, false);
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QCOMPARE(m_doc->analysisCount(), analyses); // a batch change never re-analyses
        const auto e = engine(*m_doc);
        QCOMPARE(e.config.batch, std::uint64_t{100});
        for (Component c : core::kAllComponents) {
            const QVector<double> bars = m_view->barsChart()->values(c);
            QCOMPARE(bars.size(), static_cast<int>(e.layers.size()));
            for (int i = 0; i < bars.size(); ++i)
                QCOMPARE(bars[i], static_cast<double>(e.layers[static_cast<std::size_t>(i)][c].at(100)));
        }
        // The areas: what is alive at the peak instant at every sampled whole batch, by component
        // (the engine's composition), so the stack's top is the peak there.
        const auto* curve = m_view->curveChart();
        QCOMPARE(curve->batchMarker(), 100.0);
        const auto bs = curve->batches();
        int checked = 0;
        for (int i = 0; i < bs.size(); ++i) {
            if (bs[i] != std::floor(bs[i])) continue;
            const core::PeakComposition p = e.peakCompositionAt(static_cast<std::uint64_t>(bs[i]));
            double stack = 0;
            for (Component c : core::kAllComponents) {
                QCOMPARE(curve->values(c)[i], static_cast<double>(p[c]));
                stack += curve->values(c)[i];
            }
            QCOMPARE(stack, static_cast<double>(p.bytes));
            QCOMPARE(curve->peakLine()[i], static_cast<double>(p.bytes));
            ++checked;
        }
        QVERIFY(checked >= 9); // 1, 2, 4, …, 256 at least: the range holds batch 100 with headroom
        QVERIFY(bs.back() >= 400);
        QCOMPARE(curve->capacityLine(), static_cast<double>(e.config.gpu->memoryBytes));
        QCOMPARE(curve->maxBatchMarked(), e.maxBatch());
        QVERIFY(m_view->summary()->headlineText().startsWith(
            QStringLiteral("Needs ") + QString::fromStdString(core::formatBytes(static_cast<double>(e.peakBytes())))));
        QVERIFY(m_view->summary()->headlineText().endsWith(QStringLiteral("at batch 100")));
    }

    void editsOfOneTurnRefreshOnce()
    {
        for (std::uint64_t b : {2, 3, 4, 5, 6}) m_doc->setBatch(b, true);
        core::TrainingConfig c = m_doc->config();
        c.optimizer = core::Optimizer::Sgd;
        m_doc->setConfig(c);
        QCOMPARE(m_view->refreshCount(), 1); // nothing ran synchronously
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QTest::qWait(20);
        QCOMPARE(m_view->refreshCount(), 2);
        const auto e = engine(*m_doc);
        // At batch 1 the peak is the optimizer step: the state plus the step's temporaries.
        QCOMPARE(m_view->curveChart()->values(Component::OptimizerState).front(),
                 static_cast<double>(e.peakCompositionAt(1)[Component::OptimizerState]));
        QVERIFY(e.peakCompositionAt(1)[Component::OptimizerState] >= e[Component::OptimizerState].fixed);
    }

    void freezingRemovesGradientsAndOptimizerStateFromBars()
    {
        const auto names = m_view->barsChart()->layerNames();
        const int fc6 = names.indexOf(QStringLiteral("classifier.0"));
        QVERIFY(fc6 >= 0);
        QVERIFY(m_view->barsChart()->values(Component::Gradients)[fc6] > 0);
        QVERIFY(m_view->barsChart()->values(Component::OptimizerState)[fc6] > 0);
        m_doc->setTrainable(m_doc->graph().findByName("classifier.0")->id, false);
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QCOMPARE(m_view->barsChart()->values(Component::Gradients)[fc6], 0.0);
        QCOMPARE(m_view->barsChart()->values(Component::OptimizerState)[fc6], 0.0);
        QVERIFY(m_view->barsChart()->values(Component::Weights)[fc6] > 0);
    }

    // The per-layer legend lists components in one order (ComponentStyle's), whatever came and
    // went: Adam → SGD drops the optimizer state, SGD → Adam brings it back in its place.
    void legendKeepsComponentOrder()
    {
        QCustomPlot* bars = m_view->barsChart();
        const auto legendNames = [bars] {
            QStringList names;
            for (int i = 0; i < bars->legend->itemCount(); ++i)
                if (auto* item = qobject_cast<QCPPlottableLegendItem*>(bars->legend->item(i))) names << item->plottable()->name();
            return names;
        };
        const QStringList adam = legendNames();
        QVERIFY(adam.contains(ui::ComponentStyle::label(Component::OptimizerState)));
        core::TrainingConfig c = m_doc->config();
        c.optimizer = core::Optimizer::Sgd;
        QVERIFY(m_doc->setConfig(c));
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QVERIFY(!legendNames().contains(ui::ComponentStyle::label(Component::OptimizerState)));
        c.optimizer = core::Optimizer::Adam;
        QVERIFY(m_doc->setConfig(c));
        QTRY_COMPARE(m_view->refreshCount(), 3);
        QCOMPARE(legendNames(), adam);
        // That order is the components' own.
        QStringList expected;
        for (Component comp : core::kAllComponents)
            if (adam.contains(ui::ComponentStyle::label(comp))) expected << ui::ComponentStyle::label(comp);
        QCOMPARE(adam, expected);
    }

    // "5 problem(s)" lists three and says how many more there are: no count without its list.
    void summaryCountsEveryProblemItLists()
    {
        core::GraphBuilder b;
        const auto x = b.add("Input", "input", {}, {{"shape", core::IntList{3, 8, 8}}});
        for (int i = 1; i <= 5; ++i) // a 9×9 kernel does not fit an 8×8 input: five shape errors
            b.add("Conv2D", "conv" + std::to_string(i), {x}, {{"filters", std::int64_t{4}}, {"kernel_size", core::IntList{9}}});
        m_doc->reset(b.take(), m_doc->config());
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QCOMPARE(m_doc->analysis().errors.size(), std::size_t{5});
        QString text;
        for (QLabel* l : m_view->summary()->findChildren<QLabel*>())
            if (l->text().contains(QStringLiteral("problem"))) text = l->text();
        QVERIFY2(text.startsWith(QStringLiteral("5 problem")), qPrintable(text));
        QCOMPARE(text.count(QStringLiteral("\n• ")), 4); // three problems and the rest
        QVERIFY2(text.contains(QStringLiteral("… and 2 more")), qPrintable(text));
    }

    // Sizes beyond 64 bits (input [10^12] → PReLU → 100 ReLUs not in place at batch 65,536;
    // tests/core/tst_size_overflow.cpp derives relu68): the summary shows the located error, not
    // the saturated 16 EiB, the curve's marker says so, nothing is advised, and the document is
    // untouched. Back at batch 1 the figures return.
    void hugeModelShowsTheOverflowNotAFigure()
    {
        m_doc->reset(test::hugeReluChain(), test::hugeBatchTraining(m_doc->config()));
        QTRY_COMPARE(m_view->refreshCount(), 2);
        const ui::SummaryPanel* summary = m_view->summary();
        const QString located = QStringLiteral("layer 'relu68': memory at batch 65,536 exceeds 2^64 bytes");
        QVERIFY2(summary->overflowText().startsWith(located), qPrintable(summary->overflowText()));
        QVERIFY2(summary->peakPlaceText().startsWith(located), qPrintable(summary->peakPlaceText()));
        QVERIFY2(summary->headlineText().startsWith(QStringLiteral("Too large to estimate")), qPrintable(summary->headlineText()));
        const QString saturated = m_options.bytes(static_cast<double>(core::kSaturated));
        for (QLabel* l : summary->findChildren<QLabel*>())
            QVERIFY2(!l->isVisibleTo(summary) || !l->text().contains(saturated), qPrintable(l->text()));
        QVERIFY2(!summary->verdictText().contains(saturated), qPrintable(summary->verdictText()));
        QVERIFY2(m_view->curveChart()->batchLabelText().contains(QStringLiteral("beyond 2^64 bytes")),
                 qPrintable(m_view->curveChart()->batchLabelText()));
        QVERIFY(!m_view->fitAdvice()->hasAdvice());
        QVERIFY(!m_doc->isModified());
        QCOMPARE(m_doc->graph().size(), std::size_t{102});
        // The bars and the timeline draw no figure: a centred note instead.
        const QString note = QStringLiteral("Memory at batch 65536 exceeds 2^64 bytes");
        QVERIFY2(m_view->barsChart()->saturationNote().startsWith(note), qPrintable(m_view->barsChart()->saturationNote()));
        QVERIFY(!m_view->barsChart()->barsVisible());
        QVERIFY2(m_view->timelineChart()->saturationNote().startsWith(note), qPrintable(m_view->timelineChart()->saturationNote()));
        QVERIFY(!m_view->timelineChart()->areasVisible());
        QCOMPARE(m_view->timelineChart()->peakEvent(), -1);
        // The batch curve stops where sizes saturate: no point at 2^64 - 1, the last one exact.
        const ui::BatchCurveChart* curve = m_view->curveChart();
        const QVector<double> batches = curve->batches(), peaks = curve->peakLine();
        QCOMPARE(peaks.size(), batches.size());
        QVERIFY2(batches.size() > 100, qPrintable(QString::number(batches.size()))); // 1 … 2^15 and more
        QVERIFY(batches.back() < static_cast<double>(curve->rangeTop()));
        const double saturatedValue = std::ldexp(1.0, 64); // 2^64 - 1 plotted as a double
        for (double v : peaks) QVERIFY2(v < saturatedValue, qPrintable(QString::number(v)));
        for (double v : curve->bandHigh()) QVERIFY2(v < saturatedValue, qPrintable(QString::number(v)));
        qInfo("the curve stops at batch %.0f of %llu at %.3g bytes", batches.back(), qulonglong(curve->rangeTop()), peaks.back());
        const auto lastBatch = static_cast<std::uint64_t>(std::ceil(batches.back()));
        QVERIFY(!m_doc->breakdown().overflowAt(lastBatch));
        QVERIFY(m_doc->breakdown().overflowAt(lastBatch * 2)); // the next sample would saturate

        m_doc->setBatch(1, false);
        QTRY_COMPARE(m_view->refreshCount(), 3);
        QVERIFY(summary->overflowText().isEmpty());
        QVERIFY2(summary->headlineText().startsWith(QStringLiteral("Needs ")), qPrintable(summary->headlineText()));
        QVERIFY(!summary->headlineText().contains(saturated));
        QVERIFY(m_view->barsChart()->saturationNote().isEmpty());
        QVERIFY(m_view->barsChart()->barsVisible());
        QVERIFY(m_view->timelineChart()->saturationNote().isEmpty());
        QVERIFY(m_view->timelineChart()->areasVisible());
    }

    // ✔ while the whole peak band fits (up to the conservative largest batch), "may not fit"
    // just above it, ✘ once even the band's low end exceeds the capacity.
    void verdictFollowsBatch()
    {
        const auto mb = m_doc->breakdown().maxBatch();
        const auto safe = m_doc->breakdown().maxBatch(true);
        QVERIFY(mb && *mb > 1 && *mb < core::TrainingConfig::kMaxBatch);
        QVERIFY(safe && *safe >= 1 && *safe <= *mb);
        m_doc->setBatch(*safe, false);
        QTRY_COMPARE(m_view->refreshCount(), 2);
        QVERIFY(m_view->summary()->verdictText().startsWith(QStringLiteral("✔")));
        m_doc->setBatch(*mb + 1, false);
        QTRY_COMPARE(m_view->refreshCount(), 3);
        QVERIFY(!m_view->summary()->verdictText().startsWith(QStringLiteral("✔")));
        QVERIFY(m_view->summary()->verdictText().contains(QString::number(*mb)));
        m_doc->setBatch(*mb * 2, false);
        QTRY_COMPARE(m_view->refreshCount(), 4);
        QVERIFY(m_view->summary()->verdictText().startsWith(QStringLiteral("✘")));
    }

    // The designer's largest batch for VGG16 / RTX 3090 / Adam is core's: the chart's marker and
    // label and the summary name MemoryBreakdown::maxBatch() (`netsizer-cli fit`) and
    // maxBatch(true) (`fit --safe`); the verdict's ✔ / ✘ follow fits(true) / fits() at the
    // batches around them.
    void largestBatchIsCores()
    {
        QCOMPARE(m_doc->config().optimizer, core::Optimizer::Adam); // the default, as in `netsizer-cli fit`
        const auto e = engine(*m_doc);
        QCOMPARE(e.config.optimizer, core::Optimizer::Adam);
        QCOMPARE(e.config.gpu->name, std::string("RTX 3090"));
        const auto mb = e.maxBatch(), safe = e.maxBatch(true);
        QVERIFY(mb && safe);
        QVERIFY2(*safe >= 1 && *safe < *mb, qPrintable(QStringLiteral("%1 / %2").arg(*safe).arg(*mb))); // the band matters here
        const auto* curve = m_view->curveChart();
        QCOMPARE(curve->maxBatchMarked(), mb);
        QCOMPARE(curve->safeMaxBatchMarked(), safe);
        QCOMPARE(curve->maxLabelText(), QStringLiteral("largest batch that fits: %1\n%2 with the whole band").arg(*mb).arg(*safe));
        QVERIFY2(m_view->summary()->verdictText().contains(
                     QStringLiteral("Largest batch that fits: %1 (%2 with the whole band)").arg(*mb).arg(*safe)),
                 qPrintable(m_view->summary()->verdictText()));
        int refreshes = 1;
        for (std::uint64_t b : {std::uint64_t{1}, *safe, *safe + 1, *mb, *mb + 1, *mb * 2}) {
            m_doc->setBatch(b, false);
            ++refreshes;
            QTRY_COMPARE(m_view->refreshCount(), refreshes);
            const auto at = engine(*m_doc);
            const QString verdict = m_view->summary()->verdictText();
            QCOMPARE(verdict.startsWith(QStringLiteral("✔")), at.fits(true));
            if (at.fits()) QVERIFY(!verdict.startsWith(QStringLiteral("✘")));
            QCOMPARE(at.fits(), b <= *mb);
            QCOMPARE(at.fits(true), b <= *safe);
            QCOMPARE(curve->maxBatchMarked(), mb); // the marker does not move with the batch
        }
    }

    // The largest-batch label never covers the curves: it lies inside the plot, on one side of
    // its marker, above the top of the band, the stack and the peak line over its whole width,
    // and clear of the batch and capacity labels — narrow and wide, with the batch below, at
    // and far above the largest batch, on screen and in an export at another size.
    void largestBatchLabelClearsTheCurves_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<double>("batchTimesMax");
        for (const QSize size : {QSize(460, 230), QSize(620, 300), QSize(1250, 420)})
            for (double f : {0.25, 1.0, 4.0, 64.0})
                QTest::addRow("%dx%d batch %g×max", size.width(), size.height(), f) << size << f;
    }
    void largestBatchLabelClearsTheCurves()
    {
        QFETCH(QSize, size);
        QFETCH(double, batchTimesMax);
        QCOMPARE(m_doc->config().optimizer, core::Optimizer::Adam);
        const auto mb = engine(*m_doc).maxBatch();
        QVERIFY(mb);
        m_doc->setBatch(std::max<std::uint64_t>(1, static_cast<std::uint64_t>(static_cast<double>(*mb) * batchTimesMax)), false);
        QTRY_VERIFY(m_view->refreshCount() >= 2);
        ui::BatchCurveChart chart(m_options);
        chart.resize(size);
        chart.show();
        QVERIFY(QTest::qWaitForWindowExposed(&chart));
        chart.setBreakdown(m_doc->breakdown());
        chart.replot(QCustomPlot::rpImmediateRefresh); // one replot lays out, sizes the strip, places
        checkLabelClearsCurves(chart, *mb);
        if (QTest::currentTestFailed()) return;
        // An export at another size lays the chart out again and places the labels for it
        // (the axis rect keeps the export's geometry until the next replot).
        chart.toPixmap(size.width() * 3 / 2, size.height() * 4 / 5);
        QCOMPARE(chart.axisRect()->outerRect().width(), size.width() * 3 / 2);
        checkLabelClearsCurves(chart, *mb);
    }

    // Dragging the batch slider from 1 to the limit and back: at every position the x range
    // holds the marker with headroom (at least 2× the batch up to the limit, a power of two)
    // and the largest batch that fits; the y range holds the peak at the marker and the
    // capacity line; going back down shrinks the range again. A batch change never re-analyses
    // nor re-estimates, whatever the range does.
    void batchRangeFollowsTheSlider()
    {
        const int analyses = m_doc->analysisCount(), estimates = m_doc->estimateCount();
        const auto* curve = m_view->curveChart();
        const std::uint64_t cap = m_doc->config().gpu->memoryBytes;
        const std::uint64_t mb = m_doc->breakdown().maxBatch().value();
        std::vector<std::uint64_t> positions;
        for (std::uint64_t b = 1; b <= core::TrainingConfig::kMaxBatch; b = b * 3 / 2 + 1) positions.push_back(b);
        positions.push_back(core::TrainingConfig::kMaxBatch);
        for (std::uint64_t b : {40000u, 5000u, 300u, 17u, 2u}) positions.push_back(b);
        int refreshes = m_view->refreshCount();
        for (std::uint64_t b : positions) {
            if (!m_doc->setBatch(b, true)) continue;
            ++refreshes;
            QTRY_COMPARE(m_view->refreshCount(), refreshes);
            const QCPRange x = curve->xAxis->range(), y = curve->yAxis->range();
            QCOMPARE(curve->batchMarker(), static_cast<double>(b));
            QVERIFY2(x.contains(static_cast<double>(b)), qPrintable(QStringLiteral("batch %1 outside 1..%2").arg(b).arg(x.upper)));
            QCOMPARE(x.upper, static_cast<double>(curve->rangeTop()));
            QVERIFY(curve->rangeTop() >= std::min<std::uint64_t>(2 * b, core::TrainingConfig::kMaxBatch));
            QVERIFY(curve->rangeTop() >= std::min<std::uint64_t>(2 * mb, core::TrainingConfig::kMaxBatch));
            QVERIFY(curve->batches().back() == x.upper); // the curves reach the range's end
            QVERIFY(y.contains(static_cast<double>(m_doc->breakdown().peakAt(b))));
            QVERIFY(y.contains(static_cast<double>(cap)));
            // The marker's label names the peak at the marker.
            QVERIFY(curve->batchLabelText().contains(m_options.bytes(static_cast<double>(m_doc->breakdown().peakAt(b)))));
        }
        QCOMPARE(m_doc->config().batch, std::uint64_t{2});
        // Back at batch 2 the range is what a fresh chart shows: 4× the batch and 2× the largest
        // batch, at least 64, up to a power of two.
        std::uint64_t top = 1;
        while (top < std::max<std::uint64_t>({64, 4 * 2, 2 * mb})) top *= 2;
        QCOMPARE(curve->rangeTop(), top);
        QVERIFY(curve->rangeTop() < 40000); // shrunk back
        QCOMPARE(m_doc->analysisCount(), analyses);
        QCOMPARE(m_doc->estimateCount(), estimates);
    }

    void unitsSwitch()
    {
        const auto w = m_doc->breakdown().bytes(Component::Weights);
        QCOMPARE(m_view->summary()->componentText(Component::Weights),
                 QString::fromStdString(core::formatBytes(static_cast<double>(w), core::ByteUnits::Binary)));
        m_options.setUnits(core::ByteUnits::Decimal);
        QCOMPARE(m_view->summary()->componentText(Component::Weights),
                 QString::fromStdString(core::formatBytes(static_cast<double>(w), core::ByteUnits::Decimal)));
    }

    // Imported op-level graphs name layers by module scope; a rotated 50-character label per bar
    // left the bars no height (vit_b_16 at 1366×768). Labels are the last two scope parts.
    void layerLabelsAreShort()
    {
        QCOMPARE(ui::LayerBarsChart::tickLabel("/encoder/layers/encoder_layer_11/mlp/mlp.3/MatMul"), QString("mlp.3/MatMul"));
        QCOMPARE(ui::LayerBarsChart::tickLabel("conv1"), QString("conv1"));
        QCOMPARE(ui::LayerBarsChart::tickLabel("/conv_proj/Conv"), QString("conv_proj/Conv"));
        const QString elided = ui::LayerBarsChart::tickLabel("/a/b/self_attention_with_a_long_name/out_projection_MatMul");
        QCOMPARE(elided.size(), 24);
        QVERIFY(elided.startsWith("self_atten") && elided.endsWith("ction_MatMul") && elided.contains(QChar(0x2026)));
    }

private:
    static void checkLabelClearsCurves(ui::BatchCurveChart& chart, std::uint64_t mb)
    {
        const QRectF label = chart.maxLabelRect();
        QVERIFY(!label.isEmpty());
        const QRectF area = chart.axisRect()->rect();
        QVERIFY2(area.contains(label), qPrintable(QStringLiteral("label %1,%2 %3×%4 outside the plot")
                                                      .arg(label.x()).arg(label.y()).arg(label.width()).arg(label.height())));
        const double marker = chart.xAxis->coordToPixel(static_cast<double>(mb));
        QVERIFY(label.right() <= marker || label.left() >= marker);
        QVERIFY(!label.intersects(chart.batchLabelRect()));
        QVERIFY(!chart.capacityLabelRect().isEmpty());
        QVERIFY(!label.intersects(chart.capacityLabelRect()));
        // Every plotted curve, sampled where the label is (and at the samples just beside it,
        // between which the lines run), passes below the label's bottom edge.
        const QVector<double> bs = chart.batches(), high = chart.bandHigh(), peak = chart.peakLine();
        QVector<double> stack(bs.size(), 0.0);
        for (core::Component comp : core::kAllComponents) {
            const QVector<double> v = chart.values(comp);
            for (int i = 0; i < bs.size(); ++i) stack[i] += v[i];
        }
        int checked = 0;
        for (int i = 0; i < bs.size(); ++i) {
            const double x = chart.xAxis->coordToPixel(bs[i]);
            const double xPrev = i > 0 ? chart.xAxis->coordToPixel(bs[i - 1]) : x;
            const double xNext = i + 1 < bs.size() ? chart.xAxis->coordToPixel(bs[i + 1]) : x;
            if (xNext < label.left() || xPrev > label.right()) continue;
            ++checked;
            for (double v : {high[i], peak[i], stack[i]})
                QVERIFY2(chart.yAxis->coordToPixel(v) > label.bottom(),
                         qPrintable(QStringLiteral("batch %1: curve at y %2 px, label bottom %3 px")
                                        .arg(bs[i]).arg(chart.yAxis->coordToPixel(v)).arg(label.bottom())));
        }
        QVERIFY(checked >= 3);
    }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::MemoryView> m_view;
};

QTEST_MAIN(TestMemoryView)
#include "tst_memory_view.moc"
