// ONNX import over ../shared/truth/onnx (weightless exports of the truth's 15 networks) and
// ../shared/models/onnx, plus malformed input.
// What is asserted, per truth network (numbers read from ../shared/truth/out, never typed in):
// - train variant (BatchNorm kept, its running statistics are initializers): NetSizer's
//   learnable parameters == the truth's `param_count` (PyTorch's parameters()).
// - eval variant (BatchNorm folded into the convolutions where it follows one): learnable
//   parameters + BatchNorm running statistics == the export's own initializer element total
//   (`onnx.eval.graph.initializer_numel`); only DenseNet keeps unfoldable BatchNorms.
// - PyTorch-CPU activations per sample (fp32) of the train variant against the truth's
//   `saved_activation_excl_input_per_sample_bytes`: printed for every network; asserted within
//   1 % for the networks whose ONNX graph is faithful (no opaque layer, listed in kFaithful).
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/io/ModelReader.h"
#include "core/io/onnx/OnnxImport.h"
#include "core/layers/LayerKind.h"

#include <QFile>
#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

#include <limits>
#include <random>

using namespace netsizer::core;

class TestOnnxImport : public QObject {
    Q_OBJECT
private slots:
    void truthNetworks_data();
    void truthNetworks();
    void everySharedModelImportsOrIsRefusedWithAPlace();
    void weightsFromConstantOfShape_data();
    void weightsFromConstantOfShape();
    void malformedInputGivesErrors();
    void absurdDimsGiveErrors();
    void opaqueOperatorsAreReported();
    void attentionAtOpLevel();
    void classTokenAndHead();
    void mergedEqualParametersCountEach();
    void padAmountsThroughTorchsPadChain();
    void nodeOrderAndCycles();
};

