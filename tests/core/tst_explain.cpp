// The teaching view's explanations (core/explain) on a small CNN, an LSTM and an attention
// layer: the kind's formulas with the layer's values substituted, what each layer keeps for
// backward and why, where each kept tensor is charged (once, to the first layer that keeps it),
// and the memory components under Adam and SGD. Every number is derived by hand in the row.
#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/explain/ComponentShares.h"
#include "core/explain/LayerMemoryExplanation.h"
#include "core/graph/GraphBuilder.h"

#include <QtTest>

using namespace netsizer::core;

class TestExplain : public QObject {
    Q_OBJECT
private slots:
    void formula_data();
    void formula();
    void kept_data();
    void kept();
    void memory_data();
    void memory();
    void componentSharesSumToTheComponent();
    void unknownLayerHasNoExplanation();
};

namespace {

using I = std::int64_t;

// input [3, 32, 32] → conv1 (16, k3, p1) → bn1 → relu1 (in place) → conv2 (32, k3) → relu2
// (in place) → pool (max, k3, s2, ceil) → flatten → dropout (0.5) → fc (10); and beside it
// seq [10, 8] → lstm (16) and tokens [10, 16] → attn (16 wide, 2 heads).
Graph testNet()
{
    GraphBuilder b;
    const LayerId in = b.add("Input", "input", {}, {{"shape", IntList{3, 32, 32}}});
    const LayerId c1 = b.add("Conv2D", "conv1", {in},
                             {{"filters", I{16}}, {"kernel_size", IntList{3}}, {"padding", IntList{1}}});
    const LayerId bn = b.add("BatchNorm", "bn1", {c1});
    const LayerId r1 = b.add("ReLU", "relu1", {bn}, {{"inplace", true}});
    const LayerId c2 = b.add("Conv2D", "conv2", {r1}, {{"filters", I{32}}, {"kernel_size", IntList{3}}});
    const LayerId r2 = b.add("ReLU", "relu2", {c2}, {{"inplace", true}});
    const LayerId p = b.add("MaxPool2D", "pool", {r2},
                            {{"kernel_size", IntList{3}}, {"stride", IntList{2}}, {"ceil_mode", true}});
    const LayerId f = b.add("Flatten", "flatten", {p});
    const LayerId d = b.add("Dropout", "dropout", {f}, {{"p", 0.5}});
    b.add("Dense", "fc", {d}, {{"units", I{10}}});
    const LayerId s = b.add("Input", "seq", {}, {{"shape", IntList{10, 8}}});
    b.add("LSTM", "lstm", {s}, {{"hidden_size", I{16}}});
    const LayerId t = b.add("Input", "tokens", {}, {{"shape", IntList{10, 16}}});
    b.add("MultiHeadAttention", "attn", {t, t, t}, {{"embed_dim", I{16}}, {"num_heads", I{2}}});
    return b.take();
}

LayerId idOf(const Graph& g, const char* name)
{
    for (const Layer& l : g.layers())
        if (l.name == name) return l.id;
    return LayerId{};
}

struct Fixture {
    Graph graph = testNet();
    Analysis analysis = analyze(graph);
    MemoryBreakdown breakdown;
    explicit Fixture(TrainingConfig config = {}) { breakdown = estimate(analysis, config, 0); }
    LayerMemoryExplanation explain(const char* name) const
    {
        auto e = explainLayerMemory(graph, analysis, breakdown, idOf(graph, name));
        if (!e) qFatal("no explanation for %s", name);
        return *e;
    }
};

TrainingConfig configWith(Optimizer o, Framework f = Framework::PyTorch, std::uint64_t batch = 32)
{
    TrainingConfig c;
    c.optimizer = o;
    c.framework = f;
    c.batch = batch;
    return c;
}

} // namespace

