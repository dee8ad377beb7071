// Exporters (core/io/export): native -> Caffe -> readCaffeNet keeps the learnable parameter
// count; native -> ONNX parses with onnx's protobuf classes, with value_info shapes and
// learnable initializers summing to the parameter count; the PyTorch file runs under Debian's
// python3-torch (CPU) and reports NetSizer's count and saved-activation bytes; kinds a target
// cannot express are refused with an error naming the layer.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"
#include "core/io/caffe/CaffeImport.h"
#include "core/io/export/CaffeExporter.h"
#include "core/io/export/KerasExporter.h"
#include "core/io/export/ModelExporter.h"
#include "core/io/export/OnnxExporter.h"
#include "core/io/export/PyTorchExporter.h"

#include <onnx/checker.h>
#include <onnx/onnx_pb.h>

#include <QtTest>

using namespace netsizer::core;

class TestExporters : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void caffeRoundTripKeepsParameters_data();
    void caffeRoundTripKeepsParameters();
    void caffeSolverReadsBack();
    void onnxHasGraphShapesAndWeights_data();
    void onnxHasGraphShapesAndWeights();
    void onnxZeroWeightsCarryData();
    void unsupportedKindNamesTheLayer();
    void dispatcherChoosesByExtension();
    void kerasFileBuildsTheFunctionalModel();
    void pytorchParameterCount_data();
    void pytorchParameterCount();
    void pytorchMeasuresSavedActivations();
    void manyKindsExportWhereExpressible();
    void pytorchRunsRecurrentStateOutputs();
    void pytorchExpressesOpLevelKinds();
    void pytorchExpressesStridedNarrowAndAddedTensor();

private:
    bool haveTorch() const { return m_torch; }
    QString runPython(const QString& file, const QStringList& args, int timeoutMs = 120000);
    // Writes the exported script as `stem`.py, runs its measurement at batch 2 on the CPU and
    // returns the JSON it writes (empty when it wrote none).
    QJsonObject measureExport(const std::string& py, const QString& stem);
    bool m_torch = false;
    QString m_torchReason;
    QTemporaryDir m_dir;
};

static ModelFile example(const char* stem)
{
    auto m = readNativeModelFile(std::string(NETSIZER_ROOT "/resources/examples/") + stem + ".json");
    if (!m) qFatal("%s", m.error().describe().c_str());
    return std::move(*m);
}

static Count paramsOf(const Graph& g)
{
    const Analysis a = analyze(g);
    if (!a.ok()) qFatal("%s", a.errors.front().describe().c_str());
    return a.paramsTotal;
}

void TestExporters::initTestCase()
{
    QVERIFY(m_dir.isValid());
    if (!QFileInfo::exists("/usr/bin/python3")) {
        m_torchReason = "/usr/bin/python3 is absent";
        return;
    }
    QProcess p;
    // find_spec: finds the module without the seconds an `import torch` takes
    p.start("/usr/bin/python3", {"-c", "import importlib.util, sys; sys.exit(importlib.util.find_spec('torch') is None)"});
    if (!p.waitForFinished(60000) || p.exitCode() != 0) {
        m_torchReason = "python3 cannot import torch (scripts/install-test-extras.sh installs python3-torch)";
        return;
    }
    m_torch = true;
}

QString TestExporters::runPython(const QString& file, const QStringList& args, int timeoutMs)
{
    QProcess p;
    p.setProcessChannelMode(QProcess::SeparateChannels);
    p.start("/usr/bin/python3", QStringList{file} + args);
    if (!p.waitForFinished(timeoutMs)) {
        p.kill();
        p.waitForFinished();
        return {};
    }
    if (p.exitCode() != 0) qWarning("%s", p.readAllStandardError().constData());
    return QString::fromUtf8(p.readAllStandardOutput());
}

void TestExporters::caffeRoundTripKeepsParameters_data()
{
    QTest::addColumn<QString>("stem");
    QTest::newRow("vgg16") << "vgg16";
    QTest::newRow("alexnet") << "alexnet";
    QTest::newRow("resnet18") << "resnet18";
    QTest::newRow("lenet5") << "lenet5";
}

