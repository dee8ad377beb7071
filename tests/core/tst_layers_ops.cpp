// The op-level kinds (Permute, MatMul, Elementwise, Select, Narrow, Reshape's copy) one layer at a
// time, then assembled: output shapes, MACs, errors, and the PyTorch-CPU elements each layer is
// the first to keep for backward, derived by hand from derivatives.yaml (each kind's header).
// Every operand comes out of a Dense, so it needs a gradient and is not the model input (which
// autograd never charges to a layer). An attention block built from these kinds keeps exactly
// what torch 1.13's nn.MultiheadAttention keeps (../shared/truth transformer_encoder_cls).
#include "core/analysis/Analysis.h"
#include "core/analysis/ExplainLayer.h"
#include "core/estimate/Estimator.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"
#include "core/layers/KindRegistry.h"

#include <QtTest>

using namespace netsizer::core;

class TestLayersOps : public QObject {
    Q_OBJECT
private slots:
    void layer_data();
    void layer();
    void viewsPinTheirBaseStorage();
    void reshapeCopyIsANewStorage();
    void reshapeWithoutCopyStillLoads();
    void attentionBlockKeepsWhatMultiheadAttentionKeeps();
    void tensorflowRules();
    void mixedPrecisionPolicies();
    void explainShowsOpAndFormula();
    void addTensorClaimsItsTable();
    void matmulCopiesStridedOperands();
};

