// The `caffe` framework profile: the classic rule "parameters × 3, activations × 2 × batch",
// checked on a small network with every number derived by hand.
#include "core/analysis/Analysis.h"
#include "core/memory/BatchPlanner.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"

#include <QtTest>

using namespace netsizer::core;

class TestCaffeProfile : public QObject {
    Q_OBJECT
private slots:
    void classicRule();
    void solverHistoryPerOptimizer_data();
    void solverHistoryPerOptimizer();
    void inferenceKeepsDataBlobsOnly();
};

// Input[3,32,32] → conv (16 filters, 3×3, pad 1) → ReLU in place → Flatten → fc (10) → Dropout
static Analysis net()
{
    GraphBuilder b;
    auto x = b.add("Input", "data", {}, {{"shape", IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", std::int64_t{3}}, {"padding", std::int64_t{1}}});
    auto r = b.add("ReLU", "relu", {c}, {{"inplace", true}});
    auto f = b.add("Flatten", "flatten", {r});
    auto d = b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    b.add("Dropout", "drop", {d});
    return analyze(b.take());
}

constexpr Count kParams = 16 * 3 * 3 * 3 + 16 + 10 * 16 * 32 * 32 + 10; // 164,298

void TestCaffeProfile::classicRule()
{
    const Analysis a = net();
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTotal, kParams);
    TrainingConfig cfg;
    cfg.framework = Framework::Caffe;
    cfg.optimizer = Optimizer::SgdMomentum;
    cfg.gpu = GpuCatalog::builtin().find("GRID K520");
    cfg.batch = 10;
    const MemoryBreakdown m = estimate(a, cfg, 0);
    // data, diff and momentum history per parameter
    QCOMPARE(m[Component::Weights].fixed, kParams * 4);
    QCOMPARE(m[Component::Gradients].fixed, kParams * 4);
    QCOMPARE(m[Component::OptimizerState].fixed, kParams * 4);
    // blobs: conv/relu share one (16,384), flatten shares it too, fc (10), drop (10); data + diff
    // each, plus Dropout's unsigned-int mask rand_vec_ (10 × 4 B).
    QCOMPARE(m[Component::Activations].perSample, Count{2 * (16384 + 10 + 10) * 4 + 10 * 4});
    QCOMPARE(m[Component::Activations].fixed, Count{0});
    QCOMPARE(m[Component::ActivationGradients].perSample, Count{0}); // diffs are the blobs' own
    QCOMPARE(m[Component::Input].perSample, Count{3 * 32 * 32 * 4});
    // im2col buffer of the conv: (3 × 3 × 3) rows × (32 × 32) output positions, one image.
    QCOMPARE(m[Component::Workspace].fixed, Count{27 * 1024 * 4});
    QCOMPARE(m[Component::Overhead].fixed, Count{200} * 1024 * 1024); // Kepler context (gpus.json)
    const Count fixed = 3 * kParams * 4 + 27 * 1024 * 4 + 200ull * 1024 * 1024;
    const Count perSample = 2 * 16404 * 4 + 40 + 3072 * 4;
    QCOMPARE(m.componentMaximaSum.fixed, fixed);
    QCOMPARE(m.componentMaximaSum.perSample, perSample);
    QCOMPARE(m.componentMaximaSumAt(m.config.batch), fixed + 10 * perSample);
    QVERIFY(m.fits());
    QCOMPARE(*m.maxBatch(), std::min<Count>(65536, (4096ull * 1024 * 1024 - fixed) / perSample));
}

void TestCaffeProfile::solverHistoryPerOptimizer_data()
{
    QTest::addColumn<QString>("optimizer");
    QTest::addColumn<int>("history");
    // Caffe 1.0 solvers: SGD keeps a history blob even without momentum; AdaDelta and Adam two.
    QTest::newRow("sgd") << "sgd" << 1;
    QTest::newRow("nesterov") << "nesterov" << 1;
    QTest::newRow("adagrad") << "adagrad" << 1;
    QTest::newRow("rmsprop") << "rmsprop" << 1;
    QTest::newRow("adadelta") << "adadelta" << 2;
    QTest::newRow("adam") << "adam" << 2;
}

void TestCaffeProfile::solverHistoryPerOptimizer()
{
    QFETCH(QString, optimizer);
    QFETCH(int, history);
    TrainingConfig cfg;
    cfg.framework = Framework::Caffe;
    cfg.optimizer = *parseOptimizer(optimizer.toStdString());
    const MemoryBreakdown m = estimate(net(), cfg, 0);
    QCOMPARE(m[Component::OptimizerState].fixed, kParams * 4 * static_cast<Count>(history));
}

void TestCaffeProfile::inferenceKeepsDataBlobsOnly()
{
    TrainingConfig cfg;
    cfg.framework = Framework::Caffe;
    cfg.mode = Mode::Inference;
    const MemoryBreakdown m = estimate(net(), cfg, 0);
    QCOMPARE(m[Component::Weights].fixed, kParams * 4);
    QCOMPARE(m[Component::Gradients].fixed, Count{0});
    QCOMPARE(m[Component::OptimizerState].fixed, Count{0});
    QCOMPARE(m[Component::Activations].perSample, Count{16404 * 4});
}

QTEST_APPLESS_MAIN(TestCaffeProfile)
#include "tst_caffe_profile.moc"