void TestExporters::caffeRoundTripKeepsParameters()
{
    QFETCH(QString, stem);
    const ModelFile m = example(stem.toUtf8().constData());
    TrainingConfig cfg;
    cfg.batch = 16;
    cfg.optimizer = Optimizer::SgdMomentum;
    auto e = exportCaffe(m.graph, cfg, "net.prototxt");
    QVERIFY2(e.ok(), e.ok() ? "" : e.error().describe().c_str());
    auto back = readCaffeNet(e->net, stem.toStdString() + ".prototxt");
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QCOMPARE(paramsOf(back->graph), paramsOf(m.graph));
    QVERIFY(back->training.has_value());
    QCOMPARE(back->training->batch, std::uint64_t{16});
    // Same output shape at the end of the network.
    const Analysis a = analyze(m.graph), b = analyze(back->graph);
    QCOMPARE(QString::fromStdString(b.layers.back().result.outputs[0].shape.toString()), QString::fromStdString(a.layers.back().result.outputs[0].shape.toString()));
}

void TestExporters::caffeSolverReadsBack()
{
    const ModelFile m = example("lenet5");
    for (Optimizer o : {Optimizer::Sgd, Optimizer::SgdMomentum, Optimizer::Nesterov, Optimizer::Adam, Optimizer::Adagrad,
                        Optimizer::RmsProp, Optimizer::Adadelta}) {
        TrainingConfig cfg;
        cfg.optimizer = o;
        auto e = exportCaffe(m.graph, cfg);
        QVERIFY2(e.ok(), optimizerInfo(o).name);
        TrainingConfig back;
        back.optimizer = Optimizer::AdamW;
        std::vector<std::string> notes;
        auto st = applyCaffeSolver(e->solver, "solver.prototxt", back, notes);
        QVERIFY2(st.ok(), st.ok() ? "" : st.error().describe().c_str());
        QCOMPARE(optimizerInfo(back.optimizer).name, optimizerInfo(o).name);
    }
    TrainingConfig adamw;
    adamw.optimizer = Optimizer::AdamW;
    auto refused = exportCaffe(m.graph, adamw);
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().path), QString("optimizer"));
}

void TestExporters::onnxHasGraphShapesAndWeights_data()
{
    QTest::addColumn<QString>("stem");
    QTest::newRow("lenet5") << "lenet5";
    QTest::newRow("resnet18") << "resnet18";
    QTest::newRow("vgg16") << "vgg16";
    QTest::newRow("mobilenet_v2") << "mobilenet_v2";
}

