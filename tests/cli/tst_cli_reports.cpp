// netsizer-cli's reports: the CSV rows (headline first, every row affine), the table's headline
// and at-peak column, and JSON's peak, band and overhead lines, each equal to the core's.
#include "CliHarness.h"

#include "core/analysis/Analysis.h"
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/ModelReader.h"
#include "core/report/PeakHeadline.h"
#include "core/timeline/PeakPlace.h"
#include "core/util/NumberFormat.h"

#include <QJsonArray>
#include <QJsonDocument>
#include <QJsonObject>
#include <QtTest>

class TestCliReports : public QObject, protected CliHarness {
    Q_OBJECT
private slots:
    void initTestCase();
    void csvRowsAreAffine();
    void tableShowsComponentsAndFit();
    void jsonPeakBandAndOverheadsEqualCore();
    void csvAndTableShowPeakAndBand();
};

void TestCliReports::initTestCase()
{
    QVERIFY(m_dir.isValid());
    QVERIFY2(QFileInfo::exists(NETSIZER_CLI_PATH), NETSIZER_CLI_PATH);
    m_tiny = writeModel("tiny.json", model(kTinyLayers));
}

void TestCliReports::csvRowsAreAffine()
{
    const Run r = cli({"estimate", m_tiny, "--framework", "pytorch-cpu", "--optimizer", "adam", "--batch", "8", "--format", "csv"});
    QCOMPARE(r.code, 0);
    const QList<QByteArray> lines = r.out.trimmed().split('\n');
    QCOMPARE(lines[0], QByteArray("row,name,type,output_shape,params,activations_per_sample,weights,gradients,"
                                  "optimizer_state,activations,fixed,per_sample,batch,bytes"));
    // header; the headline rows: model, peak, peak_low, peak_high, 8 peak_component (no GPU, so
    // no verdict rows); 5 layers, 8 components, the sum of their maxima with its band
    // (pytorch-cpu has no overhead lines, so the bands are their centre lines themselves).
    QCOMPARE(lines.size(), 1 + 1 + 3 + 8 + 5 + 8 + 3);
    QVERIFY2(lines[1].startsWith("model,tiny.json,"), lines[1].constData());
    // The peak in flatten's backward (estimateJsonExactNumbers derives it): fixed = weights +
    // Adam state + fc's gradients = 657,192 + 1,314,400 + 655,400; per sample = input 12,288 +
    // the kept ReLU output 65,536 + flatten's output and input gradients 131,072.
    QCOMPARE(lines[2], QByteArray("peak,flatten,backward,,,,,,,,2626992,208896,8,4298160"));
    QCOMPARE(lines[3], QByteArray("peak_low,,,,,,,,,,2626992,208896,8,4298160"));
    QCOMPARE(lines[4], QByteArray("peak_high,,,,,,,,,,2626992,208896,8,4298160"));
    QCOMPARE(lines[5], QByteArray("peak_component,weights,,,,,,,,,657192,0,8,657192"));
    QCOMPARE(lines[6], QByteArray("peak_component,gradients,,,,,,,,,655400,0,8,655400"));
    QCOMPARE(lines[7], QByteArray("peak_component,optimizer_state,,,,,,,,,1314400,0,8,1314400"));
    QCOMPARE(lines[8], QByteArray("peak_component,activations,,,,,,,,,0,65536,8,524288"));
    QCOMPARE(lines[9], QByteArray("peak_component,activation_gradients,,,,,,,,,0,131072,8,1048576"));
    QCOMPARE(lines[10], QByteArray("peak_component,input,,,,,,,,,0,12288,8,98304"));
    QCOMPARE(lines[14], QByteArray("layer,conv,Conv2D,16x32x32,448,0,1792,1792,3592,0,7176,0,8,7176"));
    QCOMPARE(lines[26], QByteArray("component_maxima_sum,,,,,,,,,,2628784,208896,8,4299952"));
    QCOMPARE(lines[27], QByteArray("component_maxima_low,,,,,,,,,,2628784,208896,8,4299952"));
    QCOMPARE(lines[28], QByteArray("component_maxima_high,,,,,,,,,,2628784,208896,8,4299952"));
    qint64 composition = 0;
    for (int i = 5; i <= 12; ++i) composition += lines[i].split(',')[13].toLongLong();
    QCOMPARE(composition, 4298160);
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> f = lines[i].split(',');
        QCOMPARE(f.size(), 14);
        QCOMPARE(f[10].toLongLong() + f[12].toLongLong() * f[11].toLongLong(), f[13].toLongLong());
    }
}

