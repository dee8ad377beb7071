// netsizer-cli estimate with many GPUs (--gpus, --parallel, --tp, --pp, --sp, --microbatches,
// --schedule, --offload): per-rank figures in JSON and in the table, hand-derived on a small
// native model (the same network as tests/core/tst_parallel.cpp), and one-line errors naming
// the option with exit status 2.
#include "CliHarness.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

namespace {
// Input[4] -> Dense(3) "d1" -> Dense(2) "d2"; 23 params = 92 B of fp32 weights (d1 60, d2 32).
const QByteArray kTwoDense = R"("layers": [
  {"name": "x", "type": "Input", "attrs": {"shape": [4]}},
  {"name": "d1", "type": "Dense", "inputs": ["x"], "attrs": {"units": 3}},
  {"name": "d2", "type": "Dense", "inputs": ["d1"], "attrs": {"units": 2}}
])";
// Input[4] -> Dense(4) "a" -> Dense(4) "b": 20 params each.
const QByteArray kTwoSquare = R"("layers": [
  {"name": "x", "type": "Input", "attrs": {"shape": [4]}},
  {"name": "a", "type": "Dense", "inputs": ["x"], "attrs": {"units": 4}},
  {"name": "b", "type": "Dense", "inputs": ["a"], "attrs": {"units": 4}}
])";

qint64 num(const QJsonObject& o, const char* key) { return static_cast<qint64>(o[key].toDouble(-1)); }
} // namespace

class TestCliParallel : public QObject, public CliHarness {
    Q_OBJECT

    QString m_square;

    // estimate MODEL on PyTorch (CUDA), fp32, no CUDA context (the figures are the tensors'), a
    // 1 GiB GPU, plus `args`.
    QJsonObject run(const QString& file, const QStringList& args) const
    {
        return estimateJson(QStringList{"estimate", file, "--framework", "pytorch", "--precision", "fp32", "--context", "0",
                                        "--gpu-memory", "1GiB"} +
                            args);
    }

private slots:
    void initTestCase()
    {
        QVERIFY(m_dir.isValid());
        m_tiny = writeModel("two_dense.json", model(kTwoDense));
        m_square = writeModel("two_square.json", model(kTwoSquare));
        QVERIFY(!m_tiny.isEmpty() && !m_square.isEmpty());
    }

    // Two GPUs, global batch 2, Adam: one sample per rank. The single-GPU step peaks in the
    // optimizer step at 492 B (tests/core/tst_parallel.cpp derives every event); per strategy:
    // ddp 492 + 92 B of all-reduce buckets = 584; zero1 346; zero2 300; zero3 374 (120 B of it
    // the gathered d1: 60 B weights + 60 B gradients); fsdp2 406 (+ d2's 32 B prefetched);
    // zero2 with the optimizer offloaded 140 on the GPU and 146 B on the host.
    void ranksJsonPerStrategy_data()
    {
        QTest::addColumn<QString>("strategy");
        QTest::addColumn<QStringList>("extra");
        QTest::addColumn<qint64>("peak");
        QTest::addColumn<qint64>("cpu");
        QTest::addColumn<qint64>("buffers");
        QTest::newRow("ddp") << "ddp" << QStringList{} << qint64{584} << qint64{0} << qint64{92};
        QTest::newRow("zero1") << "zero1" << QStringList{} << qint64{346} << qint64{0} << qint64{0};
        QTest::newRow("zero2") << "zero2" << QStringList{} << qint64{300} << qint64{0} << qint64{0};
        QTest::newRow("zero3") << "zero3" << QStringList{} << qint64{374} << qint64{0} << qint64{120};
        QTest::newRow("fsdp2") << "fsdp2" << QStringList{} << qint64{406} << qint64{0} << qint64{152};
        QTest::newRow("zero2 offload") << "zero2" << QStringList{"--offload", "optimizer"} << qint64{140} << qint64{146} << qint64{0};
    }
    void ranksJsonPerStrategy()
    {
        QFETCH(QString, strategy);
        QFETCH(QStringList, extra);
        QFETCH(qint64, peak);
        QFETCH(qint64, cpu);
        QFETCH(qint64, buffers);
        const QJsonObject j = run(m_tiny, QStringList{"--batch", "2", "--optimizer", "adam", "--gpus", "2", "--parallel", strategy} + extra);
        QVERIFY(!j.isEmpty());
        const QJsonObject p = j["parallel"].toObject();
        QCOMPARE(p["strategy"].toString(), strategy);
        QCOMPARE(num(p, "data_parallel"), qint64{2});
        QCOMPARE(num(p, "global_batch"), qint64{2});
        QCOMPARE(num(p, "micro_batch"), qint64{1});
        const QJsonArray ranks = j["ranks"].toArray();
        QCOMPARE(ranks.size(), 1);
        const QJsonObject r = ranks[0].toObject();
        QCOMPARE(r["role"].toString(), QString("every rank"));
        QCOMPARE(num(r, "gpus"), qint64{2});
        QCOMPARE(num(r, "peak_bytes"), peak);
        QCOMPARE(num(r, "cpu_bytes"), cpu);
        QCOMPARE(num(r, "gather_buffer_bytes") + num(r, "comm_buffer_bytes"), buffers);
        QCOMPARE(r["fits"].toBool(), true);
        QCOMPARE(r["verdict"].toString(), QString("fits"));
        // The headline is the rank's: the report's peak is the peak rank's.
        QCOMPARE(num(j, "peak_bytes"), peak);
        qint64 sum = 0;
        for (const auto& v : r["peak_components"].toObject()) sum += static_cast<qint64>(v.toDouble());
        QCOMPARE(sum, peak);
    }

