// Layer groups on the canvas and the tensor on each edge:
// - SetGroupsCommand through Group, Ungroup and Group by module names: apply → B, undo → exactly
//   A (serialized JSON, GraphCompare), redo → B; a malformed name pushes nothing;
// - a group's frame lies round its nodes; a click on its header collapses it into one box that
//   shows its layer count, parameters and memory (summed from the Document's breakdown rows),
//   hides its nodes and inner edges and draws the crossing edges to the box; collapsing is a view
//   state (no undo step) that survives a rebuild;
// - an edge's tooltip: the source's per-sample shape and its bytes at the batch.
#include "core/graph/GraphBuilder.h"
#include "core/io/ModelReader.h"
#include "tests/ui/GraphCompare.h"
#include "ui/canvas/CanvasGroups.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/GroupItem.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"
#include "ui/style/DisplayOptions.h"

#include <QHelpEvent>
#include <QToolTip>
#include <QUndoStack>
#include <QtTest>

using namespace netsizer;
using netsizer::test::describeGraph;

namespace {

// input [3, 32, 32] → conv (16 filters, 3×3, padding 1) → relu → pool (2×2) → flatten → fc (10).
core::Graph smallCnn()
{
    core::GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", core::IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", std::int64_t{3}}, {"padding", std::int64_t{1}}});
    auto r = b.add("ReLU", "relu", {c});
    auto p = b.add("MaxPool2D", "pool", {r}, {{"kernel_size", std::int64_t{2}}});
    auto f = b.add("Flatten", "flatten", {p});
    b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    core::Graph g = b.take();
    g.name = "small CNN";
    return g;
}

} // namespace

class TestGroups : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        core::TrainingConfig cfg;
        cfg.batch = 8;
        m_doc->reset(smallCnn(), cfg);
        m_scene = std::make_unique<ui::GraphScene>(*m_doc, m_options);
        m_view = std::make_unique<ui::GraphView>(*m_doc, m_scene.get());
        m_view->resize(900, 800);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        m_scene->refresh();
    }
    void cleanup()
    {
        m_view.reset();
        m_scene.reset();
        m_doc.reset();
    }

    void groupUngroupUndoRedo();
    void badNameIsRefused();
    void groupByModuleNamesIsOneStep();
    void frameSurroundsItsNodes();
    void collapseShowsTotalsAndReroutesEdges();
    void collapsedStateIsAViewState();
    void edgeTooltipNamesTheTensor();

private:
    core::LayerId id(const char* name) const { return m_doc->graph().findByName(name)->id; }
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::GraphScene> m_scene;
    std::unique_ptr<ui::GraphView> m_view;
};

void TestGroups::groupUngroupUndoRedo()
{
    const QString a = describeGraph(m_doc->graph());
    QVERIFY(m_scene->groups().groupLayers({id("conv"), id("relu"), id("pool")}, QStringLiteral("features.block")));
    const QString b = describeGraph(m_doc->graph());
    QVERIFY(b != a);
    QVERIFY(b.contains(QStringLiteral("\"group\": \"features.block\"")));
    QCOMPARE(m_doc->undoStack()->count(), 1);
    QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Group features.block"));
    m_doc->undoStack()->undo();
    QCOMPARE(describeGraph(m_doc->graph()), a);
    m_doc->undoStack()->redo();
    QCOMPARE(describeGraph(m_doc->graph()), b);

    // Ungroup one of them: its own step, undone back to B.
    m_scene->selectLayers({id("relu")});
    m_scene->ungroupSelection();
    QCOMPARE(m_doc->undoStack()->count(), 2);
    QVERIFY(m_doc->graph().findByName("relu")->group.empty());
    QCOMPARE(QString::fromStdString(m_doc->graph().findByName("conv")->group), QStringLiteral("features.block"));
    m_doc->undoStack()->undo();
    QCOMPARE(describeGraph(m_doc->graph()), b);
    // Grouping layers into the group they are in already pushes nothing.
    QVERIFY(!m_scene->groups().groupLayers({id("conv")}, QStringLiteral("features.block")));
    QCOMPARE(m_doc->undoStack()->index(), 1);
}

void TestGroups::badNameIsRefused()
{
    for (const char* bad : {"", "a..b", "a.", "a/b"}) {
        QString error;
        QVERIFY2(!m_scene->groups().groupLayers({id("conv")}, QString::fromUtf8(bad), &error), bad);
        QVERIFY2(error.contains(QStringLiteral("not a group name")), qPrintable(error));
    }
    QCOMPARE(m_doc->undoStack()->count(), 0);
    QCOMPARE(m_scene->groups().uniqueName(), QStringLiteral("group"));
    QVERIFY(m_scene->groups().groupLayers({id("conv")}, m_scene->groups().uniqueName()));
    QCOMPARE(m_scene->groups().uniqueName(), QStringLiteral("group_2"));
}

