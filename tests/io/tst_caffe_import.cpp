// Caffe prototxt import over the real model files in ../shared/models/caffe: parameter counts
// equal the published ones, every file imports or is refused with a located error.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"
#include "core/io/caffe/CaffeImport.h"

#include <QtTest>

using namespace netsizer::core;

class TestCaffeImport : public QObject {
    Q_OBJECT
private slots:
    void publishedCounts_data();
    void publishedCounts();
    void everyFileImportsOrIsRefusedWithAPlace();
    void inPlaceLayersShareTheirBlob();
    void syntaxErrorNamesLineAndColumn();
    void solverSetsOptimizer();
    void vgg16Places365OnGridK520();
};

static QString shared(const QString& rel) { return QStringLiteral(NETSIZER_SHARED_DIR "/models/caffe/") + rel; }

#define SKIP_WITHOUT_SHARED()                                                                      \
    if (!QFileInfo::exists(QStringLiteral(NETSIZER_SHARED_DIR "/models/caffe")))                   \
        QSKIP("../shared/models/caffe is absent");

void TestCaffeImport::publishedCounts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qulonglong>("params");
    QTest::addColumn<qulonglong>("batch");
    // Learnable parameters as the frameworks count them (BatchNorm statistics are buffers).
    QTest::newRow("vgg16 places365") << "places365/deploy_vgg16_places365.prototxt" << 135755949ull << 10ull;
    QTest::newRow("vgg16 hybrid1365") << "places365/deploy_vgg16_hybrid1365.prototxt" << 139852949ull << 10ull;
    QTest::newRow("vgg16 V1 format") << "vgg/VGG_ILSVRC_16_layers_deploy.prototxt" << 138357544ull << 10ull;
    QTest::newRow("bvlc alexnet") << "bvlc/bvlc_alexnet_deploy.prototxt" << 60965224ull << 10ull;
    QTest::newRow("caffenet") << "bvlc/bvlc_reference_caffenet_deploy.prototxt" << 60965224ull << 10ull;
    // MSRA's Caffe ResNet-50 gives conv1 a bias (52 of its 53 convolutions have bias_term: false):
    // torchvision's 25,557,032 + 64.
    QTest::newRow("resnet50") << "resnet/ResNet-50-deploy.prototxt" << 25557096ull << 1ull;
    QTest::newRow("squeezenet 1.0") << "squeezenet/SqueezeNet_v1.0_deploy.prototxt" << 1248424ull << 10ull;
    QTest::newRow("squeezenet 1.1") << "squeezenet/SqueezeNet_v1.1_deploy.prototxt" << 1235496ull << 10ull;
    QTest::newRow("lenet") << "mnist/lenet.prototxt" << 431080ull << 64ull;
    QTest::newRow("mobilenet v1") << "mobilenet/mobilenet_deploy.prototxt" << 4231976ull << 1ull;
    QTest::newRow("vgg16 places365 train_val") << "places365/train_val_vgg16.prototxt" << 135755949ull << 48ull;
}

void TestCaffeImport::publishedCounts()
{
    SKIP_WITHOUT_SHARED();
    QFETCH(QString, file);
    QFETCH(qulonglong, params);
    QFETCH(qulonglong, batch);
    auto m = readModelFile(shared(file).toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY2(a.ok(), a.ok() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(qulonglong(a.paramsTotal), params);
    QCOMPARE(qulonglong(m->training->batch), batch);
    QCOMPARE(int(m->training->framework), int(Framework::Caffe));
}

void TestCaffeImport::everyFileImportsOrIsRefusedWithAPlace()
{
    SKIP_WITHOUT_SHARED();
    QDirIterator it(shared(""), {"*.prototxt"}, QDir::Files, QDirIterator::Subdirectories);
    int imported = 0, refused = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        if (path.contains("solver")) continue;
        auto m = readModelFile(path.toStdString());
        if (!m) {
            ++refused;
            // located: "file:line" and the layer named in the message
            QVERIFY2(QString::fromStdString(m.error().path).contains(QRegularExpression(":\\d+$")),
                     (path + ": " + QString::fromStdString(m.error().describe())).toUtf8());
            continue;
        }
        const Analysis a = analyze(m->graph);
        QVERIFY2(a.ok(), (path + ": " + QString::fromStdString(a.ok() ? "" : a.errors[0].describe())).toUtf8());
        QVERIFY(a.paramsTotal > 0);
        ++imported;
    }
    qInfo("%d Caffe nets imported, %d refused with a located error", imported, refused);
    QVERIFY(imported >= 20);
}

void TestCaffeImport::inPlaceLayersShareTheirBlob()
{
    const char* text = R"(name: "t"
input: "data" input_dim: 2 input_dim: 3 input_dim: 8 input_dim: 8
layer { name: "conv" type: "Convolution" bottom: "data" top: "conv"
        convolution_param { num_output: 4 kernel_size: 3 pad: 1 } }
layer { name: "relu" type: "ReLU" bottom: "conv" top: "conv" }
layer { name: "fc" type: "InnerProduct" bottom: "conv" top: "fc" inner_product_param { num_output: 5 } }
)";
    auto m = readCaffeNet(text, "t.prototxt");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTotal, Count{4 * 27 + 4 + 5 * 256 + 5});
    QCOMPARE(m->training->batch, std::uint64_t{2});
    TrainingConfig cfg = *m->training;
    const MemoryBreakdown b = estimate(a, cfg, 0);
    // blobs: conv (shared with the in-place relu; the flatten before fc is a view) and fc
    QCOMPARE(b[Component::Activations].perSample, Count{2 * (256 + 5) * 4});
}

