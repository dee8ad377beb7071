// The catalogue of bad input: malformed files of every format NetSizer reads (native JSON, Keras
// JSON, Caffe prototxt, ONNX) and bad values of the CLI's own options. Every row runs the built
// netsizer-cli and asserts exit status 2, nothing on stdout, exactly one line on stderr, valid
// UTF-8, and the located error: the start of the line (file, then line / JSON pointer / node)
// and a phrase naming the problem. Files are written by the test (the texts are below).
// Also here: names that are not UTF-8 in every format and every output format (exit 0, valid
// UTF-8, parseable JSON), and the inputs that used to hang (each must finish well inside the
// harness's 30 s).
#include "CliHarness.h"
#include "OnnxBytes.h"

#include <QElapsedTimer>
#include <QJsonDocument>
#include <QJsonObject>
#include <QStringDecoder>
#include <QtTest>

#include <limits>

using namespace onnxbytes;

class TestCliBadInput : public QObject, protected CliHarness {
    Q_OBJECT
private slots:
    void initTestCase();
    void catalogue_data();
    void catalogue();
    void nonUtf8NamesInEveryOutput_data();
    void nonUtf8NamesInEveryOutput();
    void formerHangsFinish_data();
    void formerHangsFinish();
};

namespace {

bool isUtf8(const QByteArray& bytes)
{
    QStringDecoder d(QStringDecoder::Utf8);
    (void)d.decode(bytes);
    return !d.hasError();
}

// Native model rows: the tiny model with `from` replaced by `to` in its layers.
QByteArray tinyWith(const QByteArray& from, const QByteArray& to, const QByteArray& training = {})
{
    QByteArray layers = kTinyLayers;
    if (!from.isEmpty()) {
        Q_ASSERT(layers.contains(from));
        layers.replace(from, to);
    }
    return model(layers, training);
}

QByteArray nested(int depth)
{
    return QByteArray(depth, '[') + QByteArray(depth, ']');
}

// A Keras Sequential model.to_json() with `dense` as the Dense layer's config body.
QByteArray keras(const QByteArray& denseConfig, const QByteArray& batchShape = "[null, 8]")
{
    return R"({"class_name": "Sequential", "config": {"name": "seq", "layers": [
  {"class_name": "InputLayer", "config": {"batch_input_shape": )" + batchShape + R"(, "dtype": "float32", "name": "in"}},
  {"class_name": "Dense", "config": {"name": "fc", )" + denseConfig + R"(}}
]}, "keras_version": "2.11.0", "backend": "tensorflow"})";
}

// A Keras functional model whose second layer's inbound node is `inbound`.
QByteArray kerasFunctional(const QByteArray& inbound, const QByteArray& secondName = "fc")
{
    return R"({"class_name": "Functional", "config": {"name": "f", "layers": [
  {"class_name": "InputLayer", "name": "in", "config": {"batch_input_shape": [null, 8], "dtype": "float32", "name": "in"}, "inbound_nodes": []},
  {"class_name": "Dense", "name": ")" + secondName + R"(", "config": {"name": ")" + secondName + R"(", "units": 4}, "inbound_nodes": [[[")" + inbound + R"(", 0, 0, {}]]]}
], "input_layers": [["in", 0, 0]], "output_layers": [[")" + secondName + R"(", 0, 0]]}, "keras_version": "2.11.0", "backend": "tensorflow"})";
}

// A Caffe net: data [2, 3, 8, 8] then `layers`.
QByteArray caffe(const QByteArray& layers)
{
    return "name: \"net\"\ninput: \"data\"\ninput_shape { dim: 2 dim: 3 dim: 8 dim: 8 }\n" + layers;
}

const QByteArray kCaffeConv = "layer {\n  name: \"conv\"\n  type: \"Convolution\"\n  bottom: \"data\"\n  top: \"conv\"\n"
                              "  convolution_param { num_output: 4 kernel_size: 3 }\n}\n";

// `n` copies of little-endian int64 / float values as raw_data.
QByteArray rawInt64(std::initializer_list<qint64> values)
{
    QByteArray raw;
    for (qint64 v : values) raw.append(reinterpret_cast<const char*>(&v), 8);
    return raw;
}

// x [N, 3, 8, 8] -> Reshape(shape) -> y, the shape a Constant whose raw data is `raw`.
QByteArray reshapeWithConstant(const QByteArray& raw)
{
    QByteArray g;
    bytesField(g, 1, constantNode("shape", tensor("shape", {2}, 7, raw)));
    bytesField(g, 1, node("Reshape", {"x", "shape"}, {"y"}, "reshape"));
    bytesField(g, 11, valueInfo("x", {-1, 3, 8, 8}));
    return onnxModel(g);
}

} // namespace