namespace {
using I = std::int64_t;
constexpr int kCpu = static_cast<int>(Profile::PyTorchCpu);

struct Case {
    const char* name;
    const char* kind;
    std::vector<IntList> inputs; // per-sample shapes, each produced by a Dense
    std::vector<std::pair<std::string, AttrValue>> attrs;
    const char* error = ""; // expected error code; empty: must analyse
    const char* shape = ""; // output 0, Shape::toString()
    Count macs = 0;
    Count cpuSaved = 0;     // PyTorch CPU elements this layer is the first to keep, per sample
    const char* dtype = "float32"; // "int64": the inputs are token ids straight from Input layers
};

AttrValue op(const char* name) { return std::string(name); }

const std::vector<Case>& cases()
{
    const IntList x{10, 20}; // 200 elements
    static const std::vector<Case> all = {
        // Permute: a view, nothing kept, no MACs.
        {"permute 3d", "Permute", {{4, 5, 6}}, {{"dims", IntList{2, 0, 1}}}, "", "[6, 4, 5]"},
        {"permute rank 1", "Permute", {{7}}, {{"dims", IntList{0}}}, "", "[7]"},
        {"permute default swaps", "Permute", {{3, 9}}, {}, "", "[9, 3]"},
        {"permute too short", "Permute", {{4, 5, 6}}, {{"dims", IntList{1, 0}}}, "attribute"},
        {"permute repeats", "Permute", {{4, 5}}, {{"dims", IntList{0, 0}}}, "attribute"},
        {"permute out of range", "Permute", {{4, 5}}, {{"dims", IntList{0, 2}}}, "attribute"},
        // MatMul: MACs = output × k; BmmBackward0 keeps self and mat2.
        // Q·Kᵀ: 8 × 128 × 128 × 64 MACs; keeps 8·128·64 + 8·64·128.
        {"matmul q k", "MatMul", {{8, 128, 64}, {8, 64, 128}}, {}, "", "[8, 128, 128]", 8388608, 131072},
        {"matmul 2d", "MatMul", {{3, 4}, {4, 5}}, {}, "", "[3, 5]", 60, 12 + 20},
        // [2, 1] and [5] broadcast to [2, 5]: out [2, 5, 3, 6] = 180 × 4 MACs. Both operands are
        // stretched, so bmm keeps their expanded copies: 10 × 3 × 4 and 10 × 4 × 6.
        {"matmul broadcast", "MatMul", {{2, 1, 3, 4}, {5, 4, 6}}, {}, "", "[2, 5, 3, 6]", 720, 120 + 240},
        // Only the first operand is stretched ([1] to [3]); the second is kept as it is.
        {"matmul broadcast one side", "MatMul", {{1, 2, 4}, {3, 4, 2}}, {}, "", "[3, 2, 2]", 48, 24 + 24},
        {"matmul inner mismatch", "MatMul", {{3, 4}, {5, 6}}, {}, "shape"},
        {"matmul leading mismatch", "MatMul", {{2, 3, 4}, {3, 4, 5}}, {}, "shape"},
        {"matmul rank 1", "MatMul", {{4}, {4, 5}}, {}, "shape"},
        {"matmul one input", "MatMul", {{4, 4}}, {}, "input_count"},
        {"matmul on ids", "MatMul", {{4, 4}, {4, 4}}, {}, "dtype", "", 0, 0, "int64"},
        // Elementwise on [10, 20]: 200 MACs; kept per derivatives.yaml (Elementwise.cpp).
        {"add", "Elementwise", {x}, {{"op", op("add")}}, "", "[10, 20]", 200, 0},
        {"add constant first", "Elementwise", {x}, {{"op", op("add")}, {"constant_first", true}}, "", "[10, 20]", 200, 0},
        {"sub", "Elementwise", {x}, {{"op", op("sub")}}, "", "[10, 20]", 200, 0},
        {"sub constant first", "Elementwise", {x}, {{"op", op("sub")}, {"constant_first", true}}, "", "[10, 20]", 200, 0},
        {"mul", "Elementwise", {x}, {{"op", op("mul")}, {"constant", 0.5}}, "", "[10, 20]", 200, 0},
        {"mul constant first", "Elementwise", {x}, {{"op", op("mul")}, {"constant_first", true}}, "", "[10, 20]", 200, 0},
        {"div", "Elementwise", {x}, {{"op", op("div")}, {"constant", 8.0}}, "", "[10, 20]", 200, 0},
        {"div constant first", "Elementwise", {x}, {{"op", op("div")}, {"constant_first", true}}, "", "[10, 20]", 200, 200},
        {"pow", "Elementwise", {x}, {{"op", op("pow")}, {"constant", 2.0}}, "", "[10, 20]", 200, 200},
        // c ^ x keeps the exponent (the input) and the result (the output).
        {"pow constant first", "Elementwise", {x}, {{"op", op("pow")}, {"constant_first", true}}, "", "[10, 20]", 200, 400},
        {"sqrt", "Elementwise", {x}, {{"op", op("sqrt")}}, "", "[10, 20]", 200, 200},
        {"rsqrt", "Elementwise", {x}, {{"op", op("rsqrt")}}, "", "[10, 20]", 200, 200},
        {"exp", "Elementwise", {x}, {{"op", op("exp")}}, "", "[10, 20]", 200, 200},
        {"log", "Elementwise", {x}, {{"op", op("log")}}, "", "[10, 20]", 200, 200},
        {"erf", "Elementwise", {x}, {{"op", op("erf")}}, "", "[10, 20]", 200, 200},
        {"neg", "Elementwise", {x}, {{"op", op("neg")}}, "", "[10, 20]", 200, 0},
        {"abs", "Elementwise", {x}, {{"op", op("abs")}}, "", "[10, 20]", 200, 200},
        {"reciprocal", "Elementwise", {x}, {{"op", op("reciprocal")}}, "", "[10, 20]", 200, 200},
        // A unary op ignores constant_first.
        {"exp constant first", "Elementwise", {x}, {{"op", op("exp")}, {"constant_first", true}}, "", "[10, 20]", 200, 200},
        {"unknown op", "Elementwise", {x}, {{"op", op("tan")}}, "bad_attribute"},
        {"elementwise on ids", "Elementwise", {{12}}, {}, "dtype", "", 0, 0, "int64"},
        // Select: the axis is dropped; a view.
        {"select class token", "Select", {{197, 768}}, {{"axis", I{1}}, {"index", I{0}}}, "", "[768]"},
        {"select last of last", "Select", {{4, 5, 6}}, {{"axis", I{-1}}, {"index", I{-1}}}, "", "[4, 5]"},
        {"select to scalar", "Select", {{5}}, {{"axis", I{1}}, {"index", I{4}}}, "", "[1]"},
        {"select batch axis", "Select", {{4, 5}}, {{"axis", I{0}}}, "attribute"},
        {"select axis past the end", "Select", {{4, 5}}, {{"axis", I{3}}}, "attribute"},
        {"select index too large", "Select", {{4, 5}}, {{"axis", I{2}}, {"index", I{5}}}, "attribute"},
        {"select index too negative", "Select", {{4, 5}}, {{"axis", I{2}}, {"index", I{-6}}}, "attribute"},
        // Narrow: the axis is cut to `length`; a view.
        {"narrow q", "Narrow", {{128, 1536}}, {{"axis", I{2}}, {"start", I{0}}, {"length", I{512}}}, "", "[128, 512]"},
        {"narrow v", "Narrow", {{128, 1536}}, {{"axis", I{-1}}, {"start", I{1024}}, {"length", I{512}}}, "", "[128, 512]"},
        {"narrow middle axis", "Narrow", {{4, 6, 8}}, {{"axis", I{2}}, {"start", I{1}}, {"length", I{4}}}, "", "[4, 4, 8]"},
        {"narrow too long", "Narrow", {{128, 1536}}, {{"axis", I{2}}, {"start", I{1024}}, {"length", I{513}}}, "attribute"},
        {"narrow starts past the end", "Narrow", {{128, 1536}}, {{"axis", I{2}}, {"start", I{1536}}}, "attribute"},
        {"narrow batch axis", "Narrow", {{128, 1536}}, {{"axis", I{0}}}, "attribute"},
        // Narrow with a step: ⌈length / step⌉ indices (Swin's PatchMerging x[:, 0::2, 1::2, :]).
        {"narrow every second row", "Narrow", {{56, 56, 96}}, {{"axis", I{1}}, {"start", I{0}}, {"length", I{56}}, {"step", I{2}}}, "", "[28, 56, 96]"},
        {"narrow odd columns", "Narrow", {{56, 56, 96}}, {{"axis", I{2}}, {"start", I{1}}, {"length", I{55}}, {"step", I{2}}}, "", "[56, 28, 96]"},
        {"narrow every third of seven", "Narrow", {{7}}, {{"axis", I{1}}, {"start", I{0}}, {"length", I{7}}, {"step", I{3}}}, "", "[3]"},
        // AddTensor: a batch-free tensor broadcast over the input; nothing kept, one MAC per element.
        {"relative position bias", "AddTensor", {{64, 3, 49, 49}}, {{"shape", IntList{3, 49, 49}}, {"learned", I{507}}}, "",
         "[64, 3, 49, 49]", 460992, 0},
        {"shifted window mask", "AddTensor", {{64, 3, 49, 49}}, {{"shape", IntList{64, 1, 49, 49}}, {"op", op("sub")}}, "",
         "[64, 3, 49, 49]", 460992, 0},
        {"tensor does not broadcast", "AddTensor", {{64, 3, 49, 49}}, {{"shape", IntList{4, 49, 49}}}, "attribute"},
        {"tensor of a higher rank", "AddTensor", {{49, 49}}, {{"shape", IntList{3, 49, 49}}}, "attribute"},
        {"tensor added to ids", "AddTensor", {{12}}, {}, "dtype", "", 0, 0, "int64"},
        // Reshape: a view by default, a copy when asked; neither keeps anything.
        {"reshape view", "Reshape", {{4, 6}}, {{"shape", IntList{24}}}, "", "[24]"},
        {"reshape copy", "Reshape", {{4, 6}}, {{"shape", IntList{2, -1}}, {"copy", true}}, "", "[2, 12]"},
    };
    return all;
}

// Sets `attrs` on layer `id` by name (typed as the kind wants them).
void setAttrs(Graph& g, LayerId id, const std::vector<std::pair<std::string, AttrValue>>& attrs)
{
    Layer* layer = g.find(id);
    for (const auto& [name, value] : attrs) {
        const int i = layer->kind->paramIndex(name);
        Q_ASSERT(i >= 0);
        layer->attrs[static_cast<std::size_t>(i)] = value;
    }
}

// One Input → Dense(last axis, same width) per operand, then the layer under test.
Graph caseGraph(const Case& c, LayerId& id)
{
    GraphBuilder b;
    std::vector<PortRef> ins;
    for (std::size_t i = 0; i < c.inputs.size(); ++i) {
        const IntList& s = c.inputs[i];
        const std::string n = std::to_string(i);
        LayerId x = b.add("Input", "in" + n, {}, {{"shape", s}, {"dtype", std::string(c.dtype)}});
        if (std::string(c.dtype) == "float32") x = b.add("Dense", "pre" + n, {x}, {{"units", s.back()}});
        ins.push_back({x, 0});
    }
    id = b.add(c.kind, "layer", ins);
    Graph g = b.take();
    setAttrs(g, id, c.attrs);
    return g;
}

const LayerAnalysis* find(const Analysis& a, LayerId id)
{
    for (const auto& la : a.layers)
        if (la.id == id) return &la;
    return nullptr;
}

Count cpuKeptElements(const LayerAnalysis& la) { return la.kept[kCpu].bytesPerSample(4) / 4; }

// The PyTorch-CPU activations of a training step, per sample and fixed, in fp32 bytes.
AffineBytes cpuActivations(const Graph& g)
{
    const Analysis a = analyze(g);
    if (!a.ok()) qFatal("%s", a.errors[0].describe().c_str());
    TrainingConfig cfg;
    cfg.framework = Framework::PyTorchCpu;
    cfg.batch = 2;
    return estimate(a, cfg, 0)[Component::Activations];
}
} // namespace

