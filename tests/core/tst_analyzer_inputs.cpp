// The analyser's input indexing (connections grouped by target layer once per analysis) must
// see exactly what Graph::inputsOf returns: connections in port order whatever order they were
// added in, duplicates and gaps reported as before, removals respected.
#include "core/analysis/Analysis.h"
#include "core/graph/GraphBuilder.h"

#include <QtTest>

using namespace netsizer::core;

class TestAnalyzerInputs : public QObject {
    Q_OBJECT
private slots:
    void portsInAnyInsertionOrder();
    void duplicatePortIsReported();
    void portGapIsReported();
    void removedLayerLeavesNoInputs();
    void sharedOutputCountsConsumers();
};

namespace {

struct TwoInputs {
    Graph g;
    LayerId big, small, add;
};

// Inputs big [3, 8, 8] and small [3, 4, 4]; an Add with no connections yet.
TwoInputs twoInputs()
{
    GraphBuilder b;
    TwoInputs t;
    t.big = b.add("Input", "big", {}, {{"shape", IntList{3, 8, 8}}});
    t.small = b.add("Input", "small", {}, {{"shape", IntList{3, 4, 4}}});
    t.add = b.add("Add", "add", std::vector<PortRef>{});
    t.g = b.take();
    return t;
}

QString firstError(const Graph& g)
{
    const Analysis a = analyze(g);
    return a.errors.empty() ? QString() : QString::fromStdString(a.errors[0].code + ": " + a.errors[0].message);
}

} // namespace

void TestAnalyzerInputs::portsInAnyInsertionOrder()
{
    TwoInputs t = twoInputs();
    // Port 1 connected before port 0: input 0 is still 'small'.
    QVERIFY(t.g.connect({{t.big, 0}, {t.add, 1}}));
    QVERIFY(t.g.connect({{t.small, 0}, {t.add, 0}}));
    QCOMPARE(t.g.inputsOf(t.add)[0].from.layer, t.small);
    QCOMPARE(firstError(t.g), QString("shape_mismatch: layer 'add': input 1 has shape [3, 8, 8] but input 0 has [3, 4, 4]"));
}

void TestAnalyzerInputs::duplicatePortIsReported()
{
    TwoInputs t = twoInputs();
    QVERIFY(t.g.connect({{t.big, 0}, {t.add, 0}}));
    QVERIFY(t.g.connect({{t.small, 0}, {t.add, 0}}));
    QCOMPARE(firstError(t.g),
             QString("input_ports: layer 'add': input port 1 is not connected (or port 0 is connected twice)"));
}

void TestAnalyzerInputs::portGapIsReported()
{
    TwoInputs t = twoInputs();
    QVERIFY(t.g.connect({{t.big, 0}, {t.add, 2}}));
    QVERIFY(t.g.connect({{t.small, 0}, {t.add, 0}}));
    QCOMPARE(firstError(t.g),
             QString("input_ports: layer 'add': input port 1 is not connected (or port 2 is connected twice)"));
}

void TestAnalyzerInputs::removedLayerLeavesNoInputs()
{
    TwoInputs t = twoInputs();
    QVERIFY(t.g.connect({{t.big, 0}, {t.add, 0}}));
    QVERIFY(t.g.connect({{t.big, 0}, {t.add, 1}}));
    QVERIFY(analyze(t.g).ok());
    QVERIFY(t.g.removeLayer(t.small)); // shifts the indices of later layers
    QVERIFY(analyze(t.g).ok());
    QVERIFY(t.g.removeLayer(t.big));
    QCOMPARE(firstError(t.g), QString("input_count: layer 'add': Add takes at least 2 input(s), it has 0"));
}

void TestAnalyzerInputs::sharedOutputCountsConsumers()
{
    // One output feeding two layers stays alive until its second consumer ran (per-port
    // consumer counts).
    GraphBuilder b;
    const LayerId x = b.add("Input", "x", {}, {{"shape", IntList{3, 8, 8}}});
    const LayerId r1 = b.add("ReLU", "r1", {x});
    const LayerId r2 = b.add("ReLU", "r2", {x});
    b.add("Add", "sum", {r1, r2});
    const Analysis a = analyze(b.take());
    QVERIFY(a.ok());
    // While r2 runs: x, r1, r2 alive (x freed after r2) = 3 × 192 floats; while sum runs:
    // r1, r2 and sum = 3 × 192 floats.
    QCOMPARE(a.inferencePeakBytesFp32, Count{3 * 192 * 4});
}

QTEST_APPLESS_MAIN(TestAnalyzerInputs)
#include "tst_analyzer_inputs.moc"