void TestCliReports::tableShowsComponentsAndFit()
{
    const QStringList base = {"estimate", m_tiny, "--framework", "pytorch-cpu", "--optimizer", "adam", "--batch", "8"};
    const Run fits = cli(base + QStringList{"--gpu-memory", "10MiB"});
    QCOMPARE(fits.code, 0);
    QVERIFY2(fits.out.contains("conv (Conv2D)"), fits.out.constData());
    QVERIFY(fits.out.contains("[16, 32, 32]"));
    QVERIFY(fits.out.contains("Optimizer state"));
    QVERIFY2(fits.out.startsWith("Needs 4.10 MiB at batch 8\n"), fits.out.constData()); // the headline: the peak
    QVERIFY(fits.out.contains("4,298,160")); // the peak's exact bytes, the at-peak column's sum
    QVERIFY(fits.out.contains("4,299,952")); // the sum of the component maxima, named as such
    QVERIFY(fits.out.contains("At the peak"));
    QVERIFY(fits.out.contains("Own maximum"));
    QVERIFY(fits.out.contains("\nFits custom"));
    QVERIFY(fits.out.contains("largest batch that fits: 37"));
    const Run tooSmall = cli(base + QStringList{"--gpu-memory", "4MiB"}); // 4,194,304 < 4,299,952
    QCOMPARE(tooSmall.code, 0);
    QVERIFY2(tooSmall.out.contains("\nDoes NOT fit custom"), tooSmall.out.constData());
}

void TestCliReports::jsonPeakBandAndOverheadsEqualCore()
{
    using namespace netsizer::core;
    ModelFile model;
    const MemoryBreakdown m = coreBreakdown(kVgg16, vggConfig(16), &model);
    const QJsonObject j = estimateJson({"estimate", kVgg16, "--batch", "16", "--optimizer", "adam", "--precision", "fp32",
                                        "--framework", "pytorch", "--gpu", "grid-k520"});
    QVERIFY(!j.isEmpty());
    const TimelinePeak peak = m.peak();
    QCOMPARE(num(j, "peak_bytes"), static_cast<qint64>(m.peakBytes()));
    QCOMPARE(num(j, "peak_high_bytes"), static_cast<qint64>(m.peakHighAt(16)));
    QCOMPARE(j["peak_phase"].toString(), QString(stepPhaseName(peak.phase)));
    QVERIFY(peak.layer.has_value());
    QCOMPARE(j["peak_layer"].toString(), QString::fromStdString(model.graph.find(*peak.layer)->name));
    const QJsonObject bytes = j["bytes"].toObject();
    QCOMPARE(num(bytes, "total"), static_cast<qint64>(m.componentMaximaSumAt(16)));
    QCOMPARE(num(bytes, "total_low"), static_cast<qint64>(m.componentMaximaLow.at(16)));
    QCOMPARE(num(bytes, "total_high"), static_cast<qint64>(m.componentMaximaHigh.at(16)));
    QCOMPARE(num(j, "peak_low_bytes"), static_cast<qint64>(m.peakLowAt(16)));
    QVERIFY(num(j, "peak_low_bytes") < num(j, "peak_bytes"));
    QCOMPARE(j["gpu"].toObject()["verdict"].toString(), QString(fitVerdictName(fitVerdict(m.peakComposition(), m.config))));
    QVERIFY(num(bytes, "total_low") < num(bytes, "total"));
    QVERIFY(num(bytes, "total") < num(bytes, "total_high"));

    const QJsonObject detail = j["overhead_detail"].toObject();
    QCOMPARE(detail.keys().size(), static_cast<qsizetype>(m.overheadLines.size()));
    for (const OverheadLine& l : m.overheadLines) {
        const QJsonObject line = detail[QString::fromStdString(l.name)].toObject();
        QCOMPARE(num(line, "bytes"), static_cast<qint64>(l.bytes.at(16)));
        QCOMPARE(num(line, "low"), static_cast<qint64>(l.low.at(16)));
        QCOMPARE(num(line, "high"), static_cast<qint64>(l.high.at(16)));
    }
    // Hand-checkable: GRID K520's context is 200 MiB, its band ±25%; by default the workspace,
    // allocator and fragmentation lines only widen the band (centre 0).
    const QJsonObject ctx = detail["cuda_context"].toObject();
    QCOMPARE(num(ctx, "bytes"), 200ll << 20);
    QCOMPARE(num(ctx, "low"), 150ll << 20);
    QCOMPARE(num(ctx, "high"), 250ll << 20);
    QCOMPARE(num(detail["conv_workspace"].toObject(), "bytes"), 0);
    QCOMPARE(num(detail["conv_workspace"].toObject(), "high"), 32ll << 20); // 4 × the 8 MiB cap
    QCOMPARE(num(detail["allocator_rounding"].toObject(), "bytes"), 0);
    QCOMPARE(num(detail["fragmentation"].toObject(), "bytes"), 0);
    QCOMPARE(num(bytes, "overhead"), 200ll << 20);
    // total_high − total = the sum of the lines' upper excesses.
    qint64 excess = 0;
    for (const auto& key : detail.keys())
        excess += num(detail[key].toObject(), "high") - num(detail[key].toObject(), "bytes");
    QCOMPARE(num(bytes, "total_high") - num(bytes, "total"), excess);
}

