// What a model file cannot say about training, stated on the command line: --dropout LAYER=P
// adds a Dropout after a layer (an eval-mode ONNX export has none), --inplace LAYER runs an
// activation in place (no format records it). Hand-derived figures on a small native model, and
// the truth's lstm_lm, whose ONNX file fell back to an eval-mode export, made exact.
#include "CliHarness.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {
// Input[3,32,32] -> Conv2D(16, k3, p1) -> LeakyReLU -> Flatten -> Dense(10). The conv output is
// 16·32·32 = 16,384 floats = 65,536 B per sample.
const QByteArray kLeakyLayers = R"("layers": [
  {"name": "input", "type": "Input", "attrs": {"shape": [3, 32, 32]}},
  {"name": "conv", "type": "Conv2D", "inputs": ["input"], "attrs": {"filters": 16, "kernel_size": 3, "padding": 1}},
  {"name": "act", "type": "LeakyReLU", "inputs": ["conv"]},
  {"name": "flatten", "type": "Flatten", "inputs": ["act"]},
  {"name": "fc", "type": "Dense", "inputs": ["flatten"], "attrs": {"units": 10}}
])";
const QString kLstm = QStringLiteral(NETSIZER_SHARED_DIR "/truth/onnx/lstm_lm.train.onnx");
} // namespace

class TestCliStated : public QObject, public CliHarness {
    Q_OBJECT

    // Activation bytes per sample: the slope between batch 1 and 2 (pytorch-cpu).
    qint64 perSample(const QStringList& args) const
    {
        const auto at = [&](const char* batch) {
            const QJsonObject j = estimateJson(QStringList{"estimate"} + args + QStringList{"--framework", "pytorch-cpu", "--batch", batch});
            return static_cast<qint64>(j["bytes"].toObject()["activations"].toDouble(-1));
        };
        return at("2") - at("1");
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tiny = writeModel("leaky.json", model(kLeakyLayers));
        QVERIFY(!m_tiny.isEmpty());
    }

    // LeakyReLU keeps its input (the conv output) and the Dense its own input (the LeakyReLU
    // output): 2 × 65,536 B. In place (derivatives.yaml leaky_relu_: `leaky_relu_backward(grad,
    // result, negative_slope, true)`) the LeakyReLU keeps its result, which is the conv output's
    // storage overwritten, and the Dense keeps that same storage: 65,536 B.
    void inplaceKeepsOneStorage()
    {
        QCOMPARE(perSample({m_tiny}), qint64{131072});
        QCOMPARE(perSample({m_tiny, "--inplace", "act"}), qint64{131072 / 2});
    }

    // A Dropout after conv keeps its float mask on the CPU (65,536 B) and the LeakyReLU now keeps
    // the dropout's output instead of the conv's (the same size): 131,072 + 65,536 B.
    void dropoutAfterALayer()
    {
        QCOMPARE(perSample({m_tiny, "--dropout", "conv=0.5"}), qint64{196608});
        const QJsonObject j = estimateJson({"estimate", m_tiny, "--dropout", "conv=0.5"});
        bool found = false;
        for (const auto& l : j["layers"].toArray())
            found = found || (l.toObject()["name"].toString() == "conv/dropout" && l.toObject()["type"].toString() == "Dropout");
        QVERIFY(found);
        QVERIFY(j["notes"].toArray().contains(QJsonValue("--dropout: Dropout(p=0.5) added after 'conv'")));
    }

    void badStatementsNameTheOption_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("no such layer") << QStringList{"--dropout", "nosuch=0.2"} << "--dropout: no layer is named 'nosuch'";
        QTest::newRow("rate of 1") << QStringList{"--dropout", "conv=1"} << "--dropout: 'conv=1' is not LAYER=RATE";
        QTest::newRow("no rate") << QStringList{"--dropout", "conv"} << "--dropout: 'conv' is not LAYER=RATE";
        QTest::newRow("no layer") << QStringList{"--dropout", "=0.2"} << "--dropout: '=0.2' is not LAYER=RATE";
        QTest::newRow("rate not a number") << QStringList{"--dropout", "conv=0.2x"} << "--dropout: 'conv=0.2x' is not";
        QTest::newRow("no in-place form") << QStringList{"--inplace", "fc"} << "--inplace: layer 'fc' (Dense) has no in-place form";
        QTest::newRow("inplace no such layer") << QStringList{"--inplace", "relu9"} << "--inplace: no layer is named 'relu9'";
    }
    void badStatementsNameTheOption()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const Run r = cli(QStringList{"estimate", m_tiny} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
    }

    // ../shared/truth lstm_lm: Embedding - Dropout(0.2) - LSTM(2 layers, dropout 0.2) -
    // Dropout(0.2) - Linear. torch 1.13 cannot export LSTM dropout in training mode, so its
    // .train.onnx is an eval-mode export without the three dropouts: 1,182,720 B per sample
    // against the measured 1,361,920 (out/lstm_lm.json saved_activation_excl_input_per_sample_bytes).
    // The import says why; with the three dropouts stated the estimate is the measurement.
    void evalModeExportMadeExact()
    {
        if (!QFile::exists(kLstm)) QSKIP("../shared/truth/onnx is absent");
        const QJsonObject j = estimateJson({"estimate", kLstm});
        bool said = false;
        for (const auto& n : j["notes"].toArray()) said = said || n.toString().contains("no node shows a training-mode export");
        QVERIFY(said);
        QCOMPARE(perSample({kLstm}), qint64{1182720});
        QCOMPARE(perSample({kLstm, "--dropout", "/encoder/Gather=0.2", "--dropout", "/rnn/Squeeze=0.2", "--dropout",
                            "/rnn/Squeeze_1=0.2"}),
                 qint64{1361920});
    }
};

QTEST_APPLESS_MAIN(TestCliStated)
#include "tst_cli_stated.moc"
