// Keras model.to_json() and TF.js layers model.json import over the real files in
// ../shared/models/{keras,tfjs}: parameter counts equal Keras's own, every file imports or is
// refused with a located error, malformed input gives errors, never crashes.
#include "core/analysis/Analysis.h"
#include "core/io/ModelReader.h"
#include "core/io/keras/KerasImport.h"
#include "core/layers/LayerKind.h"

#include <QtTest>

using namespace netsizer::core;

class TestKerasImport : public QObject {
    Q_OBJECT
private slots:
    void counts_data();
    void counts();
    void everyFileImportsOrIsRefusedWithAPlace();
    void graphModelsAreRefused();
    void lambdaIsRefusedAtItsLayer();
    void channelsLastBecomesChannelsFirst();
    void separableAndRecurrentCountsMatchKeras_data();
    void separableAndRecurrentCountsMatchKeras();
    void mappings_data();
    void mappings();
    void damagedRealFilesGiveErrorsNotCrashes();
    void malformed_data();
    void malformed();
    void unsupportedLayerIsLocated();
    void nestedModelIsInlined();
    void keras3InboundNodes();
};

static QString shared(const QString& rel) { return QStringLiteral(NETSIZER_SHARED_DIR "/models/") + rel; }

#define SKIP_WITHOUT_SHARED()                                                                      \
    if (!QFileInfo::exists(QStringLiteral(NETSIZER_SHARED_DIR "/models/keras")))                   \
        QSKIP("../shared/models/keras is absent");

struct Counts {
    Count learnable = 0, buffers = 0;
};

static Counts countsOf(const ModelFile& m, QString* error = nullptr)
{
    const Analysis a = analyze(m.graph);
    if (!a.ok() && error) *error = QString::fromStdString(a.errors[0].describe());
    return {a.paramsTotal, a.buffers};
}

static Count batchNormLayers(const ModelFile& m)
{
    Count n = 0;
    for (const auto& l : m.graph.layers()) n += l.kind->id == "BatchNorm";
    return n;
}