void TestCliReports::csvAndTableShowPeakAndBand()
{
    using namespace netsizer::core;
    ModelFile model;
    const MemoryBreakdown m = coreBreakdown(kVgg16, vggConfig(16), &model);
    const QStringList args = {"estimate", kVgg16, "--batch", "16", "--optimizer", "adam", "--framework", "pytorch",
                              "--gpu", "grid-k520"};
    const Run csv = cli(args + QStringList{"--format", "csv"});
    QCOMPARE(csv.code, 0);
    const QList<QByteArray> lines = csv.out.trimmed().split('\n');
    const QString peakLayer = QString::fromStdString(model.graph.find(*m.peak().layer)->name);
    bool sawPeak = false, sawLow = false, sawHigh = false;
    int overheadLines = 0;
    for (int i = 1; i < lines.size(); ++i) {
        const QList<QByteArray> f = lines[i].split(',');
        QCOMPARE(f.size(), 14);
        QCOMPARE(f[10].toLongLong() + f[12].toLongLong() * f[11].toLongLong(), f[13].toLongLong());
        if (f[0] == "peak") {
            sawPeak = true;
            QCOMPARE(QString(f[1]), peakLayer);
            QCOMPARE(QString(f[2]), QString(stepPhaseName(m.peak().phase)));
            QCOMPARE(f[13].toLongLong(), static_cast<qint64>(m.peakBytes()));
        }
        if (f[0] == "peak_low") sawLow = f[13].toLongLong() == static_cast<qint64>(m.peakLowAt(16));
        if (f[0] == "peak_high") sawHigh = f[13].toLongLong() == static_cast<qint64>(m.peakHighAt(16));
        if (f[0] == "gpu") {
            QCOMPARE(QString(f[1]), QString("GRID K520"));
            QCOMPARE(QString(f[2]), QString(m.fits(true) ? "fits" : m.fits() || m.peakLowAt(16) <= (4ll << 30) ? "may_not_fit" : "does_not_fit"));
        }
        if (f[0] == "max_batch") QCOMPARE(f[12].toULongLong(), m.maxBatch().value());
        if (f[0] == "max_batch_safe") QCOMPARE(f[12].toULongLong(), m.maxBatch(true).value());
        if (f[0] == "overhead_line") ++overheadLines;
    }
    QVERIFY(sawPeak);
    QVERIFY(sawLow);
    QVERIFY(sawHigh);
    QCOMPARE(overheadLines, static_cast<int>(m.overheadLines.size()));
    const Run table = cli(args);
    QCOMPARE(table.code, 0);
    const QString expected = QString("Peak of the training step: %1 (%2 B), %3, layer '%4'")
                                 .arg(QString::fromStdString(formatBytes(static_cast<double>(m.peakBytes()))),
                                      QString::fromStdString(withThousands(m.peakBytes())),
                                      QString::fromStdString(eventPlace(m.timeline, m.peak().event)), peakLayer);
    QVERIFY2(table.out.contains(expected.toUtf8()), table.out.constData());
    // The first line is the headline: the peak with its band.
    const QString headline = QString("Needs %1 (").arg(QString::fromStdString(formatBytes(static_cast<double>(m.peakBytes()))));
    QVERIFY2(table.out.startsWith(headline.toUtf8()), table.out.constData());
    QVERIFY(table.out.startsWith(QByteArray::fromStdString(peakHeadline(m) + "\n")));
    QVERIFY(table.out.contains("Error band of the peak: "));
    QVERIFY(table.out.contains(QByteArray::fromStdString(withThousands(m.peakHighAt(16)))));
    QVERIFY(table.out.contains("cuda_context"));
    QVERIFY(table.out.contains("200.00 MiB"));
}

QTEST_GUILESS_MAIN(TestCliReports)
#include "tst_cli_reports.moc"
