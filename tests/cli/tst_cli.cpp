// netsizer-cli end to end: exact numbers of a hand-computed model in JSON, CSV and table form,
// the largest batch `fit` finds, one-line errors with exit status 2, and the listings.
#include "core/layers/KindRegistry.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QProcess>
#include <QTemporaryDir>
#include <QtTest>

class TestCli : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void estimateJsonExactNumbers();
    void trainingSectionGivesDefaultsFlagsOverride();
    void fitFindsLargestBatch_data();
    void fitFindsLargestBatch();
    void fitWhenNothingFits();
    void gpuPresetFits();
    void csvRowsAreAffine();
    void tableShowsComponentsAndFit();
    void badInputIsOneLineAndExit2_data();
    void badInputIsOneLineAndExit2();
    void helpExitsZero();
    void layersListsEveryKind();
    void gpusListsPresets();

private:
    struct Run {
        int code = -1;
        QByteArray out, err;
    };
    Run cli(const QStringList& args) const;
    QString writeModel(const QString& fileName, const QByteArray& json) const;
    QJsonObject estimateJson(const QStringList& args) const;

    QTemporaryDir m_dir;
    QString m_tiny;
};

// Input[3,32,32] -> Conv2D(16, k3, p1) -> ReLU(inplace) -> Flatten -> Dense(10).
// params: conv 16·3·3·3 + 16 = 448; fc 10·16,384 + 10 = 163,850; total 164,298.
static const QByteArray kTinyLayers = R"("layers": [
  {"name": "input", "type": "Input", "attrs": {"shape": [3, 32, 32]}},
  {"name": "conv", "type": "Conv2D", "inputs": ["input"], "attrs": {"filters": 16, "kernel_size": 3, "padding": 1}},
  {"name": "relu", "type": "ReLU", "inputs": ["conv"], "attrs": {"inplace": true}},
  {"name": "flatten", "type": "Flatten", "inputs": ["relu"]},
  {"name": "fc", "type": "Dense", "inputs": ["flatten"], "attrs": {"units": 10}}
])";

static QByteArray model(const QByteArray& layers, const QByteArray& training = {})
{
    QByteArray doc = "{\"format\": \"netsizer-model\", \"version\": 1, \"name\": \"tiny\",\n" + layers;
    if (!training.isEmpty()) doc += ",\n\"training\": " + training;
    return doc + "}\n";
}

// Hand-derived figures of the tiny model (fp32, adam, train):
constexpr qint64 kParams = 164298;
constexpr qint64 kWeights = kParams * 4;                 // 657,192
constexpr qint64 kOptimizerState = 2 * kWeights + 4 * 4; // exp_avg, exp_avg_sq + 4 float32 step tensors
// Kept for backward: the conv output (16·32·32 floats): ReLU in place saves its result in the
// conv's storage, Flatten is a view of it, fc saves that same storage; the input is excluded.
constexpr qint64 kActivationsPerSample = 16 * 32 * 32 * 4; // 65,536
constexpr qint64 kInputPerSample = 3 * 32 * 32 * 4;        // 12,288
// Transient peak: at ReLU (and Flatten) the output gradient plus the input gradient,
// 2 × 16,384 floats.
constexpr qint64 kActGradPerSample = 2 * 16384 * 4; // 131,072
constexpr qint64 kFixed = 2 * kWeights + kOptimizerState;                                 // 2,628,784
constexpr qint64 kPerSample = kActivationsPerSample + kInputPerSample + kActGradPerSample; // 208,896
constexpr qint64 kDefaultContext = 400ll * 1024 * 1024; // resources/gpus.json default_context_mib

void TestCli::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(NETSIZER_CLI_PATH), NETSIZER_CLI_PATH);
    m_tiny = writeModel("tiny.json", model(kTinyLayers));
}

TestCli::Run TestCli::cli(const QStringList& args) const
{
    QProcess p;
    p.setWorkingDirectory(m_dir.path()); // file names in errors are then the names we gave
    p.start(NETSIZER_CLI_PATH, args);
    Run r;
    if (!p.waitForFinished(30000) || p.exitStatus() != QProcess::NormalExit) return r;
    r.code = p.exitCode();
    r.out = p.readAllStandardOutput();
    r.err = p.readAllStandardError();
    return r;
}

QString TestCli::writeModel(const QString& fileName, const QByteArray& json) const
{
    QFile f(m_dir.filePath(fileName));
    if (!f.open(QIODevice::WriteOnly) || f.write(json) != json.size()) return {};
    return fileName;
}

QJsonObject TestCli::estimateJson(const QStringList& args) const
{
    const Run r = cli(args + QStringList{"--format", "json"});
    if (r.code != 0) {
        qWarning() << "exit" << r.code << r.err;
        return {};
    }
    QJsonParseError e;
    const QJsonDocument d = QJsonDocument::fromJson(r.out, &e);
    if (e.error != QJsonParseError::NoError) qWarning() << e.errorString();
    return d.object();
}

static qint64 num(const QJsonObject& o, const QString& key)
{
    return o.value(key).toInteger(-1);
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

void TestCli::csvRowsAreAffine()
{
    const Run r = cli({"estimate", m_tiny, "--framework", "pytorch-cpu", "--optimizer", "adam", "--batch", "8", "--format", "csv"});
    QCOMPARE(r.code, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines[0], QByteArray("row,name,type,output_shape,params,activations_per_sample,weights,gradients,"
                                  "optimizer_state,activations,fixed,per_sample,batch,bytes"));
    QCOMPARE(lines.size(), 1 + 5 + 8 + 1);
    QCOMPARE(lines[2], QByteArray("layer,conv,Conv2D,16x32x32,448,0,1792,1792,3592,0,7176,0,8,7176"));
    QCOMPARE(lines.last(), QByteArray("total,total,,,,,,,,,2628784,208896,8,4299952"));
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> f = lines[i].split(',');
        QCOMPARE(f.size(), 14);
        QCOMPARE(f[10].toLongLong() + f[12].toLongLong() * f[11].toLongLong(), f[13].toLongLong());
    }
}

void TestCli::tableShowsComponentsAndFit()
{
    const QStringList base = {"estimate", m_tiny, "--framework", "pytorch-cpu", "--optimizer", "adam", "--batch", "8"};
    const Run fits = cli(base + QStringList{"--gpu-memory", "10MiB"});
    QCOMPARE(fits.code, 0);
    QVERIFY2(fits.out.contains("conv (Conv2D)"), fits.out.constData());
    QVERIFY(fits.out.contains("[16, 32, 32]"));
    QVERIFY(fits.out.contains("Optimizer state"));
    QVERIFY(fits.out.contains("4,299,952")); // exact total bytes
    QVERIFY(fits.out.contains("4.10 MiB"));  // the same in binary units
    QVERIFY(fits.out.contains("\nFits custom"));
    QVERIFY(fits.out.contains("largest batch that fits: 37"));
    const Run tooSmall = cli(base + QStringList{"--gpu-memory", "4MiB"}); // 4,194,304 < 4,299,952
    QCOMPARE(tooSmall.code, 0);
    QVERIFY2(tooSmall.out.contains("\nDoes NOT fit custom"), tooSmall.out.constData());
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

QTEST_GUILESS_MAIN(TestCli)
#include "tst_cli.moc"