void TestKerasImport::counts_data()
{
    QTest::addColumn<QString>("file");
    QTest::addColumn<qulonglong>("learnable");
    QTest::addColumn<qulonglong>("movingStats");
    // Learnable = Keras trainable + frozen; movingStats = BatchNormalization moving mean + var
    // (Keras's non-trainable). NetSizer's BatchNorm adds one int64 counter per layer on top.
    //
    // keras-js MNIST CNN (Keras 1.0.7): conv 3x3x1x32+32 = 320; conv 3x3x32x32+32 = 9,248;
    // 2x2 pool -> 12x12x32 = 4,608; dense 4,608x128+128 = 589,952; dense 128x10+10 = 1,290.
    QTest::newRow("kerasjs mnist cnn") << "keras/kerasjs_mnist_cnn.json" << 600810ull << 0ull;
    // Keras 2.0.6 MNIST CNN: conv 320; conv 3x3x32x64+64 = 18,496; pool -> 12x12x64 = 9,216;
    // dense 9,216x128+128 = 1,179,776; dense 1,290. Total 1,199,882 (the Keras example's figure).
    QTest::newRow("dl4j mnist cnn") << "keras/dl4j_mnist_cnn_tf_keras_2_config.json" << 1199882ull << 0ull;
    // Keras IMDB LSTM example: embedding 20,000x128 = 2,560,000; LSTM 4x(128x128+128x128+128)
    // = 131,584 (one bias per gate, not PyTorch's two); dense 128+1 = 129.
    QTest::newRow("dl4j imdb lstm") << "keras/dl4j_imdb_lstm_tf_keras_2_config.json" << 2691713ull << 0ull;
    // keras-js IMDB (Keras 1.1): embedding 20,000x64 = 1,280,000 (maxlen 200); bidirectional
    // LSTM(output_dim 32): 2 x 4 x (64x32 + 32x32 + 32) = 24,832; dense 64+1 = 65.
    QTest::newRow("kerasjs imdb bidirectional") << "keras/kerasjs_imdb_bidirectional_lstm.json" << 1304897ull << 0ull;
    // Keras applications' published "Total params" (trainable + non-trainable):
    // ResNet50 25,636,712 = 25,583,592 + 53,120.
    QTest::newRow("kerasjs resnet50") << "keras/kerasjs_resnet50.json" << 25583592ull << 53120ull;
    // Keras applications' Xception: 22,910,480 = 22,855,952 trainable + 54,528 non-trainable.
    QTest::newRow("kerasjs xception") << "keras/kerasjs_xception.json" << 22855952ull << 54528ull;
    // keras-js's InceptionV3 is Keras 1.1's (conv with bias, BN with γ and β), not Keras 2's
    // 23,851,784: derived by tracking channels through its 94 conv+BN pairs and 15 concat merges
    // (Σ k·k·Cin·Cout + Cout, 2·C per BN) and the 2,048 x 1,000 + 1,000 head.
    QTest::newRow("kerasjs inception v3 (Keras 1.1)") << "keras/kerasjs_inception_v3.json" << 23626728ull << 34240ull;
    // MLP 784-512-512-10: 401,920 + 262,656 + 5,130.
    QTest::newRow("dl4j mlp 2.2.4") << "keras/dl4j_model_2_2_4.json" << 669706ull << 0ull;
    // Dense(16->8) 136 + Dense(32->8) 264, Add, Dense(8->4) 36.
    QTest::newRow("dl4j simple add") << "keras/dl4j_simple_add_tf_keras_2.json" << 436ull << 0ull;
    // Dense(1->8) 16 + two Embedding(8, 3) 24 each; Reshape and Concatenate add nothing.
    QTest::newRow("dl4j reshape embedding concat") << "keras/dl4j_reshape_embedding_concat_keras_2_3.json" << 64ull << 0ull;
    // VAE decoder: Dense 2->128 384; 128->12,544 1,618,176; Deconvolution2D 3x3x64x64+64 twice
    // 73,856; 2x2x64x64+64 16,448 (valid, stride 2: 14 -> 28); Convolution2D 2x2x64x1+1 257.
    QTest::newRow("kerasjs vae decoder") << "keras/kerasjs_mnist_vae_decoder.json" << 1709121ull << 0ull;
    // TF.js files: the sums of their weightsManifest shapes (moving_* weights as movingStats).
    QTest::newRow("tfjs abalone") << "tfjs/tfjs_examples_abalone_model.json" << 3051ull << 0ull;
    QTest::newRow("tfjs balance") << "tfjs/tfjs_examples_balance_sequential_model.json" << 99ull << 0ull;
    // LSTM(256) on 81: 4x(81x256+256x256+256) = 346,112; on 108: 373,760; dense 256x108+108.
    QTest::newRow("tfjs translation seq2seq") << "tfjs/tfjs_examples_translation_lstm_seq2seq_model.json" << 747628ull << 0ull;
    QTest::newRow("nsfwjs mobilenet v2") << "tfjs/nsfwjs_mobilenet_v2_model.json" << 2585349ull << 34112ull;
    QTest::newRow("nsfwjs inception v3") << "tfjs/nsfwjs_inception_v3_model.json" << 22326437ull << 34432ull;
}

