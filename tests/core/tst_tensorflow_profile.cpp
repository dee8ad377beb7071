// The `tensorflow` framework profile. Its rules against TensorFlow's own exclusion tables
// (resources/tensorflow/gradient_exclusions.json, copied from
// tensorflow/python/eager/pywrap_gradient_exclusions.cc): for every op the profile uses, the
// inputs and outputs a layer keeps are exactly those the table does not exclude. Then kept bytes
// derived by hand on small networks, Keras files opening under the profile, and Keras' own
// "Total params" on the published Keras applications.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/ModelReader.h"
#include "core/layers/LayerKind.h"
#include "core/layers/TensorFlowOps.h"

#include <nlohmann/json.hpp>

#include <QtTest>

#include <QDir>

#include <algorithm>
#include <fstream>
#include <functional>
#include <map>
#include <set>

using namespace netsizer::core;

namespace {

// One layer of a sample network, with the TensorFlow ops its Keras layer runs (op → how many
// times) as docs/tensorflow.md lists them.
struct Sample {
    const char* name;
    std::function<void(GraphBuilder&)> build; // the layer of interest is the last one added
    std::map<std::string, int> ops;
    int concatValues = 0; // ConcatV2's N (its inputs are N values and the axis)
};

LayerId input(GraphBuilder& b, IntList shape, const char* dtype = "float32")
{
    return b.add("Input", "x", {}, {{"shape", shape}, {"dtype", std::string(dtype)}});
}

std::vector<Sample> samples()
{
    using I = std::int64_t;
    return {
        {"Dense", [](GraphBuilder& b) { b.add("Dense", "l", {input(b, {8})}, {{"units", I{4}}}); }, {{"MatMul", 1}, {"BiasAdd", 1}}},
        {"Dense over a sequence (tensordot)", [](GraphBuilder& b) { b.add("Dense", "l", {input(b, {5, 8})}, {{"units", I{4}}}); },
         {{"Reshape", 2}, {"MatMul", 1}, {"BiasAdd", 1}}},
        {"Conv1D", [](GraphBuilder& b) { b.add("Conv1D", "l", {input(b, {3, 16})}, {{"filters", I{4}}, {"kernel_size", IntList{3}}}); },
         {{"ExpandDims", 2}, {"Conv2D", 1}, {"Squeeze", 1}, {"BiasAdd", 1}}},
        {"Conv2D", [](GraphBuilder& b) { b.add("Conv2D", "l", {input(b, {3, 8, 8})}, {{"filters", I{4}}, {"kernel_size", IntList{3}}}); },
         {{"Conv2D", 1}, {"BiasAdd", 1}}},
        {"DepthwiseConv2D",
         [](GraphBuilder& b) {
             b.add("Conv2D", "l", {input(b, {4, 8, 8})}, {{"filters", I{4}}, {"kernel_size", IntList{3}}, {"groups", I{4}}});
         },
         {{"DepthwiseConv2dNative", 1}, {"BiasAdd", 1}}},
        {"Conv3D",
         [](GraphBuilder& b) { b.add("Conv3D", "l", {input(b, {2, 4, 6, 6})}, {{"filters", I{3}}, {"kernel_size", IntList{3}}}); },
         {{"Conv3D", 1}, {"BiasAdd", 1}}},
        {"Conv2DTranspose",
         [](GraphBuilder& b) {
             b.add("ConvTranspose2D", "l", {input(b, {4, 5, 5})}, {{"filters", I{2}}, {"kernel_size", IntList{2}}, {"stride", IntList{2}}});
         },
         {{"Conv2DBackpropInput", 1}, {"BiasAdd", 1}}},
        {"MaxPooling2D", [](GraphBuilder& b) { b.add("MaxPool2D", "l", {input(b, {3, 8, 8})}, {{"kernel_size", IntList{2}}}); }, {{"MaxPool", 1}}},
        {"MaxPooling1D", [](GraphBuilder& b) { b.add("MaxPool1D", "l", {input(b, {3, 8})}, {{"kernel_size", IntList{2}}}); },
         {{"ExpandDims", 1}, {"MaxPool", 1}, {"Squeeze", 1}}},
        {"AveragePooling2D", [](GraphBuilder& b) { b.add("AvgPool2D", "l", {input(b, {3, 8, 8})}, {{"kernel_size", IntList{2}}}); }, {{"AvgPool", 1}}},
        {"GlobalAveragePooling2D", [](GraphBuilder& b) { b.add("GlobalAvgPool", "l", {input(b, {3, 8, 8})}); }, {{"Mean", 1}}},
        {"AdaptiveAvgPool2D to 1 x 1", [](GraphBuilder& b) { b.add("AdaptiveAvgPool2D", "l", {input(b, {3, 8, 8})}, {{"output_size", IntList{1}}}); },
         {{"Mean", 1}}},
        {"AdaptiveAvgPool2D to 2 x 2", [](GraphBuilder& b) { b.add("AdaptiveAvgPool2D", "l", {input(b, {3, 8, 8})}, {{"output_size", IntList{2}}}); },
         {{"AvgPool", 1}}},
        {"ReLU", [](GraphBuilder& b) { b.add("ReLU", "l", {input(b, {8})}); }, {{"Relu", 1}}},
        {"ReLU6", [](GraphBuilder& b) { b.add("ReLU6", "l", {input(b, {8})}); }, {{"Relu6", 1}}},
        {"LeakyReLU", [](GraphBuilder& b) { b.add("LeakyReLU", "l", {input(b, {8})}); }, {{"LeakyRelu", 1}}},
        {"ELU", [](GraphBuilder& b) { b.add("ELU", "l", {input(b, {8})}); }, {{"Elu", 1}}},
        {"Sigmoid", [](GraphBuilder& b) { b.add("Sigmoid", "l", {input(b, {8})}); }, {{"Sigmoid", 1}}},
        {"Tanh", [](GraphBuilder& b) { b.add("Tanh", "l", {input(b, {8})}); }, {{"Tanh", 1}}},
        {"Softmax", [](GraphBuilder& b) { b.add("Softmax", "l", {input(b, {8})}); }, {{"Softmax", 1}}},
        {"Add of three", [](GraphBuilder& b) { b.add("Add", "l", {input(b, {8}), input(b, {8}), input(b, {8})}); }, {{"AddV2", 2}}},
        {"Multiply", [](GraphBuilder& b) { b.add("Multiply", "l", {input(b, {8}), input(b, {8})}); }, {{"Mul", 1}}},
        {"Concatenate", [](GraphBuilder& b) { b.add("Concat", "l", {input(b, {2, 4}), input(b, {3, 4})}); }, {{"ConcatV2", 1}}, 2},
        {"Flatten", [](GraphBuilder& b) { b.add("Flatten", "l", {input(b, {3, 4, 4})}); }, {{"Reshape", 1}}},
        {"Reshape", [](GraphBuilder& b) { b.add("Reshape", "l", {input(b, {3, 4, 4})}, {{"shape", IntList{48}}}); }, {{"Reshape", 1}}},
        {"ZeroPadding2D", [](GraphBuilder& b) { b.add("ZeroPadding", "l", {input(b, {3, 4, 4})}, {{"padding", IntList{1}}}); }, {{"Pad", 1}}},
        {"UpSampling2D", [](GraphBuilder& b) { b.add("Upsample", "l", {input(b, {3, 4, 4})}, {{"size", IntList{8, 8}}}); },
         {{"ResizeNearestNeighbor", 1}}},
        {"UpSampling2D bilinear",
         [](GraphBuilder& b) {
             b.add("Upsample", "l", {input(b, {3, 4, 4})}, {{"size", IntList{8, 8}}, {"mode", std::string("bilinear")}});
         },
         {{"ResizeBilinear", 1}}},
        {"Embedding", [](GraphBuilder& b) { b.add("Embedding", "l", {input(b, {6}, "int64")}, {{"num_embeddings", I{10}}, {"embedding_dim", I{4}}}); },
         {{"ResourceGather", 1}}},
        {"Dropout", [](GraphBuilder& b) { b.add("Dropout", "l", {input(b, {8})}); }, {{"Mul", 2}}},
        {"Scale with bias", [](GraphBuilder& b) { b.add("Scale", "l", {input(b, {3, 4, 4})}); }, {{"Mul", 1}, {"AddV2", 1}}},
        {"MatMul (BatchMatMulV2)", [](GraphBuilder& b) { b.add("MatMul", "l", {input(b, {2, 3, 4}), input(b, {2, 4, 5})}); },
         {{"MatMul", 1}}},
        {"Elementwise add", [](GraphBuilder& b) { b.add("Elementwise", "l", {input(b, {8})}, {{"op", std::string("add")}}); }, {{"AddV2", 1}}},
        {"Elementwise c - x",
         [](GraphBuilder& b) {
             b.add("Elementwise", "l", {input(b, {8})}, {{"op", std::string("sub")}, {"constant_first", true}});
         },
         {{"Sub", 1}}},
        {"Elementwise mul", [](GraphBuilder& b) { b.add("Elementwise", "l", {input(b, {8})}, {{"op", std::string("mul")}}); }, {{"Mul", 1}}},
        {"Elementwise rsqrt", [](GraphBuilder& b) { b.add("Elementwise", "l", {input(b, {8})}, {{"op", std::string("rsqrt")}}); },
         {{"Rsqrt", 1}}},
        {"BatchNormalization (fused, images)", [](GraphBuilder& b) { b.add("BatchNorm", "l", {input(b, {3, 4, 4})}); },
         {{"FusedBatchNormV3", 1}}},
        {"BatchNormalization (moments, after a Dense)", [](GraphBuilder& b) { b.add("BatchNorm", "l", {input(b, {8})}); },
         {{"Mean", 2}, {"SquaredDifference", 1}, {"Squeeze", 2}, {"AddV2", 2}, {"Rsqrt", 1}, {"Mul", 3}, {"Sub", 1}}},
    };
}

// The TensorFlow list of the sample's last layer, straight from its kind.
KindResult kindResultOf(const Sample& s)
{
    GraphBuilder b;
    s.build(b);
    const Graph g = b.take();
    const Analysis a = analyze(g);
    if (!a.ok()) qFatal("%s: %s", s.name, a.errors[0].describe().c_str());
    const Layer& layer = g.layers().back();
    std::vector<TensorInfo> ins;
    for (const Connection& c : g.connections())
        if (c.to.layer == layer.id) ins.push_back(a.layers[static_cast<std::size_t>(g.indexOf(c.from.layer))].result.outputs[0]);
    auto r = layer.kind->analyze(LayerContext{layer.attrs, ins, layer.name});
    if (!r) qFatal("%s: %s", s.name, r.error().describe().c_str());
    return std::move(r).value();
}

nlohmann::json exclusionTable()
{
    std::ifstream in(NETSIZER_ROOT "/resources/tensorflow/gradient_exclusions.json");
    return nlohmann::json::parse(in);
}

// Kept indices of one side by the table's own meaning: null → all of 0..n-1, "all" → none,
// a list → the others.
std::multiset<int> keptByTable(const nlohmann::json& unused, int n)
{
    std::multiset<int> kept;
    if (unused.is_string()) return kept;
    for (int i = 0; i < n; ++i)
        if (unused.is_null() || std::find(unused.begin(), unused.end(), i) == unused.end()) kept.insert(i);
    return kept;
}

// Kept indices of `op` on one side ("inputs" / "outputs") read back from the labels.
std::multiset<int> keptByLabels(const KindResult& r, const std::string& op, const std::string& side)
{
    std::multiset<int> kept;
    const std::string prefix = op + "." + side + "[";
    for (const SavedTensor& t : r.saved[static_cast<std::size_t>(Profile::TensorFlow)]) {
        const std::string label = t.label;
        if (label.rfind(prefix, 0) == 0) kept.insert(std::stoi(label.substr(prefix.size())));
    }
    return kept;
}

MemoryBreakdown underTensorFlow(const Graph& g, std::uint64_t batch)
{
    TrainingConfig cfg;
    cfg.framework = Framework::TensorFlow;
    cfg.optimizer = Optimizer::Sgd;
    cfg.batch = batch;
    return estimate(analyze(g), cfg, 0);
}

} // namespace

