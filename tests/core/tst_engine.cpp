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
    void devicesSplitAtTheFirstLayerThatDiffers();
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
    QCOMPARE(m.componentMaximaSumAt(8), m.componentMaximaSum.fixed + 8 * m.componentMaximaSum.perSample);
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

// The analyser computes the CUDA and CPU profiles once while every layer keeps the same
// tensors on both, and splits at the first layer that differs (Analyzer::sameOnBothDevices).
// Here the dropout differs (CUDA keeps a 1-byte mask, the CPU a float noise tensor), and a
// layer after it (fc_skip) saves relu1's output, which relu1 kept before the split: the CPU
// must know it is kept already (no double count), and totals must include the shared prefix.
void TestEngine::devicesSplitAtTheFirstLayerThatDiffers()
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{100}}});
    auto fc1 = b.add("Dense", "fc1", {x}, {{"units", std::int64_t{50}}});
    auto relu1 = b.add("ReLU", "relu1", {fc1});
    auto drop = b.add("Dropout", "drop", {relu1});
    auto fc2 = b.add("Dense", "fc2", {drop}, {{"units", std::int64_t{20}}});
    auto relu2 = b.add("ReLU", "relu2", {fc2});
    auto skip = b.add("Dense", "fc_skip", {relu1}, {{"units", std::int64_t{20}}});
    b.add("Add", "add", {relu2, skip});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    const auto cuda = static_cast<std::size_t>(Profile::PyTorchCuda), cpu = static_cast<std::size_t>(Profile::PyTorchCpu);
    // Per sample, fp32: relu1 result 50 × 4; the mask (CUDA 50 × 1, CPU 50 × 4); fc2's input
    // (the dropout output) 50 × 4; relu2 result 20 × 4; fc_skip's input is relu1's result: 0.
    QCOMPARE(a.activations[cuda].bytesPerSample(4), Count{200 + 50 + 200 + 80});
    QCOMPARE(a.activations[cpu].bytesPerSample(4), Count{200 + 200 + 200 + 80});
    auto kept = [&](const char* name, std::size_t profile) {
        for (const auto& la : a.layers)
            if (g.layers()[la.layerIndex].name == name) return la.kept[profile].bytesPerSample(4);
        return Count{999999};
    };
    for (std::size_t p : {cuda, cpu}) {
        QCOMPARE(kept("relu1", p), Count{200});
        QCOMPARE(kept("fc2", p), Count{200});
        QCOMPARE(kept("relu2", p), Count{80});
        QCOMPARE(kept("fc_skip", p), Count{0});
    }
    QCOMPARE(kept("drop", cuda), Count{50});
    QCOMPARE(kept("drop", cpu), Count{200});
    // Under mixed precision, with 2-byte activations: fc1 (a lowered op) saves the half copy
    // autocast makes of the float32 model input, 100 × 2; then the same tensors at 2 bytes. The
    // CUDA mask stays 1 byte; the CPU noise follows the op's dtype (half, 50 × 2).
    QCOMPARE(a.activationsAutocast[0].bytesPerSample(2), Count{200 + 100 + 50 + 100 + 40});
    QCOMPARE(a.activationsAutocast[1].bytesPerSample(2), Count{200 + 100 + 100 + 100 + 40});
}

QTEST_APPLESS_MAIN(TestEngine)
#include "tst_engine.moc"