void TestKerasImport::counts()
{
    SKIP_WITHOUT_SHARED();
    QFETCH(QString, file);
    QFETCH(qulonglong, learnable);
    QFETCH(qulonglong, movingStats);
    auto m = readModelFile(shared(file).toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QString error;
    const Counts c = countsOf(*m, &error);
    QVERIFY2(error.isEmpty(), error.toUtf8());
    QCOMPARE(qulonglong(c.learnable), learnable);
    QCOMPARE(qulonglong(c.buffers), movingStats + batchNormLayers(*m));
}

void TestKerasImport::everyFileImportsOrIsRefusedWithAPlace()
{
    SKIP_WITHOUT_SHARED();
    int imported = 0, refused = 0;
    for (const QString dir : {"keras", "tfjs"}) {
        QDirIterator it(shared(dir), {"*.json"}, QDir::Files);
        while (it.hasNext()) {
            const QString path = it.next();
            auto m = readModelFile(path.toStdString());
            const QByteArray what = (path + ": " + (m ? QString() : QString::fromStdString(m.error().describe()))).toUtf8();
            if (!m) {
                qInfo("%s", ("refused " + what).constData());
                ++refused;
                // located: the file name and a JSON pointer
                QVERIFY2(QString::fromStdString(m.error().path).contains(QRegularExpression("\\.json: /")), what);
                continue;
            }
            ++imported;
            QString error;
            const Counts c = countsOf(*m, &error);
            qInfo("imported %s: %llu learnable, %llu buffers, %d notes", qPrintable(QFileInfo(path).fileName()),
                  qulonglong(c.learnable), qulonglong(c.buffers), int(m->notes.size()));
            QVERIFY2(error.isEmpty(), (what + error.toUtf8()));
        }
    }
    QCOMPARE(imported, 16);
    QCOMPARE(refused, 3); // yolo9000 (a Lambda layer) and the two TF.js graph models
}

void TestKerasImport::graphModelsAreRefused()
{
    SKIP_WITHOUT_SHARED();
    for (const char* f : {"tfjs/nsfwjs_mobilenet_v2_mid_graph_model.json", "tfjs/tfjs_examples_prefetch_graph_model.json"}) {
        auto m = readModelFile(shared(f).toStdString());
        QVERIFY(!m.ok());
        QCOMPARE(QString::fromStdString(m.error().code), QString("unsupported_format"));
        QVERIFY(QString::fromStdString(m.error().message).contains("graph model"));
        QVERIFY(QString::fromStdString(m.error().path).endsWith(": /format"));
    }
}

void TestKerasImport::lambdaIsRefusedAtItsLayer()
{
    SKIP_WITHOUT_SHARED();
    auto m = readModelFile(shared("keras/dl4j_yolo9000_tf_keras_2.json").toStdString());
    QVERIFY(!m.ok());
    QCOMPARE(QString::fromStdString(m.error().path), QString("dl4j_yolo9000_tf_keras_2.json: /config/layers/68"));
    QVERIFY(QString::fromStdString(m.error().message).startsWith("layer 'space_to_depth_x2' (Lambda): "));
}

void TestKerasImport::channelsLastBecomesChannelsFirst()
{
    const char* json = R"({"class_name": "Sequential", "config": [
        {"class_name": "Conv2D", "config": {"name": "c", "filters": 8, "kernel_size": [3, 3], "strides": [2, 2],
         "padding": "same", "activation": "relu", "use_bias": true, "batch_input_shape": [null, 33, 17, 3]}},
        {"class_name": "MaxPooling2D", "config": {"name": "p", "pool_size": [2, 2], "padding": "same"}},
        {"class_name": "Dense", "config": {"name": "d", "units": 5}}]})";
    auto m = readKerasModel(json, "t.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    std::map<std::string, std::string> shapes;
    for (const auto& l : a.layers) shapes[m->graph.find(l.id)->name] = l.result.outputs[0].shape.toString();
    QCOMPARE(QString::fromStdString(shapes["input"]), QString("[3, 33, 17]"));
    QCOMPARE(QString::fromStdString(shapes["c"]), QString("[8, 17, 9]")); // SAME: ceil(in / 2)
    QCOMPARE(QString::fromStdString(shapes["p"]), QString("[8, 9, 5]"));
    // Keras's Dense acts on the channels: the pooled tensor goes back to [H, W, C] first.
    QCOMPARE(QString::fromStdString(shapes["d"]), QString("[9, 5, 5]"));
    // 3x3x3x8 + 8 = 224; 8x5 + 5 = 45
    QCOMPARE(qulonglong(a.paramsTotal), 269ull);
}