class TestTensorFlowProfile : public QObject {
    Q_OBJECT
private slots:
    void keptMatchesExclusionTable_data();
    void keptMatchesExclusionTable();
    void everyKeptTensorBelongsToADeclaredOp();
    void compiledTableIsTheResource();
    void smallCnnKeptBytes();
    void batchNormPaths();
    void frameworkIsListed();
    void kerasFilesOpenUnderTensorFlow_data();
    void kerasFilesOpenUnderTensorFlow();
    void kerasTotalParams_data();
    void kerasTotalParams();
    void cnn180x50Example();
    void tfjsKeptBytes_data();
    void tfjsKeptBytes();
};

void TestTensorFlowProfile::keptMatchesExclusionTable_data()
{
    QTest::addColumn<QString>("op");
    const nlohmann::json table = exclusionTable();
    for (const auto& row : table["ops"]) {
        const std::string op = row["op"];
        QTest::newRow(op.c_str()) << QString::fromStdString(op);
    }
}

// Data-driven over the table's rows: every op is used by a sample, and each sample that runs it
// keeps exactly the indices the table does not exclude, once per run.
void TestTensorFlowProfile::keptMatchesExclusionTable()
{
    QFETCH(QString, op);
    const std::string name = op.toStdString();
    nlohmann::json row;
    const nlohmann::json table = exclusionTable();
    for (const auto& r : table["ops"])
        if (r["op"] == name) row = r;
    int users = 0;
    for (const Sample& s : samples()) {
        const auto it = s.ops.find(name);
        if (it == s.ops.end()) continue;
        ++users;
        const KindResult r = kindResultOf(s);
        QVERIFY2(r.tensorflowRule, s.name);
        const int nIn = row["inputs"].is_number() ? row["inputs"].get<int>() : s.concatValues + 1;
        const int nOut = row["outputs"].get<int>();
        std::multiset<int> wantIn, wantOut;
        for (int k = 0; k < it->second; ++k) {
            for (int i : keptByTable(row["unused_inputs"], nIn)) wantIn.insert(i);
            for (int i : keptByTable(row["unused_outputs"], nOut)) wantOut.insert(i);
        }
        const QByteArray where = QByteArray(s.name) + " / " + name.c_str();
        QVERIFY2(keptByLabels(r, name, "inputs") == wantIn, where + " inputs");
        QVERIFY2(keptByLabels(r, name, "outputs") == wantOut, where + " outputs");
    }
    QVERIFY2(users > 0, "no sample runs this op: the table lists an op the profile does not use");
}