void TestLayersOps::layer_data()
{
    QTest::addColumn<int>("index");
    for (std::size_t i = 0; i < cases().size(); ++i) QTest::newRow(cases()[i].name) << static_cast<int>(i);
}

void TestLayersOps::layer()
{
    QFETCH(int, index);
    const Case& c = cases()[static_cast<std::size_t>(index)];
    LayerId id{};
    const Graph g = caseGraph(c, id);
    const Analysis a = analyze(g);
    const LayerAnalysis* la = find(a, id);
    QVERIFY(la);
    if (*c.error) {
        QVERIFY2(la->error != nullptr, "expected an error");
        QCOMPARE(QString::fromStdString(la->error->code), QString(c.error));
        QCOMPARE(QString::fromStdString(la->error->path), QString("layer"));
        QVERIFY(!la->error->message.empty());
        return;
    }
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(la->result.outputs.size(), std::size_t{1});
    QCOMPARE(QString::fromStdString(la->result.outputs[0].shape.toString()), QString(c.shape));
    QCOMPARE(la->result.macs, c.macs);
    QVERIFY(la->outputNeedsGrad);
    QCOMPARE(cpuKeptElements(*la), c.cpuSaved);
    // The constant of mul / div is a 0-dim float64 tensor kept by the backward node: 8 B once
    // (torch 1.13 saved_tensors_hooks: MulBackward0.other / DivBackward0.other, 8 B); no other
    // op keeps it.
    bool keepsConstant = false;
    for (const auto& [name, value] : c.attrs)
        if (name == "op") keepsConstant = std::get<std::string>(value) == "mul" || std::get<std::string>(value) == "div";
    QCOMPARE(la->kept[kCpu].bytesFixed(4), Count{keepsConstant ? 8u : 0u});
    const auto formulas = explainLayer(g, a, id);
    QVERIFY(formulas.size() >= 2);
    for (const auto& f : formulas) QVERIFY2(!f.quantity.empty() && !f.value.empty(), f.quantity.c_str());
}