namespace {

const QString kTruth = QStringLiteral(NETSIZER_SHARED_DIR "/truth");

QJsonObject truthOf(const QString& model)
{
    QFile f(kTruth + "/out/" + model + ".json");
    if (!f.open(QIODevice::ReadOnly)) return {};
    return QJsonDocument::fromJson(f.readAll()).object();
}

// The truth's headline `param_count` of `model` from all_models.json, or -1.
qint64 truthParamCount(const QString& model)
{
    QFile f(kTruth + "/out/all_models.json");
    if (!f.open(QIODevice::ReadOnly)) return -1;
    const auto models = QJsonDocument::fromJson(f.readAll()).object()["models"].toArray();
    for (const auto& m : models)
        if (m.toObject()["model"].toString() == model) return static_cast<qint64>(m.toObject()["param_count"].toDouble(-1));
    return -1;
}

bool hasOpaque(const ModelFile& m)
{
    return std::any_of(m.notes.begin(), m.notes.end(), [](const std::string& n) { return n.find("opaque") != std::string::npos; });
}

QByteArray allNotes(const ModelFile& m)
{
    QByteArray out;
    for (const auto& n : m.notes) out += QByteArray::fromStdString(n) + "\n";
    return out;
}

// Networks whose train export maps onto NetSizer kinds one to one (no opaque layer).
const QStringList kFaithful = {"alexnet",     "vgg11",       "vgg16",      "vgg16_bn",        "resnet18",
                               "resnet50",    "lenet5",      "mobilenet_v2", "googlenet",     "densenet121",
                               "unet_small",  "efficientnet_b0", "transformer_encoder_cls", "vit_b_16"};

// --- a minimal protobuf writer for hand-made ONNX models (field numbers from onnx.proto) ---
void varint(QByteArray& out, quint64 v)
{
    while (v >= 0x80) {
        out += char((v & 0x7f) | 0x80);
        v >>= 7;
    }
    out += char(v);
}
void tagged(QByteArray& out, int field, int wire) { varint(out, quint64(field) << 3 | quint64(wire)); }
void intField(QByteArray& out, int field, qint64 v) { tagged(out, field, 0); varint(out, quint64(v)); }
void bytesField(QByteArray& out, int field, const QByteArray& v)
{
    tagged(out, field, 2);
    varint(out, quint64(v.size()));
    out += v;
}
// ValueInfoProto of a float tensor; a negative dim is the symbol "N".
QByteArray valueInfo(const char* name, const std::vector<qint64>& dims)
{
    QByteArray shape;
    for (auto d : dims) {
        QByteArray dim;
        if (d < 0) bytesField(dim, 2, "N");
        else intField(dim, 1, d);
        bytesField(shape, 1, dim);
    }
    QByteArray tensor, type, vi;
    intField(tensor, 1, 1); // FLOAT
    bytesField(tensor, 2, shape);
    bytesField(type, 1, tensor);
    bytesField(vi, 1, name);
    bytesField(vi, 2, type);
    return vi;
}
QByteArray node(const char* op, std::initializer_list<const char*> inputs, const char* output, const char* name)
{
    QByteArray n;
    for (auto i : inputs) bytesField(n, 1, i);
    bytesField(n, 2, output);
    bytesField(n, 3, name);
    bytesField(n, 4, op);
    return n;
}
QByteArray initializer(const char* name, const std::vector<qint64>& dims)
{
    QByteArray t;
    for (auto d : dims) intField(t, 1, d);
    intField(t, 2, 1); // FLOAT, no payload: a weightless initializer
    bytesField(t, 8, name);
    return t;
}
// A float initializer whose payload (raw_data) holds `value` in every element.
QByteArray filledInitializer(const char* name, const std::vector<qint64>& dims, float value)
{
    QByteArray t;
    qint64 n = 1;
    for (auto d : dims) {
        intField(t, 1, d);
        n *= d;
    }
    intField(t, 2, 1); // FLOAT
    bytesField(t, 8, name);
    QByteArray raw;
    for (qint64 i = 0; i < n; ++i) raw.append(reinterpret_cast<const char*>(&value), sizeof value);
    bytesField(t, 9, raw);
    return t;
}
// An int64 initializer holding `values` (raw_data, little-endian).
QByteArray intInitializer(const char* name, const std::vector<qint64>& dims, const std::vector<qint64>& values)
{
    QByteArray t;
    for (auto d : dims) intField(t, 1, d);
    intField(t, 2, 7); // INT64
    bytesField(t, 8, name);
    QByteArray raw;
    for (qint64 v : values)
        for (int b = 0; b < 8; ++b) raw += char((quint64(v) >> (8 * b)) & 0xff);
    bytesField(t, 9, raw);
    return t;
}
// A node with one INTS attribute.
QByteArray nodeWithInts(const char* op, std::initializer_list<const char*> inputs, const char* output, const char* name,
                        const char* attr, const std::vector<qint64>& ints)
{
    QByteArray n = node(op, inputs, output, name), a;
    bytesField(a, 1, attr);
    for (auto v : ints) intField(a, 8, v);
    intField(a, 20, 7); // AttributeType INTS
    bytesField(n, 5, a);
    return n;
}
QByteArray model(const QByteArray& graph)
{
    QByteArray m, opset;
    intField(m, 1, 7);
    bytesField(m, 7, graph);
    intField(opset, 2, 13);
    bytesField(m, 8, opset);
    return m;
}

std::string_view view(const QByteArray& b) { return {b.constData(), static_cast<std::size_t>(b.size())}; }

} // namespace

void TestOnnxImport::truthNetworks_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<QString>("variant");
    for (const char* m : {"alexnet", "densenet121", "efficientnet_b0", "googlenet", "lenet5", "lstm_lm", "mobilenet_v2", "resnet18",
                          "resnet50", "transformer_encoder_cls", "unet_small", "vgg11", "vgg16", "vgg16_bn", "vit_b_16"})
        for (const char* v : {"train", "eval"}) QTest::newRow((std::string(m) + "." + v).c_str()) << m << v;
}

