// The training-step timeline (core/timeline/Timeline.h) on a hand-derived graph:
// Input[4] -> Dense(3) "d1" -> Dense(2) "d2", PyTorch on the CPU, fp32, Adam.
//   weights 23 params × 4 = 92 B; Adam state 2 × 92 + 4 step tensors × 4 = 200 B; input 16 B/sample
//   kept: d2 keeps d1's output 12 B/sample (d1's input is the model input, counted as input)
//   gradients flowing: d1 3 elements (its input needs none), d2 2 + 3 = 5 elements
// events (fixed + per sample):
//   start 292 + 16b; forward d1 292 + (16 + 12)b; forward d2 292 + (16 + 12 + 8)b;
//   loss 292 + (16 + 12 + 8 + 8)b; backward d2 (292 + 32) + (16 + 12 + 20)b;
//   backward d1 (292 + 92) + (16 + 12)b; optimizer (292 + 92 + 92 Adam temporaries) + 16b.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/TrainingConfigJson.h"
#include "core/timeline/PeakPlace.h"
#include "SmallNets.h"

#include <nlohmann/json.hpp>

#include <QtTest>

using namespace netsizer::core;

class TestTimeline : public QObject {
    Q_OBJECT
private slots:
    void handDerivedEvents();
    void peakMovesWithBatch();
    void fitUsesPeak();
    void caffeAndInferenceAreOneEvent();
    void overheadLinesAndBand();
    void eventPlaceWording();
};

namespace {
using netsizer::testing::twoDense;
MemoryBreakdown run(const Graph& g, Framework f = Framework::PyTorchCpu, Mode m = Mode::Train)
{
    TrainingConfig cfg;
    cfg.framework = f;
    cfg.optimizer = Optimizer::Adam;
    cfg.mode = m;
    cfg.batch = 1;
    return estimate(analyze(g), cfg, 0);
}
} // namespace

void TestTimeline::handDerivedEvents()
{
    const MemoryBreakdown m = run(twoDense());
    const auto& ev = m.timeline.events;
    // start, forward d1, forward d2, loss, backward d2, backward d1, optimizer (the Input layer
    // allocates nothing: its output is the input batch, alive from the start).
    QCOMPARE(ev.size(), std::size_t{7});
    const std::pair<Count, Count> want[] = {{292, 16}, {292, 28}, {292, 36}, {292, 44},
                                            {324, 48}, {384, 28}, {476, 16}};
    const StepPhase phases[] = {StepPhase::Start, StepPhase::Forward, StepPhase::Forward, StepPhase::Loss,
                                StepPhase::Backward, StepPhase::Backward, StepPhase::Optimizer};
    for (std::size_t i = 0; i < ev.size(); ++i) {
        QCOMPARE(ev[i].phase, phases[i]);
        QCOMPARE(ev[i].total.fixed, want[i].first);
        QCOMPARE(ev[i].total.perSample, want[i].second);
    }
    QCOMPARE(m.timeline.component(ev[6], Component::OptimizerState).fixed, Count{200 + 92});
    // The steady components are the breakdown's; the varying ones add up to each total.
    QCOMPARE(m.timeline.component(ev[3], Component::Weights), m[Component::Weights]);
    QCOMPARE(m.timeline.component(ev[3], Component::Gradients), AffineBytes{});
    for (const auto& e : ev) {
        AffineBytes sum;
        for (const auto& c : m.timeline.components(e)) sum += c;
        QCOMPARE(sum, e.total);
    }
}

void TestTimeline::peakMovesWithBatch()
{
    const Graph g = twoDense();
    const MemoryBreakdown m = run(g);
    TimelinePeak p = m.timeline.peakAt(1);
    QCOMPARE(p.bytes, Count{492});
    QCOMPARE(p.phase, StepPhase::Optimizer);
    QVERIFY(!p.layer);
    p = m.timeline.peakAt(100);
    QCOMPARE(p.bytes, Count{324 + 4800});
    QCOMPARE(p.phase, StepPhase::Backward);
    QCOMPARE(*p.layer, g.layers()[2].id); // d2
    QCOMPARE(QString(stepPhaseName(p.phase)), QString("backward"));
}

