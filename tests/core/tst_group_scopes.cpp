// Groups from module scopes (core/graph/GroupScopes): the dotted path of a layer name, and the
// groups of two real models — resources/examples/resnet18.json (names as torchvision's module
// tree: "layer1.0.downsample.0") and torch.onnx's export of torchvision resnet18 under
// ../shared/truth/onnx (node names "/layer1/layer1.0/conv1/Conv").
#include "core/graph/GroupScopes.h"
#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"

#include <QFileInfo>
#include <QtTest>

#include <map>

using namespace netsizer::core;

class TestGroupScopes : public QObject {
    Q_OBJECT
private slots:
    void modulePathOfName_data();
    void modulePathOfName();
    void groupPathSyntax_data();
    void groupPathSyntax();
    void resnet18Example();
    void depthOne();
    void resnet18Onnx();
};

void TestGroupScopes::modulePathOfName_data()
{
    QTest::addColumn<QString>("name");
    QTest::addColumn<QString>("path");
    QTest::newRow("dotted stays") << "layer1.0.conv1" << "layer1.0.conv1";
    QTest::newRow("plain") << "fc" << "fc";
    QTest::newRow("onnx nested scope") << "/layer1/layer1.0/conv1/Conv" << "layer1.0.conv1.Conv";
    QTest::newRow("onnx functional op") << "/layer1/layer1.0/Add" << "layer1.0.Add";
    QTest::newRow("onnx top op") << "/Flatten" << "Flatten";
    QTest::newRow("onnx leaf module") << "/fc/Gemm" << "fc.Gemm";
    QTest::newRow("onnx unrelated scope") << "/encoder/layers.0/self_attn/MatMul" << "encoder.layers.0.self_attn.MatMul";
}

void TestGroupScopes::modulePathOfName()
{
    QFETCH(QString, name);
    QFETCH(QString, path);
    QCOMPARE(QString::fromStdString(modulePath(name.toStdString())), path);
}

void TestGroupScopes::groupPathSyntax_data()
{
    QTest::addColumn<QString>("path");
    QTest::addColumn<bool>("valid");
    QTest::newRow("one") << "stem" << true;
    QTest::newRow("nested") << "layer1.0" << true;
    QTest::newRow("empty") << "" << false;
    QTest::newRow("leading dot") << ".a" << false;
    QTest::newRow("double dot") << "a..b" << false;
    QTest::newRow("trailing dot") << "a." << false;
    QTest::newRow("slash") << "a/b" << false;
    QTest::newRow("newline") << "a\nb" << false;
}

void TestGroupScopes::groupPathSyntax()
{
    QFETCH(QString, path);
    QFETCH(bool, valid);
    QCOMPARE(isGroupPath(path.toStdString()), valid);
}

static std::map<std::string, int> membersOf(const Graph& g)
{
    std::map<std::string, int> members;
    for (const Layer& l : g.layers())
        if (!l.group.empty()) ++members[l.group];
    return members;
}

// torchvision's ResNet-18 as the example spells it: a stem of three layers, BasicBlocks of seven
// (conv, bn, relu, conv2, bn2, add, relu) and nine in the first block of layer2..4 (their
// downsample conv + bn). The input, maxpool, avgpool, flatten and fc stay outside any group.
void TestGroupScopes::resnet18Example()
{
    auto m = readNativeModelFile(NETSIZER_ROOT "/resources/examples/resnet18.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    Graph& g = m->graph;
    QCOMPARE(g.size(), std::size_t{70});
    QCOMPARE(groupByScopes(g), std::size_t{65});
    const std::map<std::string, int> expected{{"stem", 3},     {"layer1.0", 7}, {"layer1.1", 7}, {"layer2.0", 9}, {"layer2.1", 7},
                                              {"layer3.0", 9}, {"layer3.1", 7}, {"layer4.0", 9}, {"layer4.1", 7}};
    QCOMPARE(membersOf(g), expected);
    for (const char* outside : {"input", "maxpool", "avgpool", "flatten", "fc"})
        QVERIFY2(g.findByName(outside)->group.empty(), outside);
    QCOMPARE(QString::fromStdString(g.findByName("layer2.0.downsample.1")->group), QString("layer2.0"));
    const std::vector<std::string> order{"stem", "layer1.0", "layer1.1", "layer2.0", "layer2.1", "layer3.0", "layer3.1", "layer4.0", "layer4.1"};
    QCOMPARE(groupsOf(g), order);

    // Saved and read back, the groups are the same.
    auto back = readNativeModel(writeNativeModel(*m));
    QVERIFY(back.ok());
    QCOMPARE(membersOf(back->graph), expected);
}

void TestGroupScopes::depthOne()
{
    auto m = readNativeModelFile(NETSIZER_ROOT "/resources/examples/resnet18.json");
    QVERIFY(m.ok());
    QCOMPARE(groupByScopes(m->graph, 1), std::size_t{65});
    const std::map<std::string, int> expected{{"stem", 3}, {"layer1", 14}, {"layer2", 16}, {"layer3", 16}, {"layer4", 16}};
    QCOMPARE(membersOf(m->graph), expected);
}

// torch.onnx's training-mode export of torchvision resnet18: every node under
// "/layerN/layerN.M/" lands in group "layerN.M" (eight BasicBlocks), every top-level module
// ("/conv1/Conv", "/fc/Gemm", "/Flatten") is one layer and stays ungrouped.
void TestGroupScopes::resnet18Onnx()
{
    const QString path = QStringLiteral(NETSIZER_SHARED_DIR "/truth/onnx/resnet18.train.onnx");
    if (!QFileInfo::exists(path)) QSKIP("../shared/truth/onnx is absent");
    auto m = readModelFile(path.toStdString());
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    Graph& g = m->graph;
    groupByScopes(g);
    const std::vector<std::string> blocks{"layer1.0", "layer1.1", "layer2.0", "layer2.1", "layer3.0", "layer3.1", "layer4.0", "layer4.1"};
    QCOMPARE(groupsOf(g), blocks);
    int inBlocks = 0;
    for (const Layer& l : g.layers()) {
        const bool underBlock = l.name.size() > 8 && l.name.rfind("/layer", 0) == 0;
        if (underBlock) {
            const std::string expected = modulePath(l.name).substr(0, 8); // "layerN.M"
            QCOMPARE(QString::fromStdString(l.group), QString::fromStdString(expected));
            ++inBlocks;
        } else {
            QVERIFY2(l.group.empty(), l.name.c_str());
        }
    }
    // Each block holds at least its two convolutions, two batch norms, the add and a ReLU.
    for (const auto& [group, n] : membersOf(g)) QVERIFY2(n >= 6, group.c_str());
    qInfo("resnet18.train.onnx: %d of %zu layers in the eight blocks", inBlocks, g.size());
}

QTEST_APPLESS_MAIN(TestGroupScopes)
#include "tst_group_scopes.moc"
