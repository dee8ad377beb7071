// Gradient checkpointing (core/analysis/CheckpointSegment.h, core/timeline/Timeline.h,
// core/checkpoint): a hand-derived chain, the three checkpointed networks of
// tests/truth/checkpoint_models.py against PyTorch 1.13 (tests/truth/out), the native format's
// round trip, and the placements.
//
// The hand-derived chain: Input[100] → l1 Linear(100,100) → r1 ReLU → mid.l2 → mid.r2 → mid.l3
// → mid.r3 → l4 → r4 (ReLUs not in place), one segment "mid." = {l2, r2, l3, r3}; PyTorch CPU,
// fp32, SGD (no state), no overheads. Linear keeps its input, ReLU its output, 400 B each.
//   without checkpointing: kept r1, r2, r3, r4 = 1,600 B/sample;
//   with: forward keeps r1 (also the segment's input), r3 (saved by l4, outside) and r4 =
//   1,200 B/sample; the recomputation keeps r2 and a new r3 = 800 B/sample (r2 at mid.r2, r3 at
//   mid.r3; mid.l2's and mid.l3's saves are the segment input r1 and r2, already counted).
//   weights 4 × 10,100 × 4 B = 161,600 B; l4's gradient 40,400 B is alive when backward reaches
//   the segment; input 400 B/sample.
//   recompute event (at mid.r3): 161,600 + 40,400 + b × (400 input + (400 + 800) kept + 400 the
//   gradient of the segment's output) = 202,000 + 2,000 b;
//   backward mid.r3: 202,000 + b × (400 + 1,200 + 800 (r3's output and input gradients)) =
//   202,000 + 2,400 b — the peak at batch 200: 682,000 B (loss 161,600 + 2,400 b and backward
//   mid.r2 242,400 + 2,000 b are lower there).
#include "core/analysis/Analysis.h"
#include "core/checkpoint/CheckpointPlacement.h"
#include "core/checkpoint/CheckpointScopes.h"
#include "core/checkpoint/CutPoints.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"
#include "tests/core/ReferenceCheckpointNets.h"
#include "tests/core/TruthChecks.h"

#include <QtTest>

#include <random>

using namespace netsizer::core;

class TestCheckpoint : public QObject {
    Q_OBJECT
private slots:
    void handDerivedChain();
    void scopeMatchingNothingIsAnError();
    void truth_data();
    void truth();
    void nativeRoundTrip();
    void olderVersionReads();
    void cutPointsOfAResidualBlock();
    void sqrtPlacement();
    void budgetPlacementIsOptimal();
    void budgetPlacementIsOptimalOnMixedChains();
};

namespace {

Graph chain(bool checkpointed)
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{100}}});
    const char* names[] = {"l1", "r1", "mid.l2", "mid.r2", "mid.l3", "mid.r3", "l4", "r4"};
    for (int i = 0; i < 8; ++i)
        x = i % 2 == 0 ? b.add("Dense", names[i], {x}, {{"units", std::int64_t{100}}}) : b.add("ReLU", names[i], {x}, {{"inplace", false}});
    Graph g = b.take();
    if (checkpointed) {
        const auto marked = checkpointScope(g, "mid.");
        if (!marked || *marked != 4) QTest::qFail("mid. marks the four middle layers", __FILE__, __LINE__);
    }
    return g;
}

TrainingConfig cpuSgd(std::uint64_t batch)
{
    TrainingConfig c;
    c.framework = Framework::PyTorchCpu;
    c.optimizer = Optimizer::Sgd;
    c.batch = batch;
    return c;
}

std::size_t positionOf(const Analysis& a, const Graph& g, const char* name)
{
    for (std::size_t i = 0; i < a.layers.size(); ++i)
        if (g.layers()[a.layers[i].layerIndex].name == name) return i;
    return a.layers.size();
}