// No layer keeps a tensor of an op its sample does not declare (or that the table lacks).
void TestTensorFlowProfile::everyKeptTensorBelongsToADeclaredOp()
{
    for (const Sample& s : samples()) {
        const KindResult r = kindResultOf(s);
        for (const SavedTensor& t : r.saved[static_cast<std::size_t>(Profile::TensorFlow)]) {
            const std::string label = t.label;
            const std::string op = label.substr(0, label.find('.'));
            QVERIFY2(s.ops.count(op), (QByteArray(s.name) + " keeps " + label.c_str()).constData());
        }
    }
}

// The rules compiled into netsizer_core are the resource's rows.
void TestTensorFlowProfile::compiledTableIsTheResource()
{
    const auto doc = exclusionTable();
    QCOMPARE(doc["source"]["commit"].get<std::string>(), std::string("06f3c933a97e015e5401acabaf853d3db804522b"));
    QCOMPARE(int(doc["ops"].size()), kTfOpCount);
    for (int k = 0; k < kTfOpCount; ++k) {
        const TfOp op = static_cast<TfOp>(k);
        const auto& row = *std::find_if(doc["ops"].begin(), doc["ops"].end(), [&](const auto& r) { return r["op"] == tfOpName(op); });
        const TfGradientRule& rule = tfGradientRule(op);
        for (int i = 0; i < 6; ++i) {
            QCOMPARE(rule.keepsInput(i), keptByTable(row["unused_inputs"], 6).count(i) == 1);
            QCOMPARE(rule.keepsOutput(i), keptByTable(row["unused_outputs"], 6).count(i) == 1);
        }
    }
}

