// Every registered layer kind honours the descriptor contract (ARCHITECTURE.md rule 2): the
// palette, property panel, file formats and estimator can rely on it without special cases.
#include "core/analysis/Analysis.h"
#include "core/analysis/ExplainLayer.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"
#include "core/layers/KindRegistry.h"

#include <QtTest>

#include <set>

using namespace netsizer::core;

class TestKindConformance : public QObject {
    Q_OBJECT
private slots:
    void descriptors_data();
    void descriptors();
    void analyseOnTypicalInputs_data();
    void analyseOnTypicalInputs();
    void defaultsRoundTripThroughTheNativeFormat();
};

static void addKindRows()
{
    QTest::addColumn<QString>("kindId");
    for (const LayerKind* k : KindRegistry::builtin().all())
        QTest::newRow(k->id.c_str()) << QString::fromStdString(k->id);
}

void TestKindConformance::descriptors_data() { addKindRows(); }

void TestKindConformance::descriptors()
{
    QFETCH(QString, kindId);
    const LayerKind* k = KindRegistry::builtin().find(kindId.toStdString());
    QVERIFY(k);
    QVERIFY(!k->displayName.empty());
    QVERIFY(!k->category.empty());
    QVERIFY2(k->description.size() > 20, "a kind needs a tooltip-worthy description");
    QVERIFY(k->analyze != nullptr);
    QVERIFY(k->minInputs >= 0);
    QVERIFY(k->maxInputs == LayerKind::kUnbounded || k->maxInputs >= k->minInputs);
    std::set<std::string> names;
    for (const auto& p : k->params) {
        QVERIFY2(names.insert(p.name).second, ("duplicate attribute " + p.name).c_str());
        QVERIFY2(!p.help.empty(), ("attribute without help: " + p.name).c_str());
        std::string message;
        QVERIFY2(validateAttr(p, p.defaultValue, message), (p.name + ": default is invalid: " + message).c_str());
        if (p.type == AttrType::Choice) QVERIFY(!p.choices.empty());
    }
}

void TestKindConformance::analyseOnTypicalInputs_data() { addKindRows(); }

// Each kind with default attributes is fed typical per-sample inputs of rank 1 to 4 (float and
// token ids). It must either analyse cleanly (positive output shapes, an explanation that
// mentions the output shape) or refuse with a located error. Never crash or throw.
void TestKindConformance::analyseOnTypicalInputs()
{
    QFETCH(QString, kindId);
    const LayerKind* k = KindRegistry::builtin().find(kindId.toStdString());
    if (k->maxInputs == 0) {
        GraphBuilder b;
        b.add(k->id, "src", {});
        const Analysis a = analyze(b.take());
        QVERIFY(a.ok());
        return;
    }
    const std::vector<std::pair<IntList, std::string>> inputs = {
        {{64}, "float32"}, {{16, 64}, "float32"}, {{16, 32, 32}, "float32"}, {{8, 8, 16, 16}, "float32"}, {{12}, "int64"},
        {{16, 512}, "float32"}}; // [sequence, d_model] at the attention layers' default width
    int analysed = 0;
    for (const auto& [shape, dtype] : inputs) {
        GraphBuilder b;
        std::vector<PortRef> ins;
        const int n = std::max(1, k->minInputs);
        for (int i = 0; i < n; ++i)
            ins.push_back(PortRef{b.add("Input", "in", {}, {{"shape", shape}, {"dtype", dtype}}), 0});
        b.add(k->id, "layer", ins);
        const Graph g = b.take();
        const Analysis a = analyze(g);
        if (!a.ok()) {
            QCOMPARE(QString::fromStdString(a.errors[0].path), QString("layer"));
            QVERIFY(!a.errors[0].message.empty());
            continue;
        }
        ++analysed;
        const LayerAnalysis& la = a.layers.back();
        QVERIFY(!la.result.outputs.empty());
        for (const auto& o : la.result.outputs) QVERIFY(o.shape.allPositive());
        if (k->explain) QVERIFY(!explainLayer(g, a, la.id).empty());
    }
    QVERIFY2(analysed > 0, "a kind must accept at least one typical input with its default attributes");
}

void TestKindConformance::defaultsRoundTripThroughTheNativeFormat()
{
    ModelFile m;
    for (const LayerKind* k : KindRegistry::builtin().all()) m.graph.addLayer(makeLayer(*k, "l_" + k->id));
    const std::string text = writeNativeModel(m);
    auto back = readNativeModel(text);
    QVERIFY2(back.ok(), back.ok() ? "" : back.error().describe().c_str());
    QCOMPARE(QString::fromStdString(writeNativeModel(*back)), QString::fromStdString(text));
}

QTEST_APPLESS_MAIN(TestKindConformance)
#include "tst_kind_conformance.moc"
