// The CNN layer kinds one by one, through the real analyser: output shapes, parameter and
// buffer counts, MACs, the bytes each kind keeps for backward per profile, and its errors.
// Every number below is derived by hand in the row's comment.
#include "core/analysis/Analysis.h"
#include "core/analysis/ExplainLayer.h"
#include "core/graph/GraphBuilder.h"
#include "core/layers/KindRegistry.h"

#include <QtTest>

using namespace netsizer::core;

class TestLayersCnn : public QObject {
    Q_OBJECT
private slots:
    void kind_data();
    void kind();
    void explainSubstitutesValues();
    void tokenIdsAreRejected();
    void registryIsConsistent();
};

namespace {

struct KindCase {
    const char* name;
    const char* kind;
    std::vector<IntList> inputs; // per-sample shapes, one per input port
    std::vector<std::pair<std::string, AttrValue>> attrs;
    const char* error = "";      // expected error code; empty: the layer must analyse
    IntList out = {};
    Count params = 0, buffers = 0, macs = 0;
    // fp32 bytes this layer is first to keep (PyTorch CPU == CUDA for these kinds): per sample,
    // fixed; then Caffe's extras beyond its blobs.
    Count kept = 0, keptFixed = 0, caffe = 0, caffeFixed = 0;
    // Caffe's im2col buffer (workspace, elements, one image).
    Count caffeColumns = 0;
};

using L = IntList;
using I = std::int64_t;

// Inputs go through a trainable 1 × 1 "feeder" (Dense / Conv) so that they need a gradient and
// live in a fresh storage: what the layer under test keeps is then charged to it alone.
const std::vector<KindCase>& cases()
{
    static const std::vector<KindCase> all = {
        // 256×128×2×2 + 128; out (8−1)×2 + 1×(2−1) + 1 = 16; MACs 256·64 inputs × 128·4; input 256·64·4 B;
        // Caffe Deconvolution columns: out/groups·k² (512) × groups (1) × input positions (64)
        {"convT k2s2", "ConvTranspose2D", {{256, 8, 8}}, {{"filters", I{128}}}, "", {128, 16, 16}, 131200, 0, 8388608, 65536,
         0, 0, 0, 32768},
        {"convT 1x1 no columns", "ConvTranspose2D", {{4, 5, 5}}, {{"filters", I{2}}, {"kernel_size", L{1}}, {"stride", L{1}}},
         "", {2, 5, 5}, 10, 0, 200, 400, 0, 0, 0, 0},
        // out (7−1)×2 − 2 + 2 + 1 + 1 = 14; 16×8×9 + 8; MACs 784 × 72; Caffe col buffer is workspace, not kept
        {"convT k3s2p1op1", "ConvTranspose2D", {{16, 7, 7}},
         {{"filters", I{8}}, {"kernel_size", L{3}}, {"stride", L{2}}, {"padding", L{1}}, {"output_padding", L{1}}},
         "", {8, 14, 14}, 1160, 0, 56448, 3136, 0, 0, 0, 72 * 49},
        // groups 2, no bias: 4 × 6/2 × 9 = 108; out 5 − 1 + 2 + 1 = 7; MACs 100 × 27
        {"convT groups", "ConvTranspose2D", {{4, 5, 5}},
         {{"filters", I{6}}, {"kernel_size", L{3}}, {"stride", L{1}}, {"groups", I{2}}, {"bias", false}},
         "", {6, 7, 7}, 108, 0, 2700, 400, 0, 0, 0, 27 * 2 * 25},
        {"convT bad groups", "ConvTranspose2D", {{4, 5, 5}}, {{"filters", I{6}}, {"groups", I{4}}}, "attribute"},
        {"convT output_padding >= stride", "ConvTranspose2D", {{4, 5, 5}}, {{"output_padding", L{2}}}, "attribute"},
        {"convT rank", "ConvTranspose2D", {{4, 5}}, {}, "shape"},
        // ResNet stem pool: ⌊(112 + 2 − 3)/2⌋ + 1 = 56; keeps input 64·112²·4 + int64 indices 64·56²·8; Caffe int32 indices
        {"maxpool2d k3s2p1", "MaxPool2D", {{64, 112, 112}},
         {{"kernel_size", L{3}}, {"stride", L{2}}, {"padding", L{1}}}, "", {64, 56, 56}, 0, 0, 0, 3211264 + 1605632, 0, 802816},
        // stride defaults to the kernel: 10/2 = 5
        {"maxpool2d k2", "MaxPool2D", {{3, 10, 10}}, {}, "", {3, 5, 5}, 0, 0, 0, 1200 + 600, 0, 300},
        // Caffe AlexNet pool1 with ceil: ⌈(55 − 3)/2⌉ + 1 = 27
        {"maxpool2d ceil exact", "MaxPool2D", {{96, 55, 55}}, {{"kernel_size", L{3}}, {"stride", L{2}}, {"ceil_mode", true}},
         "", {96, 27, 27}, 0, 0, 0, 96 * 55 * 55 * 4 + 96 * 27 * 27 * 8, 0, 96 * 27 * 27 * 4},
        // (6 − 3)/2 = 1.5: floor → 2, ceil → 3
        {"maxpool2d floor", "MaxPool2D", {{1, 6, 6}}, {{"kernel_size", L{3}}, {"stride", L{2}}}, "", {1, 2, 2}, 0, 0, 0, 144 + 32, 0, 16},
        {"maxpool2d ceil", "MaxPool2D", {{1, 6, 6}}, {{"kernel_size", L{3}}, {"stride", L{2}}, {"ceil_mode", true}}, "",
         {1, 3, 3}, 0, 0, 0, 144 + 72, 0, 36},
        {"maxpool2d kernel > input", "MaxPool2D", {{8, 2, 2}}, {{"kernel_size", L{3}}}, "shape"},
        {"maxpool2d pad > k/2", "MaxPool2D", {{8, 9, 9}}, {{"kernel_size", L{2}}, {"padding", L{2}}}, "attribute"},
        {"maxpool2d rank", "MaxPool2D", {{8, 10}}, {}, "shape"},
        // 100/2 = 50; input 1600·4 + indices 800·8; Caffe 800·4
        {"maxpool1d", "MaxPool1D", {{16, 100}}, {}, "", {16, 50}, 0, 0, 0, 6400 + 6400, 0, 3200},
        // LeNet pool1: 28/2 = 14; MACs 6·14·14 × 4; keeps its input 6·28·28·4 = 18,816
        {"avgpool2d lenet", "AvgPool2D", {{6, 28, 28}}, {}, "", {6, 14, 14}, 0, 0, 4704, 18816},
        // (7 − 3)/2 + 1 = 3; MACs 27 × 9
        {"avgpool2d k3s2", "AvgPool2D", {{3, 7, 7}}, {{"kernel_size", L{3}}, {"stride", L{2}}}, "", {3, 3, 3}, 0, 0, 243, 588},
        // (10 + 2 − 3)/1 + 1 = 10; MACs 40 × 3
        {"avgpool1d k3s1p1", "AvgPool1D", {{4, 10}}, {{"kernel_size", L{3}}, {"stride", L{1}}, {"padding", L{1}}}, "",
         {4, 10}, 0, 0, 120, 160},
        {"avgpool1d kernel > input", "AvgPool1D", {{4, 2}}, {{"kernel_size", L{3}}}, "shape"},
        // ResNet-18 head: MACs 512·49, keeps its input 512·49·4
        {"gap", "GlobalAvgPool", {{512, 7, 7}}, {}, "", {512}, 0, 0, 25088, 100352},
        {"gap keepdims", "GlobalAvgPool", {{512, 7, 7}}, {{"keepdims", true}}, "", {512, 1, 1}, 0, 0, 25088, 100352},
        {"gap rank 1", "GlobalAvgPool", {{10}}, {}, "shape"},
        // AlexNet: 6 → 6, one-element windows: MACs 256·36, keeps 256·36·4
        {"adaptive 6 on 6", "AdaptiveAvgPool2D", {{256, 6, 6}}, {{"output_size", L{6}}}, "", {256, 6, 6}, 0, 0, 9216, 36864},
        // 14 → 7: windows of 2 on each axis: 512 × 14 × 14
        {"adaptive 7 on 14", "AdaptiveAvgPool2D", {{512, 14, 14}}, {{"output_size", L{7}}}, "", {512, 7, 7}, 0, 0, 100352, 401408},
        // 5 → 2: windows [0,3) [2,5) = 6; 7 → 3: [0,3) [2,5) [4,7) = 9; MACs 1 × 6 × 9
        {"adaptive uneven", "AdaptiveAvgPool2D", {{1, 5, 7}}, {{"output_size", L{2, 3}}}, "", {1, 2, 3}, 0, 0, 54, 140},
        // 2 × 64 learnable, 2 × 64 + 1 buffers; MACs 2 × 200,704; keeps input + 2 × 64 float32 fixed.
        // Caffe: x_norm_ + temp_ (2 × input) + num_by_chans_ (64) + batch_sum_multiplier_ (1) per
        // sample; mean_ + variance_ (128) + spatial_sum_multiplier_ (3,136) fixed.
        {"batchnorm2d", "BatchNorm", {{64, 56, 56}}, {}, "", {64, 56, 56}, 128, 129, 401408, 802816, 512,
         2 * 802816 + 65 * 4, (128 + 3136) * 4},
        {"batchnorm1d", "BatchNorm", {{100}}, {}, "", {100}, 200, 201, 200, 400, 800, 800 + 101 * 4, 201 * 4},
        {"batchnorm plain", "BatchNorm", {{8, 4, 4}}, {{"affine", false}, {"track_running_stats", false}}, "", {8, 4, 4},
         0, 0, 128, 512, 64, 1024 + 9 * 4, 32 * 4},
        {"batchnorm rank 5", "BatchNorm", {{2, 2, 2, 2, 2}}, {}, "shape"},
        // 2 × 32 weights; MACs 2 × 2,048; keeps input 8,192 B + mean, rstd of 4 groups
        {"groupnorm", "GroupNorm", {{32, 8, 8}}, {{"groups", I{4}}}, "", {32, 8, 8}, 64, 0, 4096, 8192 + 32},
        {"groupnorm bad groups", "GroupNorm", {{32, 8, 8}}, {{"groups", I{3}}}, "attribute"},
        {"tanh", "Tanh", {{6, 28, 28}}, {}, "", {6, 28, 28}, 0, 0, 0, 18816},
        {"sigmoid", "Sigmoid", {{10}}, {}, "", {10}, 0, 0, 0, 40},
        {"relu6", "ReLU6", {{32, 112, 112}}, {}, "", {32, 112, 112}, 0, 0, 0, 1605632},
        {"relu6 inplace (copy)", "ReLU6", {{32, 112, 112}}, {{"inplace", true}}, "", {32, 112, 112}, 0, 0, 0, 1605632},
        {"leaky relu", "LeakyReLU", {{8, 4, 4}}, {}, "", {8, 4, 4}, 0, 0, 0, 512},
        {"leaky relu inplace", "LeakyReLU", {{8, 4, 4}}, {{"inplace", true}}, "", {8, 4, 4}, 0, 0, 0, 512},
        // one slope; one multiply per element; Caffe backward_buff_ + multiplier_ of 256 each, fixed
        {"prelu shared", "PReLU", {{16, 4, 4}}, {}, "", {16, 4, 4}, 1, 0, 256, 1024, 0, 0, 2048},
        {"prelu per channel", "PReLU", {{16, 4, 4}}, {{"num_parameters", I{16}}}, "", {16, 4, 4}, 16, 0, 256, 1024, 0, 0, 2048},
        {"prelu bad count", "PReLU", {{16, 4, 4}}, {{"num_parameters", I{3}}}, "attribute"},
        {"elu", "ELU", {{8}}, {}, "", {8}, 0, 0, 0, 32},
        {"silu", "SiLU", {{8, 2, 2}}, {}, "", {8, 2, 2}, 0, 0, 0, 128},
        {"silu inplace (copy)", "SiLU", {{8, 2, 2}}, {{"inplace", true}}, "", {8, 2, 2}, 0, 0, 0, 128},
        // torchvision row mode: one float noise value per sample; batch mode: one in all (fixed)
        {"stochastic depth row", "StochasticDepth", {{8, 2, 2}}, {}, "", {8, 2, 2}, 0, 0, 0, 4},
        {"stochastic depth batch", "StochasticDepth", {{8, 2, 2}}, {{"mode", std::string("batch")}}, "", {8, 2, 2}, 0, 0, 0, 0, 4},
        {"stochastic depth p=0", "StochasticDepth", {{8, 2, 2}}, {{"p", 0.0}}, "", {8, 2, 2}},
        {"hardswish", "HardSwish", {{8, 2, 2}}, {}, "", {8, 2, 2}, 0, 0, 0, 128},
        // keeps its result 200·4; Caffe scale_ = 200/20 per sample, sum_multiplier_ 20 fixed
        {"softmax last", "Softmax", {{10, 20}}, {}, "", {10, 20}, 0, 0, 0, 800, 0, 40, 80},
        {"softmax axis 1", "Softmax", {{10, 20}}, {{"axis", I{1}}}, "", {10, 20}, 0, 0, 0, 800, 0, 80, 40},
        {"softmax batch axis", "Softmax", {{10, 20}}, {{"axis", I{0}}}, "attribute"},
        {"reshape flatten", "Reshape", {{512, 7, 7}}, {{"shape", L{-1}}}, "", {25088}},
        {"reshape infer", "Reshape", {{4, 7, 7}}, {{"shape", L{2, -1, 7}}}, "", {2, 14, 7}},
        {"reshape not divisible", "Reshape", {{10}}, {{"shape", L{3, -1}}}, "shape"},
        {"reshape wrong count", "Reshape", {{99}}, {{"shape", L{10, 10}}}, "shape"},
        {"reshape two -1", "Reshape", {{12}}, {{"shape", L{-1, -1}}}, "attribute"},
        {"concat channels", "Concat", {{16, 64, 64}, {16, 64, 64}}, {}, "", {32, 64, 64}},
        {"concat three", "Concat", {{1, 4}, {2, 4}, {3, 4}}, {}, "", {6, 4}},
        {"concat last axis", "Concat", {{2, 3}, {2, 5}}, {{"axis", I{-1}}}, "", {2, 8}},
        {"concat mismatch", "Concat", {{16, 64, 64}, {16, 32, 32}}, {}, "shape_mismatch"},
        {"concat one input", "Concat", {{16, 64, 64}}, {}, "input_count"},
        // keeps both operands 2 × 512 B; one multiply per output element
        {"multiply", "Multiply", {{8, 4, 4}, {8, 4, 4}}, {}, "", {8, 4, 4}, 0, 0, 128, 1024},
        // squeeze-excitation: [8,4,4] × [8,1,1]: keeps 512 + 32 B
        {"multiply broadcast", "Multiply", {{8, 4, 4}, {8, 1, 1}}, {}, "", {8, 4, 4}, 0, 0, 128, 544},
        // (a·b)·c: keeps a, b, c and the partial product a·b: 4 × 16 B; 2 multiplies per element
        {"multiply three", "Multiply", {{4}, {4}, {4}}, {}, "", {4}, 0, 0, 8, 64},
        {"multiply mismatch", "Multiply", {{8, 4, 4}, {3, 1, 1}}, {}, "shape_mismatch"},
        {"upsample nearest", "Upsample", {{16, 8, 8}}, {}, "", {16, 16, 16}},
        {"upsample scale 1.5", "Upsample", {{1, 5, 5}}, {{"scale_factor", 1.5}}, "", {1, 7, 7}},
        // 4 taps per output element: 4 × 300
        {"upsample bilinear size", "Upsample", {{3, 4, 4}}, {{"mode", std::string("bilinear")}, {"size", L{10}}}, "",
         {3, 10, 10}, 0, 0, 1200},
        {"upsample bilinear rank", "Upsample", {{3, 4}}, {{"mode", std::string("bilinear")}}, "shape"},
        {"zeropad all sides", "ZeroPadding", {{3, 32, 32}}, {}, "", {3, 34, 34}},
        {"zeropad per axis", "ZeroPadding", {{3, 32, 32}}, {{"padding", L{1, 2}}}, "", {3, 34, 36}},
        // Swin's F.pad(x, (0, 0, 0, 5, 0, 5)) of a [16, 16, 96] map to whole 7×7 windows.
        {"zeropad channels last", "ZeroPadding", {{16, 16, 96}}, {{"padding", L{0, 0, 5, 5}}, {"channels_last", true}}, "", {21, 21, 96}},
        // top 1, left 2, bottom 3, right 4
        {"zeropad per side", "ZeroPadding", {{3, 32, 32}}, {{"padding", L{1, 2, 3, 4}}}, "", {3, 36, 38}},
        {"zeropad 1d", "ZeroPadding", {{4, 10}}, {{"padding", L{2, 3}}}, "", {4, 15}},
        {"zeropad rank 1", "ZeroPadding", {{10}}, {}, "shape"},
    };
    return all;
}

// The trainable feeder for an input of this rank, or empty when none applies.
const char* feederKind(std::size_t rank)
{
    switch (rank) {
    case 1: return "Dense";
    case 2: return "Conv1D";
    case 3: return "Conv2D";
    case 4: return "Conv3D";
    default: return "";
    }
}

Count toBytes(const CompactCounts& c, bool fixed)
{
    return fixed ? c.bytesFixed(4) : c.bytesPerSample(4);
}

} // namespace