    // Two pipeline stages, 1F1B, 2 micro-batches, SGD (tests/core/tst_parallel.cpp derives the
    // figures): the first stage holds two micro-batches and peaks at 224 B, the last at 208 B.
    void pipelineRanks()
    {
        const QStringList args{"--batch", "2", "--optimizer", "sgd", "--gpus", "2", "--pp", "2", "--microbatches", "2"};
        const QJsonObject j = run(m_square, args);
        const QJsonArray ranks = j["ranks"].toArray();
        QCOMPARE(ranks.size(), 2);
        QCOMPARE(ranks[0].toObject()["role"].toString(), QString("stage 1 of 2 (first)"));
        QCOMPARE(num(ranks[0].toObject(), "in_flight"), qint64{2});
        QCOMPARE(num(ranks[0].toObject(), "peak_bytes"), qint64{224});
        QCOMPARE(ranks[1].toObject()["role"].toString(), QString("stage 2 of 2 (last)"));
        QCOMPARE(num(ranks[1].toObject(), "peak_bytes"), qint64{208});
        QCOMPARE(num(j, "peak_rank"), qint64{0});
        // GPipe keeps both micro-batches on the last stage too: 208 + the other micro-batch's
        // kept 16 B = 224.
        const QJsonObject g = run(m_square, args + QStringList{"--schedule", "gpipe"});
        QCOMPARE(num(g["ranks"].toArray()[1].toObject(), "peak_bytes"), qint64{224});

        const auto table = cli(QStringList{"estimate", m_square, "--framework", "pytorch", "--precision", "fp32", "--context", "0"} + args);
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("Parallel: 2 GPU(s) on 1 node(s), none over 1 data-parallel rank(s), 2 pipeline stages (1f1b, 2 micro-batches)"),
                 table.out.constData());
        QVERIFY(table.out.contains("stage 1 of 2 (first)"));
        QVERIFY(table.out.contains("The rank that peaks: stage 1 of 2 (first), 224 B"));
    }

    // Context parallel on the GPT-2 preset at 128 tokens, two GPUs (one data-parallel rank, batch
    // 1): the ring's buffers are GPT-2's keys, values and attention output over the whole
    // sequence, 3 × 128 × 768 elements × 4 B = 1,179,648 B (tests/core/tst_context_parallel.cpp).
    void contextParallelRanks()
    {
        const QStringList args{"--seq-len", "128", "--batch", "1", "--gpus", "2", "--cp", "2", "--parallel", "ddp"};
        const QJsonObject j = run("gpt2", args);
        QCOMPARE(num(j["parallel"].toObject(), "context_parallel"), qint64{2});
        QCOMPARE(num(j["parallel"].toObject(), "data_parallel"), qint64{1});
        QCOMPARE(num(j["ranks"].toArray()[0].toObject(), "context_ring_bytes"), qint64{1'179'648});
        const auto table = cli(QStringList{"estimate", "gpt2", "--framework", "pytorch", "--precision", "fp32"} + args);
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("over 1 data-parallel rank(s), context parallel 2;"), table.out.constData());
    }

    // One GPU and nothing set: no parallel section, the single-GPU report unchanged.
    void oneGpuHasNoRanks()
    {
        const QJsonObject j = run(m_tiny, {"--batch", "2"});
        QVERIFY(!j.contains("ranks"));
        QVERIFY(!j.contains("parallel"));
    }

    void badOptionsExit2_data()
    {
        QTest::addColumn<QStringList>("args");
        QTest::addColumn<QString>("message");
        QTest::newRow("gpus 0") << QStringList{"--gpus", "0"} << "--gpus: '0' is not a number of GPUs from 1 to 65,536";
        QTest::newRow("gpus text") << QStringList{"--gpus", "many"} << "--gpus: 'many' is not a number of GPUs";
        QTest::newRow("strategy") << QStringList{"--gpus", "2", "--parallel", "zero4"} << "--parallel: unknown strategy 'zero4'";
        QTest::newRow("no strategy") << QStringList{"--gpus", "2"} << "--parallel: 2 data-parallel ranks need a strategy";
        QTest::newRow("tp") << QStringList{"--gpus", "2", "--tp", "3"} << "--tp: tensor × pipeline parallel (3) must divide the 2 GPUs";
        QTest::newRow("nodes") << QStringList{"--gpus", "2", "--nodes", "3", "--parallel", "ddp"}
                               << "--nodes: the number of nodes must divide the 2 GPUs evenly";
        QTest::newRow("batch") << QStringList{"--batch", "3", "--gpus", "2", "--parallel", "ddp"}
                               << "--batch: the batch 3 does not divide into 2 data-parallel rank(s)";
        QTest::newRow("sp") << QStringList{"--gpus", "2", "--parallel", "ddp", "--sp"} << "--sp: sequence parallel";
        QTest::newRow("offload ddp") << QStringList{"--gpus", "2", "--parallel", "ddp", "--offload", "optimizer"}
                                     << "--offload: CPU offload needs a sharded strategy";
        QTest::newRow("offload params") << QStringList{"--gpus", "2", "--parallel", "zero1", "--offload", "params"}
                                        << "--offload: offloading parameters needs zero3, fsdp or fsdp2";
        QTest::newRow("offload name") << QStringList{"--offload", "gpu"} << "--offload: unknown offload 'gpu'";
        QTest::newRow("schedule") << QStringList{"--schedule", "zigzag"} << "--schedule: unknown pipeline schedule 'zigzag' (gpipe, 1f1b, interleaved)";
        QTest::newRow("interleaved one stage") << QStringList{"--schedule", "interleaved", "--virtual-stages", "2"}
                                               << "--pp: the interleaved schedule needs at least 2 pipeline stages";
        QTest::newRow("interleaved one chunk") << QStringList{"--gpus", "2", "--pp", "2", "--schedule", "interleaved"}
                                               << "--virtual-stages: the interleaved schedule needs at least 2 pipeline stages and at least 2 model chunks";
        QTest::newRow("chunks without interleaving") << QStringList{"--gpus", "2", "--pp", "2", "--virtual-stages", "2"}
                                                     << "--virtual-stages: model chunks per stage (virtual stages) apply to the interleaved schedule only";
        QTest::newRow("chunks beyond layers") << QStringList{"--gpus", "2", "--pp", "2", "--schedule", "interleaved", "--virtual-stages", "2"}
                                              << "--virtual-stages: 4 model chunks need at least as many layers (the network has 3)";
        QTest::newRow("virtual stages 0") << QStringList{"--virtual-stages", "0"} << "--virtual-stages: '0' is not a number of model chunks per stage";
        QTest::newRow("cp 0") << QStringList{"--cp", "0"} << "--cp: '0' is not a parallel size from 1 to 65,536";
        QTest::newRow("cp without tokens") << QStringList{"--gpus", "2", "--cp", "2", "--parallel", "ddp"}
                                           << "--cp: context parallel splits the tokens of a sequence: the network has no token-id input";
        QTest::newRow("cp x tp") << QStringList{"--gpus", "2", "--cp", "2", "--tp", "2"}
                                 << "--cp: tensor × pipeline × context parallel (4) must divide the 2 GPUs";
        QTest::newRow("microbatches") << QStringList{"--microbatches", "0"} << "--microbatches: '0' is not a number of micro-batches";
        QTest::newRow("stages") << QStringList{"--batch", "4", "--gpus", "4", "--pp", "4"}
                                << "--pp: 4 pipeline stages need at least as many layers (the network has 3)";
        QTest::newRow("framework") << QStringList{"--gpus", "2", "--parallel", "ddp", "--framework", "caffe"}
                                   << "--parallel: many GPUs are modelled for PyTorch (CUDA) training only";
    }
    void badOptionsExit2()
    {
        QFETCH(QStringList, args);
        QFETCH(QString, message);
        const auto r = cli(QStringList{"estimate", m_tiny, "--batch", "2"} + args);
        QCOMPARE(r.code, 2);
        QCOMPARE(r.err.count('\n'), 1);
        QVERIFY2(QString::fromUtf8(r.err).contains(message), r.err.constData());
        QVERIFY(r.out.isEmpty());
    }

    // advise with many GPUs: every suggestion makes every rank fit. Two GPUs, DDP, Adam, global
    // batch 2 on a 400-byte GPU: DDP's rank needs 584 B (ranksJsonPerStrategy), ZeRO-1 346 B — the
    // least sharding that fits, first. Each suggestion, given back to `estimate` with its
    // options, fits every rank at the figure advise printed.
    void adviseWithManyGpus()
    {
        const QStringList common{"--framework", "pytorch", "--precision", "fp32", "--context", "0", "--gpu-memory", "400",
                                 "--batch",     "2",       "--optimizer", "adam"};
        const QStringList base = common + QStringList{"--gpus", "2", "--parallel", "ddp"};
        const auto r = cli(QStringList{"advise", m_tiny, "--format", "json"} + base);
        QCOMPARE(r.code, 0);
        const QJsonObject j = QJsonDocument::fromJson(r.out).object();
        QCOMPARE(num(j, "peak_bytes"), qint64{584});
        QCOMPARE(j["fits"].toBool(), false);
        QCOMPARE(num(j, "gpus"), qint64{2});
        const QJsonArray list = j["suggestions"].toArray();
        QVERIFY(list.size() >= 2);
        const QJsonObject first = list[0].toObject();
        QCOMPARE(first["kind"].toString(), QString("shard_states"));
        QCOMPARE(num(first, "peak_bytes"), qint64{346});
        for (const auto& v : list) {
            const QJsonObject s = v.toObject();
            QStringList changes;
            for (const auto& c : s["changes"].toArray()) changes << c.toString();
            QStringList args = base;
            // A later option overrides an earlier one; a checkpoint option adds to them.
            const QJsonObject e = estimateJson(QStringList{"estimate", m_tiny} + args + changes);
            QVERIFY2(!e.isEmpty(), qPrintable(changes.join(' ')));
            QCOMPARE(num(e, "peak_bytes"), num(s, "peak_bytes"));
            for (const auto& rank : e["ranks"].toArray()) QVERIFY2(rank.toObject()["fits"].toBool(), qPrintable(changes.join(' ')));
        }
        const auto table = cli(QStringList{"advise", m_tiny} + base);
        QCOMPARE(table.code, 0);
        QVERIFY2(table.out.contains("Batch 2 on 2 × "), table.out.constData());
        QVERIFY(table.out.contains("What makes every GPU fit"));
        QVERIFY(table.out.contains("1. [shard_states] Use zero1"));
        // Still refused where they mean nothing: layers and gpus.
        const auto layers = cli({"layers", m_tiny, "--gpus", "2"});
        QCOMPARE(layers.code, 2);
    }

    // fit with many GPUs: the largest global batch (a multiple of data-parallel ranks ×
    // micro-batches) at which every rank fits. Checked against estimate itself: every rank fits
    // at the answer, and one more sample per rank and pass makes a rank overflow. Two pipeline
    // stages over 4 GPUs (2 data-parallel ranks, 2 micro-batches: steps of 4 samples) on a
    // 20,000-byte GPU.
    void fitFindsTheLargestGlobalBatch()
    {
        const QStringList common{"--framework", "pytorch", "--precision", "fp32", "--context", "0", "--gpu-memory", "20000",
                                 "--gpus", "4", "--pp", "2", "--parallel", "zero1", "--microbatches", "2"};
        const QJsonObject fit = estimateJson(QStringList{"fit", m_square, "--format", "json"} + common);
        const qint64 batch = num(fit["gpu"].toObject(), "fitted_global_batch");
        QVERIFY2(batch > 0 && batch % 4 == 0, qPrintable(QString::number(batch)));
        QCOMPARE(num(fit["parallel"].toObject(), "global_batch"), batch);
        auto everyRankFits = [&](qint64 b) {
            const QJsonObject e = estimateJson(QStringList{"estimate", m_square, "--format", "json", "--batch", QString::number(b)} + common);
            bool all = true;
            for (const QJsonValue& r : e["ranks"].toArray()) all &= r.toObject()["fits"].toBool();
            return all;
        };
        QVERIFY(everyRankFits(batch));
        QVERIFY(!everyRankFits(batch + 4));
        // The table says it in words.
        const auto text = cli(QStringList{"fit", m_square} + common);
        QCOMPARE(text.code, 0);
        QVERIFY2(text.out.contains("largest global batch at which every rank fits"), text.out.constData());
    }
};

QTEST_APPLESS_MAIN(TestCliParallel)
#include "tst_cli_parallel.moc"
