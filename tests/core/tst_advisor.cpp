// core::advise: every suggestion fits when re-estimated with its change applied (every shipped
// example × three GPUs × two batches), the founding question (VGG16 on a 4 GB GRID K520 at batch
// 50) gets accumulation, data parallelism, a larger GPU and the honest word on freezing in Caffe,
// and gradient accumulation keeps the earlier micro-batches' gradients alive from the start.
#include "core/advise/Advisor.h"
#include "core/analysis/Analysis.h"
#include "core/analysis/LayerFreezing.h"
#include "core/checkpoint/CheckpointScopes.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/NativeFormat.h"
#include "core/layers/LayerKind.h"

#include <QDir>
#include <QtTest>

#include <algorithm>

using namespace netsizer::core;

namespace {

Graph loadExample(const QString& file)
{
    auto m = readNativeModelFile((QStringLiteral(NETSIZER_ROOT "/resources/examples/") + file).toStdString());
    if (!m.ok()) qFatal("cannot read %s", qPrintable(file));
    return m->graph;
}

const GpuCatalog& gpus() { return GpuCatalog::builtin(); }

// The suggestion's graph edits applied to a copy of `graph`.
Graph applied(const Graph& graph, const GraphChange& change)
{
    Graph g = graph;
    if (change.trainLast) trainLastLayers(g, analyze(graph), *change.trainLast);
    if (!change.inputShape.empty()) {
        Layer* input = nullptr;
        for (const Layer& l : g.layers())
            if (l.name == change.inputName) input = g.find(l.id);
        if (!input) qFatal("no input %s", change.inputName.c_str());
        input->attrs[static_cast<std::size_t>(input->kind->paramIndex("shape"))] = change.inputShape;
    }
    if (!change.checkpoint.empty()) {
        clearCheckpoints(g);
        for (const auto& [id, name] : change.checkpoint) g.find(id)->checkpoint = name;
    }
    return g;
}

const Suggestion* find(const Advice& a, SuggestionKind k)
{
    for (const Suggestion& s : a.suggestions)
        if (s.kind == k) return &s;
    return nullptr;
}

bool hasNote(const Advice& a, const char* text)
{
    return std::any_of(a.notes.begin(), a.notes.end(), [&](const std::string& n) { return n.find(text) != std::string::npos; });
}

} // namespace

class TestAdvisor : public QObject {
    Q_OBJECT
private slots:
    void everySuggestionFitsWhenReestimated_data()
    {
        QTest::addColumn<QString>("file");
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("batch");
        const QStringList files = QDir(QStringLiteral(NETSIZER_ROOT "/resources/examples")).entryList({"*.json"});
        QVERIFY(files.size() >= 11);
        for (const QString& f : files)
            for (const char* g : {"GRID K520", "Tesla T4", "RTX 3090"})
                for (int b : {16, 256}) QTest::newRow(qPrintable(f + " " + g + " " + QString::number(b))) << f << QString(g) << b;
    }
    void everySuggestionFitsWhenReestimated()
    {
        QFETCH(QString, file);
        QFETCH(QString, gpu);
        QFETCH(int, batch);
        const Graph g = loadExample(file);
        TrainingConfig c;
        c.batch = static_cast<std::uint64_t>(batch);
        c.optimizer = Optimizer::Adam;
        c.gpu = gpus().find(gpu.toStdString());
        QVERIFY(c.gpu);
        const Advice a = advise(g, c, gpus());
        const MemoryBreakdown base = estimate(analyze(g), c, gpus().defaultContextBytes());
        QCOMPARE(a.peakBytes, base.peakBytes());
        QCOMPARE(a.fits, base.fits());
        if (a.fits) QVERIFY(a.suggestions.empty());
        for (const Suggestion& s : a.suggestions) {
            const MemoryBreakdown again = estimate(analyze(applied(g, s.graphChange)), s.config, gpus().defaultContextBytes());
            QVERIFY2(s.fits && again.fits(), suggestionKindName(s.kind));
            QCOMPARE(again.peakBytes(), s.peakBytes);
            QVERIFY(!s.changes.empty() && !s.description.empty());
            // Accumulation keeps the effective batch (or rounds it up by less than one micro-batch).
            if (s.kind == SuggestionKind::Accumulation) {
                QVERIFY(s.config.effectiveBatch() >= c.batch);
                QVERIFY(s.config.effectiveBatch() < c.batch + s.config.batch);
            }
        }
        // Ranked cheapest first.
        for (std::size_t i = 1; i < a.suggestions.size(); ++i) QVERIFY(a.suggestions[i - 1].rank <= a.suggestions[i].rank);
    }