// Input[3,32,32] → Conv2D(16, 3×3, pad 1) → ReLU → MaxPool 2×2 → Flatten → Dense(10) → Dropout.
// Kept per sample, derived from the table: Conv2D keeps the model input (counted as input),
// Relu its output 16×32×32 = 16,384, MaxPool its input (the same) and output 16×16×16 = 4,096,
// Reshape and MatMul that output again (no new memory), Dropout's two Muls x × scale and the
// float mask (10 + 10) beside x (10): 20,510 float32 = 82,040 B. PyTorch's CPU profile keeps
// the int64 pool indices and the Linear's input instead.
void TestTensorFlowProfile::smallCnnKeptBytes()
{
    GraphBuilder b;
    auto x = b.add("Input", "x", {}, {{"shape", IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", IntList{3}}, {"padding", IntList{1}}});
    auto r = b.add("ReLU", "relu", {c});
    auto p = b.add("MaxPool2D", "pool", {r}, {{"kernel_size", IntList{2}}});
    auto f = b.add("Flatten", "flatten", {p});
    auto d = b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    b.add("Dropout", "drop", {d});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    QCOMPARE(a.tensorflowFallbackLayers, Count{0});
    QCOMPARE(a.activations[static_cast<std::size_t>(Profile::TensorFlow)].bytesPerSample(4), Count{20510 * 4});
    QCOMPARE(a.activations[static_cast<std::size_t>(Profile::TensorFlow)].bytesFixed(4), Count{0});
    // PyTorch CPU: relu 16,384 + indices 4,096 × 8 B + fc's mat1 (the pool output, 4,096) + noise 10
    QCOMPARE(a.activations[static_cast<std::size_t>(Profile::PyTorchCpu)].bytesPerSample(4),
             Count{(16384 + 4096 + 10) * 4 + 4096 * 8});
    const MemoryBreakdown m = underTensorFlow(g, 8);
    QCOMPARE(m[Component::Activations].perSample, Count{82040});
}

// BatchNorm after a convolution runs FusedBatchNormV3: it keeps x and the two C-sized float32
// reserve spaces. After a Dense it runs nn.moments + nn.batch_normalization: x, the squared
// difference and x × inv (3 × C per sample) and six C-sized tensors (fixed).
void TestTensorFlowProfile::batchNormPaths()
{
    {
        GraphBuilder b;
        auto x = b.add("Input", "x", {}, {{"shape", IntList{3, 8, 8}}});
        auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{4}}, {"kernel_size", IntList{3}}, {"padding", IntList{1}}});
        b.add("BatchNorm", "bn", {c});
        const Analysis a = analyze(b.take());
        QVERIFY(a.ok());
        const CompactCounts& bn = a.layers.back().kept[static_cast<std::size_t>(Profile::TensorFlow)];
        QCOMPARE(bn.bytesPerSample(4), Count{4 * 8 * 8 * 4}); // the conv output
        QCOMPARE(bn.bytesFixed(4), Count{2 * 4 * 4});          // reserve_space_1 and _2
    }
    {
        GraphBuilder b;
        auto x = b.add("Input", "x", {}, {{"shape", IntList{16}}});
        auto d = b.add("Dense", "fc", {x}, {{"units", std::int64_t{32}}});
        b.add("BatchNorm", "bn", {d});
        const Analysis a = analyze(b.take());
        QVERIFY(a.ok());
        const CompactCounts& bn = a.layers.back().kept[static_cast<std::size_t>(Profile::TensorFlow)];
        QCOMPARE(bn.bytesPerSample(4), Count{3 * 32 * 4});
        QCOMPARE(bn.bytesFixed(4), Count{6 * 32 * 4});
    }
}

