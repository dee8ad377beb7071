// Finding one's way in large graphs, through the real window on the ResNet-50 example (176
// layers): fit to view shows every layer, New and Open fit, zoom to selection, the minimap
// (whole network, the canvas's outline, click to move there), find by name (Ctrl+F, Enter /
// Shift+Enter, no match), and the per-layer bars (wheel zoom, drag pan within the layers, a
// click on a bar selects its layer in canvas and table, a canvas selection highlights its bar).
#include "app/MainWindow.h"
#include "core/estimate/GpuCatalog.h"
#include "tests/ui/FileTestSupport.h"
#include "ui/canvas/FindLayerBar.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/MiniMap.h"
#include "ui/canvas/NodeItem.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"
#include "ui/table/LayerTableView.h"

#include <QItemSelectionModel>
#include <QLineEdit>
#include <QtTest>

using namespace netsizer;
using netsizer::test::example;

namespace {

QRectF nodesRect(const ui::GraphScene& scene)
{
    QRectF r;
    for (QGraphicsItem* item : scene.items())
        if (item->type() == ui::NodeItem::Type) r |= item->sceneBoundingRect();
    return r;
}

std::vector<core::LayerId> namedLike(const core::Graph& g, const QString& part)
{
    std::vector<core::LayerId> out;
    for (const auto& l : g.layers())
        if (QString::fromStdString(l.name).contains(part, Qt::CaseInsensitive)) out.push_back(l.id);
    return out;
}

} // namespace