void TestGroups::groupByModuleNamesIsOneStep()
{
    auto m = core::readModelFile(NETSIZER_ROOT "/resources/examples/resnet18.json");
    QVERIFY2(m.ok(), m.ok() ? "" : m.error().describe().c_str());
    m_doc->reset(m->graph, core::TrainingConfig{});
    m_scene->refresh();
    const QString a = describeGraph(m_doc->graph());
    QVERIFY(m_scene->groups().groupByModuleNames());
    QCOMPARE(m_doc->undoStack()->count(), 1);
    QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Group by module names"));
    const QString b = describeGraph(m_doc->graph());
    m_scene->refresh();
    // The stem and the eight BasicBlocks (core's tst_group_scopes counts their layers).
    QCOMPARE(m_scene->groups().items().size(), std::size_t{9});
    QCOMPARE(m_scene->groups().item("layer2.0")->header(), QStringLiteral("layer2.0 · 9 layers"));
    m_doc->undoStack()->undo();
    QCOMPARE(describeGraph(m_doc->graph()), a);
    m_scene->refresh();
    QCOMPARE(m_scene->groups().items().size(), std::size_t{0});
    m_doc->undoStack()->redo();
    QCOMPARE(describeGraph(m_doc->graph()), b);
    // Nothing left to change: a second run pushes nothing.
    QVERIFY(!m_scene->groups().groupByModuleNames());
}

void TestGroups::frameSurroundsItsNodes()
{
    QVERIFY(m_scene->groups().groupLayers({id("conv"), id("relu")}, QStringLiteral("block")));
    m_scene->refresh();
    ui::GroupItem* g = m_scene->groups().item("block");
    QVERIFY(g);
    QVERIFY(!g->collapsed());
    QCOMPARE(g->header(), QStringLiteral("block · 2 layers"));
    for (const char* n : {"conv", "relu"}) QVERIFY2(g->rect().contains(m_scene->node(id(n))->sceneBoundingRect()), n);
    QVERIFY(!g->rect().intersects(m_scene->node(id("fc"))->sceneBoundingRect()));
    QVERIFY(g->zValue() < m_scene->node(id("conv"))->zValue()); // behind its nodes
    // The header band is above the first node: a click there reaches the group.
    QVERIFY(g->headerRect().bottom() <= m_scene->node(id("conv"))->sceneBoundingRect().top());
}

void TestGroups::collapseShowsTotalsAndReroutesEdges()
{
    QVERIFY(m_scene->groups().groupLayers({id("conv"), id("relu"), id("pool")}, QStringLiteral("features")));
    m_scene->refresh();
    ui::GroupItem* g = m_scene->groups().item("features");
    QVERIFY(g);
    // A real click on the header, through the view, left of the column of ports (the output
    // port of the node above may reach into the band).
    const QPointF onHeader(g->headerRect().left() + 40, g->headerRect().center().y());
    m_view->centerOn(onHeader);
    const QPoint header = m_view->mapFromScene(onHeader);
    QVERIFY(m_view->viewport()->rect().contains(header));
    QTest::mouseClick(m_view->viewport(), Qt::LeftButton, {}, header);
    QVERIFY(g->collapsed());
    QVERIFY(m_scene->groups().isCollapsed("features"));
    for (const char* n : {"conv", "relu", "pool"}) QVERIFY2(!m_scene->node(id(n))->isVisible(), n);
    QVERIFY(m_scene->node(id("input"))->isVisible());

    // The totals: conv has 3·3·3·16 + 16 = 448 parameters (relu and pool none); the memory is
    // the sum of the Document's breakdown rows of the three layers at batch 8.
    const auto& bd = m_doc->breakdown();
    std::uint64_t total = 0;
    for (const auto& row : bd.layers)
        if (row.id == id("conv") || row.id == id("relu") || row.id == id("pool"))
            for (const auto& c : row.owned) total += c.at(8);
    QVERIFY(total > 0);
    QCOMPARE(g->header(), QStringLiteral("features · 3 layers"));
    QCOMPARE(g->lines().value(0), QStringLiteral("448 params"));
    QCOMPARE(g->lines().value(1), QStringLiteral("%1 at batch 8").arg(m_options.bytes(double(total))));
    // The four parts, each from the same rows: conv's weights are its 448 fp32 parameters.
    QCOMPARE(g->lines().size(), 6);
    QCOMPARE(g->lines().value(2), QStringLiteral("weights %1").arg(m_options.bytes(448.0 * 4)));

    // Edges: input → conv ends at the box's top, pool → flatten starts at its bottom; the two
    // inside the group are hidden.
    for (ui::EdgeItem* e : m_scene->edges()) {
        const auto& c = e->connection();
        const bool fromIn = c.from.layer == id("conv") || c.from.layer == id("relu") || c.from.layer == id("pool");
        const bool toIn = c.to.layer == id("conv") || c.to.layer == id("relu") || c.to.layer == id("pool");
        if (fromIn && toIn) {
            QVERIFY(!e->isVisible());
        } else if (toIn) {
            QVERIFY(e->isVisible());
            const QPointF end = e->path().pointAtPercent(1.0);
            QVERIFY2(std::abs(end.y() - g->rect().top()) < 3 && std::abs(end.x() - g->rect().center().x()) < 1,
                     qPrintable(QStringLiteral("%1,%2").arg(end.x()).arg(end.y())));
        } else if (fromIn) {
            const QPointF start = e->path().pointAtPercent(0.0);
            QCOMPARE(start, QPointF(g->rect().center().x(), g->rect().bottom()));
        }
    }
    // A double-click on the box expands it again.
    m_view->centerOn(g->rect().center());
    QTest::mouseDClick(m_view->viewport(), Qt::LeftButton, {}, m_view->mapFromScene(g->rect().center() + QPointF(0, 20)));
    QVERIFY(!g->collapsed());
    for (const char* n : {"conv", "relu", "pool"}) QVERIFY2(m_scene->node(id(n))->isVisible(), n);
    for (ui::EdgeItem* e : m_scene->edges()) QVERIFY(e->isVisible());
}