void TestTensorFlowProfile::frameworkIsListed()
{
    QCOMPARE(parseFramework("tensorflow"), std::optional<Framework>(Framework::TensorFlow));
    QCOMPARE(int(frameworkInfo(Framework::TensorFlow).profile), int(Profile::TensorFlow));
    QVERIFY(QString::fromStdString(frameworkNameList()).endsWith("caffe, tensorflow"));
}

void TestTensorFlowProfile::kerasFilesOpenUnderTensorFlow_data()
{
    QTest::addColumn<QString>("file");
    QTest::newRow("keras") << "keras/dl4j_mnist_cnn_tf_keras_2_config.json";
    QTest::newRow("tfjs") << "tfjs/tfjs_examples_abalone_model.json";
}

void TestTensorFlowProfile::kerasFilesOpenUnderTensorFlow()
{
    QFETCH(QString, file);
    const QString path = QStringLiteral(NETSIZER_SHARED_DIR "/models/") + file;
    if (!QFileInfo::exists(path)) QSKIP("../shared/models is absent");
    const auto m = readModelFile(path.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QVERIFY(m->training.has_value());
    QCOMPARE(int(m->training->framework), int(Framework::TensorFlow));
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(a.tensorflowFallbackLayers, Count{0});
}

void TestTensorFlowProfile::kerasTotalParams_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qulonglong>("kerasTotal");
    // Keras applications' published "Total params" (keras.io/api/applications; SOURCES.md):
    // ResNet50 25,636,712 and Xception 22,910,480, moving mean and variance included.
    QTest::newRow("resnet50") << "keras/kerasjs_resnet50.json" << 25636712ull;
    QTest::newRow("xception") << "keras/kerasjs_xception.json" << 22910480ull;
    // The Keras MNIST example's model.summary(): Total params 1,199,882 (no BatchNorm).
    QTest::newRow("mnist cnn") << "keras/dl4j_mnist_cnn_tf_keras_2_config.json" << 1199882ull;
}

