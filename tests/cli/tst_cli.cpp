// netsizer-cli end to end: exact numbers of a hand-computed model in JSON, the largest batch
// `fit` finds, one-line errors with exit status 2, and the listings; overhead options; `fit
// --safe`; the import options --solver and --input-shape. The reports' headline, peak rows and
// band are tested in tst_cli_reports.cpp, `validate` in tst_cli_validate.cpp.
#include "CliHarness.h"

#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"
#include "core/layers/KindRegistry.h"
#include "core/util/NumberFormat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCli : public QObject, protected CliHarness {
    Q_OBJECT
private slots:
    void initTestCase();
    void estimateJsonExactNumbers();
    void trainingSectionGivesDefaultsFlagsOverride();
    void fitFindsLargestBatch_data();
    void fitFindsLargestBatch();
    void fitWhenNothingFits();
    void gpuPresetFits();
    void badInputIsOneLineAndExit2_data();
    void badInputIsOneLineAndExit2();
    void helpExitsZero();
    void layersListsEveryKind();
    void gpusListsPresets();
    void overheadOptionsEnterTheEstimate();
    void fitSafeIsConservative();
    void solverSetsTheOptimizer();
    void inputShapeOption();
    void inputShapeOfSymbolicOnnxInput();
};

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(NETSIZER_CLI_PATH), NETSIZER_CLI_PATH);
    m_tiny = writeModel("tiny.json", model(kTinyLayers));
}