// The fewest recomputed MACs of any placement on the chain `g` whose engine peak is within the
// budget (UINT64_MAX: none), by enumeration: each layer after the input starts a new segment,
// continues the current one, or is plain (3^(n-1) labellings, the valid ones kept).
std::uint64_t bruteForceBestMacs(const Graph& g, const Analysis& a, const TrainingConfig& c, std::uint64_t budget)
{
    const std::size_t n = a.layers.size();
    std::size_t codes = 1;
    for (std::size_t k = 1; k < n; ++k) codes *= 3;
    std::uint64_t bestMacs = UINT64_MAX;
    std::vector<int> label(n, 0);
    for (std::size_t code = 0; code < codes; ++code) {
        std::size_t v = code;
        for (std::size_t k = 1; k < n; ++k, v /= 3) label[k] = static_cast<int>(v % 3);
        Graph trial = g;
        int seg = 0;
        bool valid = true;
        for (std::size_t k = 1; k < n; ++k) {
            if (label[k] == 1) ++seg;
            if (label[k] == 2 && (k == 1 || label[k - 1] == 0)) valid = false;
            if (label[k] != 0) trial.find(a.layers[k].id)->checkpoint = "s" + std::to_string(seg);
        }
        if (!valid) continue;
        const Analysis ta = analyze(trial);
        const MemoryBreakdown tb = estimate(ta, c, 0);
        if (tb.peakBytes() <= budget) bestMacs = std::min<std::uint64_t>(bestMacs, ta.recomputedMacs);
    }
    return bestMacs;
}

} // namespace

void TestCheckpoint::handDerivedChain()
{
    const Graph plainGraph = chain(false), g = chain(true);
    const Analysis plain = analyze(plainGraph), a = analyze(g);
    QVERIFY(plain.ok() && a.ok());
    const MemoryBreakdown p = estimate(plain, cpuSgd(200), 0), m = estimate(a, cpuSgd(200), 0);
    QCOMPARE(p[Component::Activations].perSample, Count{1600});
    QCOMPARE(m[Component::Activations].perSample, Count{1200});
    QCOMPARE(a.segments.size(), std::size_t{1});
    QCOMPARE(a.segments[0].name, std::string("mid."));
    QCOMPARE(a.segments[0].last - a.segments[0].first, std::size_t{3});
    QCOMPARE(a.segments[0].macs, Count{2 * 10000});
    QCOMPARE(a.recomputedMacs, Count{20000});
    // What each layer keeps in forward (l4 keeps r3) and during the recomputation.
    QCOMPARE(m.layers[positionOf(a, g, "l4")].owned[static_cast<std::size_t>(Component::Activations)].perSample, Count{400});
    QCOMPARE(m.layers[positionOf(a, g, "mid.r2")].owned[static_cast<std::size_t>(Component::Activations)].perSample, Count{0});
    QCOMPARE(a.recomputed[positionOf(a, g, "mid.r2")].kept[1].activationPerSample, Count{100});
    QCOMPARE(a.recomputed[positionOf(a, g, "mid.r3")].kept[1].activationPerSample, Count{100});
    QCOMPARE(a.recomputed[positionOf(a, g, "mid.l3")].kept[1].activationPerSample, Count{0});
    // The recomputation event and the peak in the recomputed segment's backward.
    const auto& ev = m.timeline.events;
    const auto rec = std::find_if(ev.begin(), ev.end(), [](const TimelineEvent& e) { return e.phase == StepPhase::Recompute; });
    QVERIFY(rec != ev.end());
    QCOMPARE(rec->total, (AffineBytes{202000, 2000}));
    QCOMPARE(m.timeline.component(*rec, Component::Activations), (AffineBytes{0, 1200}));
    QCOMPARE(std::count_if(ev.begin(), ev.end(), [](const TimelineEvent& e) { return e.phase == StepPhase::Recompute; }), 1);
    const TimelinePeak peak = m.peak();
    QCOMPARE(peak.bytes, std::uint64_t{682000});
    QCOMPARE(peak.phase, StepPhase::Backward);
    QCOMPARE(g.find(*peak.layer)->name, std::string("mid.r3"));
    // Without checkpointing the same batch peaks higher: at the loss, 161,600 + 200 × (400 +
    // 1,600 + 400 output + 400 its gradient).
    QCOMPARE(p.peakBytes(), std::uint64_t{161600 + 200 * 2800});
    // Caffe has no checkpointing: the segment changes nothing there.
    TrainingConfig caffe = cpuSgd(200);
    caffe.framework = Framework::Caffe;
    QCOMPARE(estimate(a, caffe, 0).peakBytes(), estimate(plain, caffe, 0).peakBytes());
}

void TestCheckpoint::scopeMatchingNothingIsAnError()
{
    Graph g = chain(false);
    const auto r = checkpointScope(g, "layer9.");
    QVERIFY(!r);
    QCOMPARE(r.error().code, std::string("checkpoint_scope"));
    QVERIFY(r.error().message.find("'layer9.'") != std::string::npos);
}

