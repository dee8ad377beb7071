// core::StepEvents (core/explain/StepEvents.h) on a hand-derived network:
// Input[4] "x" -> Dense(3) "d1" -> ReLU "r" (not in place) -> Dense(2) "d2", PyTorch on the CPU
// (no CUDA context, no workspace), fp32.
//   parameters: d1 4 × 3 + 3 = 15, d2 3 × 2 + 2 = 8 → weights 23 × 4 = 92 B; input 4 × 4 = 16 B/sample
//   outputs written (B/sample): d1 12, r 12, d2 8
//   kept: d1 its input (the mini-batch: counted as input), r its output 12 B/sample, d2 its input
//     (r's output, already kept by r: charged there) → Activations per layer 0, 12, 0
//   gradients flowing (elements): d2 2 + 3 = 5, r 3 + 3 = 6, d1 3 + 0 (x needs none) = 3
//   SGD + momentum: state 1 × 92 = 92 B, no temporaries (torch's momentum update is in place)
//   Adam: state 2 × 92 + 4 step tensors × 4 = 200 B, temporaries 23 × 4 = 92 B
// The estimate's timeline (fixed + b × per sample), SGD + momentum, steady 92 + 16b:
//   start 184 + 16b; fwd d1 184 + 28b (+ output 12); fwd r 184 + 40b (kept 12 + output 12);
//   fwd d2 184 + 36b (kept 12 + output 8); loss 184 + 44b (+ logits gradient 8);
//   bwd d2 (184 + 32) + 48b (kept 12, flowing 20, d2's gradients 32 B);
//   bwd r 216 + 52b (kept 12, flowing 24); bwd d1 (184 + 92) + 28b (flowing 12, all gradients);
//   optimizer 276 + 16b.
// StepEvents plays it twice. Iteration 1 has no state until its optimizer step (torch.optim
// creates it lazily), so each of its events before the step is 92 B lower; then zero_grad frees
// the 92 B of gradients; iteration 2 is the timeline itself: 9 + 1 events per iteration, 20 in all.
#include "core/estimate/Estimator.h"
#include "core/explain/StepEvents.h"
#include "core/graph/GraphBuilder.h"

#include <QtTest>

using namespace netsizer::core;

class TestStepEvents : public QObject {
    Q_OBJECT
private slots:
    void momentumLevels();
    void momentumLedger();
    void adamStateAndTemporaries();
    void peakIsTheEstimatesPeak();
    void everyEventReconciles();
    void adagradStateIsEager();
    void caffeAndInferenceAreOneEvent();
    void emptyAndMismatchedInputsDoNotCrash();
};

namespace {
Graph denseReluDense()
{
    GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", IntList{4}}});
    auto d1 = b.add("Dense", "d1", {x}, {{"units", std::int64_t{3}}});
    auto r = b.add("ReLU", "r", {d1}, {{"inplace", false}});
    b.add("Dense", "d2", {r}, {{"units", std::int64_t{2}}});
    return b.take();
}

struct Run {
    Graph graph;
    Analysis analysis;
    MemoryBreakdown breakdown;
    StepEvents steps;
};

Run run(Optimizer o, Framework f = Framework::PyTorchCpu, Mode m = Mode::Train)
{
    Run r;
    r.graph = denseReluDense();
    r.analysis = analyze(r.graph);
    TrainingConfig cfg;
    cfg.framework = f;
    cfg.optimizer = o;
    cfg.mode = m;
    cfg.batch = 1;
    r.breakdown = estimate(r.analysis, cfg, 0);
    r.steps = StepEvents::build(r.graph, r.analysis, r.breakdown);
    return r;
}

LayerId idOf(const Graph& g, const char* name) { return g.findByName(name)->id; }

// The changes of one event as (tensor, allocated, fixed, per sample), in order.
using Change = std::tuple<StepTensor, bool, Count, Count>;
std::vector<Change> changesOf(const StepEvent& e)
{
    std::vector<Change> out;
    for (const StepChange& c : e.changes) out.emplace_back(c.tensor, c.allocated, c.bytes.fixed, c.bytes.perSample);
    return out;
}
} // namespace