// A Select or Narrow is a view: a Dense that keeps it keeps the whole storage it views, as
// PyTorch does. ../shared/truth vit_b_16: heads.head "AddmmBackward0.mat1" has the view shape
// [2, 768] but 1,210,368 bytes = 2 × 197 × 768 × 4, the encoder's whole output.
void TestLayersOps::viewsPinTheirBaseStorage()
{
    const auto headOver = [](const char* view, std::vector<std::pair<std::string, AttrValue>> attrs) {
        GraphBuilder b;
        const LayerId x = b.add("Input", "x", {}, {{"shape", IntList{197, 768}}});
        const LayerId enc = b.add("Dense", "encoder", {x}, {{"units", I{768}}}); // keeps x, the model input
        const LayerId v = b.add(view, "view", {enc});
        b.add("Dense", "head", {v}, {{"units", I{1000}}});
        Graph g = b.take();
        setAttrs(g, v, attrs);
        return g;
    };
    const AffineBytes select = cpuActivations(headOver("Select", {{"axis", I{1}}, {"index", I{0}}}));
    QCOMPARE(select.perSample, Count{197 * 768 * 4});
    QCOMPARE(select.at(2), std::uint64_t{1210368}); // the truth's bytes at batch 2
    const AffineBytes narrow = cpuActivations(headOver("Narrow", {{"axis", I{1}}, {"start", I{0}}, {"length", I{1}}}));
    QCOMPARE(narrow.perSample, Count{197 * 768 * 4});
    // The view adds no storage of its own: without the head nothing but the encoder is recorded.
    const AffineBytes permute = cpuActivations(headOver("Permute", {}));
    QCOMPARE(permute.perSample, Count{197 * 768 * 4});
}