void TestCli::estimateJsonExactNumbers()
{
    const QJsonObject j = estimateJson({"estimate", m_tiny, "--framework", "pytorch-cpu", "--optimizer", "adam",
                                        "--precision", "fp32", "--batch", "8", "--mode", "train"});
    QVERIFY(!j.isEmpty());
    QCOMPARE(num(j, "batch"), 8);
    QCOMPARE(j["framework"].toString(), QString("pytorch-cpu"));
    QCOMPARE(j["optimizer"].toString(), QString("adam"));
    QCOMPARE(j["precision"].toString(), QString("fp32"));
    QCOMPARE(j["mode"].toString(), QString("train"));
    const QJsonObject params = j["params"].toObject();
    QCOMPARE(num(params, "total"), kParams);
    QCOMPARE(num(params, "trainable"), kParams);
    QCOMPARE(num(params, "buffers"), 0);

    const QJsonObject bytes = j["bytes"].toObject();
    QCOMPARE(num(bytes, "weights"), 657192);
    QCOMPARE(num(bytes, "weights"), kWeights);
    QCOMPARE(num(bytes, "gradients"), kWeights);
    QCOMPARE(num(bytes, "optimizer_state"), kOptimizerState);
    QCOMPARE(num(bytes, "activations"), 8 * kActivationsPerSample);
    QCOMPARE(num(bytes, "activation_gradients"), 8 * kActGradPerSample);
    QCOMPARE(num(bytes, "input"), 8 * kInputPerSample);
    QCOMPARE(num(bytes, "workspace"), 0);
    QCOMPARE(num(bytes, "overhead"), 0); // pytorch-cpu: no CUDA context
    QCOMPARE(num(j, "fixed_bytes"), kFixed);
    QCOMPARE(num(j, "per_sample_bytes"), kPerSample);
    QCOMPARE(num(bytes, "total"), kFixed + 8 * kPerSample); // 4,299,952
    qint64 sum = 0;
    for (const char* c : {"weights", "gradients", "optimizer_state", "activations", "activation_gradients", "input",
                          "workspace", "overhead"})
        sum += num(bytes, c);
    QCOMPARE(sum, num(bytes, "total"));
    // MACs: conv 16·32·32 × 27 = 442,368; fc 10 × 16,384 = 163,840.
    QCOMPARE(num(j, "macs"), 442368 + 163840);
    QVERIFY(!j.contains("gpu"));

    const QJsonArray layers = j["layers"].toArray();
    QCOMPARE(layers.size(), 5);
    const QJsonObject conv = layers[1].toObject();
    QCOMPARE(conv["name"].toString(), QString("conv"));
    QCOMPARE(conv["type"].toString(), QString("Conv2D"));
    QCOMPARE(conv["output_shape"].toArray(), (QJsonArray{16, 32, 32}));
    QCOMPARE(num(conv, "params"), 448);
    QCOMPARE(num(conv["bytes"].toObject(), "weights"), 448 * 4);
    QCOMPARE(layers[3].toObject()["output_shape"].toArray(), QJsonArray{16384});
    QCOMPARE(num(layers[4].toObject(), "params"), 163850);
    // The conv output storage is charged once, to the ReLU that saves it first.
    QCOMPARE(num(layers[2].toObject(), "activations_per_sample"), kActivationsPerSample);
    QCOMPARE(num(layers[2].toObject()["bytes"].toObject(), "activations"), 8 * kActivationsPerSample);
    qint64 layerParams = 0, layerKept = 0;
    for (const auto& l : layers) {
        layerParams += num(l.toObject(), "params");
        layerKept += num(l.toObject(), "activations_per_sample");
    }
    QCOMPARE(layerParams, kParams);
    QCOMPARE(layerKept, kActivationsPerSample);

    // The simulated step peaks in the backward pass of 'flatten': always alive weights, state
    // and input (657,192 + 1,314,400 + 98,304), the ReLU output kept for backward (524,288),
    // flatten's output and input gradients (2 × 16,384 floats × 8 = 1,048,576) and fc's
    // parameter gradients (163,850 × 4 = 655,400): 4,298,160 — just below the total, where
    // every component is at its maximum at once. pytorch-cpu has no overhead lines: no band.
    QCOMPARE(num(j, "peak_bytes"), kWeights + kOptimizerState + 8 * kInputPerSample + 8 * kActivationsPerSample +
                                       8 * 2 * 16384 * 4 + 163850 * 4);
    QCOMPARE(num(j, "peak_bytes"), 4298160);
    QCOMPARE(j["peak_phase"].toString(), QString("backward"));
    QCOMPARE(j["peak_layer"].toString(), QString("flatten"));
    QCOMPARE(num(bytes, "total_low"), num(bytes, "total"));
    QCOMPARE(num(bytes, "total_high"), num(bytes, "total"));
    QVERIFY(j["overhead_detail"].toObject().isEmpty());
    // What is alive at that instant, by component (the rows above), adds up to the headline;
    // the sum of the component maxima keeps its old name `total` and its own.
    const QJsonObject atPeak = j["peak_components"].toObject();
    QCOMPARE(num(atPeak, "weights"), kWeights);
    QCOMPARE(num(atPeak, "gradients"), 163850 * 4);
    QCOMPARE(num(atPeak, "optimizer_state"), kOptimizerState);
    QCOMPARE(num(atPeak, "activations"), 8 * kActivationsPerSample);
    QCOMPARE(num(atPeak, "activation_gradients"), 8 * 2 * 16384 * 4);
    QCOMPARE(num(atPeak, "input"), 8 * kInputPerSample);
    QCOMPARE(num(atPeak, "workspace"), 0);
    QCOMPARE(num(atPeak, "overhead"), 0);
    qint64 atPeakSum = 0;
    for (const auto& v : atPeak) atPeakSum += static_cast<qint64>(v.toDouble());
    QCOMPARE(atPeakSum, num(j, "peak_bytes"));
    QCOMPARE(num(j, "peak_low_bytes"), 4298160);
    QCOMPARE(num(j, "peak_high_bytes"), 4298160);
    QCOMPARE(j["headline"].toString(), QString("Needs 4.10 MiB at batch 8"));
    QCOMPARE(num(bytes, "component_maxima_sum"), num(bytes, "total"));
    QCOMPARE(num(bytes, "component_maxima_low"), num(bytes, "total_low"));
    QCOMPARE(num(bytes, "component_maxima_high"), num(bytes, "total_high"));
    // Inference simulates no step: the peak is the total, at "start", with no layer.
    const QJsonObject inference = estimateJson({"estimate", m_tiny, "--mode", "inference", "--framework", "pytorch-cpu"});
    QCOMPARE(num(inference, "peak_bytes"), num(inference["bytes"].toObject(), "total"));
    QCOMPARE(inference["peak_place"].toString(),
             QString("inference keeps nothing for backward, so the peak is the sum of the components"));
    QCOMPARE(inference["peak_phase"].toString(), QString("start"));
    QVERIFY(inference["peak_layer"].isNull());
}

void TestCli::trainingSectionGivesDefaultsFlagsOverride()
{
    const QString file = writeModel(
        "with_training.json",
        model(kTinyLayers, R"({"batch": 4, "optimizer": "sgd", "framework": "pytorch-cpu", "precision": "fp32"})"));
    const QJsonObject fromFile = estimateJson({"estimate", file});
    QCOMPARE(num(fromFile, "batch"), 4);
    QCOMPARE(fromFile["optimizer"].toString(), QString("sgd"));
    QCOMPARE(num(fromFile["bytes"].toObject(), "optimizer_state"), 0); // plain SGD keeps nothing
    const QJsonObject overridden = estimateJson({"estimate", file, "--batch", "16", "--optimizer", "adam"});
    QCOMPARE(num(overridden, "batch"), 16);
    QCOMPARE(overridden["optimizer"].toString(), QString("adam"));
    QCOMPARE(overridden["framework"].toString(), QString("pytorch-cpu")); // still from the file
    QCOMPARE(num(overridden["bytes"].toObject(), "total"), kFixed + 16 * kPerSample);
}