void TestLayersCnn::kind_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i) QTest::newRow(cases()[i].name) << static_cast<int>(i);
}

void TestLayersCnn::kind()
{
    QFETCH(int, index);
    const KindCase& c = cases()[static_cast<std::size_t>(index)];
    GraphBuilder b;
    std::vector<LayerId> ins;
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
        const IntList& s = c.inputs[i];
        LayerId x = b.add("Input", "in" + std::to_string(i), {}, {{"shape", s}});
        const std::string feeder = feederKind(s.size());
        if (feeder == "Dense") x = b.add("Dense", "feed" + std::to_string(i), {x}, {{"units", s[0]}});
        else if (!feeder.empty())
            x = b.add(feeder, "feed" + std::to_string(i), {x}, {{"filters", s[0]}, {"kernel_size", IntList{1}}});
        ins.push_back(x);
    }
    const LayerKind* kind = KindRegistry::builtin().find(c.kind);
    QVERIFY(kind);
    const LayerId id = b.add(c.kind, "under_test", std::initializer_list<LayerId>{});
    for (std::size_t p = 0; p < ins.size(); ++p)
        QVERIFY(b.graph().connect(Connection{PortRef{ins[p], 0}, PortRef{id, static_cast<std::uint16_t>(p)}}));
    for (const auto& [key, value] : c.attrs) {
        const int i = kind->paramIndex(key);
        QVERIFY2(i >= 0, key.c_str());
        b.graph().find(id)->attrs[static_cast<std::size_t>(i)] = value;
    }
    const Analysis a = analyze(b.graph());
    const LayerAnalysis* la = nullptr;
    for (const auto& l : a.layers)
        if (l.id == id) la = &l;
    QVERIFY(la);

    if (*c.error) {
        QVERIFY2(la->error != nullptr, "expected an error");
        QCOMPARE(QString::fromStdString(la->error->code), QString(c.error));
        QCOMPARE(QString::fromStdString(la->error->path), QString("under_test"));
        return;
    }
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    Shape expected;
    for (auto d : c.out) expected.push(d);
    QCOMPARE(QString::fromStdString(la->result.outputs.at(0).shape.toString()), QString::fromStdString(expected.toString()));
    QCOMPARE(la->learnableParams, c.params);
    QCOMPARE(la->bufferParams, c.buffers);
    QCOMPARE(la->result.macs, c.macs);
    const auto& cpu = la->kept[static_cast<std::size_t>(Profile::PyTorchCpu)];
    const auto& cuda = la->kept[static_cast<std::size_t>(Profile::PyTorchCuda)];
    const auto& caffe = la->kept[static_cast<std::size_t>(Profile::Caffe)];
    QCOMPARE(toBytes(cpu, false), c.kept);
    QCOMPARE(toBytes(cpu, true), c.keptFixed);
    QCOMPARE(toBytes(cuda, false), c.kept); // these kinds keep the same tensors on CUDA
    QCOMPARE(toBytes(cuda, true), c.keptFixed);
    QCOMPARE(toBytes(caffe, false), c.caffe);
    QCOMPARE(toBytes(caffe, true), c.caffeFixed);
    QCOMPARE(la->result.caffeColumnBufferNumel, c.caffeColumns);
}

