// netsizer-cli validate: a measurement file (docs/measurement-format.md) compared with the
// estimate component by component — exact on ../shared/truth measurements, hand-computed errors
// on perturbed ones, one located line on malformed files, and a real run of an exported PyTorch
// file when /usr/bin/python3 has torch.
#include "CliHarness.h"

#include "core/estimate/GpuCatalog.h"
#include "core/util/NumberFormat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QProcess>
#include <QtTest>

class TestCliValidate : public QObject, protected CliHarness {
    Q_OBJECT
private slots:
    void initTestCase();
    void validateTruthMeasurementHasZeroError_data();
    void validateTruthMeasurementHasZeroError();
    void validatePerturbedMeasurement();
    void validateCudaPeakLeavesOutOverhead();
    void validateBadMeasurementIsExit2_data();
    void validateBadMeasurementIsExit2();
    void validateExportedPyTorchRun();
};

void TestCliValidate::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(NETSIZER_CLI_PATH), NETSIZER_CLI_PATH);
    m_tiny = writeModel("tiny.json", model(kTinyLayers));
}

// A measurement file as the exported PyTorch file writes it.
static QJsonObject measurementJson(qint64 batch, const QString& optimizer, const QString& device, qint64 weights,
                                   qint64 gradients, qint64 state, qint64 activations, qint64 input)
{
    return QJsonObject{{"format", "netsizer-measurement"},
                       {"version", 1},
                       {"model", "test"},
                       {"framework", device == "cpu" ? "pytorch-cpu" : "pytorch"},
                       {"device", device},
                       {"torch_version", "1.13.0"},
                       {"batch", batch},
                       {"optimizer", optimizer},
                       {"precision", "fp32"},
                       {"measured", QJsonObject{{"weights", weights},
                                                {"gradients", gradients},
                                                {"optimizer_state", state},
                                                {"activations", activations},
                                                {"input", input},
                                                {"peak", weights + gradients + state + activations + input}}},
                       {"peak_kind", "cpu_sum_of_components"}};
}

void TestCliValidate::validateTruthMeasurementHasZeroError_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<qint64>("params");
    QTest::addColumn<qint64>("activations"); // saved for backward at batch 2, input excluded
    QTest::newRow("lenet5") << "lenet5" << qint64{61706} << qint64{64672};       // 2 × 32,336
    QTest::newRow("resnet18") << "resnet18" << qint64{11689512} << qint64{43193856};
    QTest::newRow("mobilenet_v2") << "mobilenet_v2" << qint64{3504872} << qint64{155853056};
    QTest::newRow("resnet50") << "resnet50" << qint64{25557032} << qint64{170827264};
}

// A measurement built from ../shared/truth (PyTorch 1.13, CPU, fp32, Adam, batch 2): NetSizer's
// estimate of the same network must match every component exactly.
void TestCliValidate::validateTruthMeasurementHasZeroError()
{
    QFETCH(QString, model);
    QFETCH(qint64, params);
    QFETCH(qint64, activations);
    QFile truth(kShared + "/truth/out/" + model + ".json");
    if (!truth.open(QIODevice::ReadOnly)) QSKIP("../shared/truth/out is absent");
    const QJsonObject t = QJsonDocument::fromJson(truth.readAll()).object();
    QJsonObject batch2;
    for (const auto& b : t["train_forward"].toObject()["batches"].toArray())
        if (b.toObject()["batch"].toInt() == 2) batch2 = b.toObject();
    QVERIFY(!batch2.isEmpty());
    const qint64 weights = num(t, "param_bytes") + num(t, "buffer_bytes");
    const qint64 state = num(t["optimizers"].toObject()["Adam"].toObject(), "state_bytes_total");
    QCOMPARE(num(t, "param_count"), params);
    QJsonObject m = measurementJson(2, "adam", "cpu", weights, num(t, "grad_bytes"), state,
                                    num(batch2, "saved_activation_excl_input_bytes"), num(batch2, "input_bytes"));
    m["params"] = params;
    const QString file = writeMeasurement(model + "_truth.json", m);
    const QString path = QStringLiteral(NETSIZER_ROOT "/resources/examples/") + model + ".json";
    const QJsonObject j = estimateJson({"validate", path, file});
    QVERIFY(!j.isEmpty());
    QCOMPARE(j["framework"].toString(), QString("pytorch-cpu"));
    QCOMPARE(num(j, "batch"), 2);
    QCOMPARE(num(j["params"].toObject(), "estimated"), params);
    QCOMPARE(num(j["params"].toObject(), "measured"), params);
    const QJsonObject c = j["components"].toObject();
    for (const char* name : {"weights", "gradients", "optimizer_state", "activations", "input", "peak"}) {
        const QJsonObject row = c[name].toObject();
        QVERIFY2(row["relative_error_pct"].isDouble(), name);
        QCOMPARE(row["relative_error_pct"].toDouble(), 0.0);
        QCOMPARE(num(row, "estimated"), num(row, "measured"));
    }
    QCOMPARE(num(c["activations"].toObject(), "measured"), activations);
    QCOMPARE(num(c["input"].toObject(), "measured"), model == "lenet5" ? 2 * 4096 : 2 * 3 * 224 * 224 * 4);
    QVERIFY(!j["peak_phase"].toString().isEmpty());
    const Run table = cli({"validate", path, file});
    QCOMPARE(table.code, 0);
    QVERIFY2(table.out.contains("+0.00 %"), table.out.constData());
    QVERIFY(table.out.contains("Simulated step peak: "));
}