void TestStepEvents::momentumLevels()
{
    const Run r = run(Optimizer::SgdMomentum);
    const StepEvents& s = r.steps;
    QVERIFY(s.simulated());
    QCOMPARE(s.size(), std::size_t{20});
    QCOMPARE(s.iterationBegin(2), std::size_t{10});
    const StepAction actions[] = {StepAction::Start, StepAction::Forward, StepAction::Forward, StepAction::Forward,
                                  StepAction::Loss, StepAction::Backward, StepAction::Backward, StepAction::Backward,
                                  StepAction::OptimizerStep, StepAction::ZeroGrad};
    // Iteration 1: the timeline's levels minus the 92 B of momentum, until step() creates it.
    const std::pair<Count, Count> first[] = {{92, 16}, {92, 28}, {92, 40}, {92, 36}, {92, 44},
                                             {124, 48}, {124, 52}, {184, 28}, {276, 16}, {184, 16}};
    // Iteration 2: the timeline (see the header), and zero_grad back to weights + momentum.
    const std::pair<Count, Count> second[] = {{184, 16}, {184, 28}, {184, 40}, {184, 36}, {184, 44},
                                              {216, 48}, {216, 52}, {276, 28}, {276, 16}, {184, 16}};
    for (std::size_t i = 0; i < 10; ++i) {
        QCOMPARE(s[i].iteration, 1);
        QCOMPARE(s[i + 10].iteration, 2);
        QCOMPARE(s[i].action, actions[i]);
        QCOMPARE(s[i + 10].action, actions[i]);
        QCOMPARE(s[i].total, (AffineBytes{first[i].first, first[i].second}));
        QCOMPARE(s[i + 10].total, (AffineBytes{second[i].first, second[i].second}));
    }
    // Iteration 2 starts 92 B higher: the momentum buffers created by the first step().
    QCOMPARE(s[10][Component::OptimizerState], (AffineBytes{92, 0}));
    QCOMPARE(s[0][Component::OptimizerState], AffineBytes{});
    QCOMPARE(s.iterationPeakAt(1, 100), Count{124 + 5200}); // backward r: 124 + 52 × 100
    QCOMPARE(s.iterationPeakAt(2, 100), Count{216 + 5200});
    // Iteration 2 is the estimate's timeline, event for event.
    for (std::size_t i = 0; i < 9; ++i) {
        QCOMPARE(s[i + 10].timelineEvent.value(), i);
        QCOMPARE(s[i + 10].total, r.breakdown.timeline.events[i].total);
    }
    QVERIFY(!s[9].timelineEvent);
    QCOMPARE(*s[6].layer, idOf(r.graph, "r"));
}