// Keras counts trainable + non-trainable weights; PyTorch's count keeps one num_batches_tracked
// per BatchNorm, which a Keras model does not have.
void TestTensorFlowProfile::kerasTotalParams()
{
    QFETCH(QString, file);
    QFETCH(qulonglong, kerasTotal);
    const QString path = QStringLiteral(NETSIZER_SHARED_DIR "/models/") + file;
    if (!QFileInfo::exists(path)) QSKIP("../shared/models is absent");
    const auto m = readModelFile(path.toStdString());
    QVERIFY(m.ok());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(qulonglong(a.kerasTotalParams()), kerasTotal);
    qulonglong batchNorms = 0;
    for (const auto& l : m->graph.layers()) batchNorms += l.kind->id == "BatchNorm";
    QCOMPARE(qulonglong(a.pytorchOnlyBuffers), batchNorms);
    QCOMPARE(qulonglong(a.paramsTotal + a.buffers), kerasTotal + batchNorms);
}

// The 180×50×1 CAPTCHA CNN (resources/examples/cnn_180x50.json) under TensorFlow: every layer
// has a TensorFlow rule. Per sample: the three ReLUs' outputs 32×180×50, 64×90×25, 128×45×12
// (288,000 + 144,000 + 69,120), the pools' outputs 32×90×25, 64×45×12, 128×22×6 (72,000 +
// 34,560 + 16,896; each pool also keeps its input, the ReLU's), fc1's input is pool3's output
// (kept), relu4's output 1,024, dropout's x × scale and mask 2 × 1,024, fc2's input is the
// dropout output 1,024: 628,672 elements = 2,514,688 B.
void TestTensorFlowProfile::cnn180x50Example()
{
    const auto m = readModelFile(NETSIZER_ROOT "/resources/examples/cnn_180x50.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(a.tensorflowFallbackLayers, Count{0});
    QCOMPARE(a.activations[static_cast<std::size_t>(Profile::TensorFlow)].bytesPerSample(4), Count{628672 * 4});
    const MemoryBreakdown b32 = underTensorFlow(m->graph, 32);
    QCOMPARE(b32[Component::Activations].perSample, Count{628672 * 4});
    QVERIFY(b32.peakBytes() > b32[Component::Activations].at(32));
}

// TF.js 4.22's own measurement (tests/truth/tfjs/out/*.json, written by measure.mjs): the bytes
// its tape keeps after the forward pass equal the profile's activations plus the tensors TF.js
// keeps and TensorFlow does not (docs/accuracy.md derives each): per conv/dense with bias and a
// non-linear activation the pre-bias and post-bias outputs (no fused kernel under a gradient),
// per linear dense its fused output unless the next layer keeps it, per dropout one more
// tensor of its input's size, the loss's squared difference; plus 4-byte scalars.
void TestTensorFlowProfile::tfjsKeptBytes_data()
{
    QTest::addColumn<QString>("model");
    QTest::addColumn<qulonglong>("batch");
    QTest::addColumn<qulonglong>("tfjsKept");
    const QDir out(QStringLiteral(NETSIZER_ROOT "/tests/truth/tfjs/out"));
    for (const QString& f : out.entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name)) {
        std::ifstream in(out.filePath(f).toStdString());
        const auto doc = nlohmann::json::parse(in);
        for (const auto& r : doc["results"]) {
            if (!r.contains("keptBytes")) continue;
            const std::string model = r["model"];
            const std::string row = model + " batch " + std::to_string(r["batch"].get<int>());
            QTest::newRow(row.c_str()) << QString::fromStdString(model) << qulonglong(r["batch"].get<int>())
                                       << qulonglong(r["keptBytes"].get<std::uint64_t>());
        }
    }
}

