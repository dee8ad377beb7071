// The designer window as a whole: the dock layout leaves the canvas at least a third of the
// width at 1366×768 and 1920×1080 (and at a 2× device pixel ratio: CTest runs this executable
// again with QT_SCALE_FACTOR=2), the palette appends a connected chain after the selection,
// and File ▸ Close leaves an empty document in an open window.
#include "app/MainWindow.h"
#include "core/layers/KindRegistry.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/charts/MemoryView.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/models/BuiltinModels.h"
#include "ui/palette/KindTree.h"
#include "ui/palette/LayerPalette.h"
#include "ui/properties/PropertyPanel.h"
#include "ui/style/DisplayOptions.h"
#include "FileTestSupport.h"

#include <QDockWidget>
#include <QStatusBar>
#include <QTreeWidget>
#include <QtTest>

#include <qcustomplot.h>

using namespace netsizer;
using namespace netsizer::test;

namespace {

// A dark palette like the ones desktop themes ship (near-black bases, light text).
QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2D, 0x2D, 0x30));
    p.setColor(QPalette::WindowText, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Base, QColor(0x1E, 0x1E, 0x1E));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x28));
    p.setColor(QPalette::Text, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Button, QColor(0x3A, 0x3A, 0x3D));
    p.setColor(QPalette::ButtonText, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Highlight, QColor(0x3D, 0x7A, 0xD6));
    p.setColor(QPalette::Mid, QColor(0x5A, 0x5A, 0x5E));
    p.setColor(QPalette::PlaceholderText, QColor(0xA0, 0xA0, 0xA0));
    return p;
}

QTreeWidgetItem* paletteItem(ui::LayerPalette& palette, const QString& kindId)
{
    QTreeWidget* tree = palette.tree();
    for (int g = 0; g < tree->topLevelItemCount(); ++g)
        for (int i = 0; i < tree->topLevelItem(g)->childCount(); ++i)
            if (tree->topLevelItem(g)->child(i)->data(0, Qt::UserRole).toString() == kindId) return tree->topLevelItem(g)->child(i);
    return nullptr;
}

} // namespace