// Swin's q·kᵀ on pieces of one qkv tensor: q and k are views of the [S, 3·E] projection. Plain
// views pin the whole projection (S·3E elements); with copy_a / copy_b (matmul's reshape of a
// strided rank-4 operand copies) bmm keeps two new tensors of S·E each and pins nothing.
// tests/truth tv_swin_t: features.1.0.attn "BmmBackward0.self" [54, 49, 32] and
// "BmmBackward0.mat2" [54, 32, 49], 169,344 B per sample each, the qkv output unsaved.
void TestLayersOps::matmulCopiesStridedOperands()
{
    for (const bool copy : {false, true}) {
        GraphBuilder b;
        const LayerId x = b.add("Input", "x", {}, {{"shape", IntList{49, 96}}});
        const LayerId qkv = b.add("Dense", "qkv", {x}, {{"units", I{288}}});
        const LayerId q = b.add("Narrow", "q", {qkv}, {{"axis", I{2}}, {"start", I{0}}, {"length", I{96}}});
        const LayerId k = b.add("Narrow", "k", {qkv}, {{"axis", I{2}}, {"start", I{96}}, {"length", I{96}}});
        const LayerId kt = b.add("Permute", "kt", {k}, {{"dims", IntList{1, 0}}});
        b.add("MatMul", "scores", {q, kt}, {{"copy_a", copy}, {"copy_b", copy}});
        const AffineBytes kept = cpuActivations(b.take());
        QCOMPARE(kept.perSample, copy ? Count{2 * 49 * 96 * 4} : Count{49 * 288 * 4});
    }
}

// Reshape(copy) after a Narrow makes a new storage of the narrowed size; the Dense after it keeps
// that copy, not the viewed base.
void TestLayersOps::reshapeCopyIsANewStorage()
{
    for (const bool copy : {false, true}) {
        GraphBuilder b;
        const LayerId x = b.add("Input", "x", {}, {{"shape", IntList{16, 96}}});
        const LayerId enc = b.add("Dense", "enc", {x}, {{"units", I{96}}});
        const LayerId n = b.add("Narrow", "n", {enc}, {{"axis", I{2}}, {"start", I{32}}, {"length", I{32}}});
        const LayerId r = b.add("Reshape", "r", {n}, {{"shape", IntList{512}}, {"copy", copy}});
        b.add("Dense", "head", {r}, {{"units", I{10}}});
        const Graph g = b.take();
        const Analysis a = analyze(g);
        QVERIFY(a.ok());
        QCOMPARE(find(a, r)->result.aliasOf, copy ? -1 : 0);
        QCOMPARE(cpuActivations(g).perSample, static_cast<Count>((copy ? 16 * 32 : 16 * 96) * 4));
    }
}

// Files written before Reshape had `copy` still load, as views.
void TestLayersOps::reshapeWithoutCopyStillLoads()
{
    const char* text = R"({"format":"netsizer-model","version":1,"layers":[
        {"name":"in","type":"Input","attrs":{"shape":[4, 6]}},
        {"name":"r","type":"Reshape","inputs":["in:0"],"attrs":{"shape":[24]}}]})";
    auto m = readNativeModel(text);
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    const Layer* r = m->graph.findByName("r");
    QVERIFY(r);
    QCOMPARE(std::get<bool>(r->attrs[static_cast<std::size_t>(r->kind->paramIndex("copy"))]), false);
    const Analysis a = analyze(m->graph);
    QVERIFY(a.ok());
    QCOMPARE(find(a, r->id)->result.aliasOf, 0);
}