void TestExporters::onnxHasGraphShapesAndWeights()
{
    QFETCH(QString, stem);
    const ModelFile m = example(stem.toUtf8().constData());
    auto bytes = exportOnnx(m.graph);
    QVERIFY2(bytes.ok(), bytes.ok() ? "" : bytes.error().describe().c_str());
    onnx::ModelProto model;
    QVERIFY(model.ParseFromString(*bytes));
    const auto& g = model.graph();
    QCOMPARE(qint64(model.opset_import(0).version()), qint64(17));
    // One node per non-input layer at least (Dense on [.., F] and SiLU take two).
    int layers = 0;
    for (const Layer& l : m.graph.layers()) layers += l.kind->id != "Input";
    int compute = 0;
    for (const auto& n : g.node()) compute += n.op_type() != "Constant";
    QVERIFY2(compute >= layers, qPrintable(QString("%1 nodes for %2 layers").arg(compute).arg(layers)));
    // Learnable initializers (the running statistics are buffers) sum to NetSizer's count.
    Count learnable = 0;
    for (const auto& t : g.initializer()) {
        QVERIFY(t.raw_data().empty() && t.float_data_size() == 0); // weightless by default
        Count n = 1;
        for (auto d : t.dims()) n *= static_cast<Count>(d);
        const std::string& name = t.name();
        const bool buffer = name.ends_with(".running_mean") || name.ends_with(".running_var");
        if (!buffer) learnable += n;
    }
    QCOMPARE(learnable, paramsOf(m.graph));
    // Every node output that is not a graph output has a shape with a symbolic batch.
    QSet<QString> known;
    for (const auto& v : g.value_info()) {
        QCOMPARE(QString::fromStdString(v.type().tensor_type().shape().dim(0).dim_param()), QString("N"));
        known.insert(QString::fromStdString(v.name()));
    }
    for (const auto& v : g.output()) known.insert(QString::fromStdString(v.name()));
    // With zero data the model passes onnx's own checker.
    auto zeros = exportOnnx(m.graph, OnnxExportOptions{true});
    QVERIFY(zeros.ok());
    onnx::ModelProto full;
    QVERIFY(full.ParseFromString(*zeros));
    try {
        onnx::checker::check_model(full);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    QCOMPARE(g.input_size(), 1);
    QCOMPARE(g.output_size(), 1);
    QSet<QString> layerNames;
    for (const Layer& l : m.graph.layers()) layerNames.insert(QString::fromStdString(l.name));
    for (const auto& n : g.node())
        if (layerNames.contains(QString::fromStdString(n.name())))
            QVERIFY2(known.contains(QString::fromStdString(n.output(0))), n.name().c_str());
}

void TestExporters::onnxZeroWeightsCarryData()
{
    const ModelFile m = example("lenet5");
    auto bytes = exportOnnx(m.graph, OnnxExportOptions{true});
    QVERIFY(bytes.ok());
    onnx::ModelProto model;
    QVERIFY(model.ParseFromString(*bytes));
    std::size_t raw = 0;
    for (const auto& t : model.graph().initializer()) raw += t.raw_data().size();
    QCOMPARE(raw, static_cast<std::size_t>(paramsOf(m.graph) * 4));
}

void TestExporters::unsupportedKindNamesTheLayer()
{
    GraphBuilder b;
    const LayerId in = b.add("Input", "tokens", std::initializer_list<LayerId>{}, {{"shape", IntList{16, 32}}});
    const LayerId rnn = b.add("LSTM", "my_lstm", {in}, {{"hidden_size", std::int64_t{8}}});
    b.add("Dense", "head", {rnn}, {{"units", std::int64_t{4}}});
    const Graph g = b.take();
    auto caffe = exportCaffe(g, TrainingConfig{});
    QVERIFY(!caffe.ok());
    QCOMPARE(QString::fromStdString(caffe.error().path), QString("my_lstm"));
    QCOMPARE(QString::fromStdString(caffe.error().code), QString("export_unsupported"));
    QVERIFY(caffe.error().message.find("LSTM") != std::string::npos);
    auto onnx = exportOnnx(g);
    QVERIFY(!onnx.ok());
    QCOMPARE(QString::fromStdString(onnx.error().path), QString("my_lstm"));
    auto keras = exportKeras(g);
    QVERIFY(!keras.ok());
    QCOMPARE(QString::fromStdString(keras.error().path), QString("my_lstm"));
    // PyTorch expresses it.
    QVERIFY(exportPyTorch(g, TrainingConfig{}).ok());
    // Through the dispatcher the file is named too.
    ModelFile mf;
    mf.graph = g;
    auto viaFile = exportModel(mf, "out.prototxt");
    QVERIFY(!viaFile.ok());
    QCOMPARE(QString::fromStdString(viaFile.error().path), QString("out.prototxt: my_lstm"));
}

void TestExporters::dispatcherChoosesByExtension()
{
    QVERIFY(*exportFormatFor("a.onnx", std::nullopt) == ExportFormat::Onnx);
    QVERIFY(*exportFormatFor("a.prototxt", std::nullopt) == ExportFormat::Caffe);
    QVERIFY(*exportFormatFor("a.py", std::nullopt) == ExportFormat::PyTorch);
    QVERIFY(*exportFormatFor("a.py", ExportFormat::Keras) == ExportFormat::Keras);
    QVERIFY(*exportFormatFor("a.json", std::nullopt) == ExportFormat::Native);
    QVERIFY(!exportFormatFor("a.txt", std::nullopt).ok());
    QVERIFY(!exportFormatFor("a.onnx", ExportFormat::Keras).ok());

    const ModelFile m = example("lenet5");
    const std::string dir = m_dir.path().toStdString();
    auto files = exportModel(m, dir + "/lenet.prototxt");
    QVERIFY(files.ok());
    QCOMPARE(files->size(), std::size_t{2});
    QCOMPARE(QString::fromStdString(files->at(1).path), QString::fromStdString(dir + "/lenet_solver.prototxt"));
    QVERIFY(writeExportedFiles(*files).ok());
    QVERIFY(QFileInfo::exists(QString::fromStdString(dir + "/lenet_solver.prototxt")));
    // native -> native is byte-identical to the writer's output
    auto json = exportModel(m, dir + "/lenet.json");
    QVERIFY(json.ok());
    QCOMPARE(QString::fromStdString(json->at(0).bytes), QString::fromStdString(writeNativeModel(m)));
}

void TestExporters::kerasFileBuildsTheFunctionalModel()
{
    const ModelFile m = example("resnet18");
    auto py = exportKeras(m.graph);
    QVERIFY2(py.ok(), py.ok() ? "" : py.error().describe().c_str());
    QVERIFY(py->find("keras.Model(inputs=[input], outputs=[fc]") != std::string::npos);
    QVERIFY(py->find("layers.Add(") != std::string::npos);
    QVERIFY(py->find("NETSIZER_PARAMS = 11689512") != std::string::npos);
    if (!haveTorch()) return; // python3 present: at least the file must be valid Python
    const QString file = m_dir.filePath("resnet18_keras.py");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(py->data(), static_cast<qint64>(py->size()));
    f.close();
    QProcess p;
    p.start("/usr/bin/python3", {"-c", "import ast,sys; ast.parse(open(sys.argv[1]).read())", file});
    QVERIFY(p.waitForFinished(30000));
    QCOMPARE(p.exitCode(), 0);
}

void TestExporters::pytorchParameterCount_data()
{
    QTest::addColumn<QString>("stem");
    QTest::newRow("lenet5") << "lenet5";
    QTest::newRow("resnet18") << "resnet18";
}

void TestExporters::pytorchParameterCount()
{
    QFETCH(QString, stem);
    const ModelFile m = example(stem.toUtf8().constData());
    auto py = exportPyTorch(m.graph, m.training.value_or(TrainingConfig{}));
    QVERIFY2(py.ok(), py.ok() ? "" : py.error().describe().c_str());
    if (!haveTorch()) QSKIP(qPrintable(m_torchReason));
    const QString file = m_dir.filePath(stem + ".py");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(py->data(), static_cast<qint64>(py->size()));
    f.close();
    const QString out = runPython(file, {"--params-only"}).trimmed();
    QCOMPARE(out.toULongLong(), static_cast<qulonglong>(paramsOf(m.graph)));
}

void TestExporters::pytorchMeasuresSavedActivations()
{
    const ModelFile m = example("lenet5");
    TrainingConfig cfg = m.training.value_or(TrainingConfig{});
    auto py = exportPyTorch(m.graph, cfg);
    QVERIFY(py.ok());
    if (!haveTorch()) QSKIP(qPrintable(m_torchReason));
    const QString file = m_dir.filePath("lenet5_measure.py"), json = m_dir.filePath("lenet5_measured.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(py->data(), static_cast<qint64>(py->size()));
    f.close();
    runPython(file, {"--batch", "2", "--device", "cpu", "--json", "--out", json});
    QFile in(json);
    QVERIFY2(in.open(QIODevice::ReadOnly), "measure() wrote no JSON");
    const QJsonObject r = QJsonDocument::fromJson(in.readAll()).object();
    QCOMPARE(r["format"].toString(), QString("netsizer-measurement"));
    QCOMPARE(r["framework"].toString(), QString("pytorch-cpu"));
    QCOMPARE(r["batch"].toInt(), 2);
    const QJsonObject measured = r["measured"].toObject();
    for (const char* k : {"weights", "gradients", "optimizer_state", "activations", "peak"})
        QVERIFY2(measured.contains(k), k);

    cfg.batch = 2;
    cfg.framework = Framework::PyTorchCpu;
    const MemoryBreakdown est = estimate(analyze(m.graph), cfg, GpuCatalog::builtin().defaultContextBytes());
    const double ours = static_cast<double>(est.bytes(Component::Activations));
    const double real = measured["activations"].toDouble();
    QVERIFY(ours > 0);
    QVERIFY2(std::abs(real - ours) <= 0.01 * ours, qPrintable(QString("measured %1 B, NetSizer %2 B").arg(real).arg(ours)));
    QCOMPARE(r["estimate"].toObject()["activations"].toDouble(), ours);
    QCOMPARE(measured["weights"].toDouble(), static_cast<double>(est.bytes(Component::Weights)));
    QCOMPARE(measured["gradients"].toDouble(), static_cast<double>(est.bytes(Component::Gradients)));
}

// A network of less common kinds: asymmetric "same" padding, SiLU, ReLU6, ZeroPadding,
// Upsample, Concat, Scale, Slice (two outputs), GroupNorm, LayerNorm. PyTorch and ONNX express
// all of it but ONNX (opset 17) GroupNorm; Keras refuses Scale and Caffe the uneven padding, naming the layer.
static Graph manyKinds(bool groupNorm)
{
    GraphBuilder b;
    const LayerId in = b.add("Input", "image", std::initializer_list<LayerId>{}, {{"shape", IntList{3, 32, 32}}});
    LayerId x = b.add("Conv2D", "stem", {in}, {{"filters", std::int64_t{8}}, {"kernel_size", IntList{3}}, {"stride", IntList{2}},
                                               {"padding_mode", std::string("same")}});
    x = b.add("BatchNorm", "stem.bn", {x});
    x = b.add("SiLU", "stem.act", {x});
    x = b.add("ZeroPadding", "pad", {x}, {{"padding", IntList{1}}});
    x = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{8}}, {"kernel_size", IntList{3}}});
    x = b.add("ReLU6", "act", {x});
    x = b.add("Upsample", "up", {x}, {{"scale_factor", 2.0}});
    x = b.add("Concat", "cat", {x, in});
    x = b.add("Scale", "scale", {x});
    const LayerId sl = b.add("Slice", "split", {x}, {{"axis", std::int64_t{1}}, {"slice_points", IntList{5}}});
    LayerId a = groupNorm ? b.add("GroupNorm", "gn", std::vector<PortRef>{PortRef{sl, 1}}, {{"groups", std::int64_t{3}}})
                          : b.add("BatchNorm", "gn", std::vector<PortRef>{PortRef{sl, 1}});
    a = b.add("GlobalAvgPool", "gap_a", {a});
    const LayerId c = b.add("GlobalAvgPool", "gap_b", std::vector<PortRef>{PortRef{sl, 0}});
    x = b.add("Concat", "feat", {a, c});
    x = b.add("LayerNorm", "ln", {x});
    x = b.add("Dropout", "drop", {x});
    b.add("Dense", "head", {x}, {{"units", std::int64_t{10}}});
    Graph g = b.take();
    g.name = "kinds";
    return g;
}