void TestKerasImport::separableAndRecurrentCountsMatchKeras_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("inputShape");
    QTest::addColumn<qulonglong>("learnable");
    // SeparableConv2D(16, 3) on 10 channels, depth_multiplier 2: depthwise 3x3x10x2 = 180 (no
    // bias), pointwise 20x16 + 16 bias = 336.
    QTest::newRow("separable") << R"({"class_name": "SeparableConv2D", "config": {"name": "s", "filters": 16, "kernel_size": 3, "depth_multiplier": 2}})"
                               << "[null, 12, 12, 10]" << 516ull;
    QTest::newRow("depthwise") << R"({"class_name": "DepthwiseConv2D", "config": {"name": "s", "kernel_size": [3, 3], "use_bias": true}})"
                               << "[null, 12, 12, 10]" << 100ull; // 3x3x10 + 10
    // GRU(4) on 3 features: reset_after=False 3x(3x4 + 4x4 + 4) = 96; True adds 3x4 = 108.
    QTest::newRow("gru") << R"({"class_name": "GRU", "config": {"name": "g", "units": 4}})" << "[null, 7, 3]" << 96ull;
    QTest::newRow("gru reset_after") << R"({"class_name": "GRU", "config": {"name": "g", "units": 4, "reset_after": true}})"
                                     << "[null, 7, 3]" << 108ull;
    QTest::newRow("simple rnn") << R"({"class_name": "SimpleRNN", "config": {"name": "r", "units": 4}})" << "[null, 7, 3]"
                                << 32ull; // 3x4 + 4x4 + 4
    // Bidirectional(LSTM(4), merge_mode sum): 2 x 4 x (3x4 + 4x4 + 4) = 256; output [4].
    QTest::newRow("bidirectional sum")
        << R"({"class_name": "Bidirectional", "config": {"name": "b", "merge_mode": "sum", "layer": {"class_name": "LSTM", "config": {"name": "l", "units": 4, "return_sequences": true}}}})"
        << "[null, 7, 3]" << 256ull;
    QTest::newRow("time distributed dense")
        << R"({"class_name": "TimeDistributed", "config": {"name": "t", "layer": {"class_name": "Dense", "config": {"name": "d", "units": 5}}}})"
        << "[null, 7, 3]" << 20ull;
    QTest::newRow("conv1d") << R"({"class_name": "Conv1D", "config": {"name": "c", "filters": 6, "kernel_size": 3, "padding": "causal"}})"
                            << "[null, 7, 3]" << 60ull; // 3x3x6 + 6
    // BatchNormalization(scale=False): beta 10 learnable; the moving stats are buffers.
    QTest::newRow("bn center only") << R"({"class_name": "BatchNormalization", "config": {"name": "bn", "scale": false}})"
                                    << "[null, 5, 5, 10]" << 10ull;
    QTest::newRow("prelu shared") << R"({"class_name": "PReLU", "config": {"name": "p", "shared_axes": [1, 2]}})"
                                  << "[null, 5, 5, 10]" << 10ull;
}

void TestKerasImport::separableAndRecurrentCountsMatchKeras()
{
    QFETCH(QString, layer);
    QFETCH(QString, inputShape);
    QFETCH(qulonglong, learnable);
    const QString json = QString(R"({"class_name": "Model", "config": {"name": "m", "layers": [
        {"class_name": "InputLayer", "name": "in", "config": {"name": "in", "batch_input_shape": %1}, "inbound_nodes": []},
        %2], "input_layers": [["in", 0, 0]], "output_layers": [["x", 0, 0]]}})")
                             .arg(inputShape, QString(layer).replace(QRegularExpression("\\}$"), R"(, "name": "x", "inbound_nodes": [[["in", 0, 0, {}]]]})"));
    auto m = readKerasModel(json.toStdString(), "t.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QString error;
    QCOMPARE(qulonglong(countsOf(*m, &error).learnable), learnable);
    QVERIFY2(error.isEmpty(), error.toUtf8());
}