void TestCli::fitFindsLargestBatch_data()
{
    QTest::addColumn<QString>("framework");
    QTest::addColumn<QString>("size");
    QTest::addColumn<qint64>("capacity");
    QTest::addColumn<qint64>("overhead");
    QTest::addColumn<qint64>("expected");
    // pytorch (CUDA) pays the default 400 MiB context of a custom GPU:
    // (524,288,000 − 419,430,400 − 2,628,784) / 208,896 = 489.4 -> 489.
    QTest::newRow("pytorch 500MiB") << "pytorch" << "500MiB" << qint64{524288000} << kDefaultContext << qint64{489};
    QTest::newRow("pytorch bytes") << "pytorch" << "524288000" << qint64{524288000} << kDefaultContext << qint64{489};
    // 0.5 GB = 500,000,000: (500,000,000 − 422,059,184) / 208,896 = 373.1 -> 373.
    QTest::newRow("pytorch 0.5GB") << "pytorch" << "0.5GB" << qint64{500000000} << kDefaultContext << qint64{373};
    // pytorch-cpu has no context: (10,485,760 − 2,628,784) / 208,896 = 37.6 -> 37.
    QTest::newRow("pytorch-cpu 10MiB") << "pytorch-cpu" << "10MiB" << qint64{10485760} << qint64{0} << qint64{37};
}

void TestCli::fitFindsLargestBatch()
{
    QFETCH(QString, framework);
    QFETCH(QString, size);
    QFETCH(qint64, capacity);
    QFETCH(qint64, overhead);
    QFETCH(qint64, expected);
    QCOMPARE((capacity - overhead - kFixed) / kPerSample, expected); // the hand derivation
    const QJsonObject j = estimateJson({"fit", m_tiny, "--gpu-memory", size, "--framework", framework, "--optimizer",
                                        "adam", "--precision", "fp32"});
    QCOMPARE(num(j, "batch"), expected);
    const QJsonObject gpu = j["gpu"].toObject();
    QCOMPARE(gpu["name"].toString(), QString("custom"));
    QCOMPARE(num(gpu, "memory_bytes"), capacity);
    QCOMPARE(num(gpu, "context_bytes"), kDefaultContext);
    QCOMPARE(num(gpu, "max_batch"), expected);
    QCOMPARE(gpu["fits"].toBool(), true);
    const qint64 total = num(j["bytes"].toObject(), "total");
    QCOMPARE(num(j["bytes"].toObject(), "overhead"), overhead);
    QCOMPARE(total, overhead + kFixed + expected * kPerSample);
    QVERIFY(total <= capacity);
    QVERIFY(total + num(j, "per_sample_bytes") > capacity); // one more sample does not fit
}

void TestCli::fitWhenNothingFits()
{
    const QJsonObject j = estimateJson({"fit", m_tiny, "--gpu-memory", "1MiB", "--framework", "pytorch-cpu"});
    QCOMPARE(num(j["gpu"].toObject(), "max_batch"), 0);
    QCOMPARE(j["gpu"].toObject()["fits"].toBool(), false);
    const Run r = cli({"fit", m_tiny, "--gpu-memory", "1MiB", "--framework", "pytorch-cpu"});
    QCOMPARE(r.code, 0);
    QVERIFY2(r.out.contains("nothing fits"), r.out.constData());
}

void TestCli::gpuPresetFits()
{
    const QJsonObject j = estimateJson({"estimate", m_tiny, "--gpu", "grid-k520", "--framework", "pytorch", "--batch", "8"});
    const QJsonObject gpu = j["gpu"].toObject();
    QCOMPARE(gpu["name"].toString(), QString("GRID K520"));
    QCOMPARE(num(gpu, "memory_bytes"), 4ll << 30);
    QCOMPARE(num(gpu, "context_bytes"), 200ll << 20);
    QCOMPARE(num(j["bytes"].toObject(), "overhead"), 200ll << 20);
    QCOMPARE(gpu["fits"].toBool(), true);
    QCOMPARE(num(gpu, "max_batch"), ((4ll << 30) - (200ll << 20) - kFixed) / kPerSample);
}

