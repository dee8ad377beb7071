// The canvas, palette and property panel: a palette drop adds the layer (undo removes it, redo
// restores it), dropping on a connection inserts into it, connecting by dragging ports,
// deleting, property edits validate and change the breakdown, layout places every node.
#include "core/layers/KindRegistry.h"
#include "tests/ui/GraphCompare.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/GraphLayout.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/palette/KindMimeData.h"
#include "ui/palette/LayerPalette.h"
#include "ui/properties/AttrText.h"
#include "ui/properties/PropertyPanel.h"
#include "ui/style/DisplayOptions.h"

#include <QCheckBox>
#include <QDropEvent>
#include <QLineEdit>
#include <QLineF>
#include <QTreeWidget>
#include <QtTest>

using namespace netsizer;
using netsizer::test::describeGraph;

class TestCanvas : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(ui::denseChain(4, 16), core::TrainingConfig{});
        m_scene = std::make_unique<ui::GraphScene>(*m_doc, m_options);
        m_view = std::make_unique<ui::GraphView>(*m_doc, m_scene.get());
        m_view->resize(800, 600);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        QTest::qWait(0);
    }
    void cleanup()
    {
        m_view.reset();
        m_scene.reset();
        m_doc.reset();
    }

    void sceneMirrorsGraph()
    {
        QCOMPARE(m_scene->edges().size(), m_doc->graph().connections().size());
        for (const auto& l : m_doc->graph().layers()) QVERIFY(m_scene->node(l.id));
        // Laid out top to bottom: every consumer below its producer.
        for (const auto& c : m_doc->graph().connections())
            QVERIFY(m_scene->node(c.to.layer)->pos().y() > m_scene->node(c.from.layer)->pos().y());
    }

    void paletteDropAddsLayerUndoRedo()
    {
        const QString a = describeGraph(m_doc->graph());
        // A real drop event carrying the palette's mime data.
        ui::LayerPalette palette(core::KindRegistry::builtin());
        QTreeWidgetItem* dense = nullptr;
        for (int g = 0; g < palette.tree()->topLevelItemCount(); ++g)
            for (int i = 0; i < palette.tree()->topLevelItem(g)->childCount(); ++i)
                if (palette.tree()->topLevelItem(g)->child(i)->data(0, Qt::UserRole).toString() == "Dropout")
                    dense = palette.tree()->topLevelItem(g)->child(i);
        QVERIFY(dense);
        std::unique_ptr<QMimeData> mime(palette.tree()->model()->mimeData({palette.tree()->indexFromItem(dense)}));
        QVERIFY(mime);
        QCOMPARE(ui::kindIdFromMime(mime.get()), QStringLiteral("Dropout"));
        const QPoint at(5, 5); // far from any edge
        // Enter, move, drop: the sequence a real drag delivers (Qt drops only on the drag target).
        QDragEnterEvent enter(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_view->viewport(), &enter);
        QVERIFY(enter.isAccepted());
        QDragMoveEvent move(at, Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_view->viewport(), &move);
        QDropEvent drop(QPointF(at), Qt::CopyAction, mime.get(), Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_view->viewport(), &drop);
        QVERIFY(drop.isAccepted());
        QVERIFY(m_doc->graph().findByName("dropout"));
        const QString b = describeGraph(m_doc->graph());
        QVERIFY(a != b);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        m_doc->undoStack()->undo();
        QCOMPARE(describeGraph(m_doc->graph()), a);
        m_doc->undoStack()->redo();
        QCOMPARE(describeGraph(m_doc->graph()), b);
        QTest::qWait(0);
        QVERIFY(m_scene->node(m_doc->graph().findByName("dropout")->id));
    }

    void dropOnConnectionInserts()
    {
        QTest::qWait(0);
        ui::EdgeItem* edge = m_scene->edges().front();
        const core::Connection c = edge->connection();
        const QPointF mid = edge->path().pointAtPercent(0.5);
        const QString a = describeGraph(m_doc->graph());
        QVERIFY(m_view->dropKind("Dropout", mid));
        const core::Layer* d = m_doc->graph().findByName("dropout");
        QVERIFY(d);
        QCOMPARE(m_doc->graph().inputsOf(c.to.layer).front().from.layer, d->id);
        QCOMPARE(m_doc->graph().inputsOf(d->id).front().from.layer, c.from.layer);
        QCOMPARE(m_doc->undoStack()->count(), 1); // one step
        m_doc->undoStack()->undo();
        QCOMPARE(describeGraph(m_doc->graph()), a);
    }

    void dragFromOutputPortConnects()
    {
        const auto* dense = core::KindRegistry::builtin().find("Dense");
        const auto id = *m_doc->addLayer(*dense, 600, 0);
        QTest::qWait(0);
        ui::NodeItem* src = m_scene->node(m_doc->graph().findByName("fc3")->id);
        ui::NodeItem* dst = m_scene->node(id);
        m_view->centerOn(src);
        const QPoint from = m_view->mapFromScene(src->outputPortPos());
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, {}, from);
        m_view->centerOn(src); // keep coordinates stable
        const QPoint to = m_view->mapFromScene(dst->inputPortPos(0));
        QMouseEvent move(QEvent::MouseMove, QPointF(to), m_view->viewport()->mapToGlobal(QPointF(to)), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_view->viewport(), &move);
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, {}, to);
        const auto inputs = m_doc->graph().inputsOf(id);
        QCOMPARE(inputs.size(), std::size_t{1});
        QCOMPARE(inputs.front().from.layer, src->layerId());
    }

    void deleteSelectionIsOneStep()
    {
        const QString a = describeGraph(m_doc->graph());
        const auto fc1 = m_doc->graph().findByName("fc1")->id;
        m_scene->selectLayers({fc1});
        m_scene->deleteSelection();
        QVERIFY(!m_doc->graph().findByName("fc1"));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        m_doc->undoStack()->undo();
        QCOMPARE(describeGraph(m_doc->graph()), a);
    }

    void propertyEditValidatesAndChangesBreakdown()
    {
        ui::PropertyPanel panel(*m_doc);
        const core::Layer* fc = m_doc->graph().findByName("fc3");
        panel.setLayer(fc->id);
        const int units = fc->kind->paramIndex("units");
        auto* edit = qobject_cast<QLineEdit*>(panel.editor(units));
        QVERIFY(edit);
        QCOMPARE(edit->text(), QStringLiteral("16"));
        const auto before = m_doc->breakdown()[core::Component::Weights].fixed;
        // Invalid text: marked, nothing pushed.
        edit->setText("0");
        emit edit->textEdited("0");
        QVERIFY(!edit->styleSheet().isEmpty());
        emit edit->editingFinished();
        QCOMPARE(m_doc->undoStack()->count(), 0);
        // Valid: one undo step, the breakdown follows.
        edit->setText("32");
        emit edit->textEdited("32");
        QVERIFY(edit->styleSheet().isEmpty());
        emit edit->editingFinished();
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(m_doc->breakdown()[core::Component::Weights].fixed, before + 16 * (16 + 1) * 4);
        m_doc->undoStack()->undo();
        QCOMPARE(edit->text(), QStringLiteral("16"));
        // Trainable box freezes.
        panel.trainableBox()->setChecked(false);
        QVERIFY(!m_doc->graph().find(fc->id)->trainable);
    }

    void attrTextParsesLists()
    {
        const auto spec = core::listParam("kernel_size", {3}, 1, 100, 1, 2, "px", "");
        QString error;
        const auto v = ui::AttrText::parseValid(spec, "[3, 5]", error);
        QVERIFY(v);
        QCOMPARE(std::get<core::IntList>(*v), (core::IntList{3, 5}));
        QVERIFY(!ui::AttrText::parseValid(spec, "3, 5, 7", error));
        QVERIFY(!error.isEmpty());
        QVERIFY(!ui::AttrText::parseValid(spec, "3, x", error));
    }

    void paletteSearch()
    {
        ui::LayerPalette palette(core::KindRegistry::builtin());
        const int all = palette.visibleKindCount();
        QCOMPARE(all, static_cast<int>(core::KindRegistry::builtin().all().size()));
        palette.setFilter("conv");
        QVERIFY(palette.visibleKindCount() >= 1);
        QVERIFY(palette.visibleKindCount() < all);
        palette.setFilter("Dropout");
        QVERIFY(palette.visibleKindCount() >= 1);
        QVERIFY(palette.visibleKindCount() < all);
        palette.setFilter("no such layer kind");
        QCOMPARE(palette.visibleKindCount(), 0);
    }

    // Every edge ends outside its input port's circle, straight (input → fc1 → relu2 → fc3,
    // one above the other) or curved (two sources into the two ports of an Add beside them), and its
    // arrowhead lies wholly above the port, pointing into it: nodes paint over edges, so a head
    // inside the port's circle would be hidden.
    void edgesEndAtThePortRim()
    {
        const auto* add = core::KindRegistry::builtin().find("Add");
        QVERIFY(add);
        const auto fc1 = m_doc->graph().findByName("fc1")->id, relu2 = m_doc->graph().findByName("relu2")->id;
        const QPointF below = m_scene->node(relu2)->pos() + QPointF(420, 260);
        const auto sum = *m_doc->addLayer(*add, below.x(), below.y());
        QVERIFY(m_doc->connectPorts({{fc1, 0}, {sum, 0}}));
        QVERIFY(m_doc->connectPorts({{relu2, 0}, {sum, 1}}));
        QTest::qWait(0);
        QCOMPARE(m_scene->node(sum)->info().inputPorts, 3); // two connected, one free for the next input
        int curved = 0, straight = 0;
        for (const ui::EdgeItem* e : m_scene->edges()) {
            const ui::NodeItem* target = m_scene->node(e->connection().to.layer);
            const QPointF port = target->inputPortPos(e->connection().to.port);
            const QPointF end = e->path().pointAtPercent(1.0);
            const double rim = ui::NodeItem::kPortRadius + 0.5; // the port's outline pen is 1 wide
            QVERIFY2(QLineF(end, port).length() > rim, qPrintable(QStringLiteral("edge ends %1 from the port centre")
                                                                     .arg(QLineF(end, port).length())));
            const QPolygonF head = e->arrowHead();
            QCOMPARE(head.size(), 3);
            QCOMPARE(head.front(), end); // the tip is where the curve ends
            for (const QPointF& v : head) QVERIFY(QLineF(v, port).length() > rim);
            // Above the port and the node's top edge, centred on the port: pointing into it.
            QVERIFY(head.boundingRect().bottom() < port.y() - ui::NodeItem::kPortRadius);
            QCOMPARE(end.x(), port.x());
            QVERIFY(e->boundingRect().contains(head.boundingRect()));
            const QPointF start = e->path().pointAtPercent(0.0);
            (std::abs(start.x() - end.x()) < 1e-9 ? straight : curved) += 1;
        }
        QVERIFY(straight >= 1);
        QCOMPARE(curved, 2); // the two edges into the Add, one per port
        // The two edges into the Add end at different ports.
        std::vector<double> xs;
        for (const ui::EdgeItem* e : m_scene->edges())
            if (e->connection().to.layer == sum) xs.push_back(e->path().pointAtPercent(1.0).x());
        QCOMPARE(xs.size(), std::size_t{2});
        QVERIFY(std::abs(xs[0] - xs[1]) > 2 * ui::NodeItem::kPortRadius);
    }

    void layoutOfLargeGraph()
    {
        const core::Graph g = ui::denseChain(500);
        const auto pos = ui::GraphLayout::layout(g, QSizeF(ui::NodeItem::kWidth, ui::NodeItem::kHeight));
        QCOMPARE(pos.size(), std::size_t{500});
        for (const auto& c : g.connections())
            QVERIFY(pos.at(core::toIndex(c.to.layer)).y() > pos.at(core::toIndex(c.from.layer)).y());
    }

private:
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::GraphScene> m_scene;
    std::unique_ptr<ui::GraphView> m_view;
};

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