void TestCaffeImport::syntaxErrorNamesLineAndColumn()
{
    auto m = readCaffeNet("name: \"x\"\nlayer {\n  name: \"a\"\n  type: \n", "bad.prototxt");
    QVERIFY(!m.ok());
    QVERIFY2(QString::fromStdString(m.error().path).startsWith("bad.prototxt:"), m.error().path.c_str());
    auto u = readCaffeNet("input: \"d\" input_dim: 1 input_dim: 1 input_dim: 4 input_dim: 4\n"
                          "layer { name: \"w\" type: \"Warp\" bottom: \"d\" top: \"w\" }\n", "u.prototxt");
    QVERIFY(!u.ok());
    QCOMPARE(QString::fromStdString(u.error().path), QString("u.prototxt:2"));
    QVERIFY(QString::fromStdString(u.error().message).contains("'w'"));
    auto d = readCaffeNet("layer { name: \"fc\" type: \"InnerProduct\" bottom: \"nowhere\" top: \"fc\" }\n", "d.prototxt");
    QVERIFY(!d.ok());
    QCOMPARE(QString::fromStdString(d.error().code), QString("dangling"));
}

void TestCaffeImport::solverSetsOptimizer()
{
    TrainingConfig cfg;
    std::vector<std::string> notes;
    QVERIFY(applyCaffeSolver("base_lr: 0.01\nmomentum: 0.9\niter_size: 2\n", "s.prototxt", cfg, notes).ok());
    QCOMPARE(int(cfg.optimizer), int(Optimizer::SgdMomentum));
    QCOMPARE(notes.size(), std::size_t{1});
    QVERIFY(applyCaffeSolver("type: \"Adam\"\n", "s.prototxt", cfg, notes).ok());
    QCOMPARE(int(cfg.optimizer), int(Optimizer::Adam));
    QVERIFY(applyCaffeSolver("solver_type: ADAGRAD\n", "s.prototxt", cfg, notes).ok());
    QCOMPARE(int(cfg.optimizer), int(Optimizer::Adagrad));
    const Status lion = applyCaffeSolver("base_lr: 0.01\n\ntype: \"Lion\"\n", "s.prototxt", cfg, notes);
    QVERIFY(!lion.ok());
    QCOMPARE(QString::fromStdString(lion.error().path), QStringLiteral("s.prototxt:3")); // the line naming the type
    QVERIFY(lion.error().message.find("'Lion'") != std::string::npos);
    QCOMPARE(int(cfg.optimizer), int(Optimizer::Adagrad)); // unchanged
}

// The founding question: VGG16-Places365 fine-tuned in Caffe on a 4 GB GRID K520 ran out of
// memory at batch 50 and ran at batch 10.
void TestCaffeImport::vgg16Places365OnGridK520()
{
    SKIP_WITHOUT_SHARED();
    auto m = readModelFile(shared("places365/deploy_vgg16_places365.prototxt").toStdString());
    QVERIFY(m.ok());
    TrainingConfig cfg = *m->training;
    cfg.optimizer = Optimizer::SgdMomentum;
    cfg.gpu = GpuCatalog::builtin().find("GRID K520");
    cfg.batch = 10;
    const MemoryBreakdown b = estimate(analyze(m->graph), cfg, 0);
    QVERIFY(b.fits());
    QVERIFY(b.peakAt(50) > cfg.gpu->memoryBytes);
    QVERIFY(*b.maxBatch() > 10 && *b.maxBatch() < 50);
}

QTEST_APPLESS_MAIN(TestCaffeImport)
#include "tst_caffe_import.moc"