void TestGroups::collapsedStateIsAViewState()
{
    QVERIFY(m_scene->groups().groupLayers({id("conv"), id("relu")}, QStringLiteral("block")));
    m_scene->refresh();
    const int steps = m_doc->undoStack()->count();
    m_scene->groups().setCollapsed("block", true);
    QCOMPARE(m_doc->undoStack()->count(), steps);
    // A structural edit rebuilds every item: the group stays collapsed, with the new batch's figures.
    m_doc->setBatch(16);
    QVERIFY(m_doc->removeLayers({id("fc")}));
    m_scene->refresh();
    QVERIFY(m_scene->groups().item("block")->collapsed());
    QVERIFY(!m_scene->node(id("conv"))->isVisible());
    QVERIFY(m_scene->groups().item("block")->lines().value(1).endsWith(QStringLiteral("at batch 16")));
    // Ungrouping its layers removes the group and its state.
    QVERIFY(m_scene->groups().ungroupLayers({id("conv"), id("relu")}));
    m_scene->refresh();
    QVERIFY(!m_scene->groups().item("block"));
    QVERIFY(m_scene->node(id("conv"))->isVisible());
}

void TestGroups::edgeTooltipNamesTheTensor()
{
    const auto tipOf = [&](const char* from, const char* to) {
        for (ui::EdgeItem* e : m_scene->edges())
            if (e->connection().from.layer == id(from) && e->connection().to.layer == id(to)) return e->toolTip();
        return QString();
    };
    // conv's output: 16 × 32 × 32 = 16,384 fp32 values = 64 KiB per sample, 512 KiB at batch 8.
    QCOMPARE(tipOf("conv", "relu"), QStringLiteral("conv → relu: %1 · %2 at batch 8")
                                        .arg(QString::fromStdString(core::Shape{16, 32, 32}.toString()), m_options.bytes(524288)));
    QVERIFY2(tipOf("conv", "relu").contains(QStringLiteral("512")), qPrintable(tipOf("conv", "relu")));
    // Hovering the curve shows it: the view's tooltip event at the edge's midpoint.
    ui::EdgeItem* edge = nullptr;
    for (ui::EdgeItem* e : m_scene->edges())
        if (e->connection().from.layer == id("conv")) edge = e;
    QVERIFY(edge);
    const QPointF mid = edge->path().pointAtPercent(0.5);
    m_view->centerOn(mid);
    const QPoint at = m_view->mapFromScene(mid);
    QHelpEvent help(QEvent::ToolTip, at, m_view->viewport()->mapToGlobal(at));
    QApplication::sendEvent(m_view->viewport(), &help);
    QTRY_COMPARE(QToolTip::text(), tipOf("conv", "relu"));
    QToolTip::hideText();
    // pool halves each side: 16 × 16 × 16 × 4 B = 16 KiB per sample, 512 KiB at batch 32; flatten
    // passes the same 4,096 values on. A batch change updates the tips.
    QVERIFY(m_doc->setBatch(32));
    m_scene->refresh();
    QCOMPARE(tipOf("pool", "flatten"), QStringLiteral("pool → flatten: %1 · %2 at batch 32")
                                           .arg(QString::fromStdString(core::Shape{16, 16, 16}.toString()), m_options.bytes(524288)));
    QCOMPARE(tipOf("flatten", "fc"), QStringLiteral("flatten → fc: %1 · %2 at batch 32")
                                         .arg(QString::fromStdString(core::Shape{4096}.toString()), m_options.bytes(524288)));
}

QTEST_MAIN(TestGroups)
#include "tst_groups.moc"