void TestStepEvents::momentumLedger()
{
    const Run r = run(Optimizer::SgdMomentum);
    const StepEvents& s = r.steps;
    using T = StepTensor;
    // Before the step: the parameters and the mini-batch, nothing else (no CUDA context on the CPU).
    QCOMPARE(changesOf(s[0]), (std::vector<Change>{{T::Weights, true, 92, 0}, {T::InputBatch, true, 0, 16}}));
    // forward d1: its output 12 B/sample; it keeps its input, which is the mini-batch.
    QCOMPARE(changesOf(s[1]), (std::vector<Change>{{T::LayerOutput, true, 0, 12}}));
    QVERIFY(s[1].kept);
    QCOMPARE(s[1].kept->charge, KeptCharge::ModelInput);
    QCOMPARE(s[1].kept->why, KeptWhy::InputForWeightGradient);
    // forward r: output 12, kept 12 (its output, for the gradient mask), d1's output goes.
    QCOMPARE(changesOf(s[2]), (std::vector<Change>{{T::LayerOutput, true, 0, 12}, {T::SavedForBackward, true, 0, 12},
                                                   {T::PreviousOutput, false, 0, 12}}));
    QCOMPARE(s[2].kept->charge, KeptCharge::Here);
    QCOMPARE(s[2].kept->why, KeptWhy::OutputGradientMask);
    QCOMPARE(*s[2].changes[2].layer, idOf(r.graph, "d1"));
    // forward d2: output 8; its input is r's output, kept by r already: nothing new kept.
    QCOMPARE(changesOf(s[3]), (std::vector<Change>{{T::LayerOutput, true, 0, 8}, {T::PreviousOutput, false, 0, 12}}));
    QCOMPARE(s[3].kept->charge, KeptCharge::EarlierLayer);
    QCOMPARE(s[3].kept->chargedToName, std::string("r"));
    // loss: the gradient of the logits, 2 × 4 = 8 B/sample.
    QCOMPARE(changesOf(s[4]), (std::vector<Change>{{T::LogitsGradient, true, 0, 8}}));
    // backward d2: its gradients (8 × 4 = 32 B) and the gradients flowing (5 × 4 = 20) allocated;
    // the logits and their gradient freed.
    QCOMPARE(changesOf(s[5]), (std::vector<Change>{{T::WeightGradient, true, 32, 0}, {T::ActivationGradient, true, 0, 20},
                                                   {T::PreviousOutput, false, 0, 8}, {T::LogitsGradient, false, 0, 8}}));
    // backward r: 6 × 4 = 24 B/sample flowing replaces d2's 20.
    QCOMPARE(changesOf(s[6]), (std::vector<Change>{{T::ActivationGradient, true, 0, 24}, {T::ActivationGradient, false, 0, 20}}));
    // backward d1: its gradients 15 × 4 = 60 B; r's kept output is released (r's backward ran).
    QCOMPARE(changesOf(s[7]), (std::vector<Change>{{T::WeightGradient, true, 60, 0}, {T::ActivationGradient, true, 0, 12},
                                                   {T::SavedReleased, false, 0, 12}, {T::ActivationGradient, false, 0, 24}}));
    QCOMPARE(*s[7].changes[2].layer, idOf(r.graph, "r"));
    // The first step() creates the momentum (92 B); the second only updates it.
    QCOMPARE(changesOf(s[8]), (std::vector<Change>{{T::OptimizerState, true, 92, 0}, {T::ActivationGradient, false, 0, 12}}));
    QCOMPARE(changesOf(s[18]), (std::vector<Change>{{T::ActivationGradient, false, 0, 12}}));
    // zero_grad(set_to_none=True) frees the 92 B of gradients; iteration 2 begins with no change.
    QCOMPARE(changesOf(s[9]), (std::vector<Change>{{T::WeightGradient, false, 92, 0}}));
    QVERIFY(s[10].changes.empty());
    QCOMPARE(snapshotCategory(T::WeightGradient), SnapshotCategory::Gradient);
    QCOMPARE(QString(snapshotCategoryName(snapshotCategory(T::ActivationGradient))), QString("autograd_detail"));
}

void TestStepEvents::adamStateAndTemporaries()
{
    const Run r = run(Optimizer::Adam);
    const StepEvents& s = r.steps;
    using T = StepTensor;
    // First step(): Adam's moments and step counters (200 B) created, and its foreach temporary
    // (exp_avg_sq.sqrt(), 92 B) allocated.
    QCOMPARE(s[8].changed(T::OptimizerState), (AffineBytes{200, 0}));
    QCOMPARE(s[8].changed(T::OptimizerTemporaries), (AffineBytes{92, 0}));
    QCOMPARE(s[8].total, (AffineBytes{92 + 92 + 200 + 92, 16}));
    // zero_grad: the temporary went with step(), the gradients are set to None.
    QCOMPARE(s[9].changed(T::OptimizerTemporaries, false), (AffineBytes{92, 0}));
    QCOMPARE(s[9].changed(T::WeightGradient, false), (AffineBytes{92, 0}));
    // Iteration 2 starts with weights + state = 292 B; iteration 1 started with 92.
    QCOMPARE(s[10].total, (AffineBytes{292, 16}));
    QCOMPARE(s[0].total, (AffineBytes{92, 16}));
    QCOMPARE(s[18].changed(T::OptimizerState), AffineBytes{});
    QCOMPARE(s[18].changed(T::OptimizerTemporaries), (AffineBytes{92, 0}));
    // At batch 100 each iteration peaks at backward r; iteration 2 by the 200 B of state more:
    // 92 + 32 + 52 × 100 = 5,324 and 292 + 32 + 5,200 = 5,524.
    QCOMPARE(s.iterationPeakAt(1, 100), Count{5324});
    QCOMPARE(s.iterationPeakAt(2, 100), Count{5524});
}

