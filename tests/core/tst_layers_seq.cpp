// The sequence kinds one layer at a time: output shapes, parameter counts (PyTorch's state_dict),
// MACs, errors, and the PyTorch-CPU elements kept for backward where they were measured with
// torch 1.13 (saved_tensors_hooks, distinct storages, model input excluded, B = 2 vs 4).
#include "core/analysis/Analysis.h"
#include "core/analysis/ExplainLayer.h"
#include "core/graph/GraphBuilder.h"
#include "core/layers/KindRegistry.h"

#include <QtTest>

using namespace netsizer::core;

class TestLayersSeq : public QObject {
    Q_OBJECT
private slots:
    void layer_data();
    void layer();
    void explainSubstitutesValues();
    void lstmParameterNames();
    void kindsAreDescribed();
};

namespace {
using I = std::int64_t;
struct In {
    IntList shape;
    const char* dtype = "float32";
};
struct Case {
    const char* name;
    const char* kind;
    std::vector<In> inputs;
    std::vector<std::pair<std::string, AttrValue>> attrs;
    const char* error = "";   // expected error code; empty: must analyse
    const char* shape = "";   // output 0, Shape::toString()
    int outputs = 1;
    Count params = 0;
    Count macs = 0;
    long long cpuSaved = -1;  // PyTorch CPU elements kept per sample (fp32), -1: not checked
    Count cpuFixedBytes = 0;
};

const std::vector<Case>& cases()
{
    const In seq{{7, 5}};       // T = 7, F = 5 (the torch 1.13 measurements)
    const In tokens{{35}, "int64"};
    static const std::vector<Case> all = {
        {"embedding", "Embedding", {tokens}, {{"num_embeddings", I{10000}}, {"embedding_dim", I{256}}}, "", "[35, 256]", 1, 2560000, 0, 0},
        {"embedding float ids", "Embedding", {In{{35}}}, {}, "dtype"},
        {"positional add", "PositionalEmbedding", {In{{128, 512}}}, {}, "", "[128, 512]", 1, 65536, 0, 0},
        {"positional lookup", "PositionalEmbedding", {In{{100, 768}}}, {{"num_positions", I{1024}}, {"lookup", true}}, "", "[100, 768]", 1, 786432, 0, 0, 800},
        {"positional too short", "PositionalEmbedding", {In{{128, 512}}}, {{"num_positions", I{64}}}, "shape"},
        {"positional rank", "PositionalEmbedding", {In{{512}}}, {}, "shape"},
        // torchvision vit_b_16: class_token [1, 1, 768] before 196 patches; DeiT's two tokens.
        {"class token", "ClassToken", {In{{196, 768}}}, {}, "", "[197, 768]", 1, 768, 0, 0},
        {"class and distillation tokens", "ClassToken", {In{{196, 384}}}, {{"tokens", I{2}}}, "", "[198, 384]", 1, 768, 0, 0},
        {"class token rank", "ClassToken", {In{{768}}}, {}, "shape"},
        {"class token ids", "ClassToken", {In{{196, 768}, "int64"}}, {}, "dtype"},
        {"layernorm", "LayerNorm", {In{{128, 512}}}, {}, "", "[128, 512]", 1, 1024, 65536, 256},
        // Nothing needs a gradient (no parameters, a model input): autograd records nothing.
        {"layernorm no affine", "LayerNorm", {In{{128, 512}}}, {{"elementwise_affine", false}}, "", "[128, 512]", 1, 0, 0, 0},
        {"layernorm 2 dims", "LayerNorm", {In{{4, 8, 16}}}, {{"normalized_dims", I{2}}}, "", "[4, 8, 16]", 1, 256, 512, 8},
        {"layernorm too many dims", "LayerNorm", {In{{128, 512}}}, {{"normalized_dims", I{3}}}, "shape"},
        {"gelu", "GELU", {In{{10, 20}}}, {}, "", "[10, 20]", 1, 0, 0, 0},
        {"gelu tanh on ids", "GELU", {tokens}, {{"approximate", std::string("tanh")}}, "dtype"},
        // 4·512·(256+512+2) + 4·512·(512+512+2); MACs 35 × 2048 × (768 + 1024).
        {"lstm 256-512 x2", "LSTM", {In{{35, 256}}}, {{"hidden_size", I{512}}, {"num_layers", I{2}}}, "", "[35, 512]", 1, 1576960 + 2101248, 128450560},
        {"lstm", "LSTM", {seq}, {{"hidden_size", I{6}}}, "", "[7, 6]", 1, 312, 7 * 24 * 11, 329},
        {"lstm not batch_first", "LSTM", {seq}, {{"hidden_size", I{6}}, {"batch_first", false}}, "", "[7, 6]", 1, 312, 7 * 24 * 11, 294},
        {"lstm bidirectional last", "LSTM", {seq}, {{"hidden_size", I{6}}, {"bidirectional", true}, {"return_sequences", false}}, "", "[12]", 1, 624, 2 * 7 * 24 * 11, 658},
        {"lstm bi x2", "LSTM", {seq}, {{"hidden_size", I{6}}, {"bidirectional", true}, {"num_layers", I{2}}}, "", "[7, 12]", 1, 624 + 2 * 24 * 20, 2 * 7 * 24 * 11 + 2 * 7 * 24 * 18, 1330},
        {"lstm bi x2 dropout", "LSTM", {seq}, {{"hidden_size", I{6}}, {"bidirectional", true}, {"num_layers", I{2}}, {"dropout", 0.3}}, "", "[7, 12]", 1, 624 + 2 * 24 * 20, 2 * 7 * 24 * 11 + 2 * 7 * 24 * 18, 1414},
        {"lstm states", "LSTM", {seq}, {{"hidden_size", I{6}}, {"num_layers", I{3}}, {"state_outputs", true}}, "", "[7, 6]", 3, 312 + 2 * 24 * 14, 7 * 24 * 11 + 2 * 7 * 24 * 12},
        {"gru", "GRU", {seq}, {{"hidden_size", I{6}}}, "", "[7, 6]", 1, 234, 7 * 18 * 11, 329},
        {"gru no bias", "GRU", {seq}, {{"hidden_size", I{6}}, {"bias", false}}, "", "[7, 6]", 1, 198, 7 * 18 * 11, 329},
        {"gru x2", "GRU", {seq}, {{"hidden_size", I{6}}, {"num_layers", I{2}}, {"state_outputs", true}}, "", "[7, 6]", 2, 234 + 18 * 14, 7 * 18 * 11 + 7 * 18 * 12, 665},
        {"rnn tanh", "RNN", {seq}, {{"hidden_size", I{6}}}, "", "[7, 6]", 1, 78, 7 * 6 * 11, 83},
        {"rnn relu", "RNN", {seq}, {{"hidden_size", I{6}}, {"nonlinearity", std::string("relu")}}, "", "[7, 6]", 1, 78, 7 * 6 * 11, 83},
        {"rnn x2 dropout", "RNN", {seq}, {{"hidden_size", I{6}}, {"num_layers", I{2}}, {"dropout", 0.3}}, "", "[7, 6]", 1, 78 + 84, 7 * 6 * 11 + 7 * 6 * 12, 215},
        {"lstm overflow", "LSTM", {In{{1000, 1000000}}}, {{"hidden_size", I{1000000000}}}, "overflow"},
        {"positional overflow", "PositionalEmbedding", {In{{2, 1000000}}}, {{"num_positions", I{1000000000}}}, "overflow"},
        {"embedding overflow", "Embedding", {tokens}, {{"num_embeddings", I{1000000000000}}, {"embedding_dim", I{1000000000}}}, "overflow"},
        {"mha overflow", "MultiHeadAttention", {In{{1000, 100000000}}}, {{"embed_dim", I{100000000}}, {"num_heads", I{1}}}, "overflow"},
        {"lstm rank 1", "LSTM", {In{{35}}}, {}, "shape"},
        {"lstm on ids", "LSTM", {In{{35, 4}, "int64"}}, {}, "dtype"},
        // 3E² + 3E + E² + E; MACs 2·S·E² + 2·S·E² + 2·S²·E.
        {"mha 512/8", "MultiHeadAttention", {In{{128, 512}}}, {}, "", "[128, 512]", 1, 1050624, 150994944},
        {"mha self dropout", "MultiHeadAttention", {In{{5, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"dropout", 0.1}}, "", "[5, 8]", 1, 288, 4 * 5 * 64 + 2 * 25 * 8, 350, 8},
        {"mha self no dropout", "MultiHeadAttention", {In{{5, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}}, "", "[5, 8]", 1, 288, 4 * 5 * 64 + 2 * 25 * 8, 250, 8},
        {"mha causal", "MultiHeadAttention", {In{{5, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"dropout", 0.1}, {"causal", true}}, "", "[5, 8]", 1, 288, 4 * 5 * 64 + 2 * 25 * 8, 350, 8},
        {"mha seq first", "MultiHeadAttention", {In{{5, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"dropout", 0.1}, {"batch_first", false}}, "", "[5, 8]", 1, 288, 4 * 5 * 64 + 2 * 25 * 8, 310, 8},
        {"mha q k v", "MultiHeadAttention", {In{{5, 8}}, In{{7, 8}}, In{{7, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"dropout", 0.1}}, "", "[5, 8]", 1, 288, 2 * 5 * 64 + 2 * 7 * 64 + 2 * 35 * 8, 554, 8},
        {"mha need weights", "MultiHeadAttention", {In{{5, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"need_weights", true}}, "", "[5, 8]", 2, 288, 4 * 5 * 64 + 2 * 25 * 8, 250, 16},
        {"mha no bias", "MultiHeadAttention", {In{{5, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"bias", false}}, "", "[5, 8]", 1, 256, 4 * 5 * 64 + 2 * 25 * 8},
        {"mha heads do not divide", "MultiHeadAttention", {In{{128, 512}}}, {{"num_heads", I{7}}}, "attribute"},
        {"mha width mismatch", "MultiHeadAttention", {In{{128, 256}}}, {}, "shape"},
        {"mha causal cross", "MultiHeadAttention", {In{{5, 8}}, In{{7, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}, {"causal", true}}, "attribute"},
        {"mha key value lengths", "MultiHeadAttention", {In{{5, 8}}, In{{7, 8}}, In{{6, 8}}}, {{"embed_dim", I{8}}, {"num_heads", I{2}}}, "shape"},
        {"mean seq", "Mean", {In{{128, 512}}}, {}, "", "[512]", 1, 0, 65536},
        {"mean keepdims last", "Mean", {In{{128, 512}}}, {{"axis", I{-1}}, {"keepdims", true}}, "", "[128, 1]", 1, 0, 65536},
        {"mean batch axis", "Mean", {In{{128, 512}}}, {{"axis", I{0}}}, "attribute"},
        {"tied head", "TiedDense", {In{{35, 512}}}, {{"units", I{10000}}}, "", "[35, 10000]", 1, 0, 179200000},
        {"tied head bias", "TiedDense", {In{{35, 512}}}, {{"units", I{10000}}, {"bias", true}}, "", "[35, 10000]", 1, 10000, 179200000},
    };
    return all;
}

// One layer fed by Input layers; the attributes are set directly (typed as the kind wants them).
Analysis analyseCase(const Case& c, LayerId& id, Graph& g)
{
    GraphBuilder b;
    std::vector<PortRef> ins;
    for (const auto& in : c.inputs)
        ins.push_back({b.add("Input", "in", {}, {{"shape", in.shape}, {"dtype", std::string(in.dtype)}}), 0});
    id = b.add(c.kind, "layer", ins);
    g = b.take();
    Layer* layer = g.find(id);
    for (const auto& [name, value] : c.attrs) {
        const int i = layer->kind->paramIndex(name);
        Q_ASSERT(i >= 0);
        layer->attrs[static_cast<std::size_t>(i)] = value;
    }
    return analyze(g);
}

const Case& caseNamed(const char* name)
{
    for (const auto& c : cases())
        if (std::string(c.name) == name) return c;
    Q_ASSERT(false);
    return cases()[0];
}

const LayerAnalysis* find(const Analysis& a, LayerId id)
{
    for (const auto& la : a.layers)
        if (la.id == id) return &la;
    return nullptr;
}
} // namespace

void TestLayersSeq::layer_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i) QTest::newRow(cases()[i].name) << static_cast<int>(i);
}

void TestLayersSeq::layer()
{
    QFETCH(int, index);
    const Case& c = cases()[static_cast<std::size_t>(index)];
    LayerId id{};
    Graph g;
    const Analysis a = analyseCase(c, id, g);
    const LayerAnalysis* la = find(a, id);
    QVERIFY(la);
    if (*c.error) {
        QVERIFY2(la->error != nullptr, "expected an error");
        QCOMPARE(QString::fromStdString(la->error->code), QString(c.error));
        QCOMPARE(QString::fromStdString(la->error->path), QString("layer"));
        return;
    }
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(static_cast<int>(la->result.outputs.size()), c.outputs);
    QCOMPARE(QString::fromStdString(la->result.outputs[0].shape.toString()), QString(c.shape));
    QCOMPARE(la->learnableParams, c.params);
    QCOMPARE(la->result.macs, c.macs);
    if (c.cpuSaved >= 0) {
        const ElemCounts& kept = a.activations[static_cast<int>(Profile::PyTorchCpu)];
        QCOMPARE(kept.bytesPerSample(4) / 4, static_cast<Count>(c.cpuSaved));
        QCOMPARE(kept.bytesFixed(4), c.cpuFixedBytes);
    }
    const auto formulas = explainLayer(g, a, id);
    QVERIFY(formulas.size() >= 2);
    for (const auto& f : formulas) QVERIFY2(!f.quantity.empty() && !f.value.empty(), f.quantity.c_str());
}

void TestLayersSeq::explainSubstitutesValues()
{
    const Case& c = caseNamed("lstm 256-512 x2");
    LayerId id{};
    Graph g;
    const Analysis a = analyseCase(c, id, g);
    QVERIFY(a.ok());
    bool layer0 = false, layer1 = false;
    for (const auto& formula : explainLayer(g, a, id)) {
        if (formula.substituted == "4 × 512 × (256 + 512 + 2)" && formula.value == "1,576,960") layer0 = true;
        if (formula.substituted == "4 × 512 × (512 + 512 + 2)" && formula.value == "2,101,248") layer1 = true;
    }
    QVERIFY(layer0);
    QVERIFY(layer1);
}

void TestLayersSeq::lstmParameterNames()
{
    LayerId id{};
    Graph g;
    const Analysis a = analyseCase(caseNamed("lstm bi x2"), id, g);
    QVERIFY(a.ok());
    const auto& params = find(a, id)->result.params;
    QCOMPARE(params.size(), std::size_t{16});
    QCOMPARE(QString(params[0].name), QString("weight_ih_l0"));
    QCOMPARE(QString(params[4].name), QString("weight_ih_l0_reverse"));
    QCOMPARE(QString(params[15].name), QString("bias_hh_l1_reverse"));
    QCOMPARE(params[8].numel, Count{24 * 12}); // weight_ih_l1: 4H × 2H
}

// What the palette, property panel and file formats read: every attribute described, every
// default valid, aliases resolving to the kind.
void TestLayersSeq::kindsAreDescribed()
{
    const KindRegistry& registry = KindRegistry::builtin();
    const std::vector<std::pair<const char*, const char*>> kinds = {
        {"Embedding", "Embed"}, {"PositionalEmbedding", ""}, {"LayerNorm", ""}, {"GELU", ""},
        {"RNN", ""}, {"LSTM", ""}, {"GRU", ""}, {"MultiHeadAttention", "MultiheadAttention"},
        {"Mean", "ReduceMean"}, {"TiedDense", "LMHead"},
    };
    for (const auto& [id, alias] : kinds) {
        const LayerKind* k = registry.find(id);
        QVERIFY2(k, id);
        if (*alias) QCOMPARE(registry.find(alias), k);
        QVERIFY(!k->displayName.empty() && !k->category.empty() && !k->description.empty());
        QVERIFY(k->analyze && k->explain);
        std::string message;
        for (const auto& p : k->params) {
            QVERIFY2(!p.help.empty(), (std::string(id) + "." + p.name).c_str());
            QVERIFY2(validateAttr(p, p.defaultValue, message), (std::string(id) + "." + p.name + ": " + message).c_str());
        }
    }
}

QTEST_APPLESS_MAIN(TestLayersSeq)
#include "tst_layers_seq.moc"
