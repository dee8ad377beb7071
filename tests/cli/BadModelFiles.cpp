// The malformed model files of the bad-input catalogue (BadModelFiles.h).
#include "BadModelFiles.h"
#include "CliHarness.h"
#include "OnnxBytes.h"

#include <limits>

using namespace onnxbytes;

namespace {

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

QByteArray caffe(const QByteArray& layers)
{
    return "name: \"net\"\ninput: \"data\"\ninput_shape { dim: 2 dim: 3 dim: 8 dim: 8 }\n" + layers;
}

const QByteArray kCaffeConv = "layer {\n  name: \"conv\"\n  type: \"Convolution\"\n  bottom: \"data\"\n  top: \"conv\"\n"
                              "  convolution_param { num_output: 4 kernel_size: 3 }\n}\n";

std::vector<BadModelFile> badModelFiles()
{
    std::vector<BadModelFile> rows;
    auto add = [&](const char* name, const QString& file, const QByteArray& content, const QString& location, const QString& phrase) {
        rows.push_back({name, file, content, location, phrase});
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
    return rows;
}