void TestTimeline::fitUsesPeak()
{
    Graph g = twoDense();
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.batch = 100;
    cfg.gpu = GpuSpec{"toy", 5124, 0, ""};
    MemoryBreakdown m = estimate(analyze(g), cfg, 0);
    QCOMPARE(m.peakBytes(), Count{5124});
    QVERIFY(m.fits());
    QCOMPARE(*m.maxBatch(), std::uint64_t{100});
    QVERIFY(m.peakBytes() <= m.componentMaximaSumAt(m.config.batch)); // the sum of component maxima bounds it here
}

void TestTimeline::caffeAndInferenceAreOneEvent()
{
    const Graph g = twoDense();
    for (const MemoryBreakdown& m : {run(g, Framework::Caffe), run(g, Framework::PyTorchCpu, Mode::Inference)}) {
        QCOMPARE(m.timeline.events.size(), std::size_t{1});
        QCOMPARE(m.timeline.events[0].total, m.componentMaximaSum);
        QCOMPARE(m.peakBytes(), m.componentMaximaSumAt(m.config.batch));
    }
}

// The overhead lines on CUDA: context centre = the GPU's, band ±25%; the unset allocator line
// widens only the top (tensors × 512 B + 22 MiB: 23 params in 4 tensors, Adam: 4 × 4 + 3
// layers = 19 tensors); the settings survive a JSON round trip.
void TestTimeline::overheadLinesAndBand()
{
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorch;
    cfg.batch = 1;
    cfg.gpu = GpuSpec{"toy", 1ull << 30, 400ull << 20, ""};
    const Analysis a = analyze(twoDense());
    MemoryBreakdown m = estimate(a, cfg, 0);
    QCOMPARE(m[Component::Overhead].fixed, Count{400ull << 20});
    QCOMPARE(m.componentMaximaLow.fixed, m.componentMaximaSum.fixed - (100ull << 20));
    const Count fragHigh = static_cast<Count>(static_cast<double>(m.componentMaximaSum.fixed) * 0.10);
    QCOMPARE(m.componentMaximaHigh.fixed, m.componentMaximaSum.fixed + (100ull << 20) + 19 * 512 + (22ull << 20) + fragHigh);
    QVERIFY(m.maxBatch(true).value() <= m.maxBatch().value());

    cfg.overheads.allocatorRounding = true;
    cfg.overheads.fragmentationFraction = 0.05;
    cfg.overheads.convWorkspaceCapBytes = 1 << 20;
    cfg.overheads.contextBytes = 300ull << 20;
    m = estimate(a, cfg, 0);
    QCOMPARE(m.overheadLines.at(0).bytes.fixed, Count{300ull << 20});
    QCOMPARE(m.overheadLines.at(1).name, std::string("allocator_rounding")); // no convolution: no workspace line
    QCOMPARE(m.overheadLines.at(1).bytes.fixed, Count{19 * 256 + (11ull << 20)});

    const GpuCatalog& gpus = GpuCatalog::builtin();
    const auto back = trainingConfigFromJson(trainingConfigToJson(cfg), "/training", gpus);
    QVERIFY(back.ok());
    QVERIFY(back.value().overheads == cfg.overheads);
    const auto bad = trainingConfigFromJson(nlohmann::json{{"overheads", {{"fragmentation", 2.0}}}}, "/training", gpus);
    QVERIFY(!bad.ok());
    QCOMPARE(QString::fromStdString(bad.error().path), QString("/training/overheads/fragmentation"));
}

// The words for where an event sits: start, forward d1 (first), forward d2 (last), loss,
// backward d2 (first), backward d1 (last), optimizer; a one-event timeline is the whole step.
void TestTimeline::eventPlaceWording()
{
    const MemoryBreakdown m = run(twoDense());
    const char* want[] = {"before the step",       "at the start of forward",  "at the end of forward", "at the loss",
                          "at the start of backward", "at the end of backward", "in the optimizer step"};
    QCOMPARE(m.timeline.events.size(), std::size_t{7});
    for (std::size_t i = 0; i < 7; ++i) QCOMPARE(QString::fromStdString(eventPlace(m.timeline, i)), QString(want[i]));
    const MemoryBreakdown inference = run(twoDense(), Framework::PyTorchCpu, Mode::Inference);
    QCOMPARE(QString::fromStdString(eventPlace(inference.timeline, 0)), QString("for the whole step"));
}

QTEST_APPLESS_MAIN(TestTimeline)
#include "tst_timeline.moc"