void TestLayersCnn::explainSubstitutesValues()
{
    GraphBuilder b;
    auto x = b.add("Input", "in", {}, {{"shape", IntList{16, 7, 7}}});
    auto t = b.add("ConvTranspose2D", "up", {x},
                   {{"filters", std::int64_t{8}}, {"kernel_size", IntList{3}}, {"stride", IntList{2}}, {"padding", IntList{1}},
                    {"output_padding", IntList{1}}});
    auto p = b.add("MaxPool2D", "pool", {t}, {{"kernel_size", IntList{3}}, {"stride", IntList{2}}, {"ceil_mode", true}});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    auto formulasOf = [&](LayerId id) { return explainLayer(g, a, id); };
    auto find = [](const std::vector<Formula>& fs, const std::string& q) {
        for (const auto& f : fs)
            if (f.quantity == q) return f;
        return Formula{};
    };
    const auto up = formulasOf(t);
    QCOMPARE(QString::fromStdString(find(up, "output h").substituted), QString("(7 − 1) × 2 − 1 − 1 + 1 × (3 − 1) + 1 + 1"));
    QCOMPARE(QString::fromStdString(find(up, "output h").value), QString("14"));
    QCOMPARE(QString::fromStdString(find(up, "weights").value), QString("1,152")); // 16 × 8 × 3 × 3
    QCOMPARE(QString::fromStdString(find(up, "saved: ConvolutionBackward0.input").value), QString("784 elements"));
    const auto pool = formulasOf(p);
    // ⌈(14 + 0 + 0 − 3) / 2⌉ + 1 = 7 (the last window starts at 12 < 14)
    QCOMPARE(QString::fromStdString(find(pool, "output w").substituted), QString("⌈(14 + 0 + 0 − 3) / 2⌉ + 1"));
    QCOMPARE(QString::fromStdString(find(pool, "output w").value), QString("7"));
    QCOMPARE(QString::fromStdString(find(pool, "saved: MaxPool2DWithIndicesBackward0.result1 (indices)").value),
             QString("392 elements")); // 8 × 7 × 7 int64
}

