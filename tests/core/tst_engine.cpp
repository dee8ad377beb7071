// The analysis + estimate pipeline on small hand-built graphs with hand-derived numbers.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"

#include <QtTest>

using namespace netsizer::core;

class TestEngine : public QObject {
    Q_OBJECT
private slots:
    void smallCnnCountsAndSaves();
    void frozenPrefixKeepsNothing();
    void overflowIsAnError();
};

static Graph smallCnn(bool freezeConv = false)
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", std::int64_t{3}}, {"padding", std::int64_t{1}}});
    auto r = b.add("ReLU", "relu", {c}, {{"inplace", true}});
    auto f = b.add("Flatten", "flatten", {r});
    b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    Graph g = b.take();
    if (freezeConv) g.find(c)->trainable = false;
    return g;
}

void TestEngine::smallCnnCountsAndSaves()
{
    const Analysis a = analyze(smallCnn());
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    // conv 16×3×3×3 + 16 = 448; fc 10 × 16·32·32 + 10 = 163,850
    QCOMPARE(a.paramsTotal, Count{448 + 163850});
    QCOMPARE(a.trainableTensors, Count{4});
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.optimizer = Optimizer::Adam;
    cfg.batch = 8;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    const Count params = 448 + 163850;
    QCOMPARE(m[Component::Weights].fixed, params * 4);
    QCOMPARE(m[Component::Gradients].fixed, params * 4);
    QCOMPARE(m[Component::OptimizerState].fixed, params * 8 + 4 * 4);
    // Kept: the conv output (ReLU in place saves its result; fc saves the flatten view of the
    // same storage): 16 × 32 × 32 floats. The input is its own component.
    QCOMPARE(m[Component::Activations].perSample, Count{16 * 32 * 32 * 4});
    QCOMPARE(m[Component::Input].perSample, Count{3 * 32 * 32 * 4});
    QCOMPARE(m[Component::Overhead].fixed, Count{0});
    QCOMPARE(m.totalAt(8), m.total.fixed + 8 * m.total.perSample);
}

void TestEngine::frozenPrefixKeepsNothing()
{
    const Analysis a = analyze(smallCnn(true));
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTrainable, Count{163850});
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    // conv frozen, input needs no grad: nothing recorded for conv and relu; fc saves its input
    // (the relu output storage) for its weight gradient.
    QCOMPARE(m[Component::Activations].perSample, Count{16 * 32 * 32 * 4});
    QCOMPARE(m[Component::Gradients].fixed, Count{163850 * 4});
}

void TestEngine::overflowIsAnError()
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{1000000000000, 1000000000000}}});
    b.add("Dense", "fc", {x}, {{"units", std::int64_t{10}}});
    const Analysis a = analyze(b.take());
    QVERIFY(!a.ok());
    QCOMPARE(QString::fromStdString(a.errors[0].code), QString("overflow"));
    QCOMPARE(QString::fromStdString(a.errors[0].path), QString("input"));
}

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