void TestCli::badInputIsOneLineAndExit2_data()
{
    QTest::addColumn<QStringList>("args");
    QTest::addColumn<QString>("file");     // written to the temporary directory when set
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected"); // the start of the stderr line
    QTest::addColumn<QString>("alsoContains");

    QByteArray stride = kTinyLayers;
    stride.replace("\"padding\": 1}", "\"padding\": 1, \"stride\": 0}");
    QTest::newRow("attribute out of range") << QStringList{"estimate", "bad.json"} << "bad.json" << model(stride)
                                            << "bad.json: /layers/1/attrs/stride: " << "conv";
    QByteArray type = kTinyLayers;
    type.replace("\"kernel_size\": 3", "\"kernel_size\": \"3\"");
    QTest::newRow("wrong type") << QStringList{"estimate", "type.json"} << "type.json" << model(type)
                                << "type.json: /layers/1/attrs/kernel_size: " << "kernel_size";
    QTest::newRow("not json") << QStringList{"estimate", "broken.json"} << "broken.json" << QByteArray("{\"format\": \n")
                              << "broken.json: line 2" << "JSON";
    QTest::newRow("unknown gpu in file") << QStringList{"estimate", "gpu.json"} << "gpu.json"
                                         << model(kTinyLayers, R"({"gpu": "Titan Z"})")
                                         << "gpu.json: /training/gpu: " << "Titan Z";
    // Two analysis errors: a shape mismatch at 'add' (layer 2) and a kernel larger than its
    // input at 'conv' (layer 3). The first is reported with the count of the others.
    const QByteArray twoErrors = R"("layers": [
      {"name": "a", "type": "Input", "attrs": {"shape": [3, 8, 8]}},
      {"name": "b", "type": "Input", "attrs": {"shape": [3, 4, 4]}},
      {"name": "add", "type": "Add", "inputs": ["a", "b"]},
      {"name": "conv", "type": "Conv2D", "inputs": ["b"], "attrs": {"kernel_size": 9}}
    ])";
    QTest::newRow("analysis errors") << QStringList{"estimate", "shapes.json"} << "shapes.json" << model(twoErrors)
                                     << "shapes.json: /layers/2: layer 'add': " << "(and 1 more error)";
    QTest::newRow("missing file") << QStringList{"estimate", "missing.json"} << QString() << QByteArray()
                                  << "missing.json: " << "no such file";
    QTest::newRow("unknown gpu flag") << QStringList{"estimate", "tiny.json", "--gpu", "Titan Z"} << QString()
                                      << QByteArray() << "netsizer-cli: --gpu: " << "'Titan Z'";
    QTest::newRow("batch zero") << QStringList{"estimate", "tiny.json", "--batch", "0"} << QString() << QByteArray()
                                << "netsizer-cli: --batch: " << "'0'";
    QTest::newRow("batch text") << QStringList{"estimate", "tiny.json", "--batch=eight"} << QString() << QByteArray()
                                << "netsizer-cli: --batch: " << "'eight'";
    QTest::newRow("batch too large") << QStringList{"estimate", "tiny.json", "--batch", "65537"} << QString()
                                     << QByteArray() << "netsizer-cli: --batch: " << "65,536";
    QTest::newRow("bad memory size") << QStringList{"fit", "tiny.json", "--gpu-memory", "4XB"} << QString()
                                     << QByteArray() << "netsizer-cli: --gpu-memory: " << "'4XB'";
    QTest::newRow("fit without gpu") << QStringList{"fit", "tiny.json"} << QString() << QByteArray()
                                     << "netsizer-cli: fit: " << "--gpu";
    QTest::newRow("both gpu options") << QStringList{"fit", "tiny.json", "--gpu", "L4", "--gpu-memory", "4GiB"}
                                      << QString() << QByteArray() << "netsizer-cli: --gpu-memory: " << "not both";
    QTest::newRow("unknown option") << QStringList{"estimate", "tiny.json", "--bach", "8"} << QString() << QByteArray()
                                    << "netsizer-cli: --bach: " << "unknown option";
    QTest::newRow("no command") << QStringList{} << QString() << QByteArray() << "netsizer-cli: " << "missing command";
    QTest::newRow("unknown command") << QStringList{"estimat", "tiny.json"} << QString() << QByteArray()
                                     << "netsizer-cli: estimat: " << "unknown command";
    QTest::newRow("no model") << QStringList{"estimate"} << QString() << QByteArray() << "netsizer-cli: estimate: "
                              << "model file";
}

void TestCli::badInputIsOneLineAndExit2()
{
    QFETCH(QStringList, args);
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QFETCH(QString, alsoContains);
    if (!file.isEmpty()) QCOMPARE(writeModel(file, content), file);
    const Run r = cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable(err)); // exactly one line
    QVERIFY2(err.startsWith(expected), qPrintable(err));
    QVERIFY2(err.contains(alsoContains), qPrintable(err));
}

void TestCli::helpExitsZero()
{
    for (const QStringList& args : {QStringList{"--help"}, QStringList{"estimate", "--help"}, QStringList{"-h"}}) {
        const Run r = cli(args);
        QCOMPARE(r.code, 0);
        QVERIFY(r.out.contains("Usage:"));
        QVERIFY(r.out.contains("netsizer-cli fit MODEL"));
        QVERIFY(r.err.isEmpty());
    }
}