// nn.MultiheadAttention(512, 8) on [T = 128, E = 512] as torch 1.13 runs it
// (F.multi_head_attention_forward), built from op-level kinds, keeps per sample what PyTorch keeps.
// ../shared/truth/out/transformer_encoder_cls.json, saved_storages_at_batch2 for
// encoder.layers.0.self_attn (batch 2, 8 heads → 16 attention matrices):
//   MmBackward0.self          [256, 512]       524,288 B  in-projection input x
//   DivBackward0.other        []                     8 B  the float64 √64 (fixed, not per sample)
//   BmmBackward0.self         [16, 128, 64]    524,288 B  q / √64
//   BmmBackward0.mat2         [16, 64, 128]    524,288 B  kᵀ (the contiguous copy of k)
//   SoftmaxBackward0.result   [16, 128, 128] 1,048,576 B  attention weights
//   MulBackward0.other        [16, 128, 128] 1,048,576 B  dropout noise       (dropout only)
//   BmmBackward0.self         [16, 128, 128] 1,048,576 B  dropout output      (dropout only)
//   BmmBackward0.mat2         [16, 128, 64]    524,288 B  v (the contiguous copy)
//   AddmmBackward0.mat1       [256, 512]       524,288 B  out-projection input
// Without dropout P·V keeps the softmax result itself (already kept): 5 × 524,288 + 1,048,576 =
// 3,670,016 B at batch 2, i.e. 1,835,008 B per sample = 4 × (4 × 65,536 + 131,072 + 65,536).
// The same block written with these torch ops (Linear, narrow, reshape, permute, / 8.0, matmul,
// softmax) and measured with torch 1.13's saved_tensors_hooks keeps 3,670,016 B + the 8 B divisor at batch 2.
void TestLayersOps::attentionBlockKeepsWhatMultiheadAttentionKeeps()
{
    GraphBuilder b;
    const LayerId input = b.add("Input", "tokens", {}, {{"shape", IntList{128, 512}}});
    const LayerId x = b.add("Dense", "embed", {input}, {{"units", I{512}}}); // keeps only the model input
    const LayerId qkv = b.add("Dense", "in_proj", {x}, {{"units", I{1536}}});
    // q, k, v: torch's chunk(3, dim=-1), then contiguous().view(T, h, 64).transpose(0, 1).
    const auto head = [&](const std::string& n, I start) {
        const LayerId part = b.add("Narrow", n, {qkv}, {{"axis", I{-1}}, {"start", start}, {"length", I{512}}});
        const LayerId split = b.add("Reshape", n + "_heads", {part}, {{"shape", IntList{128, 8, 64}}, {"copy", true}});
        return b.add("Permute", n + "_t", {split}, {{"dims", IntList{1, 0, 2}}}); // [8, 128, 64]
    };
    const LayerId q = head("q", 0), k = head("k", 512), v = head("v", 1024);
    const LayerId qs = b.add("Elementwise", "q_scaled", {q}, {{"op", std::string("div")}, {"constant", 8.0}});
    const LayerId kt = b.add("Permute", "k_transposed", {k}, {{"dims", IntList{0, 2, 1}}}); // [8, 64, 128]
    const LayerId scores = b.add("MatMul", "scores", {qs, kt});
    const LayerId p = b.add("Softmax", "weights", {scores}, {{"axis", I{-1}}});
    const LayerId o = b.add("MatMul", "context", {p, v});
    const LayerId ot = b.add("Permute", "context_t", {o}, {{"dims", IntList{1, 0, 2}}}); // [128, 8, 64]
    const LayerId merged = b.add("Reshape", "merge_heads", {ot}, {{"shape", IntList{128, 512}}, {"copy", true}});
    const LayerId out = b.add("Dense", "out_proj", {merged}, {{"units", I{512}}});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY2(a.ok(), a.errors.empty() ? "" : a.errors[0].describe().c_str());
    QCOMPARE(QString::fromStdString(find(a, scores)->result.outputs[0].shape.toString()), QString("[8, 128, 128]"));
    QCOMPARE(QString::fromStdString(find(a, out)->result.outputs[0].shape.toString()), QString("[128, 512]"));
    const AffineBytes kept = cpuActivations(g);
    QCOMPARE(kept.perSample, Count{1835008});
    QCOMPARE(kept.at(2), std::uint64_t{3670016 + 8}); // the 8 B divisor once
    // Who keeps what, per sample: x (in_proj), q/8 and the k copy (scores), the weights (softmax),
    // the v copy (context; the weights are already kept), the merged copy (out_proj).
    QCOMPARE(cpuKeptElements(*find(a, qkv)), Count{65536});
    QCOMPARE(cpuKeptElements(*find(a, scores)), Count{2 * 65536});
    QCOMPARE(cpuKeptElements(*find(a, p)), Count{131072});
    QCOMPARE(cpuKeptElements(*find(a, o)), Count{65536});
    QCOMPARE(cpuKeptElements(*find(a, out)), Count{65536});
    QCOMPARE(cpuKeptElements(*find(a, qs)), Count{0});
    // MACs: in_proj 128·512·1536, scores and context 8·128·128·64 each, out_proj 128·512·512, the
    // division one per element of q; embed 128·512·512.
    QCOMPARE(a.macs, Count{128 * 512 * 1536 + 2 * 8388608 + 2 * 128 * 512 * 512 + 65536});
}

