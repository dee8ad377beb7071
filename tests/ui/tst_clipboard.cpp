// Cut, copy, paste and duplicate on the canvas (CanvasClipboard, PasteLayersCommand,
// LayerFragment, CanvasActions): a connected selection round-trips through the system
// clipboard with its internal connections, attributes and trainable flags, unique names and a
// placement clear of the originals, as one undo step; cut + paste brings layers back where they
// were; text that is not ours changes nothing; the standard shortcuts are bound and work.
#include "core/io/NativeFormat.h"
#include "tests/ui/GraphCompare.h"
#include "ui/canvas/CanvasActions.h"
#include "ui/canvas/CanvasClipboard.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/LayerFragment.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/Icons.h"

#include <QAction>
#include <QClipboard>
#include <QMimeData>
#include <QSignalSpy>
#include <QtTest>

using namespace netsizer;
using netsizer::test::describeGraph;

class TestClipboard : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        // input -> fc1 -> relu2 -> fc3 -> relu4 -> fc5
        m_doc->reset(ui::denseChain(6, 16), core::TrainingConfig{});
        m_scene = std::make_unique<ui::GraphScene>(*m_doc, m_options);
        m_view = std::make_unique<ui::GraphView>(*m_doc, m_scene.get());
        m_view->resize(800, 600);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        QTest::qWait(0);
        QGuiApplication::clipboard()->clear();
    }
    void cleanup()
    {
        m_view.reset();
        m_scene.reset();
        m_doc.reset();
    }

    void copyPasteConnectedSelection()
    {
        // fc3 frozen and fc1 widened: both must travel with the copy.
        QVERIFY(m_doc->setTrainable(id("fc3"), false));
        QVERIFY(m_doc->setAttribute(id("fc1"), m_doc->graph().find(id("fc1"))->kind->paramIndex("units"), core::AttrValue{std::int64_t{24}}));
        m_doc->undoStack()->clear();
        QTest::qWait(0);
        const std::size_t layersBefore = m_doc->graph().size();
        const std::size_t connsBefore = m_doc->graph().connections().size();
        const QString a = describeGraph(m_doc->graph());
        m_scene->selectLayers({id("fc1"), id("relu2"), id("fc3")});
        QVERIFY(m_scene->clipboard()->copy());
        QVERIFY(QGuiApplication::clipboard()->mimeData()->hasFormat(ui::kFragmentMimeType));
        QVERIFY(QGuiApplication::clipboard()->text().contains("\"netsizer-model\""));

        const auto ids = m_scene->clipboard()->paste();
        QCOMPARE(ids.size(), std::size_t{3});
        const core::Graph& g = m_doc->graph();
        QCOMPARE(g.size(), layersBefore + 3);
        QCOMPARE(g.connections().size(), connsBefore + 2);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        const core::Layer* fc1 = g.findByName("fc1_1");
        const core::Layer* relu2 = g.findByName("relu2_1");
        const core::Layer* fc3 = g.findByName("fc3_1");
        QVERIFY(fc1 && relu2 && fc3);
        QCOMPARE(ids, (std::vector<core::LayerId>{fc1->id, relu2->id, fc3->id}));
        // The two internal connections, nothing to or from outside the copy.
        QVERIFY(g.inputsOf(fc1->id).empty());
        QCOMPARE(g.inputsOf(relu2->id).size(), std::size_t{1});
        QCOMPARE(g.inputsOf(relu2->id).front().from.layer, fc1->id);
        QCOMPARE(g.inputsOf(fc3->id).front().from.layer, relu2->id);
        QVERIFY(g.outputsOf(fc3->id).empty());
        QCOMPARE(std::get<std::int64_t>(fc1->attrs[fc1->kind->paramIndex("units")]), std::int64_t{24});
        QVERIFY(!fc3->trainable);
        QVERIFY(fc1->trainable);
        // Placed one node width plus a 40-unit gap to the right of the originals, and selected.
        for (const char* name : {"fc1", "relu2", "fc3"}) {
            const QPointF orig = m_scene->node(id(name))->pos();
            const core::Layer* copy = g.findByName(std::string(name) + "_1");
            QCOMPARE(QPointF(copy->x, copy->y), orig + QPointF(ui::NodeItem::kWidth + 40, 0));
        }
        QCOMPARE(m_scene->selectedLayers(), ids);

        const QString b = describeGraph(m_doc->graph());
        m_doc->undoStack()->undo();
        QCOMPARE(describeGraph(m_doc->graph()), a);
        m_doc->undoStack()->redo();
        QCOMPARE(describeGraph(m_doc->graph()), b);
        // A second paste of the same clipboard: next free names, clear of both earlier sets.
        const auto again = m_scene->clipboard()->paste();
        QCOMPARE(again.size(), std::size_t{3});
        QVERIFY(m_doc->graph().findByName("fc1_2"));
        QCOMPARE(m_doc->graph().findByName("fc1_2")->x, m_scene->node(id("fc1"))->pos().x() + 2 * (ui::NodeItem::kWidth + 40));
    }

    void cutThenPasteRestores()
    {
        const QString a = describeGraph(m_doc->graph());
        const QPointF relu4At = m_scene->node(id("relu4"))->pos();
        m_scene->selectLayers({id("relu4"), id("fc5")});
        QVERIFY(m_scene->clipboard()->cut());
        QVERIFY(!m_doc->graph().findByName("relu4"));
        QVERIFY(!m_doc->graph().findByName("fc5"));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Cut"));
        QTest::qWait(0);
        const auto ids = m_scene->clipboard()->paste();
        QCOMPARE(ids.size(), std::size_t{2});
        // Same names (free again), same place (nothing covers it), their connection back.
        const core::Layer* relu4 = m_doc->graph().findByName("relu4");
        const core::Layer* fc5 = m_doc->graph().findByName("fc5");
        QVERIFY(relu4 && fc5);
        QCOMPARE(QPointF(relu4->x, relu4->y), relu4At);
        QCOMPARE(m_doc->graph().inputsOf(fc5->id).front().from.layer, relu4->id);
        QCOMPARE(m_doc->graph().connections().size(), std::size_t{4}); // fc3 -> relu4 was cut
        QCOMPARE(m_doc->undoStack()->count(), 2);
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(describeGraph(m_doc->graph()), a);
    }

    void malformedClipboardIsIgnored_data()
    {
        QTest::addColumn<QString>("text");
        QTest::addColumn<QString>("reason");
        QTest::newRow("prose") << "hello canvas" << "line 1";
        QTest::newRow("truncated json") << "{\"format\": \"netsizer-model\", \"layers\": [" << "line 1";
        QTest::newRow("other format") << "{\"format\": \"keras\", \"version\": 1, \"layers\": []}" << "/format";
        QTest::newRow("unknown kind")
            << "{\"format\": \"netsizer-model\", \"version\": 1, \"layers\": [{\"name\": \"a\", \"type\": \"NoSuchKind\"}]}"
            << "/layers/0/type";
        QTest::newRow("dangling input")
            << "{\"format\": \"netsizer-model\", \"version\": 1, \"layers\": [{\"name\": \"a\", \"type\": \"ReLU\", "
               "\"inputs\": [\"nowhere\"]}]}"
            << "/layers/0/inputs/0";
        QTest::newRow("no layers") << "{\"format\": \"netsizer-model\", \"version\": 1, \"layers\": []}" << "no layers";
        QTest::newRow("blank") << "   \n" << "no text";
    }
    void malformedClipboardIsIgnored()
    {
        QFETCH(QString, text);
        QFETCH(QString, reason);
        QGuiApplication::clipboard()->setText(text);
        const QString a = describeGraph(m_doc->graph());
        QSignalSpy messages(m_scene->clipboard(), &ui::CanvasClipboard::message);
        QVERIFY(m_scene->clipboard()->paste().empty());
        QCOMPARE(describeGraph(m_doc->graph()), a);
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QCOMPARE(messages.count(), 1);
        QVERIFY2(messages.front().front().toString().contains(reason), qPrintable(messages.front().front().toString()));
    }

    void pastingModelTextAddsItsLayers()
    {
        // Text of a model file (no positions) pasted onto the canvas: its layers, laid out,
        // clear of the existing nodes, names made unique.
        core::ModelFile file;
        file.graph = ui::denseChain(3, 8); // input, fc1, relu2
        QGuiApplication::clipboard()->setText(QString::fromStdString(core::writeNativeModel(file)));
        const auto ids = m_scene->clipboard()->paste();
        QCOMPARE(ids.size(), std::size_t{3});
        QVERIFY(m_doc->graph().findByName("input_1"));
        QVERIFY(m_doc->graph().findByName("fc1_1"));
        QVERIFY(m_doc->graph().findByName("relu2_1"));
        QCOMPARE(m_doc->graph().connections().size(), std::size_t{5 + 2});
        for (core::LayerId pasted : ids)
            for (const auto& l : m_doc->graph().layers()) {
                if (std::find(ids.begin(), ids.end(), l.id) != ids.end()) continue;
                const QPointF d = m_scene->node(pasted)->pos() - m_scene->node(l.id)->pos();
                QVERIFY(std::abs(d.x()) >= ui::NodeItem::kWidth || std::abs(d.y()) >= ui::NodeItem::kHeight);
            }
    }

    void duplicateNamesAndPlacement()
    {
        m_scene->selectLayers({id("fc1")});
        QCOMPARE(m_scene->clipboard()->duplicate().size(), std::size_t{1});
        QVERIFY(m_doc->graph().findByName("fc1_1"));
        m_scene->selectLayers({id("fc1")});
        m_scene->clipboard()->duplicate();
        QVERIFY(m_doc->graph().findByName("fc1_2"));
        // Duplicating a suffixed name continues the series instead of stacking suffixes.
        m_scene->selectLayers({id("fc1_1")});
        m_scene->clipboard()->duplicate();
        QVERIFY(m_doc->graph().findByName("fc1_3"));
        QCOMPARE(m_doc->undoStack()->count(), 3);
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Duplicate"));
        // Duplicate never touches the clipboard.
        const QMimeData* clip = QGuiApplication::clipboard()->mimeData();
        QVERIFY(!clip || !clip->hasFormat(ui::kFragmentMimeType));
    }

    void standardShortcutsAreBoundAndWork()
    {
        ui::CanvasActions actions(*m_view);
        QCOMPARE(actions.cut()->shortcut(), QKeySequence(QKeySequence::Cut));
        QCOMPARE(actions.copy()->shortcut(), QKeySequence(QKeySequence::Copy));
        QCOMPARE(actions.paste()->shortcut(), QKeySequence(QKeySequence::Paste));
        QCOMPARE(actions.duplicate()->shortcut(), QKeySequence(Qt::CTRL | Qt::Key_D));
        QCOMPARE(actions.remove()->shortcut(), QKeySequence(QKeySequence::Delete));
        QCOMPARE(actions.selectAll()->shortcut(), QKeySequence(QKeySequence::SelectAll));
        QCOMPARE(actions.zoomIn()->shortcut(), QKeySequence(QKeySequence::ZoomIn));
        QCOMPARE(actions.zoomOut()->shortcut(), QKeySequence(QKeySequence::ZoomOut));
        for (QAction* a : {actions.cut(), actions.copy(), actions.paste(), actions.duplicate(), actions.remove(),
                           actions.selectAll(), actions.zoomIn(), actions.zoomOut(), actions.fitToView(), actions.autoLayout()})
            QVERIFY2(!a->icon().isNull(), qPrintable(a->text()));
        // The keys reach the actions when the canvas has focus.
        m_view->activateWindow();
        m_view->setFocus();
        QVERIFY(QTest::qWaitForWindowActive(m_view.get()));
        m_scene->selectLayers({id("fc5")});
        QTest::keySequence(m_view.get(), QKeySequence::Copy);
        QVERIFY(QGuiApplication::clipboard()->mimeData()->hasFormat(ui::kFragmentMimeType));
        QTest::keySequence(m_view.get(), QKeySequence::Paste);
        QVERIFY(m_doc->graph().findByName("fc5_1"));
        QTest::keySequence(m_view.get(), QKeySequence(Qt::CTRL | Qt::Key_D));
        QVERIFY(m_doc->graph().findByName("fc5_2"));
        QTest::keySequence(m_view.get(), QKeySequence::Delete);
        QVERIFY(!m_doc->graph().findByName("fc5_2"));
        const double zoom = m_view->transform().m11();
        actions.zoomIn()->trigger();
        QCOMPARE(m_view->transform().m11(), zoom * 1.25);
    }

    void iconsAreSharpAtTwiceTheSize()
    {
        const QIcon icon = ui::Icons::get("copy");
        QVERIFY(!icon.isNull());
        const QPixmap pm = icon.pixmap(QSize(24, 24), 2.0);
        QCOMPARE(pm.size(), QSize(48, 48)); // device pixels: rendered at 2x, not scaled up
        QCOMPARE(pm.devicePixelRatio(), 2.0);
        const QImage img = pm.toImage();
        int ink = 0;
        for (int y = 0; y < img.height(); ++y)
            for (int x = 0; x < img.width(); ++x) ink += qAlpha(img.pixel(x, y)) > 128;
        QVERIFY2(ink > 100 && ink < 48 * 48 / 2, qPrintable(QString::number(ink))); // lines, not a blob
        // Drawn in the palette's window-text colour.
        const QColor want = QGuiApplication::palette().color(QPalette::WindowText);
        bool found = false;
        for (int y = 0; y < img.height() && !found; ++y)
            for (int x = 0; x < img.width() && !found; ++x)
                found = qAlpha(img.pixel(x, y)) == 255 && QColor(img.pixel(x, y)).rgb() == want.rgb();
        QVERIFY(found);
        QVERIFY(ui::Icons::get("no-such-icon").isNull());
        QVERIFY(!ui::Icons::forCategory("Convolution").isNull());
        QVERIFY(!ui::Icons::forCategory("A category nobody drew").isNull());
        // Qt's own SVG icon engine (qt6-svg) also renders our files offscreen.
        QVERIFY(!QIcon(QStringLiteral(":/icons/copy.svg")).pixmap(QSize(32, 32)).isNull());
    }

private:
    core::LayerId id(const std::string& name) const
    {
        const core::Layer* l = m_doc->graph().findByName(name);
        if (!l) qFatal("no layer %s", name.c_str());
        return l->id;
    }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::GraphScene> m_scene;
    std::unique_ptr<ui::GraphView> m_view;
};

QTEST_MAIN(TestClipboard)
#include "tst_clipboard.moc"