void TestCli::layersListsEveryKind()
{
    const Run table = cli({"layers"});
    QCOMPARE(table.code, 0);
    QVERIFY(table.out.contains("Conv2D"));
    QVERIFY(table.out.contains("kernel_size"));
    const Run json = cli({"layers", "--format", "json"});
    QCOMPARE(json.code, 0);
    const QJsonArray kinds = QJsonDocument::fromJson(json.out).object()["layers"].toArray();
    QStringList ids;
    for (const auto& k : kinds) ids << k.toObject()["id"].toString();
    const auto all = netsizer::core::KindRegistry::builtin().all();
    QCOMPARE(ids.size(), static_cast<qsizetype>(all.size()));
    for (const auto* kind : all) QVERIFY2(ids.contains(QString::fromStdString(kind->id)), kind->id.c_str());
    for (const auto& k : kinds) {
        if (k.toObject()["id"].toString() != "Conv2D") continue;
        const QJsonObject filters = k.toObject()["attributes"].toArray()[0].toObject();
        QCOMPARE(filters["name"].toString(), QString("filters"));
        QCOMPARE(filters["type"].toString(), QString("int"));
        QCOMPARE(num(filters, "default"), 64);
        QCOMPARE(num(filters, "min"), 1);
        QCOMPARE(num(k.toObject()["inputs"].toObject(), "min"), 1);
    }
}

void TestCli::gpusListsPresets()
{
    const Run table = cli({"gpus"});
    QCOMPARE(table.code, 0);
    QVERIFY(table.out.contains("GRID K520"));
    QVERIFY(table.out.contains("4.00 GiB"));
    QVERIFY(table.out.contains("Kepler"));
    const Run json = cli({"gpus", "--format", "json"});
    QCOMPARE(json.code, 0);
    const QJsonObject doc = QJsonDocument::fromJson(json.out).object();
    QCOMPARE(num(doc, "default_context_bytes"), kDefaultContext);
    bool found = false;
    for (const auto& g : doc["gpus"].toArray()) {
        const QJsonObject o = g.toObject();
        if (o["name"].toString() != "GRID K520") continue;
        found = true;
        QCOMPARE(num(o, "memory_bytes"), 4ll << 30);
        QCOMPARE(num(o, "context_bytes"), 200ll << 20);
        QCOMPARE(o["architecture"].toString(), QString("Kepler"));
    }
    QVERIFY(found);
}

void TestCli::overheadOptionsEnterTheEstimate()
{
    using namespace netsizer::core;
    const QStringList base = {"estimate", kVgg16, "--batch", "16", "--optimizer", "adam", "--framework", "pytorch",
                              "--gpu", "grid-k520"};
    const QJsonObject j = estimateJson(base + QStringList{"--context", "300MiB", "--workspace-cap", "16MiB",
                                                         "--allocator-rounding", "--fragmentation", "5%"});
    TrainingConfig c = vggConfig(16);
    c.overheads.contextBytes = 300ull << 20;
    c.overheads.convWorkspaceCapBytes = 16ull << 20;
    c.overheads.allocatorRounding = true;
    c.overheads.fragmentationFraction = 0.05;
    const MemoryBreakdown m = coreBreakdown(kVgg16, c);
    const QJsonObject detail = j["overhead_detail"].toObject();
    QCOMPARE(num(detail["cuda_context"].toObject(), "bytes"), 300ll << 20);
    QCOMPARE(num(detail["conv_workspace"].toObject(), "bytes"), 16ll << 20);
    QCOMPARE(num(j["bytes"].toObject(), "workspace"), 16ll << 20);
    // 256 B per tensor alive at the peak plus half a small and half a large segment (11 MiB).
    QVERIFY(num(detail["allocator_rounding"].toObject(), "bytes") > 11ll << 20);
    for (const OverheadLine& l : m.overheadLines)
        QCOMPARE(num(detail[QString::fromStdString(l.name)].toObject(), "bytes"), static_cast<qint64>(l.bytes.at(16)));
    QCOMPARE(num(j["bytes"].toObject(), "overhead"), static_cast<qint64>(m.bytes(Component::Overhead)));
    QCOMPARE(num(j["bytes"].toObject(), "total"), static_cast<qint64>(m.componentMaximaSumAt(m.config.batch)));
    QCOMPARE(num(j, "peak_bytes"), static_cast<qint64>(m.peakBytes()));
    // --no-allocator-rounding overrides; "5" is 5% as "5%" is.
    const QJsonObject off = estimateJson(base + QStringList{"--no-allocator-rounding", "--fragmentation", "5"});
    TrainingConfig c5 = vggConfig(16);
    c5.overheads.allocatorRounding = false;
    c5.overheads.fragmentationFraction = 0.05;
    const MemoryBreakdown m5 = coreBreakdown(kVgg16, c5);
    const QJsonObject offDetail = off["overhead_detail"].toObject();
    QCOMPARE(num(offDetail["allocator_rounding"].toObject(), "bytes"), 0);
    QCOMPARE(num(offDetail["fragmentation"].toObject(), "bytes"), static_cast<qint64>(m5.overheadLines.back().bytes.at(16)));
    QVERIFY(num(offDetail["fragmentation"].toObject(), "bytes") > 0);
    QCOMPARE(num(off["bytes"].toObject(), "total"), static_cast<qint64>(m5.componentMaximaSumAt(m5.config.batch)));
    for (const auto& [option, value] : {std::pair{"--fragmentation", "101"}, std::pair{"--fragmentation", "five"},
                                        std::pair{"--context", "lots"}, std::pair{"--workspace-cap", "-1MiB"}}) {
        const Run r = cli({"estimate", m_tiny, option, value});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith(QByteArray("netsizer-cli: ") + option + ": "), r.err.constData());
    }
}