// Permute states its (empty) TensorFlow rule; MatMul keeps both operands like BatchMatMulV2;
// Elementwise uses the table's AddV2 / Sub / Mul / Rsqrt rows and otherwise falls back to the
// PyTorch CPU list.
void TestLayersOps::tensorflowRules()
{
    const auto tfKept = [](const char* kind, int inputs, std::vector<std::pair<std::string, AttrValue>> attrs,
                           Count& fallback) {
        GraphBuilder b;
        std::vector<PortRef> ins;
        for (int i = 0; i < inputs; ++i) {
            const LayerId in = b.add("Input", "in" + std::to_string(i), {}, {{"shape", IntList{6, 6}}});
            ins.push_back({b.add("Dense", "pre" + std::to_string(i), {in}, {{"units", I{6}}}), 0});
        }
        const LayerId id = b.add(kind, "layer", ins);
        Graph g = b.take();
        setAttrs(g, id, attrs);
        const Analysis a = analyze(g);
        if (!a.ok()) qFatal("%s", a.errors[0].describe().c_str());
        fallback = a.tensorflowFallbackLayers;
        return find(a, id)->kept[static_cast<int>(Profile::TensorFlow)].bytesPerSample(4) / 4;
    };
    Count fallback = 0;
    QCOMPARE(tfKept("Permute", 1, {}, fallback), Count{0});
    QCOMPARE(fallback, Count{0});
    QCOMPARE(tfKept("MatMul", 2, {}, fallback), Count{72}); // both 6 × 6 operands
    QCOMPARE(fallback, Count{0});
    QCOMPARE(tfKept("Elementwise", 1, {{"op", std::string("mul")}}, fallback), Count{36}); // Mul keeps x
    QCOMPARE(fallback, Count{0});
    QCOMPARE(tfKept("Elementwise", 1, {{"op", std::string("add")}, {"constant_first", true}}, fallback), Count{36});
    QCOMPARE(fallback, Count{0});
    QCOMPARE(tfKept("Elementwise", 1, {{"op", std::string("rsqrt")}}, fallback), Count{36}); // the output
    QCOMPARE(fallback, Count{0});
    QCOMPARE(tfKept("Elementwise", 1, {{"op", std::string("neg")}}, fallback), Count{0}); // no row: PyTorch's
    QCOMPARE(fallback, Count{1});
    QCOMPARE(tfKept("Elementwise", 1, {{"op", std::string("exp")}}, fallback), Count{36});
    QCOMPARE(fallback, Count{1});
}

// MatMul is lowered under autocast (like Dense); views pass through, and so do the element-wise
// ops except the five CUDA runs in float32.
void TestLayersOps::mixedPrecisionPolicies()
{
    const KindRegistry& reg = KindRegistry::builtin();
    const std::vector<TensorInfo> two(2, TensorInfo{Shape{4, 4}, ElemKind::Activation});
    const auto result = [&](const char* id, std::size_t inputs) {
        const LayerKind* k = reg.find(id);
        const Layer layer = makeLayer(*k, "l");
        auto r = k->analyze(LayerContext{layer.attrs, std::span(two.data(), inputs), layer.name});
        if (!r) qFatal("%s: %s", id, r.error().describe().c_str());
        return std::move(r).value();
    };
    const KindResult mm = result("MatMul", 2);
    QVERIFY(mm.autocast[0].op == Autocast::Lower && mm.autocast[1].op == Autocast::Lower);
    for (const char* id : {"Elementwise", "Permute", "Select", "Narrow"}) {
        const KindResult r = result(id, 1);
        QVERIFY2(r.autocast[0].op == Autocast::Passthrough && r.autocast[1].op == Autocast::Passthrough, id);
        QCOMPARE(r.aliasOf, std::string(id) == "Elementwise" ? -1 : 0);
    }
    // CUDA's fp32 list holds exp, log, pow, reciprocal and rsqrt; the CPU's bf16 autocast none.
    const LayerKind* ew = reg.find("Elementwise");
    for (const char* op : {"exp", "log", "pow", "reciprocal", "rsqrt", "sqrt", "erf", "div"}) {
        Layer layer = makeLayer(*ew, "l");
        layer.attrs[static_cast<std::size_t>(ew->paramIndex("op"))] = std::string(op);
        const auto r = ew->analyze(LayerContext{layer.attrs, std::span(two.data(), 1), layer.name});
        QVERIFY(r.ok());
        const std::string name = op;
        const bool fp32 = name == "exp" || name == "log" || name == "pow" || name == "reciprocal" || name == "rsqrt";
        QVERIFY2(r->autocast[0].op == (fp32 ? Autocast::Fp32 : Autocast::Passthrough), op);
        QVERIFY2(r->autocast[1].op == Autocast::Passthrough, op);
    }
}