void TestCheckpoint::truth_data()
{
    QTest::addColumn<QString>("model");
    for (const auto& name : netsizer::testing::checkpointReferenceNetNames()) QTest::newRow(name.c_str()) << QString::fromStdString(name);
}

// Saved activations per sample within 1 % of the measurement (every other figure exactly), with
// and without the segments.
void TestCheckpoint::truth()
{
    QFETCH(QString, model);
    const auto net = netsizer::testing::checkpointReferenceNet(model.toStdString());
    const Analysis a = analyze(net.graph);
    QVERIFY2(a.ok(), a.ok() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(a.paramsTotal, net.publishedParams);
    QCOMPARE(a.segments.empty(), model.endsWith("_plain"));
    const QJsonObject t = netsizer::testing::loadTruthFile(QStringLiteral(NETSIZER_ROOT "/tests/truth/out/") + model + ".json");
    QVERIFY2(!t.isEmpty(), "tests/truth/out/<model>.json is missing");
    netsizer::testing::compareTraining(model, a, t, 0.01);
}

void TestCheckpoint::nativeRoundTrip()
{
    ModelFile f;
    f.graph = chain(true);
    const std::string text = writeNativeModel(f);
    QVERIFY(text.find("\"version\": 2") != std::string::npos);
    QVERIFY(text.find("\"checkpoint\": \"mid.\"") != std::string::npos);
    const auto back = readNativeModel(text);
    QVERIFY(back);
    QCOMPARE(writeNativeModel(*back), text);
    for (const Layer& l : back->graph.layers()) QCOMPARE(l.checkpoint, std::string(l.name.starts_with("mid.") ? "mid." : ""));
    // Without a segment the writer keeps version 1, which every NetSizer reads.
    ModelFile plain;
    plain.graph = chain(false);
    QVERIFY(writeNativeModel(plain).find("\"version\": 1") != std::string::npos);
    // A wrong type is an error naming the place.
    std::string bad = text;
    bad.replace(bad.find("\"checkpoint\": \"mid.\""), 20, "\"checkpoint\": 7");
    const auto err = readNativeModel(bad);
    QVERIFY(!err);
    QVERIFY(err.error().path.find("/checkpoint") != std::string::npos);
}

void TestCheckpoint::olderVersionReads()
{
    const auto r = readNativeModel(R"({"format": "netsizer-model", "version": 1, "name": "v1", "layers": [
        {"name": "x", "type": "Input", "attrs": {"shape": [8]}}, {"name": "d", "type": "Dense", "inputs": ["x"], "attrs": {"units": 4}}]})");
    QVERIFY(r);
    QCOMPARE(r->graph.size(), std::size_t{2});
    QVERIFY(r->graph.layers()[1].checkpoint.empty());
    QVERIFY(!readNativeModel(R"({"format": "netsizer-model", "version": 5, "layers": []})"));
}

// stem → conv1 → relu → conv2 ─┐ add → out: inside the block two tensors cross (the block's
// input and the branch), so the only cuts are at its ends.
void TestCheckpoint::cutPointsOfAResidualBlock()
{
    GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", IntList{4, 8, 8}}});
    auto stem = b.add("ReLU", "stem", {x}, {{"inplace", false}});
    auto c1 = b.add("Conv2D", "c1", {stem}, {{"filters", std::int64_t{4}}, {"kernel_size", IntList{3}}, {"padding", IntList{1}}});
    auto r = b.add("ReLU", "r", {c1}, {{"inplace", false}});
    auto c2 = b.add("Conv2D", "c2", {r}, {{"filters", std::int64_t{4}}, {"kernel_size", IntList{3}}, {"padding", IntList{1}}});
    auto add = b.add("Add", "add", {c2, stem});
    b.add("ReLU", "out", {add}, {{"inplace", false}});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    std::vector<std::string> after;
    for (const CutPoint& c : cutPoints(g, a)) after.push_back(g.layers()[a.layers[c.after].layerIndex].name);
    QCOMPARE(after, (std::vector<std::string>{"x", "stem", "add", "out"}));
}