void TestCli::fitSafeIsConservative()
{
    using namespace netsizer::core;
    TrainingConfig c;
    c.batch = 1;
    c.optimizer = Optimizer::SgdMomentum;
    c.framework = Framework::Caffe;
    c.gpu = *GpuCatalog::builtin().find("GRID K520");
    const MemoryBreakdown m = coreBreakdown(kVgg16, c);
    const QStringList args = {"fit", kVgg16, "--framework", "caffe", "--optimizer", "sgd-momentum", "--gpu", "GRID K520"};
    const QJsonObject centre = estimateJson(args);
    const QJsonObject safe = estimateJson(args + QStringList{"--safe"});
    const qint64 centreBatch = static_cast<qint64>(*m.maxBatch(false));
    const qint64 safeBatch = static_cast<qint64>(*m.maxBatch(true));
    QCOMPARE(num(centre, "batch"), centreBatch);
    QCOMPARE(num(safe, "batch"), safeBatch);
    QCOMPARE(num(centre["gpu"].toObject(), "max_batch_safe"), safeBatch);
    QCOMPARE(num(safe["gpu"].toObject(), "max_batch"), centreBatch);
    QCOMPARE(centre["gpu"].toObject()["fit_rule"].toString(), QString("centre"));
    QCOMPARE(safe["gpu"].toObject()["fit_rule"].toString(), QString("safe"));
    QVERIFY(safeBatch <= centreBatch);
    // By hand: Caffe's step is one event (the total); its only uncertain line is the 200 MiB
    // context (+25% = 50 MiB), so safe = ⌊(4 GiB − fixed − 50 MiB) / per_sample⌋:
    // (4,294,967,296 − 2,196,952,544) / 127,719,232 = 16.43 and, 50 MiB less, 16.02.
    const qint64 fixed = num(centre, "fixed_bytes"), perSample = num(centre, "per_sample_bytes");
    QCOMPARE(fixed, 2196952544ll);
    QCOMPARE(perSample, 127719232ll);
    QCOMPARE(centreBatch, ((4ll << 30) - fixed) / perSample);
    QCOMPARE(safeBatch, ((4ll << 30) - fixed - (50ll << 20)) / perSample);
    QCOMPARE(centreBatch, 16);
    QCOMPARE(safeBatch, 16);
    // PyTorch's band is wider (workspace, allocator, fragmentation): the answers differ.
    TrainingConfig p = vggConfig(1);
    p.optimizer = Optimizer::SgdMomentum;
    const MemoryBreakdown mp = coreBreakdown(kVgg16, p);
    const QStringList pytorch = {"fit", kVgg16, "--framework", "pytorch", "--optimizer", "sgd-momentum", "--gpu", "grid-k520"};
    const QJsonObject pCentre = estimateJson(pytorch), pSafe = estimateJson(pytorch + QStringList{"--safe"});
    QCOMPARE(num(pCentre, "batch"), static_cast<qint64>(*mp.maxBatch(false)));
    QCOMPARE(num(pSafe, "batch"), static_cast<qint64>(*mp.maxBatch(true)));
    QVERIFY(num(pSafe, "batch") < num(pCentre, "batch"));
    QCOMPARE(num(pSafe["gpu"].toObject(), "max_batch_safe"), num(pSafe, "batch"));
    // The safe batch's peak plus the band's excess fits; one more sample's does not.
    QVERIFY(mp.peakHighAt(*mp.maxBatch(true)) <= 4ull << 30);
    QVERIFY(mp.peakHighAt(*mp.maxBatch(true) + 1) > 4ull << 30);
    const Run table = cli(args + QStringList{"--safe"});
    QVERIFY2(table.out.contains("Fit (safe: the top of the error band must fit): largest batch that fits GRID K520 "),
             table.out.constData());
    QVERIFY(table.out.contains("context reserve): " + QByteArray::number(safeBatch) + "; its peak with the band's upper excess"));
    QVERIFY(table.out.contains("centre estimate: " + QByteArray::number(centreBatch)));
    const Run notFit = cli({"estimate", kVgg16, "--safe"});
    QCOMPARE(notFit.code, 2);
    QVERIFY2(notFit.err.startsWith("netsizer-cli: --safe: "), notFit.err.constData());
}