void TestLayersOps::explainShowsOpAndFormula()
{
    GraphBuilder b;
    const LayerId in = b.add("Input", "in", {}, {{"shape", IntList{8, 128, 64}}});
    const LayerId pre = b.add("Dense", "pre", {in}, {{"units", I{64}}});
    const LayerId div = b.add("Elementwise", "div", {pre}, {{"op", std::string("div")}, {"constant", 8.0}});
    const LayerId rdiv = b.add("Elementwise", "rdiv", {pre},
                               {{"op", std::string("div")}, {"constant", 1.5}, {"constant_first", true}});
    const LayerId mm = b.add("MatMul", "mm", {pre, b.add("Permute", "t", {pre}, {{"dims", IntList{0, 2, 1}}})});
    const Graph g = b.take();
    const Analysis a = analyze(g);
    QVERIFY(a.ok());
    const auto has = [&](LayerId id, const std::string& symbolic, const std::string& substituted, const std::string& value) {
        for (const auto& f : explainLayer(g, a, id))
            if (f.symbolic == symbolic && f.substituted == substituted && f.value == value) return true;
        return false;
    };
    QVERIFY(has(div, "y = x / c", "y = x / 8", "div"));
    QVERIFY(has(rdiv, "y = c / x", "y = 1.5 / x", "div"));
    QVERIFY(has(mm, "output elements × k", "131,072 × 64", "8,388,608"));
    bool savedInput = false;
    for (const auto& f : explainLayer(g, a, rdiv)) savedInput |= f.quantity == "saved: DivBackward0.other";
    QVERIFY(savedInput);
}

QTEST_APPLESS_MAIN(TestLayersOps)
// AddTensor's parameters are the learned table T is gathered from, not T's own elements:
// torchvision swin_t features.1.0.attn.relative_position_bias_table is [(2·7 − 1)², 3] = 507
// parameters for a [1, 3, 49, 49] bias. A mask (learned 0) has none; TensorFlow's AddV2 keeps x.
void TestLayersOps::addTensorClaimsItsTable()
{
    const LayerKind* k = KindRegistry::builtin().find("AddTensor");
    QVERIFY(k);
    const std::vector<TensorInfo> in{TensorInfo{Shape{64, 3, 49, 49}, ElemKind::Activation}};
    Layer layer = makeLayer(*k, "bias");
    layer.attrs[static_cast<std::size_t>(k->paramIndex("shape"))] = IntList{3, 49, 49};
    layer.attrs[static_cast<std::size_t>(k->paramIndex("learned"))] = I{507};
    auto r = k->analyze(LayerContext{layer.attrs, std::span(in.data(), 1), layer.name});
    QVERIFY(r.ok());
    QCOMPARE(r->params.size(), std::size_t{1});
    QCOMPARE(r->params[0].numel, Count{507});
    QVERIFY(r->params[0].learnable);
    QVERIFY(r->saved[kCpu].empty());
    QVERIFY(r->tensorflowRule);
    layer.attrs[static_cast<std::size_t>(k->paramIndex("learned"))] = I{0};
    r = k->analyze(LayerContext{layer.attrs, std::span(in.data(), 1), layer.name});
    QVERIFY(r.ok());
    QVERIFY(r->params.empty());
}

#include "tst_layers_ops.moc"