void TestCliBadInput::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(NETSIZER_CLI_PATH), NETSIZER_CLI_PATH);
    m_tiny = writeModel("tiny.json", model(kTinyLayers));
}

void TestCliBadInput::catalogue_data()
{
    QTest::addColumn<QStringList>("args");     // "MODEL" is replaced by the file's name
    QTest::addColumn<QString>("file");          // written to the temporary directory when set
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("expected");      // the start of the stderr line
    QTest::addColumn<QString>("alsoContains");  // a phrase naming the problem

    const QStringList est{"estimate", "MODEL"};
    auto add = [&](const char* name, const QString& file, const QByteArray& content, const QString& expected, const QString& phrase,
                   const QStringList& args = {}) {
        QTest::newRow(name) << (args.isEmpty() ? QStringList{"estimate", "MODEL"} : args) << file << content << expected << phrase;
    };
    const QByteArray T = "1000000000000";    // 10^12
    const QByteArray P63 = "9223372036854775808"; // 2^63
    const QByteArray P40 = "1099511627776";  // 2^40

    // --- native JSON ---
    add("native: empty file", "empty.json", "", "empty.json: ", "JSON");
    add("native: truncated", "cut.json", model(kTinyLayers).left(120), "cut.json: line ", "JSON");
    add("native: not an object", "array.json", "[1, 2]", "array.json: ", "JSON object");
    add("native: no format", "nofmt.json", R"({"version": 1, "layers": []})", "nofmt.json: /format: ", "netsizer-model");
    add("native: format of wrong type", "fmt.json", R"({"format": 7, "version": 1, "layers": []})", "fmt.json: /format: ", "netsizer-model");
    add("native: version text", "vtext.json", R"({"format": "netsizer-model", "version": "1", "layers": []})", "vtext.json: /version: ", "integer");
    add("native: version 2^64-1", "vbig.json", R"({"format": "netsizer-model", "version": 18446744073709551615, "layers": []})",
        "vbig.json: /version: ", "version 18446744073709551615 is not supported");
    add("native: version -1", "vneg.json", R"({"format": "netsizer-model", "version": -1, "layers": []})", "vneg.json: /version: ", "version -1");
    add("native: layers not a list", "layers.json", R"({"format": "netsizer-model", "version": 1, "layers": {}})", "layers.json: /layers: ", "list");
    add("native: layer not an object", "layer.json", R"({"format": "netsizer-model", "version": 1, "layers": [3]})", "layer.json: /layers/0: ", "object");
    add("native: layer without name", "noname.json", tinyWith(R"("name": "conv", )", ""), "noname.json: /layers/1/name: ", "name");
    add("native: unknown kind", "kind.json", tinyWith("\"Conv2D\"", "\"Conv9D\""), "kind.json: /layers/1/type: ", "unknown layer type 'Conv9D'");
    add("native: duplicate names", "dup.json", tinyWith(R"("name": "relu")", R"("name": "conv")"), "dup.json: /layers/2/name: ", "two layers are named 'conv'");
    add("native: dangling input", "dangling.json", tinyWith(R"("inputs": ["relu"])", R"("inputs": ["nowhere"])"), "dangling.json: /layers/3/inputs",
        "'nowhere' names no layer");
    add("native: port 65536 does not wrap", "port.json", tinyWith(R"("inputs": ["relu"])", R"("inputs": ["relu:65536"])"),
        "port.json: /layers/3/inputs", "above 65,535");
    add("native: cycle", "cycle.json", tinyWith(R"("inputs": ["input"])", R"("inputs": ["fc"])"), "cycle.json: ", "cycle");
    add("native: NaN literal", "nan.json", tinyWith("\"kernel_size\": 3", "\"kernel_size\": NaN"), "nan.json: line ", "JSON");
    add("native: negative dimension", "negdim.json", tinyWith("[3, 32, 32]", "[-3, 32, 32]"), "negdim.json: /layers/0/attrs/shape: ", "-3");
    add("native: zero dimension", "zerodim.json", tinyWith("[3, 32, 32]", "[0, 32, 32]"), "zerodim.json: /layers/0/attrs/shape: ", "0");
    add("native: 10^12+1 dimension", "tdim.json", tinyWith("[3, 32, 32]", "[3, " + T + "1, 32]"), "tdim.json: /layers/0/attrs/shape: ", T + "1");
    add("native: 2^63 dimension", "p63dim.json", tinyWith("[3, 32, 32]", "[3, " + P63 + ", 32]"), "p63dim.json: /layers/0/attrs/shape/1: ", "must hold integers");
    add("native: float dimension", "fdim.json", tinyWith("[3, 32, 32]", "[3, 32.5, 32]"), "fdim.json: /layers/0/attrs/shape/1: ", "must hold integers");
    add("native: units 2^40", "units.json", tinyWith(R"("units": 10)", R"("units": )" + P40), "units.json: /layers/4/attrs/units: ", "units");
    add("native: filters 2^63", "filters.json", tinyWith(R"("filters": 16)", R"("filters": )" + P63), "filters.json: /layers/1/attrs/filters: ", "filters");
    add("native: stride 0", "stride.json", tinyWith(R"("padding": 1})", R"("padding": 1, "stride": 0})"), "stride.json: /layers/1/attrs/stride: ", "stride");
    add("native: kernel as text", "ktext.json", tinyWith("\"kernel_size\": 3", "\"kernel_size\": \"3\""), "ktext.json: /layers/1/attrs/kernel_size: ",
        "kernel_size");
    add("native: attrs not an object", "attrs.json", tinyWith(R"("attrs": {"units": 10})", R"("attrs": [10])"), "attrs.json: /layers/4/attrs: ", "object");
    add("native: unknown attribute", "uattr.json", tinyWith(R"("units": 10)", R"("unitz": 10)"), "uattr.json: /layers/4/attrs/unitz: ", "unitz");
    add("native: 200-level nesting", "deep.json", "{\"format\": \"netsizer-model\", \"version\": 1, \"layers\": " + nested(300) + "}",
        "deep.json: ", "deep");
    add("native: 50 MB layer name", "longname.json", tinyWith(R"("name": "relu")", "\"name\": \"" + QByteArray(50 << 20, 'n') + "\""),
        "longname.json: /layers/2/name: ", "names are at most 4096 bytes");
    add("native: not UTF-8", "latin1.json", tinyWith(R"("name": "relu")", "\"name\": \"r\xe9lu\""), "latin1.json: line ", "UTF-8");
    add("native: batch 2^40", "tbatch.json", model(kTinyLayers, R"({"batch": )" + P40 + "}"), "tbatch.json: /training/batch: ", "65,536");
    add("native: batch -1", "nbatch.json", model(kTinyLayers, R"({"batch": -1})"), "nbatch.json: /training/batch: ", "65,536");
    add("native: unknown optimizer", "opt.json", model(kTinyLayers, R"({"optimizer": "adamm"})"), "opt.json: /training/optimizer: ", "adamm");
    add("native: training not an object", "train.json", model(kTinyLayers, "[]"), "train.json: /training: ", "object");
    add("native: impossible kernel", "kernel.json", tinyWith("\"kernel_size\": 3", "\"kernel_size\": 99"), "kernel.json: /layers/1: ", "conv");

    // --- Keras / TF.js JSON ---
    add("keras: truncated", "kcut.json", keras(R"("units": 4)").left(90), "kcut.json: ", "JSON");
    add("keras: units 2^40", "kunits.json", keras(R"("units": )" + P40), "kunits.json: ", "'units'");
    add("keras: units 2^63 as a float", "kunitsf.json", keras(R"("units": 1e19)"), "kunitsf.json: ", "'units' = 1e+19 is outside");
    add("keras: units 1e300", "kunitsh.json", keras(R"("units": 1e300)"), "kunitsh.json: ", "is outside");
    add("keras: units -1", "kunitsn.json", keras(R"("units": -1)"), "kunitsn.json: ", "'units' = -1 is outside");
    add("keras: units 0", "kunits0.json", keras(R"("units": 0)"), "kunits0.json: ", "'units' = 0 is outside");
    add("keras: units 2.5", "kunitsq.json", keras(R"("units": 2.5)"), "kunitsq.json: ", "'units' must be an integer");
    add("keras: units as text", "kunitst.json", keras(R"("units": "four")"), "kunitst.json: ", "'units' must be an integer");
    add("keras: no units", "knounits.json", keras(R"("use_bias": true)"), "kn" "ounits.json: ", "units");
    add("keras: batch shape of text", "kshape.json", keras(R"("units": 4)", R"([null, "eight"])"), "kshape.json: ", "batch_input_shape");
    add("keras: 2^63 in batch shape", "kshape63.json", keras(R"("units": 4)", "[null, " + P63 + "]"), "kshape63.json: ", "batch_input_shape");
    add("keras: inbound node points nowhere", "kinbound.json", kerasFunctional("ghost"), "kinbound.json: ", "ghost");
    add("keras: duplicate layer names", "kdup.json", kerasFunctional("in", "in"), "kdup.json: ", "'in'");

    // --- Caffe prototxt ---
    add("caffe: empty file", "empty.prototxt", "", "empty.prototxt: ", "defines no layers");
    add("caffe: inputs only", "inputs.prototxt", caffe(""), "inputs.prototxt: ", "no layers");
    add("caffe: TEST-only net", "test.prototxt", caffe("layer { name: \"conv\" type: \"Convolution\" bottom: \"data\" top: \"conv\" "
                                                       "include { phase: TEST } convolution_param { num_output: 4 kernel_size: 3 } }\n"),
        "test.prototxt: ", "excluded from the TRAIN phase");
    add("caffe: a solver given as the net", "solver.prototxt", "net: \"train_val.prototxt\"\nbase_lr: 0.01\nmax_iter: 1000\ntype: \"SGD\"\n",
        "solver.prototxt: ", "this is a Caffe solver, not a net");
    add("caffe: syntax error", "syntax.prototxt", caffe("layer { name: \"conv\" type: \"Convolution\" bottom: \"data\"\n"), "syntax.prototxt:", "");
    add("caffe: truncated", "ccut.prototxt", caffe(kCaffeConv).left(110), "ccut.prototxt:", "");
    add("caffe: bottom never a top", "bottom.prototxt", caffe(QByteArray(kCaffeConv).replace("bottom: \"data\"", "bottom: \"ghost\"")),
        "bottom.prototxt:4: ", "bottom blob 'ghost' is not produced");
    add("caffe: num_output as text", "ctext.prototxt", caffe(QByteArray(kCaffeConv).replace("num_output: 4", "num_output: \"four\"")),
        "ctext.prototxt:9:", "");
    add("caffe: num_output 2^40", "cbig.prototxt", caffe(QByteArray(kCaffeConv).replace("num_output: 4", "num_output: " + P40)),
        "cbig.prototxt:9:", "");
    add("caffe: misspelt num_output", "typo.prototxt", caffe(QByteArray(kCaffeConv).replace("num_output", "nmu_output")), "typo.prototxt:4: ", "convolution_param needs num_output");
    add("caffe: kernel 0", "ck0.prototxt", caffe(QByteArray(kCaffeConv).replace("kernel_size: 3", "kernel_size: 0")), "ck0.prototxt:", "kernel");
    add("caffe: stride 0", "cs0.prototxt", caffe(QByteArray(kCaffeConv).replace("kernel_size: 3", "kernel_size: 3 stride: 0")), "cs0.prototxt:", "stride");
    add("caffe: kernel larger than the input", "ck9.prototxt", caffe(QByteArray(kCaffeConv).replace("kernel_size: 3", "kernel_size: 9")),
        "ck9.prototxt:4: ", "conv");
    add("caffe: negative input dim", "cneg.prototxt", "input: \"data\"\ninput_shape { dim: 2 dim: -3 dim: 8 dim: 8 }\n" + kCaffeConv,
        "cneg.prototxt:1: ", "below 1");
    add("caffe: input without dims", "cnodim.prototxt", "input: \"data\"\n" + kCaffeConv, "cnodim.prototxt:1: ", "no input_dim");
    add("caffe: layer and layers mixed", "cmix.prototxt", caffe(kCaffeConv + "layers { name: \"old\" type: RELU bottom: \"conv\" top: \"conv\" }\n"),
        "cmix.prototxt: ", "mixes");
    add("caffe: 200-level nesting", "cdeep.prototxt", caffe("layer { name: \"x\" type: \"ReLU\" bottom: \"data\" top: \"x\" " +
                                                            QByteArray("a { ").repeated(200) + QByteArray("} ").repeated(200) + "}\n"),
        "cdeep.prototxt:", "");
    add("caffe: 50 MB layer name", "clong.prototxt", caffe(QByteArray(kCaffeConv).replace("name: \"conv\"", "name: \"" + QByteArray(50 << 20, 'c') + "\"")),
        "clong.prototxt:", "names are at most 4096 bytes");
    add("caffe: element-wise MAX", "cmax.prototxt", caffe(kCaffeConv + "layer { name: \"m\" type: \"Eltwise\" bottom: \"conv\" bottom: \"conv\" top: \"m\" "
                                                                      "eltwise_param { operation: MAX } }\n"),
        "cmax.prototxt:11: ", "MAX");
    add("caffe: solver that is not one", "net.prototxt", caffe(kCaffeConv), "solver.txt: ", "no such file",
        {"estimate", "MODEL", "--solver", "solver.txt"});

    // --- ONNX ---
    add("onnx: empty file", "empty.onnx", "", "empty.onnx: ", "empty");
    add("onnx: truncated", "cut.onnx", onnxModel(convGraph({})).left(40), "cut.onnx: ", "does not parse");
    add("onnx: wrong wire type", "wire.onnx", QByteArray("\x3a\x05hello", 7) + QByteArray("\x3d\x01\x02\x03\x04", 5), "wire.onnx: ", "does not parse");
    add("onnx: text, not protobuf", "text.onnx", "this is not a model", "text.onnx: ", "");
    add("onnx: no opset", "noopset.onnx", onnxModel(convGraph({}), 0), "noopset.onnx: ", "operator set");
    add("onnx: opset 2^62", "opset.onnx", onnxModel(convGraph({}), qint64(1) << 62), "opset.onnx: ", "4611686018427387904");
    add("onnx: no nodes", "nonodes.onnx", [] { QByteArray g; bytesField(g, 11, valueInfo("x", {-1, 3})); return onnxModel(g); }(),
        "nonodes.onnx: ", "no graph");
    add("onnx: Conv stride 0", "cstride.onnx", onnxModel(convGraph({intsAttr("strides", {0, 1})})), "cstride.onnx:conv: ", "'strides' = 0");
    add("onnx: Conv kernel_shape 0", "ckernel.onnx", onnxModel(convGraph({intsAttr("kernel_shape", {0, 3})})), "ckernel.onnx:conv: ", "'kernel_shape' = 0");
    add("onnx: Conv dilation 0", "cdil.onnx", onnxModel(convGraph({intsAttr("dilations", {1, 0})})), "cdil.onnx:conv: ", "'dilations' = 0");
    add("onnx: Conv negative pad", "cpad.onnx", onnxModel(convGraph({intsAttr("pads", {-1, 0, 0, 0})})), "cpad.onnx:conv: ", "'pads' = -1");
    add("onnx: Conv group 0", "cgroup.onnx", onnxModel(convGraph({intAttr("group", 0)})), "cgroup.onnx:conv: ", "'group' = 0");
    add("onnx: Conv group 2^62 (channels x group)", "cgroupbig.onnx", onnxModel(convGraph({intAttr("group", qint64(1) << 62)})), "cgroupbig.onnx:conv: ",
        "'group' = 4611686018427387904");
    add("onnx: MaxPool stride 0", "pstride.onnx", [] {
        QByteArray g;
        bytesField(g, 1, node("MaxPool", {"x"}, {"y"}, "pool", {intsAttr("kernel_shape", {2, 2}), intsAttr("strides", {0, 0})}));
        bytesField(g, 11, valueInfo("x", {-1, 3, 8, 8}));
        return onnxModel(g);
    }(), "pstride.onnx:pool: ", "'strides' = 0");
    add("onnx: weight raw data short", "wshort.onnx", onnxModel(convGraph({}, {-1, 3, 8, 8}, tensor("w", {4, 3, 3, 3}, 1, QByteArray(16, '\0')))),
        "wshort.onnx:w: ", "stores 16 raw bytes but its dims say 108 elements");
    add("onnx: Constant raw data short (Reshape)", "cshort.onnx", reshapeWithConstant(rawInt64({3})), "cshort.onnx:shape_const: ",
        "stores 8 raw bytes but its dims say 2 elements");
    add("onnx: ConstantOfShape of NaN dims", "cosnan.onnx", [] {
        const float values[2] = {std::numeric_limits<float>::quiet_NaN(), 3.0f};
        QByteArray g;
        bytesField(g, 1, constantNode("dims", tensor("dims", {2}, 1, QByteArray(reinterpret_cast<const char*>(values), 8))));
        bytesField(g, 1, node("ConstantOfShape", {"dims"}, {"w"}, "weights"));
        bytesField(g, 1, node("MatMul", {"x", "w"}, {"y"}, "fc"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        return onnxModel(g);
    }(), "cosnan.onnx:weights: ", "not a dimension");
    add("onnx: negative input dim", "negdim.onnx", onnxModel(convGraph({}, {-1, 3, -8, 8})), "negdim.onnx:x: ", "negative dimension (-8 at axis 2)");
    add("onnx: 10^12 input dim", "tdim.onnx", onnxModel(convGraph({}, {-1, 3, 1000000000000, 8})), "tdim.onnx:x: ", "above the limit");
    add("onnx: SAME pooling over 10^12", "same.onnx", [] {
        QByteArray g;
        QByteArray autoPad;
        bytesField(autoPad, 1, "auto_pad");
        bytesField(autoPad, 4, "SAME_UPPER");
        intField(autoPad, 20, 3);
        bytesField(g, 1, node("MaxPool", {"x"}, {"y"}, "pool", {intsAttr("kernel_shape", {3}), autoPad}));
        bytesField(g, 11, valueInfo("x", {-1, 3, 1000000000000}));
        return onnxModel(g);
    }(), "same.onnx:x: ", "above the limit");
    add("onnx: negative initializer dim", "wneg.onnx", onnxModel(convGraph({}, {-1, 3, 8, 8}, tensor("w", {4, -3, 3, 3}))), "wneg.onnx:w: ",
        "negative dimension (-3 at axis 1)");
    add("onnx: unknown element type", "wtype.onnx", onnxModel(convGraph({}, {-1, 3, 8, 8}, tensor("w", {4, 3, 3, 3}, 99))), "wtype.onnx:w: ",
        "element type 99");
    add("onnx: declared shapes contradict each other", "contra.onnx", [] {
        QByteArray g = convGraph({});
        bytesField(g, 12, valueInfo("y", {-1, 5, 6, 6})); // the Conv makes [N, 4, 6, 6]
        return onnxModel(g);
    }(), "contra.onnx:conv: ", "contradict");
    add("onnx: cycle", "cycle.onnx", [] {
        QByteArray g;
        bytesField(g, 1, node("Add", {"x", "b"}, {"a"}, "add_a"));
        bytesField(g, 1, node("Relu", {"a"}, {"b"}, "relu_b"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        return onnxModel(g);
    }(), "cycle.onnx:add_a: ", "cycle");
    add("onnx: a value with two producers", "twice.onnx", [] {
        QByteArray g;
        bytesField(g, 1, node("Relu", {"x"}, {"h"}, "first"));
        bytesField(g, 1, node("Sigmoid", {"x"}, {"h"}, "second"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        return onnxModel(g);
    }(), "twice.onnx:second: ", "produced by two nodes");
    add("onnx: input read from nowhere", "nowhere.onnx", [] {
        QByteArray g;
        bytesField(g, 1, node("Relu", {"ghost"}, {"y"}, "lost_relu"));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        return onnxModel(g);
    }(), "nowhere.onnx:lost_relu: ", "ghost");
    add("onnx: 50 MB node name", "longname.onnx", [] {
        QByteArray g;
        bytesField(g, 1, node("Relu", {"x"}, {"y"}, QByteArray(50 << 20, 'r')));
        bytesField(g, 11, valueInfo("x", {-1, 3}));
        return onnxModel(g);
    }(), "longname.onnx", "names are at most 4096 bytes");
    add("onnx: impossible --input-shape", "shape.onnx", onnxModel(convGraph({}, {-1, 3, -2, -3})), "shape.onnx: layer 'conv': ", "does not fit",
        {"estimate", "MODEL", "--input-shape", "3x1x1"});
    add("onnx: --input-shape for no such input", "shape2.onnx", onnxModel(convGraph({}, {-1, 3, -2, -3})), "netsizer-cli: --input-shape: ", "'img'",
        {"estimate", "MODEL", "--input-shape", "img=3x8x8"});

    // --- the CLI's own options ---
    const QString none;
    add("cli: --batch 2^40", none, {}, "netsizer-cli: --batch: ", "65,536", {"estimate", "tiny.json", "--batch", P40});
    add("cli: --batch 0", none, {}, "netsizer-cli: --batch: ", "'0'", {"estimate", "tiny.json", "--batch", "0"});
    add("cli: --batch -8", none, {}, "netsizer-cli: --batch: ", "'-8'", {"estimate", "tiny.json", "--batch=-8"});
    add("cli: --gpu-memory garbage", none, {}, "netsizer-cli: --gpu-memory: ", "'lots'", {"fit", "tiny.json", "--gpu-memory", "lots"});
    add("cli: --gpu-memory 10^19", none, {}, "netsizer-cli: --gpu-memory: ", "more than 1 PiB", {"fit", "tiny.json", "--gpu-memory", "10000000000000000000"});
    add("cli: --gpu-memory 2^64", none, {}, "netsizer-cli: --gpu-memory: ", "not a memory size", {"fit", "tiny.json", "--gpu-memory", "18446744073709551616"});
    add("cli: --gpu-memory 0", none, {}, "netsizer-cli: --gpu-memory: ", "'0'", {"fit", "tiny.json", "--gpu-memory", "0"});
    add("cli: --context 10^19", none, {}, "netsizer-cli: --context: ", "more than 1 PiB", {"estimate", "tiny.json", "--context", "10000000000000000000"});
    add("cli: --context negative", none, {}, "netsizer-cli: --context: ", "'-5MiB'", {"estimate", "tiny.json", "--context", "-5MiB"});
    add("cli: --workspace-cap garbage", none, {}, "netsizer-cli: --workspace-cap: ", "'x'", {"estimate", "tiny.json", "--workspace-cap", "x"});
    add("cli: --fragmentation 101", none, {}, "netsizer-cli: --fragmentation: ", "'101'", {"estimate", "tiny.json", "--fragmentation", "101"});
    add("cli: --input-shape 0x3", none, {}, "netsizer-cli: --input-shape: ", "'0x3'", {"estimate", "tiny.json", "--input-shape", "0x3"});
    add("cli: --input-shape rank 7", none, {}, "netsizer-cli: --input-shape: ", "'1x1x1x1x1x1x1'",
        {"estimate", "tiny.json", "--input-shape", "1x1x1x1x1x1x1"});
    add("cli: --input-shape 10^10", none, {}, "netsizer-cli: --input-shape: ", "'10000000000'", {"estimate", "tiny.json", "--input-shape", "10000000000"});
    add("cli: --input-shape for no such input", none, {}, "netsizer-cli: --input-shape: ", "no input named 'img'",
        {"estimate", "tiny.json", "--input-shape", "img=3x8x8"});
    add("cli: --format xml", none, {}, "netsizer-cli: --format: ", "'xml'", {"estimate", "tiny.json", "--format", "xml"});
    add("cli: --optimizer unknown", none, {}, "netsizer-cli: --optimizer: ", "'adamw2'", {"estimate", "tiny.json", "--optimizer", "adamw2"});
    add("cli: --solver on a JSON model", none, {}, "netsizer-cli: --solver: ", "Caffe", {"estimate", "tiny.json", "--solver", "tiny.json"});
    add("cli: a directory as the model", none, {}, ".: ", "directory", {"estimate", "."});
    add("cli: unknown extension", "model.txt", "hello", "model.txt: ", "unknown model file type '.txt'");
    add("cli: option without value", none, {}, "netsizer-cli: --batch: ", "needs a value", {"estimate", "tiny.json", "--batch"});
}

void TestCliBadInput::catalogue()
{
    QFETCH(QStringList, args);
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, expected);
    QFETCH(QString, alsoContains);
    if (!file.isEmpty()) {
        QCOMPARE(writeModel(file, content), file);
        args.replaceInStrings(QStringLiteral("MODEL"), file);
    }
    const Run r = cli(args);
    QCOMPARE(r.code, 2);
    QVERIFY2(r.out.isEmpty(), r.out.left(400).constData());
    QVERIFY2(isUtf8(r.err), r.err.left(400).constData());
    const QString err = QString::fromUtf8(r.err);
    QVERIFY2(err.endsWith('\n') && err.count('\n') == 1, qPrintable(err.left(400))); // exactly one line
    QVERIFY2(err.size() < 1000, qPrintable(err.left(400)));                          // a message, not the file
    QVERIFY2(err.startsWith(expected), qPrintable(err));
    QVERIFY2(err.contains(alsoContains), qPrintable(err));
}

void TestCliBadInput::nonUtf8NamesInEveryOutput_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<QString>("format");
    QTest::addColumn<QString>("replaced"); // the name as it must appear, U+FFFD for each bad byte

    const QByteArray caffeNet = "name: \"n\\377t\"\ninput: \"data\"\ninput_shape { dim: 2 dim: 3 dim: 8 dim: 8 }\n"
                                "layer { name: \"c\\377nv\" type: \"Convolution\" bottom: \"data\" top: \"conv\" "
                                "convolution_param { num_output: 4 kernel_size: 3 } }\n";
    QByteArray g;
    bytesField(g, 1, node("Relu", {"x"}, {"y"}, "r\xffl\xc3u"));
    bytesField(g, 2, "gr\xfe" "ph");
    bytesField(g, 11, valueInfo("x", {-1, 3}));
    const QByteArray onnx = onnxModel(g, 13, "pr\xff" "ducer");
    for (const char* format : {"json", "csv", "table"}) {
        QTest::newRow(qPrintable(QString("caffe ") + format)) << "caffe.prototxt" << caffeNet << format << QString::fromUtf8("c\uFFFDnv");
        QTest::newRow(qPrintable(QString("onnx ") + format)) << "names.onnx" << onnx << format << QString::fromUtf8("r\uFFFDl\uFFFDu");
        // CSV rows name layers, not the file: there only the output's validity is checked.
        QTest::newRow(qPrintable(QString("path ") + format)) << QString::fromLatin1("mod\xe9l.json") << model(kTinyLayers) << format
                                                            << (QString(format) == "csv" ? QString() : QString::fromUtf8("mod\uFFFDl.json"));
    }
}

void TestCliBadInput::nonUtf8NamesInEveryOutput()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(QString, format);
    QFETCH(QString, replaced);
    const QByteArray name = file.toLatin1(); // the Latin-1 byte 0xE9 stays one byte: not UTF-8
    // Written and passed as raw bytes, so the file system and argv hold the non-UTF-8 byte.
    const QByteArray path = QFile::encodeName(m_dir.path()) + "/" + name;
    FILE* out = std::fopen(path.constData(), "wb");
    QVERIFY(out);
    QCOMPARE(std::fwrite(content.constData(), 1, std::size_t(content.size()), out), std::size_t(content.size()));
    std::fclose(out);

    QProcess p;
    p.setWorkingDirectory(m_dir.path());
    // QProcess encodes arguments as UTF-8, which cannot carry the byte 0xE9 alone: printf makes it.
    QString octal;
    for (char c : name) octal += QString("\\%1").arg(uint(uchar(c)), 3, 8, QChar('0'));
    p.start("/bin/sh", {"-c", "exec \"$0\" estimate \"$(printf '" + octal + "')\" --format " + format, NETSIZER_CLI_PATH});
    QVERIFY(p.waitForFinished(30000));
    const QByteArray stdoutBytes = p.readAllStandardOutput(), stderrBytes = p.readAllStandardError();
    QVERIFY2(p.exitCode() == 0, stderrBytes.constData());
    QVERIFY(isUtf8(stdoutBytes));
    QVERIFY(isUtf8(stderrBytes));
    if (format == "json") {
        QJsonParseError e;
        const QJsonObject j = QJsonDocument::fromJson(stdoutBytes, &e).object();
        QCOMPARE(e.error, QJsonParseError::NoError);
        QVERIFY(j["layers"].toArray().size() >= 2);
    }
    QVERIFY2(QString::fromUtf8(stdoutBytes).contains(replaced), stdoutBytes.left(2000).constData());
}

void TestCliBadInput::formerHangsFinish_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<QByteArray>("content");
    QTest::addColumn<int>("exitCode");
    QTest::addColumn<QString>("expected"); // in stdout (exit 0) or stderr (exit 2)

    { // 20,000 ONNX nodes written in reverse order (quadratic sort before: 55 s)
        QByteArray g;
        for (int i = 19999; i >= 0; --i)
            bytesField(g, 1, node("Relu", {i ? "v" + QByteArray::number(i - 1) : QByteArray("x")}, {"v" + QByteArray::number(i)},
                                  "relu" + QByteArray::number(i)));
        bytesField(g, 11, valueInfo("x", {-1, 16}));
        QTest::newRow("onnx 20k nodes reversed") << "reversed.onnx" << onnxModel(g) << 0 << "relu19999";
    }
    { // a Caffe chain of 12,000 InnerProducts (re-analysed per layer before: 14-20 s)
        QByteArray net = "input: \"data\"\ninput_shape { dim: 2 dim: 8 }\n";
        for (int i = 0; i < 12000; ++i)
            net += "layer { name: \"fc" + QByteArray::number(i) + "\" type: \"InnerProduct\" bottom: \"" +
                   (i ? "fc" + QByteArray::number(i - 1) : QByteArray("data")) + "\" top: \"fc" + QByteArray::number(i) +
                   "\" inner_product_param { num_output: 8 } }\n";
        QTest::newRow("caffe 12k InnerProducts") << "chain.prototxt" << net << 0 << "fc11999";
    }
}

void TestCliBadInput::formerHangsFinish()
{
    QFETCH(QString, file);
    QFETCH(QByteArray, content);
    QFETCH(int, exitCode);
    QFETCH(QString, expected);
    QCOMPARE(writeModel(file, content), file);
    QElapsedTimer t;
    t.start();
    const Run r = cli({"estimate", file, "--format", "json"});
    qInfo("%s: %lld ms", qPrintable(file), static_cast<long long>(t.elapsed()));
    QCOMPARE(r.code, exitCode);
    QVERIFY2((exitCode == 0 ? r.out : r.err).contains(expected.toUtf8()), r.err.constData());
}

QTEST_APPLESS_MAIN(TestCliBadInput)
#include "tst_cli_bad_input.moc"