void TestCli::solverSetsTheOptimizer()
{
    const QString caffe = kShared + "/models/caffe/mnist/";
    if (!QFileInfo::exists(caffe + "lenet.prototxt")) QSKIP("../shared/models/caffe/mnist is absent");
    const QJsonObject plain = estimateJson({"estimate", caffe + "lenet.prototxt"});
    QCOMPARE(plain["framework"].toString(), QString("caffe"));
    QCOMPARE(num(plain, "batch"), 64); // the Input layer's 64x1x28x28
    // lenet_solver.prototxt: type SGD (default) with momentum 0.9.
    const QJsonObject sgd = estimateJson({"estimate", caffe + "lenet.prototxt", "--solver", caffe + "lenet_solver.prototxt"});
    QCOMPARE(sgd["optimizer"].toString(), QString("sgd-momentum"));
    // One history blob per parameter: 431,080 float32 parameters of Caffe's LeNet.
    QCOMPARE(num(sgd["params"].toObject(), "total"), 431080);
    QCOMPARE(num(sgd["bytes"].toObject(), "optimizer_state"), 431080 * 4);
    const QJsonObject adam = estimateJson({"estimate", caffe + "lenet.prototxt", "--solver=" + caffe + "lenet_solver_adam.prototxt"});
    QCOMPARE(adam["optimizer"].toString(), QString("adam"));
    QCOMPARE(num(adam["bytes"].toObject(), "optimizer_state"), 2 * 431080 * 4);
    // The solver fills the model's training section; an explicit --optimizer overrides it.
    const QJsonObject over = estimateJson({"estimate", caffe + "lenet.prototxt", "--solver", caffe + "lenet_solver_adam.prototxt",
                                           "--optimizer", "sgd"});
    QCOMPARE(over["optimizer"].toString(), QString("sgd"));
    // iter_size accumulates gradients: the memory follows the net's own batch (32), a note says so.
    const QString squeeze = kShared + "/models/caffe/squeezenet/";
    const QJsonObject iter = estimateJson({"estimate", squeeze + "SqueezeNet_v1.0_train_val.prototxt", "--solver",
                                           squeeze + "SqueezeNet_v1.0_solver.prototxt"});
    QCOMPARE(num(iter, "batch"), 32);
    QCOMPARE(iter["optimizer"].toString(), QString("sgd-momentum"));
    bool noted = false;
    for (const auto& n : iter["notes"].toArray()) noted |= n.toString().startsWith("solver iter_size 16:");
    QVERIFY(noted);
    const Run notCaffe = cli({"estimate", m_tiny, "--solver", caffe + "lenet_solver.prototxt"});
    QCOMPARE(notCaffe.code, 2);
    QVERIFY2(notCaffe.err.startsWith("netsizer-cli: --solver: "), notCaffe.err.constData());
    const Run missing = cli({"estimate", caffe + "lenet.prototxt", "--solver", "nowhere_solver.prototxt"});
    QCOMPARE(missing.code, 2);
    QVERIFY2(missing.err.startsWith("nowhere_solver.prototxt: "), missing.err.constData());
}