class TestNavigation : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateSettings(QStringLiteral("tst_navigation")); }
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        core::TrainingConfig c;
        c.gpu = core::GpuCatalog::builtin().find("RTX 3090");
        m_doc->reset(ui::denseChain(3, 8), c);
        m_window = std::make_unique<app::MainWindow>(*m_doc, m_options);
        m_window->files()->setInteraction(m_script.interaction());
        m_window->resize(1600, 1000); // the designer's default size
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        QVERIFY(m_window->files()->openFile(example(QStringLiteral("resnet50.json"))));
        settle();
        QCOMPARE(m_doc->graph().size(), std::size_t{176});
    }
    void cleanup()
    {
        m_window.reset();
        m_doc.reset();
    }

    void openFitsResNet50Whole()
    {
        ui::GraphView* view = m_window->canvas();
        const QRectF nodes = nodesRect(*view->graphScene());
        QVERIFY(!nodes.isEmpty());
        // Every layer is inside the visible part after Open (no manual fit).
        QVERIFY2(view->visibleSceneRect().contains(nodes),
                 qPrintable(QStringLiteral("visible %1,%2 %3x%4 vs nodes %5x%6").arg(view->visibleSceneRect().x()).arg(view->visibleSceneRect().y())
                                .arg(view->visibleSceneRect().width()).arg(view->visibleSceneRect().height()).arg(nodes.width()).arg(nodes.height())));
        QVERIFY(view->zoom() < 0.5); // a long network: well below 1:1 …
        QVERIFY(view->zoom() >= ui::GraphView::kMinZoom);
        // … and fitted tightly: the network fills the viewport in one direction (≥ 80 %).
        const QRectF vis = view->visibleSceneRect();
        QVERIFY(std::max(nodes.width() / vis.width(), nodes.height() / vis.height()) > 0.8);

        // Zoomed in somewhere, Fit to view shows everything again.
        view->zoomIn();
        view->zoomIn();
        view->centerOn(nodes.topLeft());
        QVERIFY(!view->visibleSceneRect().contains(nodes));
        view->fitAll();
        QVERIFY(view->visibleSceneRect().contains(nodes));
    }

    void newFitsTheView()
    {
        ui::GraphView* view = m_window->canvas();
        view->resetTransform();
        view->scale(3, 3);
        QVERIFY(m_window->files()->newDocument());
        settle();
        QCOMPARE(m_doc->graph().size(), std::size_t{0});
        QCOMPARE(view->zoom(), 1.0);
        QVERIFY(view->visibleSceneRect().contains(QPointF(0, 0)));
    }

    void zoomToSelectionShowsTheSelectedLayers()
    {
        ui::GraphView* view = m_window->canvas();
        ui::GraphScene* scene = view->graphScene();
        const core::LayerId last = m_doc->graph().layers().back().id;
        scene->selectLayers({last}, true);
        view->zoomToSelection();
        const QRectF node = scene->node(last)->sceneBoundingRect();
        QVERIFY(view->visibleSceneRect().contains(node));
        // One node: as large as fits (the node and its margin fill the viewport one way),
        // never above 1:1.
        const QRectF vis = view->visibleSceneRect();
        QVERIFY(view->zoom() <= 1.0);
        QVERIFY2(qFuzzyCompare(view->zoom(), 1.0) || std::max((node.width() + 80) / vis.width(), (node.height() + 80) / vis.height()) > 0.9,
                 qPrintable(QStringLiteral("zoom %1, visible %2x%3").arg(view->zoom()).arg(vis.width()).arg(vis.height())));
        const QPointF centre = view->visibleSceneRect().center();
        QVERIFY(QLineF(centre, node.center()).length() < 30);

        // First and last layers together: both visible, zoomed out to hold them.
        const core::LayerId first = m_doc->graph().layers().front().id;
        scene->selectLayers({first, last}, true);
        view->zoomToSelection();
        QVERIFY(view->visibleSceneRect().contains(scene->node(first)->sceneBoundingRect()));
        QVERIFY(view->visibleSceneRect().contains(node));
        QVERIFY(view->zoom() < 0.5);
        // Nothing selected: the whole network.
        scene->selectLayers({}, true);
        view->zoomToSelection();
        QVERIFY(view->visibleSceneRect().contains(nodesRect(*scene)));
    }

    void miniMapShowsAllAndNavigates()
    {
        ui::GraphView* view = m_window->canvas();
        ui::MiniMap* map = view->miniMap();
        QVERIFY(map->isVisible());
        // Bottom-right corner of the canvas, inside it.
        QVERIFY(view->viewport()->geometry().contains(map->geometry()));
        QVERIFY(map->geometry().right() > view->viewport()->geometry().center().x());
        QVERIFY(map->geometry().bottom() > view->viewport()->geometry().center().y());
        // The whole network is drawn inside the map.
        const QRectF nodes = nodesRect(*view->graphScene());
        const QRect drawn = map->mapFromScene(nodes).boundingRect();
        QVERIFY(map->viewport()->rect().adjusted(-1, -1, 1, 1).contains(drawn));
        // … visibly: the layers' marks make a solid column well darker than the background
        // (1,514 such pixels measured here; a node's own painting at this scale gives none).
        const QImage picture = map->viewport()->grab().toImage();
        const int background = picture.pixelColor(1, 1).lightness();
        int dark = 0;
        for (int y = 0; y < picture.height(); ++y)
            for (int x = 0; x < picture.width(); ++x) dark += std::abs(picture.pixelColor(x, y).lightness() - background) > 80;
        QVERIFY2(dark > 500, qPrintable(QString::number(dark)));

        // Zoom the canvas in on the first layer; the outline is the canvas's visible part.
        const core::LayerId first = m_doc->graph().layers().front().id;
        const core::LayerId last = m_doc->graph().layers().back().id;
        view->graphScene()->selectLayers({first}, true);
        view->zoomToSelection();
        const double zoomBefore = view->zoom();
        QCOMPARE(map->outlineRect(), view->visibleSceneRect());
        const QPointF lastCentre = view->graphScene()->node(last)->sceneBoundingRect().center();
        QVERIFY(!view->visibleSceneRect().contains(lastCentre));
        // A click on the map where the last layer is drawn moves the canvas there.
        QTest::mouseClick(map->viewport(), Qt::LeftButton, {}, map->mapPoint(lastCentre));
        QVERIFY(view->visibleSceneRect().contains(lastCentre));
        QCOMPARE(view->zoom(), zoomBefore); // moved, not zoomed
        // A drag follows the pointer: back to the first layer.
        const QPointF firstCentre = view->graphScene()->node(first)->sceneBoundingRect().center();
        QTest::mousePress(map->viewport(), Qt::LeftButton, {}, map->mapPoint(lastCentre));
        QMouseEvent move(QEvent::MouseMove, QPointF(map->mapPoint(firstCentre)), map->viewport()->mapToGlobal(QPointF(map->mapPoint(firstCentre))),
                         Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(map->viewport(), &move);
        QTest::mouseRelease(map->viewport(), Qt::LeftButton, {}, map->mapPoint(firstCentre));
        QVERIFY(view->visibleSceneRect().contains(firstCentre));
        // The map edits nothing.
        QVERIFY(!m_doc->isModified());

        // View ▸ Minimap hides it.
        QAction* toggle = nullptr;
        for (QAction* a : m_window->findChildren<QAction*>())
            if (a->text().remove('&') == QStringLiteral("Minimap")) toggle = a;
        QVERIFY(toggle);
        toggle->trigger();
        QVERIFY(!map->isVisible());
        toggle->trigger();
        QVERIFY(map->isVisible());

        // A tall network gets a tall map; a canvas too small for a useful map hides it.
        QVERIFY(map->height() > map->width());
        const QSize canvas = view->size();
        view->setFixedSize(200, 150);
        QVERIFY(!map->isVisible());
        view->setMinimumSize(0, 0);
        view->setMaximumSize(QWIDGETSIZE_MAX, QWIDGETSIZE_MAX);
        view->resize(canvas);
        QCoreApplication::processEvents();
        QVERIFY(map->isVisible());
    }

    void findByName()
    {
        ui::GraphView* view = m_window->canvas();
        ui::FindLayerBar* bar = view->findBar();
        QVERIFY(!bar->isVisible());
        view->setFocus();
        QTest::keyClick(m_window.get(), Qt::Key_F, Qt::ControlModifier);
        QVERIFY(bar->isVisible());
        QTRY_VERIFY(bar->field()->hasFocus());

        const auto expected = namedLike(m_doc->graph(), QStringLiteral("layer3.2"));
        QVERIFY(expected.size() >= 3);
        QTest::keyClicks(bar->field(), QStringLiteral("LAYER3.2")); // case-insensitive
        QCOMPARE(bar->matches(), expected);
        QCOMPARE(bar->countText(), QStringLiteral("1 of %1").arg(expected.size()));
        QCOMPARE(view->graphScene()->selectedLayers(), std::vector<core::LayerId>{expected[0]});
        const QRectF node0 = view->graphScene()->node(expected[0])->sceneBoundingRect();
        QVERIFY(view->visibleSceneRect().contains(node0));
        QVERIFY(view->zoom() >= ui::FindLayerBar::kFindZoom);
        // The table follows the canvas selection (one selected row: the match).
        QCOMPARE(m_window->findChild<ui::LayerTableView*>()->selectionModel()->selectedRows().size(), 1);

        QTest::keyClick(bar->field(), Qt::Key_Return);
        QCOMPARE(bar->countText(), QStringLiteral("2 of %1").arg(expected.size()));
        QCOMPARE(view->graphScene()->selectedLayers(), std::vector<core::LayerId>{expected[1]});
        QVERIFY(view->visibleSceneRect().contains(view->graphScene()->node(expected[1])->sceneBoundingRect()));
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier);
        QTest::keyClick(bar->field(), Qt::Key_Return, Qt::ShiftModifier); // wraps to the last
        QCOMPARE(bar->countText(), QStringLiteral("%1 of %1").arg(expected.size()));
        QCOMPARE(view->graphScene()->selectedLayers(), std::vector<core::LayerId>{expected.back()});

        // No match: said, and the selection stays (no ResNet-50 layer name has a 'z').
        bar->field()->selectAll();
        QTest::keyClicks(bar->field(), QStringLiteral("zz"));
        QCOMPARE(bar->countText(), QStringLiteral("No match"));
        QVERIFY(bar->matches().empty());
        QCOMPARE(view->graphScene()->selectedLayers(), std::vector<core::LayerId>{expected.back()});
        QTest::keyClick(bar->field(), Qt::Key_Return); // nothing to go to: no crash, no change
        QCOMPARE(view->graphScene()->selectedLayers(), std::vector<core::LayerId>{expected.back()});

        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty()) {
            bar->field()->clear();
            QTest::keyClicks(bar->field(), QStringLiteral("layer3.2"));
            m_window->memoryView()->barsChart()->replot();
            m_window->grab().save(shots + QStringLiteral("/find_resnet50.png"));
        }
        QTest::keyClick(bar->field(), Qt::Key_Escape);
        QVERIFY(!bar->isVisible());
        QVERIFY(!m_doc->isModified());
    }

    void barsZoomAndPanWithinTheLayers()
    {
        ui::LayerBarsChart* bars = m_window->memoryView()->barsChart();
        m_window->memoryView()->showTopChart(0);
        settle();
        const double n = static_cast<double>(bars->layerCount());
        QCOMPARE(bars->xAxis->range().lower, -0.6);
        QCOMPARE(bars->xAxis->range().upper, n - 0.4);
        const QPoint middle = bars->axisRect()->rect().center();
        // Wheel up: zooms in around the cursor, the memory axis unchanged.
        const QCPRange y = bars->yAxis->range();
        for (int i = 0; i < 8; ++i) wheel(bars, middle, 120);
        const double zoomed = bars->xAxis->range().size();
        QVERIFY2(zoomed < n / 2, qPrintable(QString::number(zoomed)));
        QCOMPARE(bars->yAxis->range(), y);
        QVERIFY(bars->xAxis->range().contains(bars->xAxis->pixelToCoord(middle.x())));
        // Drag right: shows earlier layers, never before the first.
        const double before = bars->xAxis->range().lower;
        drag(bars, middle, middle + QPoint(120, 0));
        QVERIFY(bars->xAxis->range().lower < before);
        QCOMPARE(bars->xAxis->range().size(), zoomed);
        for (int i = 0; i < 10; ++i) drag(bars, middle, middle + QPoint(400, 0));
        QCOMPARE(bars->xAxis->range().lower, -0.6);
        QCOMPARE(bars->xAxis->range().size(), zoomed);
        // Zooming out stops at every layer.
        for (int i = 0; i < 40; ++i) wheel(bars, middle, -120);
        QCOMPARE(bars->xAxis->range().lower, -0.6);
        QCOMPARE(bars->xAxis->range().upper, n - 0.4);
        // Labels are thinned to the visible layers: zoomed in, more of them are named.
        bars->replot();
        const int allTicks = ticker(bars)->ticks().size();
        QVERIFY(allTicks < static_cast<int>(n));
        bars->xAxis->setRange(9.5, 19.5);
        bars->replot();
        QCOMPARE(ticker(bars)->ticks().size(), 10); // layers 10 … 19, each named
        QCOMPARE(ticker(bars)->ticks().value(10), bars->layerNames()[10]);
    }

    void barClickSelectsAndSelectionHighlights()
    {
        ui::LayerBarsChart* bars = m_window->memoryView()->barsChart();
        m_window->memoryView()->showTopChart(0);
        settle();
        ui::GraphScene* scene = m_window->canvas()->graphScene();
        // The tallest bar is easy to hit: click it in the middle of its height.
        int tallest = 0;
        double top = 0;
        for (int i = 0; i < static_cast<int>(bars->layerCount()); ++i) {
            double sum = 0;
            for (core::Component c : core::kAllComponents) sum += bars->values(c)[i];
            if (sum > top) top = sum, tallest = i;
        }
        const QPoint at(static_cast<int>(bars->xAxis->coordToPixel(tallest)), static_cast<int>(bars->yAxis->coordToPixel(top / 2)));
        QCOMPARE(bars->barAt(at), tallest);
        QTest::mouseClick(bars, Qt::LeftButton, {}, at);
        const core::LayerId id = *bars->layerAt(tallest);
        QCOMPARE(scene->selectedLayers(), std::vector<core::LayerId>{id});
        QCOMPARE(m_window->findChild<ui::LayerTableView*>()->selectionModel()->selectedRows().size(), 1);
        QCOMPARE(bars->highlightedIndices(), std::vector<int>{tallest});
        // A drag is a pan, not a click: the selection stays.
        drag(bars, at, at + QPoint(60, 0));
        QCOMPARE(scene->selectedLayers(), std::vector<core::LayerId>{id});
        // Between bars: nothing happens (zoomed to ten bars, so the gap is wider than a pixel
        // whatever the dock's width).
        bars->xAxis->setRange(tallest - 4.6, tallest + 5.4);
        bars->replot();
        const QPoint gap(static_cast<int>(std::lround(bars->xAxis->coordToPixel(tallest + 0.5))), at.y());
        QCOMPARE(bars->barAt(gap), -1);

        // The other way round: a canvas selection highlights its bars and pans the first in.
        bars->xAxis->setRange(-0.6, 9.4);
        const core::LayerId last = m_doc->graph().layers().back().id;
        const int lastBar = bars->indexOf(last);
        QVERIFY(lastBar > 100);
        scene->selectLayers({last}, true);
        QCOMPARE(bars->highlightedIndices(), std::vector<int>{lastBar});
        QVERIFY(bars->xAxis->range().contains(lastBar));
        QCOMPARE(bars->xAxis->range().size(), 10.0);
        scene->selectLayers({}, true);
        QVERIFY(bars->highlightedIndices().empty());
    }

private:
    static QSharedPointer<QCPAxisTickerText> ticker(ui::LayerBarsChart* bars)
    {
        return bars->xAxis->ticker().dynamicCast<QCPAxisTickerText>();
    }
    static void wheel(QWidget* w, QPoint at, int delta)
    {
        QWheelEvent e(QPointF(at), QPointF(w->mapToGlobal(at)), QPoint(), QPoint(0, delta), Qt::NoButton, Qt::NoModifier,
                      Qt::NoScrollPhase, false);
        QApplication::sendEvent(w, &e);
    }
    static void drag(QWidget* w, QPoint from, QPoint to)
    {
        QTest::mousePress(w, Qt::LeftButton, {}, from);
        QMouseEvent move(QEvent::MouseMove, QPointF(to), QPointF(w->mapToGlobal(to)), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(w, &move);
        QTest::mouseRelease(w, Qt::LeftButton, {}, to);
    }
    void settle()
    {
        for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
    }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<app::MainWindow> m_window;
    test::Script m_script;
};

QTEST_MAIN(TestNavigation)
#include "tst_navigation.moc"
