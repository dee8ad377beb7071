// The canvas, palette and property panel: a palette drop adds the layer (undo removes it, redo
// restores it), dropping on a connection inserts into it, connecting by dragging ports,
// deleting, property edits validate and change the breakdown, layout places every node.
#include "core/io/ModelReader.h"
#include "core/layers/KindRegistry.h"
#include "tests/ui/GraphCompare.h"
#include "tests/ui/HugeModels.h"
#include "ui/canvas/EdgeItem.h"
#include "ui/canvas/GraphLayout.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/canvas/NodeRectIndex.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/palette/KindMimeData.h"
#include "ui/palette/LayerPalette.h"
#include "ui/properties/AttrText.h"
#include "ui/canvas/CanvasGroups.h"
#include "ui/canvas/CheckpointBands.h"
#include "ui/canvas/GroupItem.h"
#include "ui/properties/PropertyPanel.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

#include <QCheckBox>
#include <QDropEvent>
#include <QLineEdit>
#include <QLineF>
#include <QPainterPathStroker>
#include <QSignalSpy>
#include <QStyle>
#include <QTreeWidget>
#include <QMenu>
#include <QToolButton>
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

    // Where a sum exceeds 64 bits the canvas says so instead of 16 EiB: the group of 100 ReLUs
    // that each keep 232.83 PiB at batch 65,536 reads "> 2^64 B" (the sum saturates, never
    // wraps), while each node's badge, inside 64 bits, shows its exact figure.
    void saturatedGroupBadgeIsNotAFigure()
    {
        m_doc->reset(test::hugeReluChain(), test::hugeBatchTraining());
        const core::LayerId relu = m_doc->graph().findByName("relu0")->id;
        QTRY_VERIFY(m_scene->node(relu));
        QTRY_COMPARE(m_scene->node(relu)->info().memory, QStringLiteral("232.83 PiB"));
        double parts = 0;
        for (double part : m_scene->node(relu)->info().parts) parts += part;
        QCOMPARE(parts, 262'144'000'000'000'000.0);
        ui::GroupItem* group = m_scene->groups().item("chain");
        QVERIFY(group);
        QTRY_VERIFY(group->lines().size() > 1);
        QCOMPARE(group->lines().at(1), QStringLiteral("> 2^64 B at batch 65536"));
        QCOMPARE(group->lines().at(5), QStringLiteral("activations kept > 2^64 B"));
        m_doc->setBatch(1, false);
        // At batch 1 the 100 ReLUs keep 100 × 4 × 10^12 bytes = 363.80 TiB: a figure again.
        QTRY_COMPARE(group->lines().at(5), QStringLiteral("activations kept 363.80 TiB"));
        QCOMPARE(group->lines().at(1), QStringLiteral("363.80 TiB at batch 1"));
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

    // Drags from `src`'s output port to `to` (scene), reporting the scene's verdict while the
    // button is still down; returns the refusal the release emitted (empty: none).
    QString dragConnection(ui::NodeItem* src, QPointF to, QString* whileDragging)
    {
        m_view->centerOn(src);
        QSignalSpy refused(m_scene.get(), &ui::GraphScene::connectionRefused);
        const QPoint from = m_view->mapFromScene(src->outputPortPos());
        QTest::mousePress(m_view->viewport(), Qt::LeftButton, {}, from);
        const QPoint at = m_view->mapFromScene(to);
        QMouseEvent move(QEvent::MouseMove, QPointF(at), m_view->viewport()->mapToGlobal(QPointF(at)), Qt::NoButton,
                         Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(m_view->viewport(), &move);
        *whileDragging = m_scene->dragProblem();
        m_dragCursor = m_view->viewport()->cursor().shape();
        QTest::mouseRelease(m_view->viewport(), Qt::LeftButton, {}, at);
        return refused.isEmpty() ? QString() : refused.front().front().toString();
    }

    // fc1's only input already takes `input`: dragging fc3 onto it is refused while dragging
    // (forbidden cursor, the reason on the canvas) and on release; the graph is unchanged and
    // no undo step is pushed.
    void dragIntoOccupiedInputIsRefused()
    {
        QTest::qWait(0);
        const QString before = describeGraph(m_doc->graph());
        ui::NodeItem* fc3 = m_scene->node(m_doc->graph().findByName("fc3")->id);
        ui::NodeItem* fc1 = m_scene->node(m_doc->graph().findByName("fc1")->id);
        QString during;
        const QString refused = dragConnection(fc3, fc1->inputPortPos(0), &during);
        const QString reason = QStringLiteral("Input 1 of fc1 already takes input; delete that connection first");
        QCOMPARE(during, reason);
        QCOMPARE(m_dragCursor, Qt::ForbiddenCursor);
        QCOMPARE(refused, reason);
        QCOMPARE(describeGraph(m_doc->graph()), before);
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QVERIFY(!m_scene->isDraggingConnection());
        QCOMPARE(m_view->viewport()->cursor().shape(), Qt::ArrowCursor);
    }

    // sum (an Add, fed by fc3) feeds extra; dropping extra's output on sum's body would take
    // sum's free second port and close sum → extra → sum: refused with the reason, the
    // analysis keeps every layer (none "on a cycle").
    void dragClosingACycleIsRefused()
    {
        const auto* add = core::KindRegistry::builtin().find("Add");
        const auto* dense = core::KindRegistry::builtin().find("Dense");
        const auto fc3 = m_doc->graph().findByName("fc3")->id;
        const QPointF p = m_scene->node(fc3)->pos();
        const auto sum = *m_doc->addLayer(*add, p.x(), p.y() + 150, core::PortRef{fc3, 0});
        const auto extra = *m_doc->addLayer(*dense, p.x() + 300, p.y() + 300, core::PortRef{sum, 0});
        QTest::qWait(0);
        const QString before = describeGraph(m_doc->graph());
        const int steps = m_doc->undoStack()->count();
        QString during;
        const QString refused = dragConnection(m_scene->node(extra), m_scene->node(sum)->pos(), &during);
        const QString reason = QStringLiteral("dense → add would close a cycle: add already feeds dense");
        QCOMPARE(during, reason);
        QCOMPARE(refused, reason);
        QCOMPARE(describeGraph(m_doc->graph()), before);
        QCOMPARE(m_doc->undoStack()->count(), steps);
        QCOMPARE(m_doc->analysis().layers.size(), m_doc->graph().size());
        for (const auto& e : m_doc->analysis().errors) QVERIFY2(e.message.find("cycle") == std::string::npos, e.message.c_str());
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

    // "Add dropout after" ▸ p = 0.3 (what an eval-mode ONNX export cannot say): a Dropout of the panel's
    // rate between fc1 and what fc1 fed, one undo step that undo removes exactly.
    void propertyPanelAddsADropoutAfterTheLayer()
    {
        ui::PropertyPanel panel(*m_doc);
        const core::LayerId fc1 = m_doc->graph().findByName("fc1")->id;
        const auto fedBefore = m_doc->graph().outputsOf(fc1);
        QVERIFY(!fedBefore.empty());
        const QString before = describeGraph(m_doc->graph());
        panel.setLayer(fc1);
        QVERIFY(panel.addDropoutButton() && panel.addDropoutButton()->menu());
        QAction* rate = nullptr;
        for (QAction* a : panel.addDropoutButton()->menu()->actions())
            if (a->data().toDouble() == 0.3) rate = a;
        QVERIFY(rate);
        rate->trigger();
        QCOMPARE(m_doc->undoStack()->count(), 1);
        const core::Layer* d = m_doc->graph().findByName("fc1/dropout");
        QVERIFY(d);
        QCOMPARE(d->kind->id, std::string("Dropout"));
        QCOMPARE(std::get<double>(d->attrs[static_cast<std::size_t>(d->kind->paramIndex("p"))]), 0.3);
        const auto fedNow = m_doc->graph().outputsOf(fc1);
        QCOMPARE(fedNow.size(), std::size_t{1});
        QCOMPARE(fedNow[0].to.layer, d->id);
        QCOMPARE(m_doc->graph().outputsOf(d->id).size(), fedBefore.size());
        QCOMPARE(m_doc->graph().outputsOf(d->id)[0].to, fedBefore[0].to);
        m_doc->undoStack()->undo();
        QCOMPARE(describeGraph(m_doc->graph()), before);
    }

    // A checkpointed segment gets a band round its nodes (and no other), gone on undo.
    void checkpointSegmentHasABand()
    {
        const core::LayerId fc1 = m_doc->graph().findByName("fc1")->id, relu2 = m_doc->graph().findByName("relu2")->id;
        const core::LayerId fc3 = m_doc->graph().findByName("fc3")->id;
        QVERIFY(m_doc->setCheckpoint({fc1, relu2}, "seg"));
        const ui::CheckpointBands& bands = m_scene->groups().checkpointBands();
        QTRY_VERIFY(!bands.band("seg").isEmpty());
        const QRectF band = bands.band("seg");
        QVERIFY(band.contains(m_scene->node(fc1)->sceneBoundingRect()));
        QVERIFY(band.contains(m_scene->node(relu2)->sceneBoundingRect()));
        QVERIFY(!band.contains(m_scene->node(fc3)->sceneBoundingRect().center()));
        m_doc->undoStack()->undo();
        QTRY_VERIFY(m_scene->groups().checkpointBands().band("seg").isEmpty());
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

    // An edge never runs hidden under a node: input → sum skips fc1, relu2 and fc3, which
    // stand between them on one vertical, so it detours beside them; fc3 → top (an Add above
    // the input) runs upwards round both ends. Each stays below the nodes (z 0) and its stroke
    // meets no node box but the rims of its own two ends; it still ends vertically in its port.
    void edgesGoRoundNodesInTheWay()
    {
        QTest::qWait(0);
        const auto* add = core::KindRegistry::builtin().find("Add");
        const auto input = m_doc->graph().findByName("input")->id, fc3 = m_doc->graph().findByName("fc3")->id;
        const QPointF below = m_scene->node(fc3)->pos() + QPointF(0, 160);
        const QPointF above = m_scene->node(input)->pos() - QPointF(0, 160);
        const auto sum = *m_doc->addLayer(*add, below.x(), below.y(), core::PortRef{input, 0});
        const auto top = *m_doc->addLayer(*add, above.x(), above.y(), core::PortRef{fc3, 0});
        QTest::qWait(0);
        QPainterPathStroker thin;
        thin.setWidth(1);
        int checked = 0;
        for (const ui::EdgeItem* e : m_scene->edges()) {
            const auto& c = e->connection();
            if (!((c.from.layer == input && c.to.layer == sum) || (c.from.layer == fc3 && c.to.layer == top))) continue;
            ++checked;
            QCOMPARE(e->zValue(), 0.0);
            const QPainterPath stroke = thin.createStroke(e->path());
            for (const auto& l : m_doc->graph().layers()) {
                const ui::NodeItem* n = m_scene->node(l.id);
                // The own ends: the curve leaves the bottom rim and stops above the top rim.
                const double inset = (l.id == c.from.layer || l.id == c.to.layer) ? 3 : 0;
                const QRectF box = QRectF(n->pos() - QPointF(ui::NodeItem::kWidth / 2, ui::NodeItem::kHeight / 2),
                                          QSizeF(ui::NodeItem::kWidth, ui::NodeItem::kHeight))
                                       .adjusted(inset, inset, -inset, -inset);
                QVERIFY2(!stroke.intersects(box), qPrintable(QStringLiteral("%1 → %2 crosses %3")
                                                                .arg(QString::fromStdString(m_doc->graph().find(c.from.layer)->name),
                                                                     QString::fromStdString(m_doc->graph().find(c.to.layer)->name),
                                                                     QString::fromStdString(l.name))));
            }
            const QPointF end = e->path().pointAtPercent(1.0);
            QCOMPARE(end.x(), m_scene->node(c.to.layer)->inputPortPos(c.to.port).x());
        }
        QCOMPARE(checked, 2);
        // With the three blockers moved aside, input → sum is the direct curve again.
        for (const char* name : {"fc1", "relu2", "fc3"}) {
            const auto id = m_doc->graph().findByName(name)->id;
            const QPointF p = m_scene->node(id)->pos();
            m_doc->moveLayer(id, p.x() + 600, p.y());
        }
        QTest::qWait(0);
        for (const ui::EdgeItem* e : m_scene->edges())
            if (e->connection().from.layer == input && e->connection().to.layer == sum)
                QCOMPARE(e->path().elementCount(), 4); // one cubic: moveTo + three points
    }

    // ResNet-18 as the canvas lays it out (dot): no edge runs under a node that is not one of
    // its ends, skip connections included — each one either clears every node or is drawn above
    // them — and none loops (between ports a short drop apart, the old curve overshot). NETSIZER_SCREENSHOT_DIR=dir saves the first residual block at 1:1.
    void laidOutResNetEdgesClearNodes()
    {
        showResNet18();
        QPainterPathStroker thin;
        thin.setWidth(1);
        int detoured = 0;
        for (const ui::EdgeItem* e : m_scene->edges()) {
            if (e->zValue() > 0) continue; // drawn above the nodes: visible whatever it crosses
            const QPainterPath stroke = thin.createStroke(e->path());
            detoured += e->path().elementCount() > 4;
            // No loops: going down the curve, y never goes back up (nor past either end).
            const QPainterPath& path = e->path();
            const double top = path.pointAtPercent(0).y(), bottom = path.pointAtPercent(1).y();
            double lastY = top;
            for (int i = 1; i <= 64 && bottom > top; ++i) {
                const double y = path.pointAtPercent(i / 64.0).y();
                QVERIFY2(y >= lastY - 1e-6 && y <= bottom + 1e-6,
                         qPrintable(QStringLiteral("%1 → %2 turns back at %3").arg(QString::fromStdString(m_doc->graph().find(e->connection().from.layer)->name),
                                                                               QString::fromStdString(m_doc->graph().find(e->connection().to.layer)->name)).arg(i)));
                lastY = y;
            }
            for (const auto& l : m_doc->graph().layers()) {
                if (l.id == e->connection().from.layer || l.id == e->connection().to.layer) continue;
                const ui::NodeItem* n = m_scene->node(l.id);
                const QRectF box(n->pos() - QPointF(ui::NodeItem::kWidth / 2, ui::NodeItem::kHeight / 2),
                                 QSizeF(ui::NodeItem::kWidth, ui::NodeItem::kHeight));
                QVERIFY2(!stroke.intersects(box), qPrintable(QStringLiteral("%1 → %2 under %3")
                                                                .arg(QString::fromStdString(m_doc->graph().find(e->connection().from.layer)->name),
                                                                     QString::fromStdString(m_doc->graph().find(e->connection().to.layer)->name),
                                                                     QString::fromStdString(l.name))));
            }
        }
        const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            const core::Layer* add = nullptr;
            for (const auto& l : m_doc->graph().layers())
                if (!add && l.kind->id == "Add") add = &l;
            QVERIFY(add);
            m_view->resize(900, 900);
            m_view->resetTransform();
            m_view->centerOn(m_scene->node(add->id)->pos() - QPointF(0, 250));
            QTest::qWait(20);
            m_view->grab().save(shots + QStringLiteral("/resnet18_block.png"));
            qInfo("%d of %d edges detour round nodes", detoured, int(m_scene->edges().size()));
        }
    }

    // The canvas routes every edge of a pass against one NodeRectIndex of the node boxes; each
    // route equals the one the scene's own item queries give (ResNet-18 as laid out: skips
    // detour round nodes), and the index answers as a scan of every box would.
    void routingIndexAgreesWithTheScene()
    {
        showResNet18();
        ui::NodeRectIndex index(97); // a cell smaller than a node: boxes span several cells
        std::vector<ui::NodeRectIndex::Entry> all;
        for (const auto& l : m_doc->graph().layers()) {
            const ui::NodeItem* n = m_scene->node(l.id);
            index.insert(n, n->sceneBox());
            all.push_back({n, n->sceneBox()});
        }
        const QRectF bounds = m_scene->itemsBoundingRect();
        for (int i = 0; i < 200; ++i) {
            const double x = bounds.left() + bounds.width() * ((i * 37) % 100) / 100.0;
            const double y = bounds.top() + bounds.height() * ((i * 61) % 100) / 100.0;
            const QRectF probe(x, y, 20 + (i % 7) * 90, 30 + (i % 5) * 400);
            std::vector<const ui::NodeItem*> expected, found;
            for (const auto& e : all)
                if (e.box.intersects(probe)) expected.push_back(e.node);
            for (const auto& e : index.intersecting(probe)) found.push_back(e.node);
            std::sort(expected.begin(), expected.end());
            std::sort(found.begin(), found.end());
            QCOMPARE(found, expected);
        }
        int detoured = 0;
        for (ui::EdgeItem* e : m_scene->edges()) {
            const QPainterPath routed = e->path();
            const double z = e->zValue();
            detoured += routed.elementCount() > 4;
            e->updatePath(); // asks the scene's items
            QCOMPARE(e->path(), routed);
            QCOMPARE(e->zValue(), z);
        }
        QVERIFY(detoured > 0);
    }

    // Edges and their arrowheads read on the canvas (its background is the palette's Window):
    // at least 4.5:1 on the light standard palette and on a dark one (near-black window, light
    // text), where the old half-transparent text colour was faint.
    void edgeInkReadsOnLightAndDark()
    {
        QPalette dark;
        dark.setColor(QPalette::Window, QColor(0x2D, 0x2D, 0x30));
        dark.setColor(QPalette::Base, QColor(0x1E, 0x1E, 0x1E));
        dark.setColor(QPalette::Text, QColor(0xE6, 0xE6, 0xE6));
        for (const QPalette& pal : {QApplication::style()->standardPalette(), dark}) {
            const QColor ink = ui::EdgeItem::ink(pal);
            QCOMPARE(ink.alpha(), 255);
            const double ratio = ui::StatusColors::contrastRatio(ink, pal.color(QPalette::Window));
            QVERIFY2(ratio >= 4.5, qPrintable(QStringLiteral("%1 on %2: %3").arg(ink.name(), pal.color(QPalette::Window).name()).arg(ratio)));
        }
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
    // ResNet-18 (resources/examples), laid out by the canvas, every connection an edge.
    void showResNet18()
    {
        auto file = core::readModelFile(NETSIZER_ROOT "/resources/examples/resnet18.json");
        QVERIFY(file.ok());
        m_doc->reset(file->graph, core::TrainingConfig{});
        QTest::qWait(0);
        QCOMPARE(m_scene->edges().size(), m_doc->graph().connections().size());
    }

    Qt::CursorShape m_dragCursor = Qt::ArrowCursor;
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::GraphScene> m_scene;
    std::unique_ptr<ui::GraphView> m_view;
};

QTEST_MAIN(TestCanvas)
#include "tst_canvas.moc"
