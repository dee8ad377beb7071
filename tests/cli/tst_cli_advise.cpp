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
    }
};

QTEST_APPLESS_MAIN(TestCliAdvise)
#include "tst_cli_advise.moc"