void TestKerasImport::mappings_data()
{
    // One Sequential model per row: its layers after an input of Keras shape `input`; the last
    // layer's NetSizer output shape and the learnable count.
    QTest::addColumn<QString>("input");
    QTest::addColumn<QString>("layers");
    QTest::addColumn<QString>("shape");
    QTest::addColumn<qulonglong>("learnable");
    QTest::newRow("upsampling") << "[null, 4, 5, 3]" << R"({"class_name": "UpSampling2D", "config": {"size": [2, 3]}})" << "[3, 8, 15]" << 0ull;
    QTest::newRow("zero padding pairs") << "[null, 4, 5, 3]" << R"({"class_name": "ZeroPadding2D", "config": {"padding": [[1, 2], [0, 3]]}})"
                                        << "[3, 7, 8]" << 0ull;
    QTest::newRow("layer norm") << "[null, 7, 6]" << R"({"class_name": "LayerNormalization", "config": {"axis": -1}})" << "[7, 6]" << 12ull;
    QTest::newRow("permute") << "[null, 7, 6]" << R"({"class_name": "Permute", "config": {"dims": [2, 1]}})" << "[6, 7]" << 0ull;
    // same, stride 2: 5 -> 10; 3x3x3x4 + 4 = 112
    QTest::newRow("conv transpose same") << "[null, 5, 5, 3]"
                                         << R"({"class_name": "Conv2DTranspose", "config": {"filters": 4, "kernel_size": 3, "strides": 2, "padding": "same"}})"
                                         << "[4, 10, 10]" << 112ull;
    QTest::newRow("conv1d then global pool") << "[null, 9, 3]"
                                             << R"({"class_name": "Conv1D", "config": {"filters": 5, "kernel_size": 3}},
                                                   {"class_name": "GlobalAveragePooling1D", "config": {}})"
                                             << "[5]" << 50ull;
    QTest::newRow("relu6 layer") << "[null, 4]" << R"({"class_name": "ReLU", "config": {"max_value": 6.0}})" << "[4]" << 0ull;
    QTest::newRow("softmax after conv") << "[null, 4, 4, 2]" << R"({"class_name": "Activation", "config": {"activation": "softmax"}})"
                                        << "[2, 4, 4]" << 0ull;
    QTest::newRow("keras 1 conv + flatten + dense")
        << "[null, 8, 8, 1]"
        << R"({"class_name": "Convolution2D", "config": {"nb_filter": 2, "nb_row": 3, "nb_col": 3, "border_mode": "valid", "subsample": [1, 1]}},
              {"class_name": "Flatten", "config": {}}, {"class_name": "Dense", "config": {"output_dim": 3}})"
        << "[3]" << 20ull + 72 * 3 + 3;
    QTest::newRow("reshape to image") << "[null, 12]" << R"({"class_name": "Reshape", "config": {"target_shape": [2, 2, 3]}})" << "[3, 2, 2]"
                                      << 0ull;
    // A channels_first model keeps Keras's own [C, H, W]: 3x3x3x4 + 4 = 112.
    QTest::newRow("channels_first conv") << "[null, 3, 8, 8]"
                                         << R"({"class_name": "Conv2D", "config": {"filters": 4, "kernel_size": 3, "data_format": "channels_first"}})"
                                         << "[4, 6, 6]" << 112ull;
    QTest::newRow("average pool same") << "[null, 5, 5, 2]"
                                       << R"({"class_name": "AveragePooling2D", "config": {"pool_size": [3, 3], "strides": [2, 2], "padding": "same"}})"
                                       << "[2, 3, 3]" << 0ull;
}