void TestExplain::formula_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QString>("quantity");
    QTest::addColumn<QString>("substituted");
    QTest::addColumn<QString>("value");
    // conv1: ⌊(32 + 1 + 1 − 1 × (3 − 1) − 1) / 1⌋ + 1 = 32; 16 × 3/1 × 3 × 3 = 432 weights;
    // MACs = 16·32·32 = 16,384 outputs × 27 = 442,368.
    QTest::newRow("conv output h") << "conv1" << "output h" << "⌊(32 + 1 + 1 − 1 × (3 − 1) − 1) / 1⌋ + 1" << "32";
    QTest::newRow("conv weights") << "conv1" << "weights" << "16 × 3 × 3 × 3" << "432";
    QTest::newRow("conv bias") << "conv1" << "bias" << "16" << "16";
    QTest::newRow("conv MACs") << "conv1" << "MACs" << "16,384 × 27" << "442,368";
    // conv2 on [16, 32, 32], k3, no padding: 30; 32 × 16 × 3 × 3 = 4,608; 28,800 × 144.
    QTest::newRow("conv2 output w") << "conv2" << "output w" << "⌊(32 + 0 + 0 − 1 × (3 − 1) − 1) / 1⌋ + 1" << "30";
    QTest::newRow("conv2 weights") << "conv2" << "weights" << "32 × 16 × 3 × 3" << "4,608";
    QTest::newRow("conv2 MACs") << "conv2" << "MACs" << "28,800 × 144" << "4,147,200";
    // Caffe's rounding up: ⌈(30 − 3) / 2⌉ + 1 = 14 + 1 = 15 (⌊…⌋ would give 14).
    QTest::newRow("pool ceil") << "pool" << "output h" << "⌈(30 + 0 + 0 − 3) / 2⌉ + 1" << "15";
    // fc: 10 units × 32·15·15 = 7,200 inputs.
    QTest::newRow("dense weights") << "fc" << "weights" << "10 × 7,200" << "72,000";
    QTest::newRow("dense output") << "fc" << "output shape" << "" << "[10]";
}

void TestExplain::formula()
{
    QFETCH(QString, layer);
    QFETCH(QString, quantity);
    QFETCH(QString, substituted);
    QFETCH(QString, value);
    const Fixture fx;
    const auto e = fx.explain(layer.toUtf8().constData());
    const Formula* found = nullptr;
    for (const Formula& f : e.formulas)
        if (QString::fromStdString(f.quantity) == quantity) found = &f;
    QVERIFY2(found, qPrintable(quantity));
    if (!substituted.isEmpty()) QCOMPARE(QString::fromStdString(found->substituted), substituted);
    QCOMPARE(QString::fromStdString(found->value), value);
    QCOMPARE(e.roundsUp, layer == QLatin1String("pool"));
}

