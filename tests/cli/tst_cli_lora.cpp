// netsizer-cli estimate with LoRA adapters and frozen-weight storage (--lora-rank,
// --lora-targets, --lora-dropout, --base-dtype, --quantize, --double-quant) and the per-tensor
// optimizers: figures hand-derived on a small native model, one-line errors naming the option
// with exit status 2.
#include "CliHarness.h"

#include <QJsonArray>
#include <QJsonObject>
#include <QtTest>

namespace {
// Input[4] -> Dense(4) "attn.q_proj" (16 + 4 params) -> Dense(2) "out" (8 + 2 params).
const QByteArray kProj = R"("layers": [
  {"name": "x", "type": "Input", "attrs": {"shape": [4]}},
  {"name": "attn.q_proj", "type": "Dense", "inputs": ["x"], "attrs": {"units": 4}},
  {"name": "out", "type": "Dense", "inputs": ["attn.q_proj"], "attrs": {"units": 2}}
])";

qint64 fixedOf(const QJsonObject& j, const char* component)
{
    return static_cast<qint64>(j["components"].toObject()[component].toObject()["fixed"].toDouble(-1));
}
} // namespace

class TestCliLora : public QObject, public CliHarness {
    Q_OBJECT

    QJsonObject run(const QStringList& args) const
    {
        return estimateJson(QStringList{"estimate", m_tiny, "--framework", "pytorch", "--precision", "fp32", "--context", "0"} + args);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tiny = writeModel("proj.json", model(kProj));
        QVERIFY(!m_tiny.isEmpty());
    }

    // r 2 on q_proj: lora_A 2 × 4 and lora_B 4 × 2 = 16 trainable parameters; the base (30) frozen.
    // Gradients 16 × 4 B; Adam 2 × 64 B + 2 step tensors × 4 B = 136 B; 8-bit AdamW keeps both
    // tensors (under 4,096 elements) in float32 without a step tensor: 2 × 64 = 128 B; Adafactor
    // [2, 4] → 2 + 4 and [4, 2] → 4 + 2 elements = 48 B; Lion 64 B.
    void adaptersTrainAlone_data()
    {
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<qint64>("state");
        QTest::newRow("adam") << "adam" << qint64{136};
        QTest::newRow("adamw-8bit") << "adamw-8bit" << qint64{128};
        QTest::newRow("adafactor") << "adafactor" << qint64{48};
        QTest::newRow("lion") << "lion" << qint64{64};
    }
    void adaptersTrainAlone()
    {
        QFETCH(QString, optimizer);
        QFETCH(qint64, state);
        const QJsonObject j = run({"--lora-rank", "2", "--lora-targets", "q_proj", "--optimizer", optimizer});
        QVERIFY(!j.isEmpty());
        QCOMPARE(static_cast<qint64>(j["params"].toObject()["trainable"].toDouble()), qint64{16});
        QCOMPARE(static_cast<qint64>(j["params"].toObject()["total"].toDouble()), qint64{46});
        QCOMPARE(fixedOf(j, "gradients"), qint64{64});
        QCOMPARE(fixedOf(j, "optimizer_state"), state);
        bool noted = false;
        for (const auto& n : j["notes"].toArray()) noted |= n.toString().startsWith("LoRA r=2 on 1 Linear layers (q_proj): 16 adapter");
        QVERIFY(noted);
    }

    // NF4 on the frozen q_proj weight (16 elements): 8 B of codes + one float32 absmax + the 64-B
    // code table = 76 B, its bias 16 B; "out" is the output layer, not quantised (40 B); the
    // adapters 64 B. A bf16 base halves every frozen tensor instead: (20 + 10) × 2 + 64 = 124 B.
    void frozenWeightStorage()
    {
        const QJsonObject nf4 = run({"--lora-rank", "2", "--lora-targets", "q_proj", "--quantize", "nf4"});
        QCOMPARE(fixedOf(nf4, "weights"), qint64{76 + 16 + 40 + 64});
        QCOMPARE(nf4["frozen_weights"].toObject()["quantize"].toString(), QString("nf4"));
        const QJsonObject bf16 = run({"--lora-rank", "2", "--lora-targets", "q_proj", "--base-dtype", "bf16"});
        QCOMPARE(fixedOf(bf16, "weights"), qint64{124});
        const QJsonObject plain = run({"--lora-rank", "2", "--lora-targets", "q_proj"});
        QCOMPARE(fixedOf(plain, "weights"), qint64{46 * 4});
        QVERIFY(!plain.contains("frozen_weights"));
    }

    void errorsNameTheOption_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("option");
        QTest::newRow("alpha alone") << QStringList{"--lora-alpha", "16"} << "--lora-alpha";
        QTest::newRow("no target") << QStringList{"--lora-rank", "4", "--lora-targets", "k_proj"} << "--lora-targets";
        QTest::newRow("rank 0") << QStringList{"--lora-rank", "0"} << "--lora-rank";
        QTest::newRow("dropout 1") << QStringList{"--lora-rank", "4", "--lora-dropout", "1"} << "--lora-dropout";
        QTest::newRow("quantize bf16") << QStringList{"--quantize", "bf16"} << "--quantize";
        QTest::newRow("base nf4") << QStringList{"--base-dtype", "nf4"} << "--base-dtype";
    }
    void errorsNameTheOption()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, option);
        const Run r = cli(QStringList{"estimate", m_tiny} + args);
        QCOMPARE(r.code, 2);
        QVERIFY2(r.err.contains(option.toUtf8()), r.err.constData());
        QCOMPARE(r.err.count('\n'), 1);
    }
};

QTEST_APPLESS_MAIN(TestCliLora)
#include "tst_cli_lora.moc"
