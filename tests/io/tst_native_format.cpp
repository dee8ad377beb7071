// The native model format: round trips and located errors for bad input.
#include "core/analysis/Analysis.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"

#include <QtTest>

using namespace netsizer::core;

class TestNativeFormat : public QObject {
    Q_OBJECT
private slots:
    void roundTripIsByteIdentical();
    void parallelSettingsNeedVersion3();
    void frozenWeightsNeedVersion4();
    void readsShorthandsAndPorts();
    void badInput_data();
    void badInput();
    void absurdDimensionIsAnOverflowError();
    void cycleIsReportedByAnalysis();
};

static ModelFile sampleModel()
{
    GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv1", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", std::int64_t{3}}, {"padding", std::int64_t{1}}});
    auto r = b.add("ReLU", "relu1", {c}, {{"inplace", true}});
    auto s = b.add("Add", "skip", {r, c});
    auto f = b.add("Flatten", "flatten", {s});
    auto d = b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    ModelFile m;
    m.graph = b.take();
    m.graph.name = "Tiny";
    m.graph.find(d)->trainable = false;
    m.graph.find(x)->x = 10.5;
    m.graph.find(x)->y = -3;
    m.graph.find(x)->hasPosition = true;
    m.graph.find(c)->group = "block1";
    m.graph.find(r)->group = "block1.act";
    TrainingConfig t;
    t.batch = 64;
    t.optimizer = Optimizer::SgdMomentum;
    t.framework = Framework::Caffe;
    t.gpu = GpuCatalog::builtin().find("GRID K520");
    m.training = t;
    return m;
}

void TestNativeFormat::roundTripIsByteIdentical()
{
    const std::string first = writeNativeModel(sampleModel());
    auto back = readNativeModel(first);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QCOMPARE(QString::fromStdString(writeNativeModel(*back)), QString::fromStdString(first));
    QCOMPARE(back->graph.size(), std::size_t{6});
    QCOMPARE(back->graph.connections().size(), std::size_t{6});
    QVERIFY(!back->graph.findByName("fc")->trainable);
    QCOMPARE(back->graph.findByName("input")->x, 10.5);
    QCOMPARE(QString::fromStdString(back->graph.findByName("conv1")->group), QString("block1"));
    QCOMPARE(QString::fromStdString(back->graph.findByName("relu1")->group), QString("block1.act"));
    QVERIFY(back->graph.findByName("fc")->group.empty());
    QVERIFY(first.find("\"group\": \"block1\"") != std::string::npos);
    QVERIFY(back->training.has_value());
    QCOMPARE(back->training->batch, std::uint64_t{64});
    QCOMPARE(back->training->gpu->memoryBytes, std::uint64_t{4096} * 1024 * 1024);
    const Analysis a = analyze(back->graph);
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTotal, Count{448 + 163850});
}

// Many GPUs (core/parallel/ParallelConfig.h) are saved under training/parallel, in a version-3
// file; one GPU writes no key and keeps the version the rest needs (1 here), so files without
// parallel settings stay byte-identical to what older NetSizers wrote.
void TestNativeFormat::parallelSettingsNeedVersion3()
{
    ModelFile m = sampleModel();
    QVERIFY(writeNativeModel(m).find("\"version\": 1") != std::string::npos);
    QVERIFY(writeNativeModel(m).find("parallel") == std::string::npos);
    ParallelConfig& p = m.training->parallel;
    p.gpus = 16;
    p.nodes = 2;
    p.strategy = ParallelStrategy::Fsdp2;
    p.tensorParallel = 2;
    p.pipelineParallel = 2;
    p.sequenceParallel = true;
    p.microbatches = 8;
    p.schedule = PipelineSchedule::GPipe;
    p.offload = Offload::Params;
    const std::string text = writeNativeModel(m);
    QVERIFY(text.find("\"version\": 3") != std::string::npos);
    QVERIFY(text.find("\"strategy\": \"fsdp2\"") != std::string::npos);
    auto back = readNativeModel(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QVERIFY(back->training->parallel == p);
    QCOMPARE(QString::fromStdString(writeNativeModel(*back)), QString::fromStdString(text));
    // Older versions cannot hold the settings: a version-2 file with them is refused.
    std::string older = text;
    older.replace(older.find("\"version\": 3"), 12, "\"version\": 2");
    const auto refused = readNativeModel(older);
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().path), QString("/training/parallel"));
}