void TestStepEvents::peakIsTheEstimatesPeak()
{
    // Adam at batch 100: the peak is backward r of iteration 2 (event 16), 5,524 B.
    Run r = run(Optimizer::Adam);
    std::size_t p = r.steps.peakAt(100);
    QCOMPARE(p, std::size_t{16});
    QCOMPARE(r.steps[p].total.at(100), r.breakdown.peakAt(100));
    QCOMPARE(r.steps[p].total.at(100), Count{5524});
    QCOMPARE(r.steps[p].timelineEvent.value(), r.breakdown.timeline.peakAt(100).event);
    QCOMPARE(*r.steps[p].layer, idOf(r.graph, "r"));
    // Adam at batch 1: the optimizer step peaks (92 + 92 + 200 + 92 + 16 = 492 B), reached first in
    // iteration 1's step (the state exists from then on), event 8.
    p = r.steps.peakAt(1);
    QCOMPARE(p, std::size_t{8});
    QCOMPARE(r.steps[p].total.at(1), Count{492});
    QCOMPARE(r.steps[p].total.at(1), r.breakdown.peakAt(1));
    // SGD + momentum at batch 1: backward d1 of iteration 2, 276 + 28 = 304 B.
    r = run(Optimizer::SgdMomentum);
    p = r.steps.peakAt(1);
    QCOMPARE(p, std::size_t{17});
    QCOMPARE(r.steps[p].total.at(1), Count{304});
    QCOMPARE(r.steps[p].total.at(1), r.breakdown.peakAt(1));
}

void TestStepEvents::everyEventReconciles()
{
    // Between two events the live bytes change by exactly the allocations minus the frees,
    // component by component; the changes of the first event build everything from nothing.
    for (Optimizer o : {Optimizer::Sgd, Optimizer::SgdMomentum, Optimizer::Adam, Optimizer::Adagrad}) {
        const Run r = run(o);
        std::array<AffineBytes, kComponentCount> live{};
        for (const StepEvent& e : r.steps.events()) {
            for (const StepChange& c : e.changes) {
                auto& l = live[static_cast<std::size_t>(c.component)];
                if (c.allocated) {
                    l += c.bytes;
                } else {
                    QVERIFY(l.fixed >= c.bytes.fixed && l.perSample >= c.bytes.perSample);
                    l.fixed -= c.bytes.fixed;
                    l.perSample -= c.bytes.perSample;
                }
            }
            QCOMPARE(live, e.live);
            AffineBytes sum;
            for (const auto& c : e.live) sum += c;
            QCOMPARE(sum, e.total);
        }
    }
}

void TestStepEvents::adagradStateIsEager()
{
    // torch.optim.Adagrad creates its sums in __init__: iteration 1 starts with the state, so
    // both iterations are the timeline (state 92 B sums + 4 step tensors × 4 = 108 B).
    const Run r = run(Optimizer::Adagrad);
    QCOMPARE(r.steps.eagerState(), (AffineBytes{108, 0}));
    QCOMPARE(r.steps[0].total, (AffineBytes{92 + 108, 16}));
    QCOMPARE(r.steps[8].changed(StepTensor::OptimizerState), AffineBytes{});
    QCOMPARE(r.steps.iterationPeakAt(1, 100), r.steps.iterationPeakAt(2, 100));
}

void TestStepEvents::caffeAndInferenceAreOneEvent()
{
    for (const Run& r : {run(Optimizer::SgdMomentum, Framework::Caffe), run(Optimizer::Adam, Framework::PyTorchCpu, Mode::Inference)}) {
        QVERIFY(!r.steps.simulated());
        QCOMPARE(r.steps.size(), std::size_t{1});
        QCOMPARE(r.steps[0].action, StepAction::WholeStep);
        QCOMPARE(r.steps[0].total, r.breakdown.componentMaximaSum);
        QCOMPARE(r.steps[0].total.at(7), r.breakdown.peakAt(7));
        QCOMPARE(r.steps.iterationBegin(2), std::size_t{1});
    }
}

void TestStepEvents::emptyAndMismatchedInputsDoNotCrash()
{
    const Graph empty;
    const Analysis a = analyze(empty);
    MemoryBreakdown b;
    QVERIFY(StepEvents::build(empty, a, b).empty());
    QCOMPARE(StepEvents::build(empty, a, b).peakAt(1), std::size_t{0});
    // A breakdown of another graph: events without the kept notes, no crash.
    const Run r = run(Optimizer::Adam);
    const StepEvents s = StepEvents::build(empty, a, r.breakdown);
    QCOMPARE(s.size(), std::size_t{20});
    QVERIFY(!s[2].kept);
}

QTEST_APPLESS_MAIN(TestStepEvents)
#include "tst_step_events.moc"