void TestKerasImport::mappings()
{
    QFETCH(QString, input);
    QFETCH(QString, layers);
    QFETCH(QString, shape);
    QFETCH(qulonglong, learnable);
    const QString json = QString(R"({"class_name": "Sequential", "config": [
        {"class_name": "InputLayer", "config": {"name": "in", "batch_input_shape": %1}}, %2]})").arg(input, layers);
    auto m = readKerasModel(json.toStdString(), "t.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Analysis a = analyze(m->graph);
    QVERIFY2(a.ok(), a.ok() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(QString::fromStdString(a.layers.back().result.outputs[0].shape.toString()), shape);
    QCOMPARE(qulonglong(a.paramsTotal), learnable);
}

void TestKerasImport::damagedRealFilesGiveErrorsNotCrashes()
{
    SKIP_WITHOUT_SHARED();
    int errors = 0;
    for (const QString dir : {"keras", "tfjs"}) {
        QDirIterator it(shared(dir), {"*.json"}, QDir::Files);
        while (it.hasNext()) {
            QFile f(it.next());
            QVERIFY(f.open(QIODevice::ReadOnly));
            const QByteArray text = f.readAll();
            // Truncated at several places, and with every integer turned into a string, a
            // negative number or null.
            std::vector<QByteArray> damaged;
            for (int i = 1; i < 8; ++i) damaged.push_back(text.left(text.size() * i / 8));
            for (const char* with : {": \"7\"", ": -3", ": null", ": 0"})
                damaged.push_back(QString::fromUtf8(text).replace(QRegularExpression(": \\d+"), with).toUtf8());
            for (const auto& d : damaged) {
                auto m = readKerasModel(std::string_view(d.constData(), std::size_t(d.size())), "t.json");
                if (!m) {
                    ++errors;
                    QVERIFY(!m.error().message.empty());
                } else {
                    analyze(m->graph); // must not crash either
                }
            }
        }
    }
    QVERIFY(errors > 19 * 7);
}

void TestKerasImport::malformed_data()
{
    QTest::addColumn<QString>("json");
    QTest::addColumn<QString>("path");
    const QString layer0 = R"({"class_name": "InputLayer", "name": "a", "config": {"name": "a", "batch_input_shape": [null, 4]}, "inbound_nodes": []})";
    QTest::newRow("truncated") << R"({"class_name": "Sequential", "config": [{"class_name": "Dense", "con)" << "t.json";
    QTest::newRow("config not a list") << R"({"class_name": "Sequential", "config": 3})" << "t.json: /config";
    QTest::newRow("units a string")
        << R"({"class_name": "Sequential", "config": [{"class_name": "Dense", "config": {"name": "d", "units": "x", "batch_input_shape": [null, 4]}}]})"
        << "t.json: /config/0";
    QTest::newRow("absurd dims")
        << R"({"class_name": "Sequential", "config": [{"class_name": "Dense", "config": {"name": "d", "units": 3, "batch_input_shape": [null, 1e300]}}]})"
        << "t.json: /config/0";
    QTest::newRow("huge product")
        << R"({"class_name": "Sequential", "config": [{"class_name": "Dense", "config": {"name": "d", "units": 1000000000, "batch_input_shape": [null, 1000000000, 1000000000, 1000000000]}}]})"
        << "t.json: /config/0";
    QTest::newRow("negative units")
        << R"({"class_name": "Sequential", "config": [{"class_name": "Dense", "config": {"name": "d", "units": -4, "batch_input_shape": [null, 4]}}]})"
        << "t.json: /config/0";
    QTest::newRow("cycle") << QString(R"({"class_name": "Model", "config": {"layers": [%1,
        {"class_name": "Add", "name": "x", "config": {"name": "x"}, "inbound_nodes": [[["a", 0, 0, {}], ["y", 0, 0, {}]]]},
        {"class_name": "Dense", "name": "y", "config": {"name": "y", "units": 4}, "inbound_nodes": [[["x", 0, 0, {}]]]}],
        "input_layers": [["a", 0, 0]], "output_layers": [["y", 0, 0]]}})").arg(layer0)
                           << "t.json: /config/layers/1";
    QTest::newRow("dangling") << QString(R"({"class_name": "Model", "config": {"layers": [%1,
        {"class_name": "Dense", "name": "y", "config": {"name": "y", "units": 4}, "inbound_nodes": [[["nope", 0, 0, {}]]]}],
        "input_layers": [["a", 0, 0]], "output_layers": [["y", 0, 0]]}})").arg(layer0)
                              << "t.json: /config/layers/1/inbound_nodes/0";
    QTest::newRow("bad tensor index") << QString(R"({"class_name": "Model", "config": {"layers": [%1,
        {"class_name": "Dense", "name": "y", "config": {"name": "y", "units": 4}, "inbound_nodes": [[["a", 0, 7, {}]]]}],
        "input_layers": [["a", 0, 0]], "output_layers": [["y", 0, 0]]}})").arg(layer0)
                                      << "t.json: /config/layers/1";
    QTest::newRow("inbound wrong type") << QString(R"({"class_name": "Model", "config": {"layers": [%1,
        {"class_name": "Dense", "name": "y", "config": {"name": "y", "units": 4}, "inbound_nodes": [[[1, "a", 0]]]}],
        "input_layers": [["a", 0, 0]], "output_layers": [["y", 0, 0]]}})").arg(layer0)
                                        << "t.json: /config/layers/1/inbound_nodes/0";
    QTest::newRow("shape mismatch in add") << R"({"class_name": "Model", "config": {"layers": [
        {"class_name": "InputLayer", "name": "a", "config": {"name": "a", "batch_input_shape": [null, 4]}, "inbound_nodes": []},
        {"class_name": "InputLayer", "name": "b", "config": {"name": "b", "batch_input_shape": [null, 5]}, "inbound_nodes": []},
        {"class_name": "Add", "name": "x", "config": {"name": "x"}, "inbound_nodes": [[["a", 0, 0, {}], ["b", 0, 0, {}]]]}],
        "input_layers": [["a", 0, 0], ["b", 0, 0]], "output_layers": [["x", 0, 0]]}})"
                                           << "t.json: /config/layers/2";
    QTest::newRow("deep nesting") << QString(300, '[') << "t.json: line 1";
    QTest::newRow("not an object") << "[1, 2]" << "t.json";
}