// Frozen-weight storage (core/estimate/FrozenWeights.h) is saved under training/frozen_weights
// in a version-4 file; stored as trained, no key (the version the rest needs).
void TestNativeFormat::frozenWeightsNeedVersion4()
{
    ModelFile m = sampleModel();
    QVERIFY(writeNativeModel(m).find("frozen_weights") == std::string::npos);
    m.training->frozenWeights = FrozenWeights{WeightFormat::Bf16, WeightFormat::Nf4, true};
    const std::string text = writeNativeModel(m);
    QVERIFY(text.find("\"version\": 4") != std::string::npos);
    QVERIFY(text.find("\"quantize\": \"nf4\"") != std::string::npos);
    auto back = readNativeModel(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QVERIFY(back->training->frozenWeights == m.training->frozenWeights);
    QCOMPARE(QString::fromStdString(writeNativeModel(*back)), QString::fromStdString(text));
    std::string older = text;
    older.replace(older.find("\"version\": 4"), 12, "\"version\": 3");
    const auto refused = readNativeModel(older);
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().path), QString("/training/frozen_weights"));
}

void TestNativeFormat::readsShorthandsAndPorts()
{
    const char* text = R"({"format":"netsizer-model","version":1,"layers":[
        {"name":"in","type":"Input","attrs":{"shape":[8]}},
        {"name":"fc","type":"Linear","inputs":["in:0"],"attrs":{"units":4,"bias":false}}],
        "training":{"gpu":{"name":"my card","memory_bytes":1000}}})";
    auto m = readNativeModel(text);
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QCOMPARE(QString::fromStdString(m->graph.findByName("fc")->kind->id), QString("Dense"));
    QCOMPARE(analyze(m->graph).paramsTotal, Count{32});
    QCOMPARE(m->training->gpu->memoryBytes, std::uint64_t{1000});
    QCOMPARE(m->training->gpu->contextBytes, GpuCatalog::builtin().defaultContextBytes());
}

void TestNativeFormat::badInput_data()
{
    QTest::addColumn<QString>("text");
    QTest::addColumn<QString>("code");
    QTest::addColumn<QString>("path");
    const QString head = R"({"format":"netsizer-model","version":1,"layers":[)";
    QTest::newRow("not json") << "{\"format\": \n  nope}" << "json" << "line 2, column 4";
    QTest::newRow("truncated") << head + R"({"name":"in","type":"Inp)" << "json" << "line 1, column 74";
    QTest::newRow("array") << "[]" << "format" << "";
    QTest::newRow("wrong format") << R"({"format":"onnx","version":1,"layers":[]})" << "format" << "/format";
    QTest::newRow("newer version") << R"({"format":"netsizer-model","version":7,"layers":[]})" << "format" << "/version";
    QTest::newRow("layers not list") << R"({"format":"netsizer-model","version":1,"layers":{}})" << "format" << "/layers";
    QTest::newRow("unknown kind") << head + R"({"name":"a","type":"Conv9D"}]})" << "unknown_kind" << "/layers/0/type";
    QTest::newRow("no name") << head + R"({"type":"Input"}]})" << "type" << "/layers/0/name";
    QTest::newRow("wrong type") << head + R"({"name":"in","type":"Input"},{"name":"c","type":"Conv2D","attrs":{"kernel_size":"3"}}]})"
                                << "type" << "/layers/1/attrs/kernel_size";
    QTest::newRow("list of strings") << head + R"({"name":"in","type":"Input","attrs":{"shape":[3,"a"]}}]})" << "type" << "/layers/0/attrs/shape/1";
    QTest::newRow("unknown attr") << head + R"({"name":"c","type":"Conv2D","attrs":{"kernal_size":3}}]})" << "unknown_attribute" << "/layers/0/attrs/kernal_size";
    QTest::newRow("out of range") << head + R"({"name":"c","type":"Conv2D","attrs":{"stride":0}}]})" << "bad_attribute" << "/layers/0/attrs/stride";
    QTest::newRow("bad choice") << head + R"({"name":"c","type":"Conv2D","attrs":{"padding_mode":"full"}}]})" << "bad_attribute" << "/layers/0/attrs/padding_mode";
    QTest::newRow("huge int") << head + R"({"name":"c","type":"Dense","attrs":{"units":18446744073709551615}}]})" << "type" << "/layers/0/attrs/units";
    QTest::newRow("duplicate") << head + R"({"name":"a","type":"Input"},{"name":"a","type":"Input"}]})" << "duplicate_name" << "/layers/1/name";
    QTest::newRow("dangling") << head + R"({"name":"a","type":"Input"},{"name":"r","type":"ReLU","inputs":["a","ghost"]}]})" << "dangling" << "/layers/1/inputs/1";
    QTest::newRow("inputs not list") << head + R"({"name":"r","type":"ReLU","inputs":"a"}]})" << "type" << "/layers/0/inputs";
    QTest::newRow("trainable type") << head + R"({"name":"r","type":"ReLU","trainable":1}]})" << "type" << "/layers/0/trainable";
    QTest::newRow("group type") << head + R"({"name":"r","type":"ReLU","group":3}]})" << "type" << "/layers/0/group";
    QTest::newRow("group empty segment") << head + R"({"name":"r","type":"ReLU","group":"layer1..0"}]})" << "bad_group" << "/layers/0/group";
    QTest::newRow("group slash") << head + R"({"name":"r","type":"ReLU","group":"a/b"}]})" << "bad_group" << "/layers/0/group";
    QTest::newRow("group trailing dot") << head + R"({"name":"r","type":"ReLU","group":"layer1."}]})" << "bad_group" << "/layers/0/group";
    QTest::newRow("bad batch") << head + R"(],"training":{"batch":0}})" << "bad_attribute" << "/training/batch";
    QTest::newRow("bad optimizer") << head + R"(],"training":{"optimizer":"lamb"}})" << "bad_attribute" << "/training/optimizer";
    QTest::newRow("bad gpu") << head + R"(],"training":{"gpu":"GTX 9999"}})" << "bad_attribute" << "/training/gpu";
    const QString v3 = R"({"format":"netsizer-model","version":3,"layers":[],"training":{"parallel":)";
    QTest::newRow("parallel not object") << v3 + "4}}" << "type" << "/training/parallel";
    QTest::newRow("parallel gpus 0") << v3 + R"({"gpus":0}}})" << "bad_attribute" << "/training/parallel/gpus";
    QTest::newRow("parallel strategy") << v3 + R"({"strategy":"zero4"}}})" << "bad_attribute" << "/training/parallel/strategy";
    QTest::newRow("parallel sp type") << v3 + R"({"sequence_parallel":1}}})" << "type" << "/training/parallel/sequence_parallel";
    QTest::newRow("parallel offload") << v3 + R"({"offload":"disk"}}})" << "bad_attribute" << "/training/parallel/offload";
    const QString v4 = R"({"format":"netsizer-model","version":4,"layers":[],"training":{"frozen_weights":)";
    QTest::newRow("frozen not object") << v4 + "1}}" << "type" << "/training/frozen_weights";
    QTest::newRow("frozen base nf4") << v4 + R"({"base":"nf4"}}})" << "bad_attribute" << "/training/frozen_weights/base";
    QTest::newRow("frozen quantize bf16") << v4 + R"({"quantize":"bf16"}}})" << "bad_attribute" << "/training/frozen_weights/quantize";
    QTest::newRow("frozen dq type") << v4 + R"({"double_quant":"yes"}}})" << "type" << "/training/frozen_weights/double_quant";
    QTest::newRow("deep nesting") << QString(5000, '[') << "json" << "line 1";
}