class TestMainWindow : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(QStringLiteral("tst_main_window")); }
    void init()
    {
        QSettings().clear();
        m_script = Script{};
        m_doc = fixtureDocument();
    }
    void cleanup() { m_doc.reset(); }

    void canvasKeepsAThird_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<bool>("dark");
        QTest::newRow("1366x768") << QSize(1366, 768) << false;
        QTest::newRow("1920x1080") << QSize(1920, 1080) << false;
        QTest::newRow("1366x768 dark") << QSize(1366, 768) << true;
    }
    // The default model (the built-in VGG-16) in the window at each size: the canvas keeps a
    // third of the width and every dock stays usable. NETSIZER_SCREENSHOT_DIR=dir saves each
    // window as designer-<W>x<H>[-dark].png (docs/images holds the ones README shows).
    void canvasKeepsAThird()
    {
        QFETCH(QSize, size);
        QFETCH(bool, dark);
        const QPalette original = QApplication::palette();
        if (dark) QApplication::setPalette(darkPalette());
        m_doc->reset(ui::defaultModel().graph, ui::defaultModel().training.value_or(core::TrainingConfig{}));
        {
            ui::DisplayOptions options;
            app::MainWindow window(*m_doc, options);
            window.resize(size);
            window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&window));
            QTest::qWait(50);
            QCOMPARE(window.size(), size);
            // Under QT_SCALE_FACTOR=2 the same logical sizes are drawn with twice the pixels.
            const double scale = qEnvironmentVariableIsSet("QT_SCALE_FACTOR") ? qEnvironmentVariable("QT_SCALE_FACTOR").toDouble() : 1.0;
            QCOMPARE(window.devicePixelRatio(), scale);
            const int canvas = window.canvas()->width();
            QVERIFY2(canvas * 3 >= size.width(), qPrintable(QStringLiteral("canvas %1 px of %2 px").arg(canvas).arg(size.width())));
            // Every dock shown still shows its content: none squeezed to a sliver (the Step through
            // and Lesson docks stay hidden until asked for).
            for (QDockWidget* dock : window.findChildren<QDockWidget*>()) {
                if (dock->isHidden()) continue;
                QVERIFY2(dock->width() >= 150, qPrintable(QStringLiteral("%1: %2 px wide").arg(dock->objectName()).arg(dock->width())));
                QVERIFY2(dock->height() >= 100, qPrintable(QStringLiteral("%1: %2 px high").arg(dock->objectName()).arg(dock->height())));
            }
            const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR");
            if (!shots.isEmpty()) {
                window.canvas()->fitAll();
                for (QCustomPlot* plot : window.findChildren<QCustomPlot*>()) plot->replot(QCustomPlot::rpImmediateRefresh);
                QTest::qWait(50);
                const QString suffix = (scale != 1.0 ? QStringLiteral("-%1x").arg(scale) : QString()) + (dark ? QStringLiteral("-dark") : QString());
                QVERIFY(window.grab().save(shots + QStringLiteral("/designer-%1x%2%3.png").arg(size.width()).arg(size.height()).arg(suffix)));
            }
            // A window made narrower hands the canvas its third back.
            if (size.width() > 1366) {
                window.resize(1366, 768);
                QTRY_VERIFY2(window.canvas()->width() * 3 >= 1366, qPrintable(QString::number(window.canvas()->width())));
            }
        }
        QApplication::setPalette(original);
    }

    // Enter (then a double-click) in the palette, three times with the input selected: each
    // new layer is fed by the one before, selected, shown in the property panel, and placed
    // where it overlaps no other node.
    void paletteAppendsAConnectedChain()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.resize(1366, 768);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        ui::GraphScene* scene = window.canvas()->graphScene();
        QTest::qWait(0);
        core::LayerId previous = m_doc->graph().findByName("conv")->id;
        scene->selectLayers({previous}, true);
        QTreeWidget* tree = window.palette()->tree();
        const QStringList kinds{"BatchNorm", "ReLU", "Dropout"};
        for (int k = 0; k < kinds.size(); ++k) {
            QTreeWidgetItem* item = paletteItem(*window.palette(), kinds[k]);
            QVERIFY(item);
            tree->setCurrentItem(item);
            tree->scrollToItem(item);
            const std::size_t before = m_doc->graph().size();
            if (k == 1) {
                const QRect r = tree->visualItemRect(item);
                // A double-click is a press and release, then the double-click press and release.
                QTest::mouseClick(tree->viewport(), Qt::LeftButton, {}, r.center());
                QTest::mouseDClick(tree->viewport(), Qt::LeftButton, {}, r.center());
            } else {
                tree->setFocus();
                QTest::keyClick(tree, Qt::Key_Return);
            }
            QCOMPARE(m_doc->graph().size(), before + 1);
            const core::Layer& added = m_doc->graph().layers().back();
            QCOMPARE(QString::fromStdString(added.kind->id), kinds[k]);
            const auto inputs = m_doc->graph().inputsOf(added.id);
            QCOMPARE(inputs.size(), std::size_t{1});
            QCOMPARE(inputs.front().from.layer, previous);
            QCOMPARE(scene->selectedLayers(), std::vector<core::LayerId>{added.id});
            QCOMPARE(window.properties()->layer(), std::optional<core::LayerId>(added.id));
            previous = added.id;
        }
        QTest::qWait(0);
        // No two nodes overlap.
        const auto& layers = m_doc->graph().layers();
        for (std::size_t i = 0; i < layers.size(); ++i)
            for (std::size_t j = i + 1; j < layers.size(); ++j) {
                const QPointF a = scene->node(layers[i].id)->pos(), b = scene->node(layers[j].id)->pos();
                QVERIFY2(std::abs(a.x() - b.x()) >= ui::NodeItem::kWidth || std::abs(a.y() - b.y()) >= ui::NodeItem::kHeight,
                         qPrintable(QStringLiteral("%1 overlaps %2").arg(QString::fromStdString(layers[i].name),
                                                                          QString::fromStdString(layers[j].name))));
            }
        QVERIFY(m_doc->analysis().ok());
    }

    // File ▸ Close closes the document, not the window: it asks about unsaved work (Cancel
    // keeps everything), then an empty untitled canvas remains and the window stays open.
    void closeLeavesAnEmptyDocument()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const FileMenuProbe probe(window);
        QAction* close = nullptr;
        for (QAction* a : probe.fileMenu->actions())
            if (a->text().remove('&') == QStringLiteral("Close")) close = a;
        QVERIFY(close);
        QCOMPARE(close->shortcut(), QKeySequence(QKeySequence::Close));
        QVERIFY(m_doc->setBatch(9));
        m_script.answer = SaveAnswer::Cancel;
        close->trigger();
        QCOMPARE(m_script.saveQuestions, 1);
        QCOMPARE(m_doc->graph().size(), smallNet().size());
        QVERIFY(window.isVisible());

        m_script.answer = SaveAnswer::Discard;
        close->trigger();
        QCOMPARE(m_script.saveQuestions, 2);
        QVERIFY(window.isVisible());
        QCOMPARE(m_doc->graph().size(), std::size_t{0});
        QVERIFY(!m_doc->isModified());
        QTRY_VERIFY(window.canvas()->scene()->items().isEmpty());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("untitled[*]")));
        QVERIFY(window.statusBar()->currentMessage().startsWith(QStringLiteral("Closed ")));
    }

private:
    Script m_script;
    std::unique_ptr<ui::Document> m_doc;
};

QTEST_MAIN(TestMainWindow)
#include "tst_main_window.moc"