// A chain of 16 Dense layers (17 with the input): round(√17) = 4 groups of ≥ 5 layers, all but
// the last checkpointed.
void TestCheckpoint::sqrtPlacement()
{
    GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", IntList{32}}});
    for (int i = 0; i < 16; ++i) x = b.add("Dense", "d" + std::to_string(i), {x}, {{"units", std::int64_t{32}}});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    const CheckpointPlan plan = placeSqrt(g, a);
    QCOMPARE(plan.segments.size(), std::size_t{3});
    for (const PlacedSegment& s : plan.segments) QCOMPARE(s.last - s.first + 1, std::size_t{5});
    QCOMPARE(plan.segments[0].first, std::size_t{1});
}

// On the chain (cuts after every layer), every placement of segments is enumerated and
// estimated by the engine: the DP's placement must fit the budget and recompute no more MACs
// than the cheapest placement that fits.
void TestCheckpoint::budgetPlacementIsOptimal()
{
    const Graph g = chain(false);
    const Analysis a = analyze(g);
    const TrainingConfig c = cpuSgd(200);
    const std::uint64_t plainPeak = estimate(a, c, 0).peakBytes();
    const std::vector<CutPoint> cuts = cutPoints(g, a);
    const std::size_t n = a.layers.size();
    for (const std::uint64_t budget : {plainPeak, plainPeak - 60000, plainPeak - 100000, plainPeak - 140000}) {
        const std::uint64_t bestMacs = bruteForceBestMacs(g, a, c, budget);
        const auto placed = checkpointForBudget(g, c, budget, 0);
        QVERIFY(placed);
        if (bestMacs == UINT64_MAX) {
            QVERIFY(placed->peakBytes > budget);
            continue;
        }
        QVERIFY2(placed->peakBytes <= budget, qPrintable(QString("budget %1: peak %2").arg(budget).arg(placed->peakBytes)));
        QCOMPARE(placed->plan.recomputedMacs, bestMacs);
    }
    QCOMPARE(cuts.size(), n); // a chain is cut after every layer
}

// Chains of six layers of mixed kinds (Dense of 32–128 units, ReLU, Sigmoid, Dropout), drawn
// from a fixed seed, at budgets from the plain peak down past the least any placement reaches:
// the placement the engine verifies recomputes as few MACs as the cheapest placement that fits.
void TestCheckpoint::budgetPlacementIsOptimalOnMixedChains()
{
    std::mt19937 random(20261204);
    int fitted = 0;
    for (int net = 0; net < 12; ++net) {
        GraphBuilder b;
        auto x = b.add("Input", "input", {}, {{"shape", IntList{64}}});
        for (int i = 1; i <= 6; ++i) {
            const std::string name = "l" + std::to_string(i);
            switch (random() % 4) {
            case 0: x = b.add("Dense", name, {x}, {{"units", static_cast<std::int64_t>(32 + 32 * (random() % 4))}}); break;
            case 1: x = b.add("ReLU", name, {x}, {{"inplace", false}}); break;
            case 2: x = b.add("Sigmoid", name, {x}, {}); break;
            default: x = b.add("Dropout", name, {x}, {{"p", 0.25}}); break;
            }
        }
        const Graph g = b.take();
        const Analysis a = analyze(g);
        QVERIFY(a.ok());
        const TrainingConfig c = cpuSgd(64);
        const std::uint64_t plainPeak = estimate(a, c, 0).peakBytes();
        for (const std::uint64_t percent : {100, 95, 90, 85, 80, 75, 70}) {
            const std::uint64_t budget = plainPeak / 100 * percent;
            const std::uint64_t bestMacs = bruteForceBestMacs(g, a, c, budget);
            const auto placed = checkpointForBudget(g, c, budget, 0);
            QVERIFY(placed);
            const QString where = QString("net %1, budget %2 %: ").arg(net).arg(percent);
            if (bestMacs == UINT64_MAX) {
                QVERIFY2(placed->peakBytes > budget, qPrintable(where + "nothing fits, yet a placement was found within the budget"));
                continue;
            }
            fitted += percent < 100;
            QVERIFY2(placed->peakBytes <= budget, qPrintable(where + QString("peak %1").arg(placed->peakBytes)));
            QVERIFY2(placed->plan.recomputedMacs == bestMacs,
                     qPrintable(where + QString("recomputes %1 MACs, the best placement %2").arg(placed->plan.recomputedMacs).arg(bestMacs)));
        }
    }
    QVERIFY(fitted >= 12); // the budgets below the plain peak reach placements that fit
}

QTEST_APPLESS_MAIN(TestCheckpoint)
#include "tst_checkpoint.moc"