void TestCliValidate::validatePerturbedMeasurement()
{
    // The tiny model at batch 8, pytorch-cpu, adam: estimated weights 657,192, gradients
    // 657,192, state 1,314,400, activations 8 × 65,536 = 524,288, input 8 × 12,288 = 98,304.
    const QJsonObject m = measurementJson(8, "adam", "cpu", 328596, 821490, kOptimizerState, 655360, 196608);
    const QString file = writeMeasurement("perturbed.json", m);
    const QJsonObject j = estimateJson({"validate", m_tiny, file});
    const QJsonObject c = j["components"].toObject();
    auto pct = [&](const char* name) { return c[name].toObject()["relative_error_pct"].toDouble(); };
    QCOMPARE(num(c["weights"].toObject(), "estimated"), kWeights);
    QCOMPARE(pct("weights"), 100.0);           // measured half the estimate
    QCOMPARE(pct("gradients"), -20.0);         // 657,192 / 821,490 = 0.8
    QCOMPARE(pct("optimizer_state"), 0.0);
    QCOMPARE(pct("activations"), -20.0);       // 524,288 / 655,360 = 0.8
    QCOMPARE(pct("input"), -50.0);             // 98,304 / 196,608
    const qint64 estPeak = kWeights * 2 + kOptimizerState + 8 * kActivationsPerSample + 8 * kInputPerSample;
    const qint64 measPeak = 328596 + 821490 + kOptimizerState + 655360 + 196608;
    QCOMPARE(num(c["peak"].toObject(), "estimated"), estPeak); // 3,251,376
    QCOMPARE(num(c["peak"].toObject(), "measured"), measPeak); // 3,316,454
    QVERIFY(qAbs(pct("peak") - (-65078.0 / 3316454.0 * 100.0)) < 1e-9); // −1.9623 %
    const Run csv = cli({"validate", m_tiny, file, "--format", "csv"});
    QCOMPARE(csv.code, 0);
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    QCOMPARE(lines[0], QByteArray("component,estimated,measured,relative_error_pct"));
    QCOMPARE(lines[1], QByteArray("weights,657192,328596,100.000000"));
    QCOMPARE(lines[2], QByteArray("gradients,657192,821490,-20.000000"));
    const Run table = cli({"validate", m_tiny, file});
    QVERIFY2(table.out.contains("+100.00 %"), table.out.constData());
    QVERIFY(table.out.contains("-20.00 %"));
}

void TestCliValidate::validateCudaPeakLeavesOutOverhead()
{
    using namespace netsizer::core;
    // On CUDA the file's peak is max_memory_allocated(): the simulated peak minus the CUDA
    // context (the only overhead line with a centre by default).
    TrainingConfig c;
    c.batch = 8;
    c.optimizer = Optimizer::Adam;
    c.framework = Framework::PyTorch;
    const MemoryBreakdown m = coreBreakdown(m_dir.filePath(m_tiny), c);
    const qint64 expectedPeak = static_cast<qint64>(m.peakBytes()) - kDefaultContext;
    QJsonObject meas = measurementJson(8, "adam", "Tesla T4", kWeights, kWeights, kOptimizerState, 8 * kActivationsPerSample,
                                       8 * kInputPerSample);
    QJsonObject measured = meas["measured"].toObject();
    measured["peak"] = expectedPeak * 2; // the estimate is then −50 %
    meas["measured"] = measured;
    meas["peak_kind"] = "cuda_max_memory_allocated";
    const QString file = writeMeasurement("cuda.json", meas);
    const QJsonObject j = estimateJson({"validate", m_tiny, file});
    QCOMPARE(j["framework"].toString(), QString("pytorch"));
    QCOMPARE(j["peak_kind"].toString(), QString("cuda_max_memory_allocated"));
    const QJsonObject peak = j["components"].toObject()["peak"].toObject();
    QCOMPARE(num(peak, "estimated"), expectedPeak);
    QCOMPARE(peak["relative_error_pct"].toDouble(), -50.0);
    QCOMPARE(j["components"].toObject()["weights"].toObject()["relative_error_pct"].toDouble(), 0.0);
    // validate takes the configuration from the measurement.
    const Run batch = cli({"validate", m_tiny, file, "--batch", "4"});
    QCOMPARE(batch.code, 2);
    QVERIFY2(batch.err.startsWith("netsizer-cli: --batch: validate takes"), batch.err.constData());
    const Run noFile = cli({"validate", m_tiny});
    QCOMPARE(noFile.code, 2);
    QVERIFY2(noFile.err.startsWith("netsizer-cli: validate: needs a measurement file"), noFile.err.constData());
    const Run missing = cli({"validate", m_tiny, "nowhere.json"});
    QCOMPARE(missing.code, 2);
    QVERIFY2(missing.err.startsWith("nowhere.json: "), missing.err.constData());
}