void TestExporters::manyKindsExportWhereExpressible()
{
    const Graph g = manyKinds(true);
    const Count params = paramsOf(g);

    auto refused = exportOnnx(g); // GroupNorm needs opset 18
    QVERIFY(!refused.ok());
    QCOMPARE(QString::fromStdString(refused.error().path), QString("gn"));
    auto onnxBytes = exportOnnx(manyKinds(false), OnnxExportOptions{true});
    QVERIFY2(onnxBytes.ok(), onnxBytes.ok() ? "" : onnxBytes.error().describe().c_str());
    onnx::ModelProto model;
    QVERIFY(model.ParseFromString(*onnxBytes));
    try {
        onnx::checker::check_model(model);
    } catch (const std::exception& e) {
        QFAIL(e.what());
    }
    auto keras = exportKeras(g);
    QVERIFY(!keras.ok());
    QCOMPARE(QString::fromStdString(keras.error().path), QString("scale"));
    auto caffe = exportCaffe(g, TrainingConfig{});
    QVERIFY(!caffe.ok());
    QCOMPARE(QString::fromStdString(caffe.error().path), QString("stem")); // "same" at stride 2 pads unevenly
    QVERIFY(caffe.error().message.find("asymmetric padding") != std::string::npos);

    TrainingConfig cfg;
    cfg.batch = 2;
    auto py = exportPyTorch(g, cfg);
    QVERIFY2(py.ok(), py.ok() ? "" : py.error().describe().c_str());
    if (!haveTorch()) QSKIP(qPrintable(m_torchReason));
    const QString file = m_dir.filePath("kinds.py"), json = m_dir.filePath("kinds.json");
    QFile f(file);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(py->data(), static_cast<qint64>(py->size()));
    f.close();
    runPython(file, {"--device", "cpu", "--json", "--out", json});
    QFile in2(json);
    QVERIFY2(in2.open(QIODevice::ReadOnly), "measure() wrote no JSON");
    const QJsonObject r = QJsonDocument::fromJson(in2.readAll()).object();
    QCOMPARE(static_cast<qulonglong>(r["params"].toDouble()), static_cast<qulonglong>(params));
    QCOMPARE(r["batch"].toInt(), 2);
}

