// Export chart: the options asked for (size, DPI, title, configuration line, legend; at least
// 1600 px wide by default), what lands in the file (exact pixel size and stored DPI, title,
// configuration line and legend as SVG text), the training-step chart exporting too, the
// on-screen chart unchanged afterwards, the last size remembered, bad sizes refused with the
// file named, and the dialog's controls.
#include "app/MainWindow.h"
#include "tests/ui/FileTestSupport.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/TimelineChart.h"
#include "ui/files/ChartExportDialog.h"
#include "ui/files/DocumentFiles.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"

#include <QCheckBox>
#include <QImage>
#include <QLineEdit>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QtTest>

using namespace netsizer;
using netsizer::test::readAll;

class TestChartExport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { test::isolateSettings(QStringLiteral("tst_chart_export")); }
    void init()
    {
        QSettings().clear();
        m_doc = test::fixtureDocument(); // smallNet, batch 48, SGD + momentum, RTX 3090
        m_window = std::make_unique<app::MainWindow>(*m_doc, m_options);
        m_io = m_script.interaction();
        m_io.askChartExport = [this](const ui::ChartExportOptions& proposed) -> std::optional<ui::ChartExportOptions> {
            m_proposed.push_back(proposed);
            if (m_cancel) return std::nullopt;
            return m_answer ? *m_answer : proposed;
        };
        m_window->files()->setInteraction(m_io);
        m_window->resize(1366, 768);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
        for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
        m_probe = std::make_unique<test::FileMenuProbe>(*m_window);
        QVERIFY(m_probe->menu);
    }
    void cleanup()
    {
        m_probe.reset();
        m_window.reset();
        m_doc.reset();
        m_proposed.clear();
        m_answer.reset();
        m_cancel = false;
    }

    void proposesLargeImageWithTitleAndConfiguration()
    {
        m_script.savePaths = {m_dir.filePath(QStringLiteral("bars.png"))};
        QVERIFY(m_probe->menu->exportChart(*m_window->memoryView()->barsChart(), QStringLiteral("_layers"),
                                           ui::ChartExporter::Format::Png, QStringLiteral("Memory per layer")));
        QCOMPARE(m_proposed.size(), std::size_t{1});
        const ui::ChartExportOptions& p = m_proposed.front();
        QVERIFY(p.pixels.width() >= 1600);
        QCOMPARE(p.pixels, QSize(1600, 1000));
        QCOMPARE(p.dpi, 144);
        QVERIFY(p.legend);
        QVERIFY2(p.title.endsWith(QStringLiteral(" — Memory per layer")), qPrintable(p.title));
        // The fixture's configuration, every part the figures depend on.
        QCOMPARE(p.configLine, QStringLiteral("batch 48 · training · SGD + momentum · fp32 · PyTorch (CUDA) · RTX 3090 (24.00 GiB)"));
        const QImage image(m_dir.filePath(QStringLiteral("bars.png")));
        QCOMPARE(image.size(), QSize(1600, 1000));
        QCOMPARE(std::lround(image.dotsPerMeterX() * 0.0254), 144L);
        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty())
            QFile::copy(m_dir.filePath(QStringLiteral("bars.png")), shots + QStringLiteral("/export_bars.png"));
    }

    void sizeAndDpiAreTheFiles()
    {
        ui::ChartExportOptions o;
        o.pixels = QSize(2400, 1350);
        o.dpi = 300;
        o.title = QStringLiteral("Per layer");
        m_answer = o;
        m_script.savePaths = {m_dir.filePath(QStringLiteral("big"))}; // no extension: gets .png
        QVERIFY(m_probe->menu->exportChart(*m_window->memoryView()->barsChart(), QStringLiteral("_layers"), ui::ChartExporter::Format::Png));
        const QImage image(m_dir.filePath(QStringLiteral("big.png")));
        QCOMPARE(image.size(), QSize(2400, 1350));
        QCOMPARE(std::lround(image.dotsPerMeterX() * 0.0254), 300L);
        QCOMPARE(std::lround(image.dotsPerMeterY() * 0.0254), 300L);
        // The next export proposes what this one used.
        m_answer.reset();
        m_script.savePaths = {m_dir.filePath(QStringLiteral("again.png"))};
        QVERIFY(m_probe->menu->exportChart(*m_window->memoryView()->barsChart(), QStringLiteral("_layers"), ui::ChartExporter::Format::Png));
        QCOMPARE(m_proposed.back().pixels, QSize(2400, 1350));
        QCOMPARE(m_proposed.back().dpi, 300);
    }

    void higherDpiDrawsLargerText()
    {
        // Same pixels, twice the DPI: the chart is laid out at half the logical size, so the
        // legend row at the top (text height) takes about twice as many pixels. Measured as the
        // last row of the first band of non-background rows (no title, no configuration line).
        ui::LayerBarsChart& bars = *m_window->memoryView()->barsChart();
        auto legendBottom = [&](int dpi) {
            ui::ChartExportOptions o;
            o.pixels = QSize(1600, 1000);
            o.dpi = dpi;
            const QString path = m_dir.filePath(QStringLiteral("dpi%1.png").arg(dpi));
            if (!ui::ChartExporter::save(bars, path, ui::ChartExporter::Format::Png, o)) return -1;
            const QImage img(path);
            const QRgb bg = img.pixel(0, 0);
            int lastLegendRow = -1;
            for (int y = 0; y < img.height() / 3; ++y) {
                int ink = 0;
                for (int xx = 0; xx < img.width(); ++xx) ink += img.pixel(xx, y) != bg;
                if (ink > 0) lastLegendRow = y;
                else if (lastLegendRow >= 0) break; // the gap below the legend
            }
            return lastLegendRow;
        };
        const int at96 = legendBottom(96);
        const int at192 = legendBottom(192);
        QVERIFY(at96 > 0);
        QVERIFY2(at192 > at96 * 1.6, qPrintable(QStringLiteral("%1 vs %2").arg(at96).arg(at192)));
    }

    void svgHoldsTitleConfigurationAndLegend_data()
    {
        QTest::addColumn<int>("chart");
        QTest::addColumn<QString>("title");
        // Titles that no chart shows on its own (the bars' memory axis reads "Memory per layer").
        QTest::addRow("per-layer bars") << 0 << "Bars of the small net";
        QTest::addRow("training step") << 1 << "Step of the small net";
    }
    void svgHoldsTitleConfigurationAndLegend()
    {
        QFETCH(int, chart);
        QFETCH(QString, title);
        ui::MemoryView* memory = m_window->memoryView();
        QCustomPlot* plot = chart == 0 ? static_cast<QCustomPlot*>(memory->barsChart()) : memory->timelineChart();
        memory->showTopChart(chart);
        for (int i = 0; i < 5; ++i) QCoreApplication::processEvents();
        const int rows = plot->plotLayout()->rowCount();
        const bool legendShown = plot->legend->visible();
        const QString path = m_dir.filePath(QStringLiteral("chart%1.svg").arg(chart));
        m_script.savePaths = {path};
        QVERIFY(m_probe->menu->exportChart(*plot, QStringLiteral("_x"), ui::ChartExporter::Format::Svg, title));
        const QString svg = QString::fromUtf8(readAll(path));
        QVERIFY(svg.contains(title));
        QVERIFY(svg.contains(QStringLiteral("batch 48 · training · SGD + momentum")));
        QVERIFY(svg.contains(ui::ComponentStyle::label(core::Component::Weights)));   // legend
        QVERIFY(svg.contains(ui::ComponentStyle::label(core::Component::Activations)));
        // The screen chart is as before: no title rows left, the legend as it was.
        QCOMPARE(plot->plotLayout()->rowCount(), rows);
        QCOMPARE(plot->legend->visible(), legendShown);
        QCOMPARE(plot->plotLayout()->elementCount(), rows);

        // Without title, configuration line and legend: none of them in the file.
        ui::ChartExportOptions bare;
        bare.legend = false;
        QVERIFY(ui::ChartExporter::save(*plot, path, ui::ChartExporter::Format::Svg, bare));
        const QString plain = QString::fromUtf8(readAll(path));
        QVERIFY(!plain.contains(title));
        QVERIFY(!plain.contains(QStringLiteral("SGD + momentum")));
        QVERIFY(!plain.contains(ui::ComponentStyle::label(core::Component::Activations)));
        QCOMPARE(plot->legend->visible(), legendShown);
    }

    void pdfExportOfTheTrainingStep()
    {
        const QString path = m_dir.filePath(QStringLiteral("step.pdf"));
        m_script.savePaths = {path};
        QVERIFY(m_probe->menu->exportChart(*m_window->memoryView()->timelineChart(), QStringLiteral("_step"),
                                           ui::ChartExporter::Format::Pdf, QStringLiteral("Memory during one training step")));
        QVERIFY(readAll(path).startsWith("%PDF"));
        QVERIFY(QFileInfo(path).size() > 2000);
        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty()) {
            m_script.savePaths = {shots + QStringLiteral("/export_step.png")};
            QVERIFY(m_probe->menu->exportChart(*m_window->memoryView()->timelineChart(), QStringLiteral("_step"),
                                               ui::ChartExporter::Format::Png, QStringLiteral("Memory during one training step")));
        }
    }

    void cancelWritesNothing()
    {
        m_cancel = true;
        m_script.savePaths = {m_dir.filePath(QStringLiteral("never.png"))};
        QVERIFY(!m_probe->menu->exportChart(*m_window->memoryView()->barsChart(), QStringLiteral("_layers"), ui::ChartExporter::Format::Png));
        QCOMPARE(m_script.savePaths.size(), 1); // the path was never asked for
        QVERIFY(!QFileInfo::exists(m_dir.filePath(QStringLiteral("never.png"))));
    }

    void badOptionsAreRefusedWithTheFileNamed_data()
    {
        QTest::addColumn<QSize>("pixels");
        QTest::addColumn<int>("dpi");
        QTest::addColumn<QString>("why");
        QTest::addRow("too narrow") << QSize(50, 800) << 144 << "outside 200–10000 px";
        QTest::addRow("too tall") << QSize(1600, 20000) << 144 << "outside 200–10000 px";
        QTest::addRow("dpi too low") << QSize(1600, 1000) << 10 << "10 dpi is outside 72–600 dpi";
    }
    void badOptionsAreRefusedWithTheFileNamed()
    {
        QFETCH(QSize, pixels);
        QFETCH(int, dpi);
        QFETCH(QString, why);
        ui::ChartExportOptions o;
        o.pixels = pixels;
        o.dpi = dpi;
        m_answer = o;
        const QString path = m_dir.filePath(QStringLiteral("bad.png"));
        m_script.savePaths = {path};
        m_script.errors.clear();
        QVERIFY(!m_probe->menu->exportChart(*m_window->memoryView()->barsChart(), QStringLiteral("_layers"), ui::ChartExporter::Format::Png));
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors.front().contains(QDir::toNativeSeparators(path)), qPrintable(m_script.errors.front()));
        QVERIFY2(m_script.errors.front().contains(why), qPrintable(m_script.errors.front()));
        QVERIFY(!QFileInfo::exists(path));
    }

    void dialogControls()
    {
        ui::ChartExportOptions proposed;
        proposed.title = QStringLiteral("VGG-16 — Memory per layer");
        proposed.configLine = QStringLiteral("batch 32 · training · Adam");
        ui::ChartExportDialog dialog(proposed);
        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty()) {
            dialog.show();
            QCoreApplication::processEvents();
            dialog.grab().save(shots + QStringLiteral("/export_dialog.png"));
        }
        QCOMPARE(dialog.widthBox()->value(), 1600);
        QCOMPARE(dialog.heightBox()->value(), 1000);
        QCOMPARE(dialog.dpiBox()->value(), 144);
        QCOMPARE(dialog.sizeText(), QStringLiteral("1600 × 1000 px, 11.1 × 6.9 in at 144 dpi"));
        QCOMPARE(dialog.options().title, proposed.title);
        QCOMPARE(dialog.options().configLine, proposed.configLine);
        dialog.widthBox()->setValue(3000);
        dialog.dpiBox()->setValue(300);
        QCOMPARE(dialog.sizeText(), QStringLiteral("3000 × 1000 px, 10.0 × 3.3 in at 300 dpi"));
        dialog.configBox()->setChecked(false);
        dialog.legendBox()->setChecked(false);
        dialog.titleField()->setText(QStringLiteral("  Mine  "));
        const ui::ChartExportOptions o = dialog.options();
        QCOMPARE(o.pixels, QSize(3000, 1000));
        QCOMPARE(o.dpi, 300);
        QCOMPARE(o.title, QStringLiteral("Mine"));
        QVERIFY(o.configLine.isEmpty());
        QVERIFY(!o.legend);
        // The spin boxes hold the valid range only.
        dialog.widthBox()->setValue(5);
        QCOMPARE(dialog.widthBox()->value(), ui::ChartExportOptions::kMinPixels);
    }

private:
    QTemporaryDir m_dir;
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<app::MainWindow> m_window;
    std::unique_ptr<test::FileMenuProbe> m_probe;
    test::Script m_script;
    ui::FileInteraction m_io;
    std::vector<ui::ChartExportOptions> m_proposed;
    std::optional<ui::ChartExportOptions> m_answer;
    bool m_cancel = false;
};

QTEST_MAIN(TestChartExport)
#include "tst_chart_export.moc"