    // VGG16-Places365 fine-tuned in Caffe with SGD + momentum on a 4 GB GRID K520 at batch 50:
    // 10 × 5 micro-batches (iter_size 5), 4 GPUs of batch 13, a larger preset, and no freezing
    // (Caffe keeps diffs and history for lr_mult: 0 blobs) nor mixed precision (none in Caffe).
    void foundingQuestionInCaffe()
    {
        const Graph g = loadExample(QStringLiteral("vgg16.json"));
        TrainingConfig c;
        c.batch = 50;
        c.framework = Framework::Caffe;
        c.optimizer = Optimizer::SgdMomentum;
        c.gpu = gpus().find("GRID K520");
        const Advice a = advise(g, c, gpus());
        QVERIFY(!a.fits);
        const Suggestion* acc = find(a, SuggestionKind::Accumulation);
        QVERIFY(acc);
        QCOMPARE(acc->config.batch, std::uint64_t{10});
        QCOMPARE(acc->config.accumulationSteps, std::uint32_t{5});
        QCOMPARE(acc->changes, (std::vector<std::string>{"--batch", "10", "--accumulate", "5"}));
        // Caffe's blobs are allocated up front: iter_size changes nothing but the batch.
        TrainingConfig ten = c;
        ten.batch = 10;
        QCOMPARE(acc->peakBytes, estimate(analyze(g), ten, gpus().defaultContextBytes()).peakBytes());
        const Suggestion* dp = find(a, SuggestionKind::DataParallel);
        QVERIFY(dp);
        QCOMPARE(dp->config.batch, std::uint64_t{13}); // 4 GPUs: ⌈50 / 4⌉ (2 GPUs of 25 do not fit)
        QVERIFY(find(a, SuggestionKind::LargerGpu));
        QVERIFY(!find(a, SuggestionKind::Freeze));
        QVERIFY(!find(a, SuggestionKind::MixedPrecision));
        QVERIFY(hasNote(a, "freezing layers saves nothing in Caffe"));
        QVERIFY(hasNote(a, "BVLC Caffe"));
    }

    // The same network in PyTorch adds freezing; mixed precision is offered where the GPU runs
    // it (a Pascal GTX 1080: fp16, not bf16) and refused with the reason on the Kepler K520.
    void pytorchAddsFreezingAndMixedPrecision()
    {
        const Graph g = loadExample(QStringLiteral("vgg16.json"));
        TrainingConfig c;
        c.batch = 50;
        c.optimizer = Optimizer::SgdMomentum;
        c.gpu = gpus().find("GRID K520");
        const Advice k520 = advise(g, c, gpus());
        QVERIFY(find(k520, SuggestionKind::Freeze));
        QVERIFY(find(k520, SuggestionKind::Freeze)->extraComputePct < 0);
        QVERIFY(!find(k520, SuggestionKind::MixedPrecision));
        QVERIFY(hasNote(k520, "no fast fp16"));
        c.gpu = gpus().find("GTX 1080");
        c.batch = 96;
        const Advice pascal = advise(g, c, gpus());
        QVERIFY(!pascal.fits);
        const Suggestion* mixed = find(pascal, SuggestionKind::MixedPrecision);
        QVERIFY(mixed);
        QCOMPARE(mixed->config.precision, Precision::MixedFp16);
    }

    // Accumulating, every event before backward holds the whole gradient buffer on top of what
    // it held without accumulation (the earlier micro-batches' gradients); backward and the
    // optimizer step hold all gradients too.
    void accumulationKeepsGradientsFromTheStart()
    {
        const Graph g = loadExample(QStringLiteral("resnet18.json"));
        const Analysis a = analyze(g);
        TrainingConfig c;
        c.batch = 8;
        const MemoryBreakdown plain = estimate(a, c, 0);
        c.accumulationSteps = 4;
        const MemoryBreakdown acc = estimate(a, c, 0);
        const AffineBytes grads = plain[Component::Gradients];
        QVERIFY(grads.fixed > 0);
        QCOMPARE(acc.timeline.events.size(), plain.timeline.events.size());
        for (std::size_t i = 0; i < plain.timeline.events.size(); ++i) {
            const TimelineEvent& p = plain.timeline.events[i];
            const TimelineEvent& q = acc.timeline.events[i];
            QCOMPARE(acc.timeline.component(q, Component::Gradients), grads);
            if (p.phase == StepPhase::Start || p.phase == StepPhase::Forward || p.phase == StepPhase::Loss)
                QCOMPARE(q.total.at(8), p.total.at(8) + grads.at(8));
        }
        QVERIFY(acc.peakBytes() > plain.peakBytes());
        QCOMPARE(c.effectiveBatch(), std::uint64_t{32});
    }
};

QTEST_APPLESS_MAIN(TestAdvisor)
#include "tst_advisor.moc"