// An LSTM whose final states are layer outputs (state_outputs): the exported module returns them
// through its recurrent_outputs helper, and a Dense reads the final hidden state (port 1).
// Parameters by hand: LSTM 4 × 8 × (4 + 8) + 2 × 4 × 8 = 448, Dense 8 × 3 + 3 = 27; 475 in all.
void TestExporters::pytorchRunsRecurrentStateOutputs()
{
    GraphBuilder b;
    const LayerId in = b.add("Input", "seq", std::initializer_list<LayerId>{}, {{"shape", IntList{5, 4}}});
    const LayerId rnn = b.add("LSTM", "rnn", {in}, {{"hidden_size", std::int64_t{8}}, {"batch_first", true}, {"state_outputs", true}});
    b.add("Dense", "head", std::vector<PortRef>{PortRef{rnn, 1}}, {{"units", std::int64_t{3}}});
    Graph g = b.take();
    g.name = "lstm_states";
    QCOMPARE(paramsOf(g), Count{475});
    TrainingConfig cfg;
    cfg.batch = 2;
    cfg.framework = Framework::PyTorchCpu;
    auto py = exportPyTorch(g, cfg);
    QVERIFY2(py.ok(), py.ok() ? "" : py.error().describe().c_str());
    if (!haveTorch()) QSKIP(qPrintable(m_torchReason));
    const QJsonObject r = measureExport(*py, "lstm_states");
    QVERIFY2(!r.isEmpty(), "the exported LSTM did not run (no measurement written)");
    QCOMPARE(static_cast<qulonglong>(r["params"].toDouble()), 475ULL);
    const MemoryBreakdown est = estimate(analyze(g), cfg, GpuCatalog::builtin().defaultContextBytes());
    QCOMPARE(r["measured"].toObject()["activations"].toDouble(), static_cast<double>(est.bytes(Component::Activations)));
}

