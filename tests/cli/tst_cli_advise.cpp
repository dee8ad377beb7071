// netsizer-cli advise: the founding question through --format json, and every suggestion's
// `changes` passed back to `estimate` gives its peak_bytes and a fit; the options advise
// introduces (--accumulate, --freeze, --train-only, --train-last) are validated and named.
#include "CliHarness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {
const QString kVgg = QStringLiteral(NETSIZER_ROOT "/resources/examples/vgg16.json");
const QString kResnet = QStringLiteral(NETSIZER_ROOT "/resources/examples/resnet18.json");
qint64 num(const QJsonObject& o, const char* key) { return static_cast<qint64>(o[key].toDouble(-1)); }
} // namespace

class TestCliAdvise : public QObject, public CliHarness {
    Q_OBJECT
private slots:
    void initTestCase() { QVERIFY(m_dir.isValid()); }

    void everySuggestionReproducesWithEstimate_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::newRow("vgg16 caffe K520 b50") << QStringList{kVgg, "--framework", "caffe", "--optimizer", "sgd-momentum",
                                                             "--gpu", "GRID K520", "--batch", "50"};
        QTest::newRow("vgg16 pytorch K520 b50") << QStringList{kVgg, "--optimizer", "sgd-momentum", "--gpu", "GRID K520",
                                                               "--batch", "50"};
        QTest::newRow("vgg16 pytorch GTX1080 b96 adam") << QStringList{kVgg, "--gpu", "GTX 1080", "--batch", "96"};
        QTest::newRow("resnet18 T4 b2048") << QStringList{kResnet, "--gpu", "Tesla T4", "--batch", "2048"};
        // Checkpointing among the suggestions: --checkpoint-auto budget reproduces it.
        QTest::newRow("resnet18 T4 b1024") << QStringList{kResnet, "--gpu", "Tesla T4", "--batch", "1024"};
    }
    void everySuggestionReproducesWithEstimate()
    {
        QFETCH(QStringList, args);
        const Run r = cli(QStringList{"advise"} + args + QStringList{"--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(j["command"].toString(), QString("advise"));
        QCOMPARE(j["fits"].toBool(), false);
        const QJsonArray suggestions = j["suggestions"].toArray();
        QVERIFY(suggestions.size() >= 2);
        for (const auto& v : suggestions) {
            const QJsonObject s = v.toObject();
            QStringList changes;
            for (const auto& c : s["changes"].toArray()) changes << c.toString();
            const QJsonObject e = estimateJson(QStringList{"estimate"} + args + changes);
            QVERIFY2(!e.isEmpty(), qPrintable(changes.join(' ')));
            QCOMPARE(num(e, "peak_bytes"), num(s, "peak_bytes"));
            QVERIFY2(e["gpu"].toObject()["fits"].toBool(), qPrintable(s["kind"].toString()));
            QVERIFY(s["fits"].toBool());
            QVERIFY(s.contains("extra_compute_pct"));
        }
    }

    // The founding question: accumulation 10 × 5, 4 GPUs, a larger GPU, and the note that
    // freezing saves nothing in Caffe.
    void foundingQuestion()
    {
        const Run r = cli({"advise", kVgg, "--framework", "caffe", "--optimizer", "sgd-momentum", "--gpu", "GRID K520",
                           "--batch", "50", "--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QStringList kinds;
        for (const auto& v : j["suggestions"].toArray()) kinds << v.toObject()["kind"].toString();
        QCOMPARE(kinds, (QStringList{"accumulation", "data_parallel", "larger_gpu"}));
        QCOMPARE(j["suggestions"].toArray()[0].toObject()["changes"].toArray(), (QJsonArray{"--batch", "10", "--accumulate", "5"}));
        bool note = false;
        for (const auto& n : j["notes"].toArray()) note |= n.toString().contains("freezing layers saves nothing in Caffe");
        QVERIFY(note);
        const Run table = cli({"advise", kVgg, "--framework", "caffe", "--optimizer", "sgd-momentum", "--gpu", "GRID K520",
                               "--batch", "50"});
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("1. [accumulation] Accumulate gradients over 5 micro-batches of 10 (effective batch 50)"),
                 table.out.constData());
        QVERIFY(table.out.contains("iter_size 5"));
    }

    void optionsAreValidated()
    {
        const QStringList base = {"estimate", kVgg};
        QCOMPARE(cli(base + QStringList{"--accumulate", "0"}).code, 2);
        QVERIFY(cli(base + QStringList{"--accumulate", "0"}).err.startsWith("netsizer-cli: --accumulate: "));
        QCOMPARE(cli(base + QStringList{"--accumulate", "5000"}).code, 2);
        const Run nowhere = cli(base + QStringList{"--freeze", "no_such_layer"});
        QCOMPARE(nowhere.code, 2);
        QVERIFY2(nowhere.err.contains("--freeze") && nowhere.err.contains("no_such_layer"), nowhere.err.constData());
        QCOMPARE(cli(base + QStringList{"--train-last", "2", "--freeze", "features"}).code, 2);
        QCOMPARE(cli({"advise", kVgg}).code, 2); // no GPU
        QCOMPARE(cli({"advise", kVgg, "--gpu", "GRID K520", "--format", "csv"}).code, 2);
    }

    // --train-only classifier freezes every convolution: VGG16's 14,714,688 convolution weights
    // lose their gradients (fp32: 4 B each) — the classifier's 123,642,856 keep theirs; Adam
    // state follows (2 × 4 B plus a step per trainable tensor: 6 tensors).
    void trainOnlyFreezesTheRest()
    {
        const QJsonObject all = estimateJson({"estimate", kVgg, "--optimizer", "adam"});
        const QJsonObject head = estimateJson({"estimate", kVgg, "--optimizer", "adam", "--train-only", "classifier"});
        QCOMPARE(num(all["params"].toObject(), "trainable"), 138357544);
        QCOMPARE(num(head["params"].toObject(), "trainable"), 123642856);
        QCOMPARE(num(head["bytes"].toObject(), "gradients"), 123642856ll * 4);
        QCOMPARE(num(head["bytes"].toObject(), "optimizer_state"), 123642856ll * 8 + 6 * 4);
        const QJsonObject last3 = estimateJson({"estimate", kVgg, "--optimizer", "adam", "--train-last", "3"});
        QCOMPARE(num(last3["params"].toObject(), "trainable"), 123642856);
        QVERIFY(last3["notes"].toArray().last().toString().startsWith("13 of 16 layers with weights frozen"));
        // Accumulation in the JSON's configuration: the gradients are alive from the start.
        const QJsonObject acc = estimateJson({"estimate", kVgg, "--batch", "8", "--accumulate", "4"});
        const QJsonObject plain = estimateJson({"estimate", kVgg, "--batch", "8"});
        QVERIFY(num(acc, "peak_bytes") > num(plain, "peak_bytes"));
        // --loss: cross-entropy keeps log_softmax (1,000 × 4 B) and the target (8 B) per sample
        // in the activations at their maximum; a bad name is an error naming --loss.
        const QJsonObject ce = estimateJson({"estimate", kVgg, "--batch", "8", "--loss", "cross-entropy"});
        QCOMPARE(num(ce["bytes"].toObject(), "activations"), num(plain["bytes"].toObject(), "activations") + 8 * 4008);
        QVERIFY(num(ce, "peak_bytes") >= num(plain, "peak_bytes"));
        const Run badLoss = cli({"estimate", kVgg, "--loss", "mse"});
        QCOMPARE(badLoss.code, 2);
        QVERIFY2(badLoss.err.startsWith("netsizer-cli: --loss: ") && badLoss.err.contains("fused-linear-cross-entropy"),
                 badLoss.err.constData());
    }

    // --checkpoint SCOPE and --checkpoint-auto: the segments lower the peak, a scope that
    // matches nothing and contradictory options are errors naming the option (exit 2).
    void checkpointOptions()
    {
        const QStringList base = {"estimate", kResnet, "--batch", "64"};
        const QJsonObject plain = estimateJson(base);
        const QJsonObject stages = estimateJson(base + QStringList{"--checkpoint", "layer2.", "--checkpoint", "layer3."});
        QVERIFY(num(stages, "peak_bytes") < num(plain, "peak_bytes"));
        QVERIFY(stages["notes"].toArray().last().toString().startsWith("2 checkpointed segment(s), 32 layers, by --checkpoint"));
        const Run nowhere = cli(base + QStringList{"--checkpoint", "layer9."});
        QCOMPARE(nowhere.code, 2);
        QVERIFY2(nowhere.err.contains("--checkpoint") && nowhere.err.contains("'layer9.'"), nowhere.err.constData());
        QCOMPARE(cli(base + QStringList{"--checkpoint", "layer2.", "--checkpoint-auto", "sqrt"}).code, 2);
        QCOMPARE(cli(base + QStringList{"--budget", "1GiB"}).code, 2);
        QCOMPARE(cli(base + QStringList{"--checkpoint-auto", "budget"}).code, 2); // no GPU, no --budget
        QCOMPARE(cli(base + QStringList{"--checkpoint-auto", "half"}).code, 2);
        const Run caffe = cli(base + QStringList{"--framework", "caffe", "--checkpoint", "layer2."});
        QCOMPARE(caffe.code, 2);
        QVERIFY2(caffe.err.contains("PyTorch only"), caffe.err.constData());
        // A budget between the √n peak and the plain one is met.
        const qint64 sqrtPeak = num(estimateJson(base + QStringList{"--checkpoint-auto", "sqrt"}), "peak_bytes");
        QVERIFY(sqrtPeak < num(plain, "peak_bytes"));
        const qint64 budget = (sqrtPeak + num(plain, "peak_bytes")) / 2;
        const QJsonObject placed = estimateJson(base + QStringList{"--checkpoint-auto", "budget", "--budget", QString::number(budget)});
        QVERIFY(num(placed, "peak_bytes") <= budget);
        QVERIFY(num(placed, "peak_bytes") >= sqrtPeak);
    }

    // Under PyTorch the advisor offers checkpointing; under Caffe it says why not.
    void checkpointingIsAdvisedForPyTorchOnly()
    {
        QStringList kinds;
        const Run r = cli({"advise", kResnet, "--gpu", "Tesla T4", "--batch", "1024", "--format", "json"});
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QJsonObject ck;
        for (const auto& v : j["suggestions"].toArray())
            if (v.toObject()["kind"].toString() == "checkpointing") ck = v.toObject();
        QVERIFY2(!ck.isEmpty(), r.out.constData());
        QCOMPARE(ck["changes"].toArray(), (QJsonArray{"--checkpoint-auto", "budget"}));
        QVERIFY(ck["extra_compute_pct"].toDouble() > 0 && ck["extra_compute_pct"].toDouble() <= 100.0 / 3.0 + 1e-9);
        const Run caffe = cli({"advise", kVgg, "--framework", "caffe", "--optimizer", "sgd-momentum", "--gpu", "GRID K520", "--batch",
                               "50", "--format", "json"});
        bool note = false;
        for (const auto& n : QJsonDocument::fromJson(caffe.out).object()["notes"].toArray())
            note |= n.toString().contains("Caffe has none");
        QVERIFY(note);
    }
};

QTEST_APPLESS_MAIN(TestCliAdvise)
#include "tst_cli_advise.moc"
