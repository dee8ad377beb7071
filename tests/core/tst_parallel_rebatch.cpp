// A batch move re-evaluates a parallel estimate instead of estimating again
// (core::rebatchParallel): wherever it answers, its ranks equal estimateParallel's at that batch
// — breakdowns, peaks, the rank that peaks — and it declines when the pipeline's balance moves,
// the batch does not divide into the ranks or any other setting changed.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/io/hf/HfPresets.h"
#include "core/parallel/RankEstimator.h"
#include "SmallNets.h"

#include <QtTest>

using namespace netsizer::core;

Q_DECLARE_METATYPE(netsizer::core::ParallelConfig)

class TestParallelRebatch : public QObject {
    Q_OBJECT
private slots:
    void equalsAFreshEstimate_data();
    void equalsAFreshEstimate();
    void declinesOtherChanges();
};

namespace {

struct Model {
    Graph graph;
    Analysis analysis;
};
Model gpt2At64()
{
    HfImportOptions options;
    options.sequenceLength = 64;
    auto m = readHfPreset("gpt2", options);
    Q_ASSERT(m.ok());
    Model out{std::move(m->graph), {}};
    out.analysis = analyze(out.graph);
    return out;
}

void compareEstimates(const ParallelEstimate& a, const ParallelEstimate& b)
{
    QCOMPARE(a.globalBatch, b.globalBatch);
    QCOMPARE(a.microBatch, b.microBatch);
    QCOMPARE(a.peakRank, b.peakRank);
    QCOMPARE(a.ranks.size(), b.ranks.size());
    for (std::size_t s = 0; s < a.ranks.size(); ++s) {
        const MemoryBreakdown &x = a.ranks[s].breakdown, &y = b.ranks[s].breakdown;
        QCOMPARE(x.config.batch, y.config.batch);
        QCOMPARE(x.peakBytes(), y.peakBytes());
        QCOMPARE(x.peakHighAt(x.config.batch), y.peakHighAt(y.config.batch));
        for (Component c : kAllComponents) QCOMPARE(x.bytes(c), y.bytes(c));
        QCOMPARE(x.layers.size(), y.layers.size());
        QCOMPARE(a.ranks[s].firstLayer, b.ranks[s].firstLayer);
        QCOMPARE(a.ranks[s].lastLayer, b.ranks[s].lastLayer);
        QCOMPARE(a.ranks[s].contextRingBytes(), b.ranks[s].contextRingBytes());
    }
}

} // namespace

void TestParallelRebatch::equalsAFreshEstimate_data()
{
    QTest::addColumn<ParallelConfig>("parallel");
    QTest::addColumn<bool>("pipeline");
    ParallelConfig ddp;
    ddp.gpus = 4;
    ddp.strategy = ParallelStrategy::Ddp;
    QTest::newRow("ddp") << ddp << false;
    ParallelConfig cp = ddp;
    cp.contextParallel = 2;
    cp.tensorParallel = 2;
    cp.gpus = 8;
    cp.strategy = ParallelStrategy::Zero3;
    QTest::newRow("zero3, tp 2, cp 2") << cp << false;
    ParallelConfig pipe;
    pipe.gpus = 16;
    pipe.tensorParallel = 2;
    pipe.pipelineParallel = 4;
    pipe.microbatches = 4;
    pipe.strategy = ParallelStrategy::Zero1;
    QTest::newRow("1f1b, 4 stages") << pipe << true;
    pipe.schedule = PipelineSchedule::Interleaved;
    pipe.virtualStages = 2;
    QTest::newRow("interleaved, 4 × 2 chunks") << pipe << true;
}

void TestParallelRebatch::equalsAFreshEstimate()
{
    QFETCH(ParallelConfig, parallel);
    QFETCH(bool, pipeline);
    const Model m = gpt2At64();
    TrainingConfig config = netsizer::testing::adamFp32(1);
    config.parallel = parallel;
    const std::uint64_t step = std::uint64_t{parallel.dataParallel()} * parallel.microbatches;
    config.batch = step;
    const auto first = estimateParallel(m.graph, m.analysis, config, 0);
    QVERIFY2(first.ok(), first.ok() ? "" : first.error().message.c_str());
    int answered = 0;
    for (std::uint64_t k = 1; k <= 64; k *= 2) {
        config.batch = step * k;
        const auto fresh = estimateParallel(m.graph, m.analysis, config, 0);
        QVERIFY(fresh.ok());
        const auto moved = rebatchParallel(*first, config);
        if (!moved) {
            QVERIFY2(pipeline, "without a pipeline every batch move is re-evaluated");
            continue;
        }
        ++answered;
        compareEstimates(*moved, *fresh);
    }
    // The same batch always answers; without a pipeline every batch does.
    QVERIFY(answered >= (pipeline ? 1 : 7));
}

void TestParallelRebatch::declinesOtherChanges()
{
    const Model m = gpt2At64();
    TrainingConfig config = netsizer::testing::adamFp32(4);
    config.parallel.gpus = 4;
    config.parallel.strategy = ParallelStrategy::Ddp;
    const auto first = estimateParallel(m.graph, m.analysis, config, 0);
    QVERIFY(first.ok());
    TrainingConfig other = config;
    other.batch = 6; // does not divide over 4 data-parallel ranks
    QVERIFY(!rebatchParallel(*first, other));
    other = config;
    other.batch = 8;
    other.optimizer = Optimizer::Sgd;
    QVERIFY(!rebatchParallel(*first, other));
    other = config;
    other.batch = 8;
    other.parallel.strategy = ParallelStrategy::Zero2;
    QVERIFY(!rebatchParallel(*first, other));
    other = config;
    other.batch = 8;
    QVERIFY(rebatchParallel(*first, other));
}

QTEST_APPLESS_MAIN(TestParallelRebatch)
#include "tst_parallel_rebatch.moc"