void TestLayersCnn::tokenIdsAreRejected()
{
    // int64 token ids are not activations: the kinds name the problem instead of guessing.
    for (const char* kind : {"Tanh", "BatchNorm", "MaxPool1D", "Softmax", "Multiply"}) {
        GraphBuilder b;
        auto ids = b.add("Input", "tokens", {}, {{"shape", IntList{4, 35}}, {"dtype", std::string("int64")}});
        const LayerKind* k = KindRegistry::builtin().find(kind);
        QVERIFY(k);
        std::vector<PortRef> ins(static_cast<std::size_t>(k->minInputs), PortRef{ids, 0});
        if (ins.size() > 1) ins[1] = PortRef{b.add("Input", "tokens2", {}, {{"shape", IntList{4, 35}}}), 0};
        b.add(kind, "under_test", ins);
        const Analysis a = analyze(b.take());
        QCOMPARE(a.errors.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(a.errors[0].code), QString("dtype"));
        QCOMPARE(QString::fromStdString(a.errors[0].path), QString("under_test"));
    }
}

void TestLayersCnn::registryIsConsistent()
{
    // Ids and aliases resolve to their own kind (no alias shadows another kind), defaults are
    // valid, and every kind taking inputs analyses a [16, 16, 16] input with its defaults and
    // explains at least its output shape.
    const auto& reg = KindRegistry::builtin();
    for (const LayerKind* k : reg.all()) {
        QCOMPARE(reg.find(k->id), k);
        for (const auto& alias : k->aliases) QCOMPARE(reg.find(alias), k);
        std::string message;
        for (const auto& spec : k->params)
            QVERIFY2(validateAttr(spec, spec.defaultValue, message), (k->id + ": " + message).c_str());
        if (k->maxInputs == 0) continue;
        const TensorInfo in{Shape{16, 16, 16}, ElemKind::Activation};
        const std::vector<TensorInfo> ins(static_cast<std::size_t>(k->minInputs), in);
        const Layer layer = makeLayer(*k, "x");
        const LayerContext ctx{layer.attrs, ins, layer.name};
        const auto r = k->analyze(ctx);
        if (!r) continue; // e.g. Conv1D/Conv3D on a rank-3 input: covered by their own tests
        QVERIFY2(k->explain, k->id.c_str());
        QVERIFY2(!k->explain(ctx, *r).empty(), k->id.c_str());
    }
}

QTEST_APPLESS_MAIN(TestLayersCnn)
#include "tst_layers_cnn.moc"