void TestCliValidate::validateBadMeasurementIsExit2_data()
{
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected"); // the start of the stderr line
    const QJsonObject good = measurementJson(8, "adam", "cpu", 1, 2, 3, 4, 5);
    auto with = [&](const QString& key, const QJsonValue& v) {
        QJsonObject o = good;
        o[key] = v;
        return QJsonDocument(o).toJson();
    };
    auto measuredWith = [&](const QString& key, const QJsonValue& v) {
        QJsonObject o = good;
        QJsonObject m = o["measured"].toObject();
        if (v.isUndefined()) m.remove(key);
        else m[key] = v;
        o["measured"] = m;
        return QJsonDocument(o).toJson();
    };
    QTest::newRow("batch as text") << with("batch", "8") << "bad.json: /batch: ";
    QTest::newRow("batch zero") << with("batch", 0) << "bad.json: /batch: ";
    QTest::newRow("fractional bytes") << measuredWith("weights", 1.5) << "bad.json: /measured/weights: ";
    QTest::newRow("negative bytes") << measuredWith("input", -1) << "bad.json: /measured/input: ";
    QTest::newRow("missing peak") << measuredWith("peak", QJsonValue::Undefined) << "bad.json: /measured/peak: missing";
    QTest::newRow("measured not an object") << with("measured", 3) << "bad.json: /measured: ";
    QTest::newRow("unknown optimizer") << with("optimizer", "lamb") << "bad.json: /optimizer: ";
    QTest::newRow("unknown precision") << with("precision", "fp8") << "bad.json: /precision: ";
    QTest::newRow("framework vs device") << with("framework", "pytorch") << "bad.json: /framework: ";
    QTest::newRow("wrong format") << with("format", "netsizer-model") << "bad.json: /format: ";
    QTest::newRow("future version") << with("version", 2) << "bad.json: /version: ";
    QTest::newRow("unknown peak kind") << with("peak_kind", "rss") << "bad.json: /peak_kind: ";
    QJsonObject noDevice = good;
    noDevice.remove("device");
    QTest::newRow("missing device") << QJsonDocument(noDevice).toJson() << "bad.json: /device: missing";
    const QByteArray full = QJsonDocument(good).toJson();
    QTest::newRow("truncated") << full.left(full.size() / 2) << "bad.json: line ";
    QTest::newRow("array") << QByteArray("[1, 2]") << "bad.json: /: ";
}

void TestCliValidate::validateBadMeasurementIsExit2()
{
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QCOMPARE(writeModel("bad.json", content), QString("bad.json"));
    const Run r = cli({"validate", "tiny.json", "bad.json"});
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.isEmpty(), r.out.constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable(err));
    QVERIFY2(err.startsWith(expected), qPrintable(err));
}

void TestCliValidate::validateExportedPyTorchRun()
{
    const QString python = "/usr/bin/python3";
    QProcess probe;
    probe.start(python, {"-c", "import torch"});
    if (!probe.waitForFinished(60000) || probe.exitStatus() != QProcess::NormalExit || probe.exitCode() != 0)
        QSKIP("no python3 with torch (/usr/bin/python3 -c 'import torch' fails)");
    const Run exported = cli({"convert", kLenet5, "lenet5.py"});
    QCOMPARE(exported.code, 0);
    QProcess run;
    run.setWorkingDirectory(m_dir.path());
    run.start(python, {"lenet5.py", "--batch", "2", "--optimizer", "adam", "--device", "cpu", "--out", "lenet5_measured.json"});
    QVERIFY(run.waitForFinished(300000));
    QVERIFY2(run.exitCode() == 0, run.readAllStandardError().constData());
    const QJsonObject j = estimateJson({"validate", kLenet5, "lenet5_measured.json"});
    QCOMPARE(j["framework"].toString(), QString("pytorch-cpu"));
    QCOMPARE(num(j, "batch"), 2);
    const QJsonObject c = j["components"].toObject();
    for (const char* name : {"weights", "gradients", "optimizer_state", "activations", "input"})
        QVERIFY2(qAbs(c[name].toObject()["relative_error_pct"].toDouble()) < 1e-9,
                 qPrintable(QString("%1: %2").arg(name).arg(c[name].toObject()["relative_error_pct"].toDouble())));
    QCOMPARE(num(j["params"].toObject(), "measured"), 61706);
}

QTEST_GUILESS_MAIN(TestCliValidate)
#include "tst_cli_validate.moc"