void TestExplain::kept_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<int>("framework");
    QTest::addColumn<QString>("label");    // a part of the autograd attribute
    QTest::addColumn<int>("why");
    QTest::addColumn<int>("charge");
    QTest::addColumn<QString>("chargedTo");
    QTest::addColumn<qulonglong>("bytesPerSample"); // fp32
    QTest::addColumn<qulonglong>("bytesFixed");
    const int cuda = int(Framework::PyTorch), caffe = int(Framework::Caffe);
    // conv1's input is the mini-batch: counted as the input component, 3·32·32 × 4 B.
    QTest::newRow("conv1 input") << "conv1" << cuda << "ConvolutionBackward0.input" << int(KeptWhy::InputForWeightGradient)
                                 << int(KeptCharge::ModelInput) << "" << 12288ull << 0ull;
    // bn1 keeps its input (conv1's output, 16·32·32 × 4 B, kept by nobody before) and the
    // batch statistics, 16 float32 each, fixed.
    QTest::newRow("bn input") << "bn1" << cuda << "NativeBatchNormBackward0.input" << int(KeptWhy::InputForWeightGradient)
                              << int(KeptCharge::Here) << "" << 65536ull << 0ull;
    QTest::newRow("bn mean") << "bn1" << cuda << "save_mean" << int(KeptWhy::NormStatistics) << int(KeptCharge::Here) << ""
                             << 0ull << 64ull;
    // relu1 (in place) keeps its output, a new storage of bn1: 16,384 × 4 B.
    QTest::newRow("relu output") << "relu1" << cuda << "ReluBackward0.result" << int(KeptWhy::OutputGradientMask)
                                 << int(KeptCharge::Here) << "" << 65536ull << 0ull;
    // conv2 keeps its input — relu1's output, which relu1 kept first: charged there.
    QTest::newRow("conv2 input charged before") << "conv2" << cuda << "ConvolutionBackward0.input"
                                                << int(KeptWhy::InputForWeightGradient) << int(KeptCharge::EarlierLayer)
                                                << "relu1" << 65536ull << 0ull;
    // pool keeps its input (relu2's output, kept by relu2) and int64 indices: 32·15·15 × 8 B.
    QTest::newRow("pool input charged before") << "pool" << cuda << "MaxPool2DWithIndicesBackward0.self"
                                               << int(KeptWhy::InputForDerivative) << int(KeptCharge::EarlierLayer) << "relu2"
                                               << 115200ull << 0ull;
    QTest::newRow("pool indices") << "pool" << cuda << "indices" << int(KeptWhy::PoolIndices) << int(KeptCharge::Here) << ""
                                  << 57600ull << 0ull;
    // Caffe keeps an int32 index per output: 7,200 × 4 B.
    QTest::newRow("caffe pool indices") << "pool" << caffe << "max_idx_" << int(KeptWhy::PoolIndices) << int(KeptCharge::Here)
                                        << "" << 28800ull << 0ull;
    // dropout on CUDA: a 1-byte mask per element (7,200 B); on the CPU a float noise tensor.
    QTest::newRow("dropout mask cuda") << "dropout" << cuda << "mask" << int(KeptWhy::DropoutMask) << int(KeptCharge::Here) << ""
                                       << 7200ull << 0ull;
    QTest::newRow("dropout noise cpu") << "dropout" << int(Framework::PyTorchCpu) << "noise" << int(KeptWhy::DropoutMask)
                                       << int(KeptCharge::Here) << "" << 28800ull << 0ull;
    // fc keeps its input (dropout's output, new): 7,200 × 4 B.
    QTest::newRow("dense input") << "fc" << cuda << "AddmmBackward0.mat1" << int(KeptWhy::InputForWeightGradient)
                                 << int(KeptCharge::Here) << "" << 28800ull << 0ull;
    // attention keeps q / √d: S·E = 10·16 elements × 4 B, and k and v: 2·10·16 × 4 B.
    QTest::newRow("attention q") << "attn" << cuda << "q / √d" << int(KeptWhy::Other) << int(KeptCharge::Here) << "" << 640ull
                                 << 0ull;
    QTest::newRow("attention k v") << "attn" << cuda << "k and v" << int(KeptWhy::Other) << int(KeptCharge::Here) << ""
                                   << 1280ull << 0ull;
}

void TestExplain::kept()
{
    QFETCH(QString, layer);
    QFETCH(int, framework);
    QFETCH(QString, label);
    QFETCH(int, why);
    QFETCH(int, charge);
    QFETCH(QString, chargedTo);
    QFETCH(qulonglong, bytesPerSample);
    QFETCH(qulonglong, bytesFixed);
    const Fixture fx(configWith(Optimizer::Adam, static_cast<Framework>(framework)));
    const auto e = fx.explain(layer.toUtf8().constData());
    const KeptTensorNote* found = nullptr;
    for (const KeptTensorNote& n : e.kept)
        if (QString::fromStdString(n.label).contains(label)) found = &n;
    QVERIFY2(found, qPrintable(label));
    QCOMPARE(int(found->why), why);
    QCOMPARE(int(found->charge), charge);
    QCOMPARE(QString::fromStdString(found->chargedToName), chargedTo);
    QCOMPARE(qulonglong(e.bytesPerSample(*found)), bytesPerSample);
    QCOMPARE(qulonglong(e.bytesFixed(*found)), bytesFixed);
}