void TestNativeFormat::badInput()
{
    QFETCH(QString, text);
    QFETCH(QString, code);
    QFETCH(QString, path);
    auto r = readNativeModel(text.toStdString());
    QVERIFY(!r.ok());
    QCOMPARE(QString::fromStdString(r.error().code), code);
    QCOMPARE(QString::fromStdString(r.error().path), path);
    QVERIFY(!r.error().message.empty());
}

void TestNativeFormat::absurdDimensionIsAnOverflowError()
{
    const char* text = R"({"format":"netsizer-model","version":1,"layers":[
        {"name":"in","type":"Input","attrs":{"shape":[3, 1000000000000, 1000000000000]}},
        {"name":"fc","type":"Dense","inputs":["in"]}]})";
    auto m = readNativeModel(text);
    QVERIFY(m.ok());
    const Analysis a = analyze(m->graph);
    QVERIFY(!a.ok());
    QCOMPARE(QString::fromStdString(a.errors[0].code), QString("overflow"));
    QCOMPARE(QString::fromStdString(a.errors[0].path), QString("in"));

    // One dimension of 10^12 feeding a Dense layer: 4,096 × 10^12 weights exceed the 2^40-element
    // tensor limit; the error names the Dense layer.
    auto one = readNativeModel(R"({"format":"netsizer-model","version":1,"layers":[
        {"name":"in","type":"Input","attrs":{"shape":[1000000000000]}},
        {"name":"fc","type":"Dense","inputs":["in"],"attrs":{"units":4096}}]})");
    QVERIFY(one.ok());
    const Analysis b = analyze(one->graph);
    QCOMPARE(b.errors.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(b.errors[0].code), QString("overflow"));
    QCOMPARE(QString::fromStdString(b.errors[0].path), QString("fc"));
}

void TestNativeFormat::cycleIsReportedByAnalysis()
{
    const char* text = R"({"format":"netsizer-model","version":1,"layers":[
        {"name":"a","type":"ReLU","inputs":["b"]},{"name":"b","type":"ReLU","inputs":["a"]}]})";
    auto m = readNativeModel(text);
    QVERIFY(m.ok());
    const Analysis a = analyze(m->graph);
    QCOMPARE(QString::fromStdString(a.errors.at(0).code), QString("cycle"));
}

QTEST_APPLESS_MAIN(TestNativeFormat)
#include "tst_native_format.moc"