// The op-level kinds as torch expressions: a two-head attention on [6, 8] made of Narrow,
// Reshape (copy), Permute, Elementwise, MatMul and Softmax, plus a Select head. With torch, the
// exported module's measured activations at batch 2 are NetSizer's pytorch-cpu estimate (1%, as
// LeNet-5's: the 8-byte float64 divisor autograd keeps is not counted).
void TestExporters::pytorchExpressesOpLevelKinds()
{
    using I = std::int64_t;
    GraphBuilder b;
    const LayerId in = b.add("Input", "seq", std::initializer_list<LayerId>{}, {{"shape", IntList{6, 8}}});
    const LayerId x = b.add("Dense", "in_proj", {in}, {{"units", I{24}}});
    const auto head = [&](const std::string& n, I start) {
        const LayerId part = b.add("Narrow", n, {x}, {{"axis", I{2}}, {"start", start}, {"length", I{8}}});
        const LayerId split = b.add("Reshape", n + "_h", {part}, {{"shape", IntList{6, 2, 4}}, {"copy", true}});
        return b.add("Permute", n + "_t", {split}, {{"dims", IntList{1, 0, 2}}});
    };
    const LayerId q = head("q", 0), k = head("k", 8), v = head("v", 16);
    const LayerId qs = b.add("Elementwise", "q_scaled", {q}, {{"op", std::string("div")}, {"constant", 2.0}});
    const LayerId kt = b.add("Permute", "k_t", {k}, {{"dims", IntList{0, 2, 1}}});
    const LayerId p = b.add("Softmax", "p", {b.add("MatMul", "scores", {qs, kt})}, {{"axis", I{-1}}});
    const LayerId o = b.add("Permute", "o_t", {b.add("MatMul", "context", {p, v})}, {{"dims", IntList{1, 0, 2}}});
    const LayerId merged = b.add("Reshape", "merged", {o}, {{"shape", IntList{6, 8}}, {"copy", true}});
    const LayerId e = b.add("Elementwise", "gate", {merged}, {{"op", std::string("pow")}, {"constant", 2.0}, {"constant_first", true}});
    const LayerId first = b.add("Select", "first", {e}, {{"axis", I{1}}, {"index", I{0}}});
    b.add("Dense", "head", {first}, {{"units", I{3}}});
    Graph g = b.take();
    g.name = "op_kinds";
    TrainingConfig cfg;
    cfg.batch = 2;
    cfg.framework = Framework::PyTorchCpu;
    auto py = exportPyTorch(g, cfg);
    QVERIFY2(py.ok(), py.ok() ? "" : py.error().describe().c_str());
    for (const char* expr : {".narrow(2, 8, 8)", ".permute(0, 2, 1, 3)", ".permute(0, 1, 3, 2)", "torch.matmul(",
                             "torch.pow(2.0, ", ".select(1, 0)", " / 2.0"})
        QVERIFY2(py->find(expr) != std::string::npos, expr);
    if (!haveTorch()) QSKIP(qPrintable(m_torchReason));
    const QJsonObject r = measureExport(*py, "op_kinds");
    QVERIFY2(!r.isEmpty(), "the exported op-level network did not run (no measurement written)");
    const MemoryBreakdown est = estimate(analyze(g), cfg, GpuCatalog::builtin().defaultContextBytes());
    const double ours = static_cast<double>(est.bytes(Component::Activations));
    const double real = r["measured"].toObject()["activations"].toDouble();
    QVERIFY2(std::abs(real - ours) <= 0.01 * ours, qPrintable(QString("measured %1 B, NetSizer %2 B").arg(real).arg(ours)));
}