void TestKerasImport::malformed()
{
    QFETCH(QString, json);
    QFETCH(QString, path);
    auto m = readKerasModel(json.toStdString(), "t.json");
    QVERIFY(!m.ok());
    QCOMPARE(QString::fromStdString(m.error().path), path);
    QVERIFY(!m.error().message.empty());
}

void TestKerasImport::unsupportedLayerIsLocated()
{
    const char* json = R"({"class_name": "Sequential", "config": {"name": "s", "layers": [
        {"class_name": "Dense", "config": {"name": "d", "units": 3, "batch_input_shape": [null, 4]}},
        {"class_name": "Frobnicate", "config": {"name": "foo"}}]}})";
    auto m = readKerasModel(json, "t.json");
    QVERIFY(!m.ok());
    QCOMPARE(QString::fromStdString(m.error().describe()),
             QString("t.json: /config/layers/1: layer 'foo' (Frobnicate): layer class 'Frobnicate' is not supported"));
}

void TestKerasImport::nestedModelIsInlined()
{
    // A Sequential used as a layer of a functional model, called on the input.
    const char* json = R"({"class_name": "Model", "config": {"name": "outer", "layers": [
        {"class_name": "InputLayer", "name": "in", "config": {"name": "in", "batch_input_shape": [null, 6]}, "inbound_nodes": []},
        {"class_name": "Sequential", "name": "inner", "config": [
            {"class_name": "Dense", "config": {"name": "d1", "units": 4, "batch_input_shape": [null, 6]}},
            {"class_name": "Dense", "config": {"name": "d2", "units": 2}}],
         "inbound_nodes": [[["in", 0, 0, {}]]]},
        {"class_name": "Dense", "name": "head", "config": {"name": "head", "units": 1}, "inbound_nodes": [[["inner", 0, 0, {}]]]}],
        "input_layers": [["in", 0, 0]], "output_layers": [["head", 0, 0]]}})";
    auto m = readKerasModel(json, "t.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QVERIFY(m->graph.findByName("inner/d1"));
    QVERIFY(m->graph.findByName("inner/d2"));
    QCOMPARE(qulonglong(countsOf(*m).learnable), 6ull * 4 + 4 + 4 * 2 + 2 + 2 + 1);
    QCOMPARE(int(m->graph.layers().size()), 4);
}

void TestKerasImport::keras3InboundNodes()
{
    // Keras 3 / TF 2.16 functional config: inbound nodes as {"args": [keras tensors]}, batch_shape.
    const char* json = R"({"class_name": "Functional", "config": {"name": "f", "layers": [
        {"module": "keras.layers", "class_name": "InputLayer", "name": "in", "config": {"name": "in", "batch_shape": [null, 6], "dtype": "float32"}, "inbound_nodes": []},
        {"module": "keras.layers", "class_name": "Dense", "name": "d", "config": {"name": "d", "units": 3, "activation": "relu"},
         "inbound_nodes": [{"args": [{"class_name": "__keras_tensor__", "config": {"shape": [null, 6], "keras_history": ["in", 0, 0]}}], "kwargs": {}}]}],
        "input_layers": [["in", 0, 0]], "output_layers": [["d", 0, 0]]}})";
    auto m = readKerasModel(json, "t.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    QCOMPARE(qulonglong(countsOf(*m).learnable), 21ull); // 6x3 + 3
    QVERIFY(m->graph.findByName("d_relu"));
}

QTEST_APPLESS_MAIN(TestKerasImport)
#include "tst_keras_import.moc"
