// The designer's exports of what it shows: the charts as PNG, PDF and SVG files, the breakdown
// reports (CSV, Markdown) holding the engine's exact totals, and the designer's CSV byte for byte
// equal to netsizer-cli's. The rest of the file workflow is tested in tst_files.cpp.
#include "app/MainWindow.h"
#include "core/analysis/Analysis.h"
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"
#include "core/io/TrainingConfigJson.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/charts/BatchCurveChart.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/document/Document.h"
#include "ui/files/BreakdownReport.h"
#include "ui/files/ChartExporter.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/ExampleFiles.h"
#include "ui/files/FileMenu.h"
#include "ui/files/RecentFiles.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"
#include "FileTestSupport.h"
#include "tests/ui/HugeModels.h"

#include <QMenu>
#include <QMenuBar>
#include <QProcess>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace netsizer;
using ui::DocumentFiles;
using ui::SaveAnswer;
using namespace netsizer::test;

class TestFileReports : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_file_reports"));
        QVERIFY(m_dir.isValid());
    }
    void init()
    {
        QSettings().clear();
        m_script = Script{};
        m_doc = fixtureDocument();
        m_files = std::make_unique<DocumentFiles>(*m_doc, nullptr, m_script.interaction());
    }
    void cleanup()
    {
        m_files.reset();
        m_doc.reset();
    }

    void chartsExportPngPdfSvg()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(window.memoryView()->refreshCount() >= 1);
        ui::LayerBarsChart& bars = *window.memoryView()->barsChart();

        const QString png = m_dir.filePath(QStringLiteral("bars.png"));
        QVERIFY(ui::ChartExporter::save(bars, png, ui::ChartExporter::Format::Png, QSize(800, 500)));
        const QImage image(png);
        QCOMPARE(image.size(), QSize(800, 500));
        // Not blank: the dark background and at least one other colour (bars, labels).
        QSet<QRgb> colours;
        for (int y = 0; y < image.height(); y += 7)
            for (int x = 0; x < image.width(); x += 7) colours.insert(image.pixel(x, y));
        QVERIFY2(colours.size() > 5, qPrintable(QString::number(colours.size())));

        const QString pdf = m_dir.filePath(QStringLiteral("curve.pdf"));
        QVERIFY(ui::ChartExporter::save(*window.memoryView()->curveChart(), pdf, ui::ChartExporter::Format::Pdf));
        QVERIFY(readAll(pdf).startsWith("%PDF"));
        QVERIFY(QFileInfo(pdf).size() > 2000);

        // Through the menu path: the dialog's answer without extension gets one.
        const FileMenuProbe probe(window);
        QVERIFY(probe.menu);
        m_script.savePaths = {m_dir.filePath(QStringLiteral("curve"))};
        QVERIFY(probe.menu->exportChart(*window.memoryView()->curveChart(), QStringLiteral("_batch"), ui::ChartExporter::Format::Svg));
        const QByteArray svg = readAll(m_dir.filePath(QStringLiteral("curve.svg")));
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains("Batch size")); // the axis label is text, not pixels
        QVERIFY(svg.size() > 5000);
        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty()) {
            QFile::copy(png, shots + QStringLiteral("/bars_export.png"));
            QFile::copy(m_dir.filePath(QStringLiteral("curve.svg")), shots + QStringLiteral("/curve_export.svg"));
        }
    }

    void breakdownReportsHoldExactTotals()
    {
        const core::Analysis& a = m_doc->analysis();
        const core::MemoryBreakdown& m = m_doc->breakdown();
        const ui::BreakdownReport report(m_doc->graph(), a, m);
        const QStringList csv = QString::fromStdString(report.csv()).split('\n', Qt::SkipEmptyParts);
        // header; model, peak, peak_low, peak_high, 8 peak components (and the GPU rows when
        // one is set); layers, components, the 3 rows of the component maxima, overhead lines.
        const int gpuRows = m.config.gpu ? 3 : 0;
        const int headRows = 1 + 3 + core::kComponentCount + gpuRows;
        QCOMPARE(csv.size(), 1 + headRows + static_cast<int>(a.layers.size()) + core::kComponentCount + 3 +
                                 static_cast<int>(m.overheadLines.size()));
        QCOMPARE(csv[0], QStringLiteral("row,name,type,output_shape,params,activations_per_sample,weights,gradients,"
                                        "optimizer_state,activations,fixed,per_sample,batch,bytes"));
        QVERIFY2(csv[2].startsWith(QStringLiteral("peak,")), qPrintable(csv[2]));
        QVERIFY(csv[2].endsWith(QStringLiteral(",48,%1").arg(m.peak().bytes)));
        // The peak's composition rows add up to it.
        qulonglong composition = 0;
        for (int i = 5; i < 5 + core::kComponentCount; ++i) {
            QVERIFY(csv[i].startsWith(QStringLiteral("peak_component,")));
            composition += csv[i].split(',').last().toULongLong();
        }
        QCOMPARE(composition, static_cast<qulonglong>(m.peakBytes()));
        const int sumRow = 1 + headRows + static_cast<int>(a.layers.size()) + core::kComponentCount;
        QCOMPARE(csv[sumRow], QStringLiteral("component_maxima_sum,,,,,,,,,,%1,%2,48,%3")
                                  .arg(m.componentMaximaSum.fixed).arg(m.componentMaximaSum.perSample)
                                  .arg(m.componentMaximaSumAt(48)));
        QCOMPARE(csv[sumRow + 2], QStringLiteral("component_maxima_high,,,,,,,,,,%1,%2,48,%3")
                                      .arg(m.componentMaximaHigh.fixed).arg(m.componentMaximaHigh.perSample)
                                      .arg(m.componentMaximaHigh.at(48)));
        QVERIFY(m.peakBytes() > 0);
        const QString optimizerRow = QStringLiteral("component,optimizer_state,,,,,,,,,%1,%2,48,%3")
                                         .arg(m[core::Component::OptimizerState].fixed)
                                         .arg(m[core::Component::OptimizerState].perSample)
                                         .arg(m.bytes(core::Component::OptimizerState));
        QVERIFY(csv.contains(optimizerRow));
        // fc: Dense 16·32·32 → 10 has 163,850 parameters.
        QVERIFY2(csv[headRows + 5].startsWith(QStringLiteral("layer,fc,Dense,10,163850,")), qPrintable(csv[headRows + 5]));

        const QString md = QString::fromStdString(report.markdown(core::ByteUnits::Binary));
        // The headline first, then the at-peak rows beside each component's own maximum.
        QVERIFY2(md.contains(QStringLiteral("**Needs %1").arg(QString::fromStdString(core::formatBytes(static_cast<double>(m.peakBytes()))))),
                 qPrintable(md));
        const core::PeakComposition p = m.peakComposition();
        QVERIFY(md.contains(QStringLiteral("| **Peak** | %1 |").arg(p.bytes)));
        QVERIFY(md.contains(QStringLiteral("| Optimizer state | %1 | ").arg(p[core::Component::OptimizerState])));
        QVERIFY(md.contains(QStringLiteral("| %1 | %2 | %3 |\n")
                                .arg(m.bytes(core::Component::OptimizerState))
                                .arg(m[core::Component::OptimizerState].fixed)
                                .arg(m[core::Component::OptimizerState].perSample)));
        QVERIFY(md.contains(QStringLiteral("| fc | Dense | 10 | 163,850 |")));
        QVERIFY(md.contains(QStringLiteral("Units:")));
        QVERIFY(md.contains(QStringLiteral("batch 48")));

        // Written through the menu action, into the chosen file.
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        const FileMenuProbe probe(window);
        m_script.savePaths = {m_dir.filePath(QStringLiteral("breakdown"))};
        QVERIFY(probe.menu->exportBreakdown(ui::FileMenu::BreakdownFormat::Csv));
        QCOMPARE(readAll(m_dir.filePath(QStringLiteral("breakdown.csv"))).toStdString(), report.csv());
        m_script.savePaths = {m_dir.filePath(QStringLiteral("breakdown.md"))};
        QVERIFY(probe.menu->exportBreakdown(ui::FileMenu::BreakdownFormat::Markdown));
        QCOMPARE(readAll(m_dir.filePath(QStringLiteral("breakdown.md"))).toStdString(), report.markdown(options.units()));
    }

    // The designer's CSV and netsizer-cli's come from one writer (core::breakdownCsv): for the
    // same model and configuration the files are byte for byte the same.
    void designerCsvEqualsCli_data()
    {
        QTest::addColumn<int>("batch");
        QTest::addColumn<QString>("optimizer");
        QTest::addColumn<QString>("precision");
        QTest::addColumn<QString>("framework");
        QTest::addColumn<QString>("mode");
        QTest::addColumn<QString>("gpu"); // empty: none
        QTest::newRow("pytorch adam fp32, RTX 3090") << 24 << "adam" << "fp32" << "pytorch" << "train" << "RTX 3090";
        QTest::newRow("caffe sgd-momentum, no GPU") << 8 << "sgd-momentum" << "fp32" << "caffe" << "train" << "";
        QTest::newRow("mixed-fp16 inference, A100") << 256 << "sgd" << "mixed-fp16" << "pytorch" << "inference"
                                                    << "A100 40GB";
    }
    void designerCsvEqualsCli()
    {
        QFETCH(int, batch);
        QFETCH(QString, optimizer);
        QFETCH(QString, precision);
        QFETCH(QString, framework);
        QFETCH(QString, mode);
        QFETCH(QString, gpu);
        const QString model = example(QStringLiteral("resnet18.json"));
        // Opened through the window's own file workflow: the CSV's model row names that file.
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        QVERIFY(window.files()->openFile(model));
        core::TrainingConfig c = m_doc->config();
        c.batch = static_cast<std::uint64_t>(batch);
        c.optimizer = core::parseOptimizer(optimizer.toStdString()).value();
        c.precision = core::parsePrecision(precision.toStdString()).value();
        c.framework = core::parseFramework(framework.toStdString()).value();
        c.mode = core::parseMode(mode.toStdString()).value();
        c.gpu = gpu.isEmpty() ? std::nullopt : core::GpuCatalog::builtin().find(gpu.toStdString());
        QCOMPARE(c.gpu.has_value(), !gpu.isEmpty());
        m_doc->setConfig(c);
        QVERIFY(m_doc->analysis().ok());

        const FileMenuProbe probe(window);
        m_script.savePaths = {m_dir.filePath(QStringLiteral("resnet18_designer.csv"))};
        QVERIFY(probe.menu->exportBreakdown(ui::FileMenu::BreakdownFormat::Csv));
        const QByteArray designer = readAll(m_dir.filePath(QStringLiteral("resnet18_designer.csv")));

        QStringList args = {"estimate", model, "--batch", QString::number(batch), "--optimizer", optimizer,
                            "--precision", precision, "--framework", framework, "--mode", mode, "--format", "csv"};
        if (!gpu.isEmpty()) args << "--gpu" << gpu;
        QProcess cli;
        cli.start(QStringLiteral(NETSIZER_CLI_PATH), args);
        QVERIFY(cli.waitForFinished(60000));
        QVERIFY2(cli.exitStatus() == QProcess::NormalExit && cli.exitCode() == 0, cli.readAllStandardError().constData());
        const QByteArray printed = cli.readAllStandardOutput();

        // Line by line first, so a difference names its row.
        const QList<QByteArray> ours = designer.split('\n'), theirs = printed.split('\n');
        for (qsizetype i = 0; i < std::min(ours.size(), theirs.size()); ++i)
            QVERIFY2(ours[i] == theirs[i], qPrintable(QStringLiteral("line %1:\n designer %2\n cli      %3")
                                                          .arg(i + 1).arg(QString::fromUtf8(ours[i]), QString::fromUtf8(theirs[i]))));
        QCOMPARE(designer.size(), printed.size());
        QVERIFY(designer == printed);
        // Real content: ResNet-18's stem convolution (64·3·7·7 = 9,408 weights, no bias) and
        // every row of the breakdown: 1 header + model + peak with its band and 8 components +
        // (with a GPU) verdict and 2 largest batches + layers + 8 components + 3 maxima rows +
        // overhead lines.
        QVERIFY(designer.startsWith("row,name,type,output_shape,params,activations_per_sample,weights,gradients,"
                                    "optimizer_state,activations,fixed,per_sample,batch,bytes\nmodel,resnet18.json,"));
        QVERIFY(designer.contains("\nlayer,stem.conv,Conv2D,64x112x112,9408,"));
        const core::MemoryBreakdown& m = m_doc->breakdown();
        QCOMPARE(designer.count('\n'), 1 + 1 + 3 + core::kComponentCount + (gpu.isEmpty() ? 0 : 3) +
                                           static_cast<qsizetype>(m_doc->analysis().layers.size()) + core::kComponentCount + 3 +
                                           static_cast<qsizetype>(m.overheadLines.size()));
        QVERIFY(designer.contains(QStringLiteral("\ncomponent_maxima_sum,,,,,,,,,,%1,%2,%3,%4\n")
                                      .arg(m.componentMaximaSum.fixed).arg(m.componentMaximaSum.perSample).arg(batch)
                                      .arg(m.componentMaximaSumAt(m.config.batch))
                                      .toUtf8()));
        QVERIFY(designer.split('\n')[2].startsWith("peak,")); // the headline row
        QVERIFY(designer.split('\n')[2].endsWith("," + QByteArray::number(static_cast<qulonglong>(m.peakBytes()))));
    }

    // At a batch where a size exceeds 64 bits the breakdown is not exported (its figures would
    // be the saturated 2^64 - 1): one error naming the layer and the batch, no file.
    void saturatedBreakdownIsNotExported()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        m_doc->reset(test::hugeReluChain(), test::hugeBatchTraining());
        const FileMenuProbe probe(window);
        const QString path = m_dir.filePath(QStringLiteral("huge.csv"));
        m_script.savePaths = {path};
        m_script.errors.clear();
        QVERIFY(!probe.menu->exportBreakdown(ui::FileMenu::BreakdownFormat::Csv));
        QVERIFY(!QFileInfo::exists(path));
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors[0].startsWith(QStringLiteral("Cannot export breakdown: layer 'relu68': memory at batch 65,536 "
                                                              "exceeds 2^64 bytes")),
                 qPrintable(m_script.errors[0]));
        m_doc->setBatch(1, false);
        QVERIFY(probe.menu->exportBreakdown(ui::FileMenu::BreakdownFormat::Csv));
        QVERIFY(QFileInfo(path).size() > 0);
    }

private:
    QTemporaryDir m_dir;
    Script m_script;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<DocumentFiles> m_files;
};

QTEST_MAIN(TestFileReports)
#include "tst_file_reports.moc"