// Strided slicing and an added batch-free tensor as torch expressions (Swin's PatchMerging slices
// and relative-position bias): [4, 6, 8] → every second row from 1 → [4, 3, 8] (a view), + a
// [3, 8] bias gathered from a learned table of 40 → Sigmoid → Dense(5). With torch, the module has
// the parameters NetSizer counts (40 + 8·5 + 5 = 85) and keeps what the estimate says at batch 2
// (the Sigmoid's output and the Dense's input are one storage: 2 × 4·3·8 × 4 B = 768 B).
void TestExporters::pytorchExpressesStridedNarrowAndAddedTensor()
{
    using I = std::int64_t;
    GraphBuilder b;
    const LayerId in = b.add("Input", "x", std::initializer_list<LayerId>{}, {{"shape", IntList{4, 6, 8}}});
    const LayerId rows = b.add("Narrow", "odd_rows", {in}, {{"axis", I{2}}, {"start", I{1}}, {"length", I{5}}, {"step", I{2}}});
    const LayerId biased = b.add("AddTensor", "bias", {rows}, {{"shape", IntList{3, 8}}, {"learned", I{40}}});
    b.add("Dense", "head", {b.add("Sigmoid", "gate", {biased})}, {{"units", I{5}}});
    Graph g = b.take();
    g.name = "strided";
    TrainingConfig cfg;
    cfg.batch = 2;
    cfg.framework = Framework::PyTorchCpu;
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    QCOMPARE(a.paramsTotal, Count{85});
    auto py = exportPyTorch(g, cfg);
    QVERIFY2(py.ok(), py.ok() ? "" : py.error().describe().c_str());
    for (const char* expr : {".narrow(2, 1, 5).transpose(2, 0)[::2].transpose(0, 2)", "_table[", "register_buffer("})
        QVERIFY2(py->find(expr) != std::string::npos, expr);
    const MemoryBreakdown est = estimate(a, cfg, GpuCatalog::builtin().defaultContextBytes());
    QCOMPARE(est.bytes(Component::Activations), Count{768});
    if (!haveTorch()) QSKIP(qPrintable(m_torchReason));
    const QJsonObject r = measureExport(*py, "strided");
    QVERIFY2(!r.isEmpty(), "the exported network did not run (no measurement written)");
    QCOMPARE(static_cast<qulonglong>(r["params"].toDouble()), 85ULL);
    QCOMPARE(r["measured"].toObject()["activations"].toDouble(), 768.0);
}

QJsonObject TestExporters::measureExport(const std::string& py, const QString& stem)
{
    const QString file = m_dir.filePath(stem + ".py"), json = m_dir.filePath(stem + ".json");
    QFile f(file);
    if (!f.open(QIODevice::WriteOnly)) return {};
    f.write(py.data(), static_cast<qint64>(py.size()));
    f.close();
    runPython(file, {"--batch", "2", "--device", "cpu", "--json", "--out", json});
    QFile in(json);
    if (!in.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(in.readAll()).object();
}

QTEST_APPLESS_MAIN(TestExporters)
#include "tst_exporters.moc"