void TestOnnxImport::truthNetworks()
{
    QFETCH(QString, model);
    QFETCH(QString, variant);
    const QString path = kTruth + "/onnx/" + model + "." + variant + ".onnx";
    if (!QFileInfo::exists(path)) QSKIP("../shared/truth/onnx is absent");
    const QJsonObject truth = truthOf(model);
    const qint64 paramCount = truthParamCount(model);
    if (truth.isEmpty() || paramCount < 0) QSKIP("../shared/truth/out is absent");

    auto m = readModelFile(path.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY2(a.ok(), a.ok() ? "" : a.errors[0].describe().c_str() + QByteArray("\n") + allNotes(*m));
    qInfo("%s", allNotes(*m).constData());
    // NetSizer's own shape inference agrees with ONNX's on every mapped layer.
    for (const auto& n : m->notes) QVERIFY2(n.find("NetSizer infers") == std::string::npos, n.c_str());

    if (variant == "train") {
        QCOMPARE(qint64(a.paramsTotal), paramCount);
        TrainingConfig cfg;
        cfg.framework = Framework::PyTorchCpu;
        cfg.precision = Precision::Fp32;
        cfg.batch = 2;
        const MemoryBreakdown b = estimate(a, cfg, 0);
        const double ours = double(b[Component::Activations].perSample);
        const double theirs = truth["saved_activation_excl_input_per_sample_bytes"].toDouble(-1);
        QVERIFY(theirs > 0);
        const double diff = 100.0 * (ours - theirs) / theirs;
        qInfo("%s train: activations per sample ours %.0f B, truth %.0f B (%+.2f %%)%s", qPrintable(model), ours, theirs, diff,
              hasOpaque(*m) ? " [opaque layers: lower bound]" : "");
        if (kFaithful.contains(model)) {
            QVERIFY2(!hasOpaque(*m), allNotes(*m));
            QVERIFY2(std::abs(diff) <= 1.0, qPrintable(QString("activations differ by %1 %").arg(diff)));
        }
    } else {
        const double initializers = truth["onnx"].toObject()["eval"].toObject()["graph"].toObject()["initializer_numel"].toDouble(-1);
        QVERIFY(initializers > 0);
        // Every initializer element is a learnable parameter, except the running statistics of
        // BatchNorms the export could not fold (DenseNet's pre-activation norm1): those are
        // buffers, beside which NetSizer counts PyTorch's num_batches_tracked (1 per BatchNorm).
        Count batchNorms = 0;
        for (const auto& l : m->graph.layers()) batchNorms += l.kind->id == "BatchNorm" ? 1 : 0;
        QCOMPARE(double(a.paramsTotal + a.buffers - batchNorms), initializers);
    }
}

void TestOnnxImport::everySharedModelImportsOrIsRefusedWithAPlace()
{
    const QString dir = QStringLiteral(NETSIZER_SHARED_DIR "/models/onnx");
    if (!QFileInfo::exists(dir)) QSKIP("../shared/models/onnx is absent");
    QDirIterator it(dir, {"*.onnx"}, QDir::Files, QDirIterator::Subdirectories);
    int imported = 0, refused = 0;
    while (it.hasNext()) {
        const QString path = it.next();
        auto m = readModelFile(path.toStdString());
        if (!m) {
            ++refused;
            QVERIFY2(QString::fromStdString(m.error().path).startsWith(QFileInfo(path).fileName()),
                     qPrintable(path + ": " + QString::fromStdString(m.error().describe())));
            qInfo("refused %s", m.error().describe().c_str());
            continue;
        }
        ++imported;
        const Analysis a = analyze(m->graph);
        qInfo("%s: %d layers, %llu learnable parameters%s", qPrintable(QFileInfo(path).fileName()), int(m->graph.layers().size()),
              static_cast<unsigned long long>(a.paramsTotal), a.ok() ? "" : (" — " + a.errors[0].describe()).c_str());
        for (const auto& n : m->notes) qInfo("  note: %s", n.c_str());
        // Imported models analyse, and NetSizer's shapes agree with ONNX's on every mapped layer.
        QVERIFY2(a.ok(), qPrintable(path + ": " + QString::fromStdString(a.ok() ? "" : a.errors[0].describe())));
        QVERIFY2(!allNotes(*m).contains("NetSizer infers"), qPrintable(path + ": " + allNotes(*m)));
    }
    QVERIFY(imported > 0);
    qInfo("%d imported, %d refused", imported, refused);
}

void TestOnnxImport::weightsFromConstantOfShape_data()
{
    // onnx/onnx's "light" models replace every weight by ConstantOfShape(dims) (opset 9, ONNX
    // model zoo graphs). Published learnable counts: Caffe's BVLC AlexNet, torchvision's
    // ResNet-50 and VGG-19, SqueezeNet 1.1 (forresti/SqueezeNet, as in the Caffe import test).
    QTest::addColumn<QString>("file");
    QTest::addColumn<qulonglong>("params");
    QTest::newRow("bvlc_alexnet") << "light_bvlc_alexnet.onnx" << 60965224ull;
    QTest::newRow("resnet50") << "light_resnet50.onnx" << 25557032ull;
    QTest::newRow("vgg19") << "light_vgg19.onnx" << 143667240ull;
    QTest::newRow("squeezenet") << "light_squeezenet.onnx" << 1235496ull;
}

void TestOnnxImport::weightsFromConstantOfShape()
{
    QFETCH(QString, file);
    QFETCH(qulonglong, params);
    const QString path = QStringLiteral(NETSIZER_SHARED_DIR "/models/onnx/light/") + file;
    if (!QFileInfo::exists(path)) QSKIP("../shared/models/onnx is absent");
    auto m = readModelFile(path.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY2(a.ok(), a.ok() ? "" : a.errors[0].describe().c_str());
    QVERIFY2(!hasOpaque(*m), allNotes(*m));
    QCOMPARE(qulonglong(a.paramsTotal), params);
}

void TestOnnxImport::malformedInputGivesErrors()
{
    QVERIFY(!readOnnxModel({}, "empty.onnx").ok());
    QCOMPARE(QString::fromStdString(readOnnxModel({}, "empty.onnx").error().path), QString("empty.onnx"));
    std::mt19937 rng(42);
    QByteArray random(4096, '\0');
    for (auto& c : random) c = char(rng());
    QVERIFY(!readOnnxModel(view(random), "random.onnx").ok());
    QVERIFY(!readOnnxModel("not a model at all", "text.onnx").ok());

    const QString path = kTruth + "/onnx/resnet18.train.onnx";
    if (!QFileInfo::exists(path)) QSKIP("../shared/truth/onnx is absent");
    QFile f(path);
    QVERIFY(f.open(QIODevice::ReadOnly));
    const QByteArray good = f.readAll();
    for (qsizetype cut : {qsizetype(1), qsizetype(10), qsizetype(100), good.size() / 2, good.size() - 1}) {
        auto m = readOnnxModel(view(good.left(cut)), "cut.onnx");
        QVERIFY2(!m.ok(), qPrintable(QString("truncated at %1 imported").arg(cut)));
    }
    // Flipped bytes: an error or a model, never a crash; any model must analyse without throwing.
    int errors = 0;
    for (int i = 0; i < 300; ++i) {
        QByteArray bad = good;
        for (int k = 0; k < 4; ++k) bad[int(rng() % quint32(bad.size()))] = char(rng());
        auto m = readOnnxModel(view(bad), "flipped.onnx");
        if (!m) ++errors;
        else (void)analyze(m->graph);
    }
    qInfo("300 corrupted copies of resnet18.train.onnx: %d refused", errors);
}

void TestOnnxImport::absurdDimsGiveErrors()
{
    const qint64 T = 1000000000000; // 10^12
    { // a weight of 10^36 elements: refused, naming the initializer
        QByteArray g;
        bytesField(g, 1, node("Conv", {"x", "w"}, "y", "conv"));
        bytesField(g, 5, initializer("w", {T, T, T}));
        bytesField(g, 11, valueInfo("x", {-1, 3, 8, 8}));
        auto m = readOnnxModel(view(model(g)), "absurd.onnx");
        QVERIFY(!m.ok());
        QCOMPARE(QString::fromStdString(m.error().path), QString("absurd.onnx:w"));
    }
    { // an input of 10^12 × 10^12 × 10^12 per sample: imported, and the analysis reports the overflow
        QByteArray g;
        bytesField(g, 1, node("Relu", {"x"}, "y", "relu"));
        bytesField(g, 11, valueInfo("x", {-1, T, T, T}));
        auto m = readOnnxModel(view(model(g)), "huge.onnx");
        if (m) QVERIFY(!analyze(m->graph).ok());
    }
    { // a node reading a value nothing produces: located at the node
        QByteArray g;
        bytesField(g, 1, node("Relu", {"nowhere"}, "y", "lost_relu"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        auto m = readOnnxModel(view(model(g)), "dangling.onnx");
        QVERIFY(!m.ok());
        QCOMPARE(QString::fromStdString(m.error().path), QString("dangling.onnx:lost_relu"));
    }
}

void TestOnnxImport::opaqueOperatorsAreReported()
{
    // Gemm with weight [4, 3] (transB = 0: [in, out]) then a Sin, which has no kind.
    QByteArray g;
    bytesField(g, 1, node("MatMul", {"x", "w"}, "h", "fc"));
    bytesField(g, 1, node("Sin", {"h"}, "y", "sin"));
    bytesField(g, 5, initializer("w", {3, 4}));
    bytesField(g, 11, valueInfo("x", {-1, 3}));
    auto m = readOnnxModel(view(model(g)), "tiny.onnx");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(qulonglong(a.paramsTotal), 12ull);
    QCOMPARE(int(m->graph.layers().size()), 3);
    QCOMPARE(m->graph.layers()[1].kind->id, std::string("Dense"));
    QCOMPARE(m->graph.layers()[2].kind->id, std::string("Opaque"));
    QVERIFY2(hasOpaque(*m) && allNotes(*m).contains("Sin × 1"), allNotes(*m));

    // An operator without a kind that reads weights: each initializer stays its own tensor (one
    // Adam step each) and a running statistic is a buffer. Here [4] + [4] learnable, [4] buffer.
    QByteArray g2;
    bytesField(g2, 1, node("MatMul", {"x", "w"}, "h", "fc"));
    bytesField(g2, 1, node("NoSuchOp", {"h", "scale", "shift", "stat.running_mean"}, "y", "custom"));
    bytesField(g2, 5, initializer("w", {3, 4}));
    bytesField(g2, 5, initializer("scale", {4}));
    bytesField(g2, 5, initializer("shift", {4}));
    bytesField(g2, 5, initializer("stat.running_mean", {4}));
    bytesField(g2, 11, valueInfo("x", {-1, 3}));
    auto m2 = readOnnxModel(view(model(g2)), "custom.onnx");
    QVERIFY2(m2.ok(), m2.ok() ? "" : m2.error().describe().c_str());
    const Analysis a2 = analyze(m2->graph);
    QVERIFY(a2.ok());
    QCOMPARE(qulonglong(a2.paramsTotal), 12ull + 8ull);
    const LayerAnalysis& custom = a2.layers.back();
    QCOMPARE(custom.result.params.size(), std::size_t{3});
    QCOMPARE(qulonglong(custom.result.params[0].numel), 4ull);
    QCOMPARE(qulonglong(custom.result.params[1].numel), 4ull);
    QVERIFY(custom.result.params[0].learnable && custom.result.params[1].learnable && !custom.result.params[2].learnable);
    QCOMPARE(qulonglong(custom.result.params[2].numel), 4ull);
}

namespace {

int countKind(const ModelFile& m, const char* kind)
{
    int n = 0;
    for (const auto& l : m.graph.layers()) n += l.kind->id == kind ? 1 : 0;
    return n;
}

bool boolAttr(const Layer& l, const char* name)
{
    const int i = l.kind->paramIndex(name);
    return i >= 0 && std::get<bool>(l.attrs[static_cast<std::size_t>(i)]);
}

} // namespace

// torch.onnx's nn.MultiheadAttention (6 encoder layers, E 512, 8 heads, T 128, batch_first):
// every shape is evaluated (none guessed), Q·Kᵀ and P·V are MatMul layers of the per-sample
// [8, 128, 64] heads (the batch folded into [B·8, T, d]), and the .contiguous().view() of
// q, k, v and of the heads' output are Reshape copies (4 per layer); the out-projection's
// .view(T, B, E) keeps the per-sample shape and is no layer at all.
void TestOnnxImport::attentionAtOpLevel()
{
    const QString path = kTruth + "/onnx/transformer_encoder_cls.train.onnx";
    if (!QFileInfo::exists(path)) QSKIP("../shared/truth/onnx is absent");
    auto m = readModelFile(path.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QVERIFY2(!allNotes(*m).contains("could not give"), allNotes(*m));
    QVERIFY2(!hasOpaque(*m), allNotes(*m));
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(countKind(*m, "MatMul"), 12);
    QCOMPARE(countKind(*m, "Narrow"), 18); // in_proj's chunk(3) per layer
    QCOMPARE(countKind(*m, "LayerNorm"), 12);
    int copies = 0, views = 0;
    for (const auto& l : m->graph.layers())
        if (l.kind->id == "Reshape") (boolAttr(l, "copy") ? copies : views)++;
    QCOMPARE(copies, 24);
    QCOMPARE(views, 0);
    int softmaxes = 0;
    for (const auto& la : a.layers) {
        const Layer& l = m->graph.layers()[la.layerIndex];
        if (l.kind->id == "Softmax") {
            ++softmaxes;
            QCOMPARE(QString::fromStdString(la.result.outputs[0].shape.toString()), QString("[8, 128, 128]"));
        }
        if (l.kind->id == "MatMul") { // Q·Kᵀ, then P·V
            const QString shape = QString::fromStdString(la.result.outputs[0].shape.toString());
            QVERIFY2(shape == "[8, 128, 128]" || shape == "[8, 128, 64]", qPrintable(shape));
        }
    }
    QCOMPARE(softmaxes, 6);
}

// torchvision's vit_b_16: cat([class_token.expand(N, -1, -1), x], dim=1) is one ClassToken layer
// with the [1, 1, 768] parameter, and the head reads x[:, 0], a Select of the encoder's output.
void TestOnnxImport::classTokenAndHead()
{
    const QString path = kTruth + "/onnx/vit_b_16.train.onnx";
    if (!QFileInfo::exists(path)) QSKIP("../shared/truth/onnx is absent");
    auto m = readModelFile(path.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QVERIFY2(!hasOpaque(*m), allNotes(*m));
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(countKind(*m, "ClassToken"), 1);
    QCOMPARE(countKind(*m, "Select"), 1);
    for (const auto& la : a.layers) {
        const Layer& l = m->graph.layers()[la.layerIndex];
        if (l.kind->id == "ClassToken") {
            QCOMPARE(qulonglong(la.learnableParams), 768ull);
            QCOMPARE(QString::fromStdString(la.result.outputs[0].shape.toString()), QString("[197, 768]"));
        }
        if (l.kind->id == "Select") QCOMPARE(QString::fromStdString(la.result.outputs[0].shape.toString()), QString("[768]"));
    }
}

// torch.onnx stores equal-valued parameters once (an untrained model's zero biases) and names the
// others through Identity nodes: each is a parameter of its own. Linear(3, 4) and Linear(4, 4) whose
// zero biases were merged into one initializer hold 12 + 4 + 16 + 4 = 36 parameters (before, the
// second bias counted as the first one, already claimed: 32).
void TestOnnxImport::mergedEqualParametersCountEach()
{
    QByteArray g;
    bytesField(g, 1, node("Identity", {"fc1.bias"}, "fc2.bias", "dedup"));
    bytesField(g, 1, node("MatMul", {"x", "w1"}, "h1", "fc1"));
    bytesField(g, 1, node("Add", {"h1", "fc1.bias"}, "a1", "fc1_bias"));
    bytesField(g, 1, node("MatMul", {"a1", "w2"}, "h2", "fc2"));
    bytesField(g, 1, node("Add", {"h2", "fc2.bias"}, "y", "fc2_bias"));
    bytesField(g, 5, initializer("w1", {3, 4}));
    bytesField(g, 5, initializer("w2", {4, 4}));
    bytesField(g, 5, filledInitializer("fc1.bias", {4}, 0.0f));
    bytesField(g, 11, valueInfo("x", {-1, 3}));
    auto m = readOnnxModel(view(model(g)), "merged.onnx");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(qulonglong(a.paramsTotal), qulonglong(12 + 4 + 16 + 4));
    QVERIFY2(!hasOpaque(*m), allNotes(*m));
}

// torch.onnx writes F.pad(x, (1, 2, 3, 4)) as the list [1, 2, 3, 4, 0, 0, 0, 0] reshaped to
// [4, 2], its rows reversed by a step -1 Slice, transposed and flattened: ONNX pads
// [0, 0, 3, 1, 0, 0, 4, 2]. The shape evaluator computes those numbers (Slice of any rank with a
// negative step, Transpose of a small tensor), so the Pad maps and [2, 5, 5] becomes [2, 12, 8].
void TestOnnxImport::padAmountsThroughTorchsPadChain()
{
    QByteArray g;
    bytesField(g, 1, node("Slice", {"pairs", "starts", "ends", "axes", "steps"}, "flipped", "flip"));
    bytesField(g, 1, nodeWithInts("Transpose", {"flipped"}, "columns", "transpose", "perm", {1, 0}));
    bytesField(g, 1, node("Reshape", {"columns", "flat"}, "pads", "flatten"));
    bytesField(g, 1, node("Pad", {"x", "pads"}, "y", "pad"));
    bytesField(g, 5, intInitializer("pairs", {4, 2}, {1, 2, 3, 4, 0, 0, 0, 0}));
    bytesField(g, 5, intInitializer("starts", {1}, {-1}));
    bytesField(g, 5, intInitializer("ends", {1}, {std::numeric_limits<qint64>::min()}));
    bytesField(g, 5, intInitializer("axes", {1}, {0}));
    bytesField(g, 5, intInitializer("steps", {1}, {-1}));
    bytesField(g, 5, intInitializer("flat", {1}, {-1}));
    bytesField(g, 11, valueInfo("x", {-1, 2, 5, 5}));
    auto m = readOnnxModel(view(model(g)), "pad.onnx");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QVERIFY2(!hasOpaque(*m), allNotes(*m));
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    const auto& last = a.layers.back();
    QCOMPARE(QString::fromStdString(last.result.outputs[0].shape.toString()), QString("[2, 12, 8]"));
}

void TestOnnxImport::nodeOrderAndCycles()
{
    { // nodes written backwards (keras2onnx does) are sorted
        QByteArray g;
        bytesField(g, 1, node("Sigmoid", {"h"}, "y", "second"));
        bytesField(g, 1, node("Relu", {"x"}, "h", "first"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        auto m = readOnnxModel(view(model(g)), "backwards.onnx");
        QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
        QCOMPARE(m->graph.layers()[1].kind->id, std::string("ReLU"));
        QCOMPARE(m->graph.layers()[2].kind->id, std::string("Sigmoid"));
    }
    { // a cycle is refused, naming a node on it
        QByteArray g;
        bytesField(g, 1, node("Add", {"x", "b"}, "a", "add_a"));
        bytesField(g, 1, node("Relu", {"a"}, "b", "relu_b"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        auto m = readOnnxModel(view(model(g)), "cycle.onnx");
        QVERIFY(!m.ok());
        QCOMPARE(QString::fromStdString(m.error().code), QString("cycle"));
        QCOMPARE(QString::fromStdString(m.error().path), QString("cycle.onnx:add_a"));
    }
}

QTEST_APPLESS_MAIN(TestOnnxImport)
#include "tst_onnx_import.moc"