void TestCli::inputShapeOption()
{
    // Native files: the Input layer's per-sample shape is replaced.
    const QJsonObject big = estimateJson({"estimate", m_tiny, "--framework", "pytorch-cpu", "--batch", "1",
                                          "--input-shape", "3x64x64"});
    QCOMPARE(num(big["bytes"].toObject(), "input"), 3 * 64 * 64 * 4);
    QCOMPARE(big["layers"].toArray()[1].toObject()["output_shape"].toArray(), (QJsonArray{16, 64, 64}));
    QCOMPARE(num(big["layers"].toArray()[4].toObject(), "params"), 10 * 16 * 64 * 64 + 10);
    const QJsonObject named = estimateJson({"estimate", m_tiny, "--input-shape", "input=3,16,16"});
    QCOMPARE(named["layers"].toArray()[0].toObject()["output_shape"].toArray(), (QJsonArray{3, 16, 16}));
    for (const auto& [value, expected] : {std::pair{"3x0x4", "netsizer-cli: --input-shape: '3x0x4'"},
                                          std::pair{"data=", "netsizer-cli: --input-shape: 'data='"},
                                          std::pair{"3xx4", "netsizer-cli: --input-shape: '3xx4'"},
                                          std::pair{"foo=3x32x32", "netsizer-cli: --input-shape: the model has no input named 'foo'"}}) {
        const Run r = cli({"estimate", m_tiny, "--input-shape", value});
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.startsWith(expected), r.err.constData());
    }
    // Caffe: a Data layer reads its sample shape from the database; without the option the
    // import fails naming it, with it the net is estimated at the data_param batch (64).
    const QString net = kShared + "/models/caffe/mnist/lenet_train_test.prototxt";
    if (!QFileInfo::exists(net)) QSKIP("../shared/models/caffe/mnist is absent");
    const Run without = cli({"estimate", net});
    QCOMPARE(without.code, 2);
    QVERIFY2(without.err.contains("--input-shape"), without.err.constData());
    const QJsonObject with = estimateJson({"estimate", net, "--input-shape", "data=1x28x28"});
    QCOMPARE(num(with, "batch"), 64);
    QCOMPARE(num(with["bytes"].toObject(), "input"), 64 * 28 * 28 * 4);
    QCOMPARE(num(with["params"].toObject(), "total"), 431080);
    // convert takes the same import options.
    QCOMPARE(cli({"convert", net, "lenet_train.json"}).code, 2);
    const Run converted = cli({"convert", net, "lenet_train.json", "--input-shape", "data=1x28x28"});
    QCOMPARE(converted.code, 0);
    const QJsonObject reread = estimateJson({"estimate", "lenet_train.json"});
    QCOMPARE(num(reread["params"].toObject(), "total"), 431080);
    QCOMPARE(reread["layers"].toArray()[0].toObject()["output_shape"].toArray(), (QJsonArray{1, 28, 28}));
    const Run unnamed = cli({"estimate", net, "--input-shape", "1x28x28"});
    QCOMPARE(unnamed.code, 2);
    QVERIFY2(unnamed.err.startsWith("netsizer-cli: --input-shape: a Caffe net needs"), unnamed.err.constData());
}

void TestCli::inputShapeOfSymbolicOnnxInput()
{
    const QString python = "/usr/bin/python3";
    QProcess probe;
    probe.start(python, {"-c", "import onnx"});
    if (!probe.waitForFinished(60000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QSKIP("no python3 with onnx (/usr/bin/python3 -c 'import onnx' fails) to write a model with symbolic dims");
    QCOMPARE(cli({"convert", m_tiny, "tiny.onnx"}).code, 0);
    // Height and width become symbols "H" and "W": shape inference cannot size anything.
    QProcess edit;
    edit.setWorkingDirectory(m_dir.path());
    edit.start(python, {"-c", "import onnx\n"
                              "m = onnx.load('tiny.onnx')\n"
                              "d = m.graph.input[0].type.tensor_type.shape.dim\n"
                              "d[2].dim_param = 'H'\n"
                              "d[3].dim_param = 'W'\n"
                              "del m.graph.value_info[:]\n"
                              "onnx.save(m, 'symbolic.onnx')\n"});
    QVERIFY(edit.waitForFinished(60000));
    QVERIFY2(edit.exitCode() == 0, edit.readAllStandardError().constData());
    const QStringList config = {"--framework", "pytorch-cpu", "--batch", "8", "--optimizer", "adam"};
    const Run without = cli(QStringList{"estimate", "symbolic.onnx"} + config);
    QCOMPARE(without.code, 2);
    QVERIFY2(without.err.startsWith("symbolic.onnx:"), without.err.constData());
    const QJsonObject fixed = estimateJson(QStringList{"estimate", "tiny.onnx"} + config);
    const QJsonObject shaped = estimateJson(QStringList{"estimate", "symbolic.onnx", "--input-shape", "3x32x32"} + config);
    QVERIFY(!shaped.isEmpty());
    QCOMPARE(num(shaped["bytes"].toObject(), "total"), num(fixed["bytes"].toObject(), "total"));
    QCOMPARE(num(shaped["params"].toObject(), "total"), kParams);
    QCOMPARE(num(shaped["bytes"].toObject(), "input"), 8 * kInputPerSample);
    const QString input = shaped["layers"].toArray()[0].toObject()["name"].toString();
    const QJsonObject named = estimateJson(QStringList{"estimate", "symbolic.onnx", "--input-shape", input + "=3x16x16"} + config);
    QCOMPARE(num(named["bytes"].toObject(), "input"), 8 * 3 * 16 * 16 * 4);
    const Run wrong = cli({"estimate", "symbolic.onnx", "--input-shape", "pixels=3x32x32"});
    QCOMPARE(wrong.code, 2);
    QVERIFY2(wrong.err.startsWith("netsizer-cli: --input-shape: the model has no graph input named 'pixels'"), wrong.err.constData());
}

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