void TestTensorFlowProfile::tfjsKeptBytes()
{
    QFETCH(QString, model);
    QFETCH(qulonglong, batch);
    QFETCH(qulonglong, tfjsKept);
    // model → (floats per sample TF.js keeps beyond TensorFlow, fixed scalar bytes)
    static const std::map<std::string, std::pair<Count, Count>> extras = {
        {"keras/dl4j_mnist_cnn_tf_keras_2_config.json", {2 * (21632 + 36864 + 128) + 10 + 9216 + 128 + 10, 28}},
        {"keras/dl4j_model_2_2_4.json", {2 * (512 + 512) + 10 + 2 * 512 + 10, 28}},
        {"keras/dl4j_simple_add_tf_keras_2.json", {2 * (8 + 8) + 4 + 4, 12}},
        {"tfjs/tfjs_examples_abalone_model.json", {50 + 50 + 1 + 1, 12}},
        {"resources/examples/cnn_180x50.json (as Keras)", {2 * (288000 + 144000 + 69120 + 1024) + 36 + 1024 + 36, 20}},
    };
    const auto it = extras.find(model.toStdString());
    QVERIFY2(it != extras.end(), "a measured model without its derivation");
    const bool example = model.startsWith("resources/");
    const QString path = example ? QStringLiteral(NETSIZER_ROOT "/resources/examples/cnn_180x50.json")
                                 : QStringLiteral(NETSIZER_SHARED_DIR "/models/") + model;
    if (!QFileInfo::exists(path)) QSKIP("../shared/models is absent");
    const auto m = readModelFile(path.toStdString());
    QVERIFY(m.ok());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    const ElemCounts& kept = a.activations[static_cast<std::size_t>(Profile::TensorFlow)];
    const Count ours = kept.bytesPerSample(4) * batch + kept.bytesFixed(4);
    QCOMPARE(qulonglong(ours + it->second.first * 4 * batch + it->second.second), tfjsKept);
}

QTEST_APPLESS_MAIN(TestTensorFlowProfile)
#include "tst_tensorflow_profile.moc"