void TestExplain::memory_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<int>("optimizer");
    QTest::addColumn<int>("component");
    QTest::addColumn<qulonglong>("fixed");
    QTest::addColumn<qulonglong>("perSample");
    const int adam = int(Optimizer::Adam), sgd = int(Optimizer::Sgd), momentum = int(Optimizer::SgdMomentum);
    const int w = int(Component::Weights), g = int(Component::Gradients), s = int(Component::OptimizerState),
              a = int(Component::Activations);
    // conv1: 432 + 16 = 448 weights × 4 B.
    QTest::newRow("conv1 weights") << "conv1" << adam << w << 1792ull << 0ull;
    QTest::newRow("conv1 gradients") << "conv1" << adam << g << 1792ull << 0ull;
    // Adam: 2 moments × 448 × 4 B + a 4-byte step per tensor (weight, bias) = 3,584 + 8.
    QTest::newRow("conv1 adam") << "conv1" << adam << s << 3592ull << 0ull;
    // SGD without momentum keeps nothing; with momentum one buffer: 448 × 4 B.
    QTest::newRow("conv1 sgd") << "conv1" << sgd << s << 0ull << 0ull;
    QTest::newRow("conv1 momentum") << "conv1" << momentum << s << 1792ull << 0ull;
    // conv2 keeps nothing of its own (its input is relu1's); conv1's is the mini-batch.
    QTest::newRow("conv2 activations") << "conv2" << adam << a << 0ull << 0ull;
    // bn1: weight + bias 32 learnable, running mean + var 16 each (4 B) + num_batches_tracked
    // (int64, 8 B) = 128 + 128 + 8 = 264 B; keeps its input 65,536 B per sample and the two
    // statistics, 2 × 16 × 4 B fixed.
    QTest::newRow("bn weights") << "bn1" << adam << w << 264ull << 0ull;
    QTest::newRow("bn activations") << "bn1" << adam << a << 128ull << 65536ull;
    // pool: only its indices are its own, 7,200 × 8 B.
    QTest::newRow("pool activations") << "pool" << adam << a << 0ull << 57600ull;
    // LSTM 8 → 16: 4·16 × (8 + 16) weights + 2 × 4·16 biases = 1,536 + 128 = 1,664 × 4 B.
    QTest::newRow("lstm weights") << "lstm" << adam << w << 6656ull << 0ull;
    // attention 16 wide: in_proj 3·16·16 + 48, out_proj 16·16 + 16 = 1,088 × 4 B; Adam's
    // state 2 × 1,088 × 4 B + 4 tensors × 4 B.
    QTest::newRow("attention weights") << "attn" << adam << w << 4352ull << 0ull;
    QTest::newRow("attention adam") << "attn" << adam << s << 8720ull << 0ull;
}

void TestExplain::memory()
{
    QFETCH(QString, layer);
    QFETCH(int, optimizer);
    QFETCH(int, component);
    QFETCH(qulonglong, fixed);
    QFETCH(qulonglong, perSample);
    const Fixture fx(configWith(static_cast<Optimizer>(optimizer)));
    const auto e = fx.explain(layer.toUtf8().constData());
    const AffineBytes b = e[static_cast<Component>(component)];
    QCOMPARE(qulonglong(b.fixed), fixed);
    QCOMPARE(qulonglong(b.perSample), perSample);
    // What the layer keeps, tensor by tensor, adds up to its activations row.
    if (static_cast<Component>(component) == Component::Activations) {
        AffineBytes sum;
        for (const KeptTensorNote& n : e.kept)
            if (n.charge == KeptCharge::Here) sum += AffineBytes{e.bytesFixed(n), e.bytesPerSample(n)};
        QCOMPARE(qulonglong(sum.perSample), perSample);
        QCOMPARE(qulonglong(sum.fixed), fixed);
    }
}

void TestExplain::componentSharesSumToTheComponent()
{
    const Fixture fx;
    for (Component c : {Component::Weights, Component::Gradients, Component::OptimizerState, Component::Activations}) {
        AffineBytes sum;
        for (const ComponentShare& s : componentShares(fx.graph, fx.breakdown, c)) {
            QVERIFY(s.bytes.fixed || s.bytes.perSample);
            sum += s.bytes;
        }
        QCOMPARE(sum, fx.breakdown[c]);
    }
    // conv2 keeps nothing of its own: it has no activations share.
    for (const ComponentShare& s : componentShares(fx.graph, fx.breakdown, Component::Activations))
        QVERIFY(s.name != "conv2");
    QVERIFY(componentShares(fx.graph, fx.breakdown, Component::Input).empty());
}

void TestExplain::unknownLayerHasNoExplanation()
{
    const Fixture fx;
    QVERIFY(!explainLayerMemory(fx.graph, fx.analysis, fx.breakdown, LayerId{9999}));
}

QTEST_APPLESS_MAIN(TestExplain)
#include "tst_explain.moc"
