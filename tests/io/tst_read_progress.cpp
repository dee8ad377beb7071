// Progress and cancellation of readModelFile (core/io/ReadProgress.h) over large files made here:
// a weightful ONNX file (streamed to protobuf), a native JSON file and a Caffe prototxt (read
// into memory, then parsed). Reading reports bytes consumed, never decreasing, ending at the
// file's size, throttled to at most about 1,024 reports; a callback that says stop ends the read
// before the end of the file with a cancellation (not another error), and is not called again.
#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
#include "core/io/ReadProgress.h"
#include "core/graph/GraphBuilder.h"
#include "tests/io/WeightfulOnnx.h"

#include <QTemporaryDir>
#include <QtTest>

#include <filesystem>
#include <fstream>
#include <vector>

using namespace netsizer;
using core::ReadPhase;
using core::ReadStatus;

namespace {

// Every report, and a stop once Reading passed `stopAt` bytes (never when 0).
struct Recorder {
    std::vector<ReadStatus> reports;
    std::uint64_t stopAt = 0;
    core::ReadProgress progress{[this](const ReadStatus& s) {
        reports.push_back(s);
        return !(stopAt > 0 && s.phase == ReadPhase::Reading && s.done >= stopAt);
    }};

    std::vector<ReadStatus> of(ReadPhase phase) const
    {
        std::vector<ReadStatus> out;
        for (const auto& r : reports)
            if (r.phase == phase) out.push_back(r);
        return out;
    }
};

std::uint64_t fileSize(const QString& path) { return std::filesystem::file_size(path.toStdString()); }

// Reading: starts at 0 of the file's size, never decreases, ends at the size; throttled.
void checkReading(const Recorder& r, std::uint64_t size, std::size_t atLeast)
{
    const auto reading = r.of(ReadPhase::Reading);
    QVERIFY(!reading.empty());
    QCOMPARE(reading.front().done, std::uint64_t{0});
    for (std::size_t i = 0; i < reading.size(); ++i) {
        QCOMPARE(reading[i].total, size);
        QVERIFY(reading[i].done <= size);
        if (i > 0) QVERIFY2(reading[i].done > reading[i - 1].done, qPrintable(QString::number(i)));
    }
    QCOMPARE(reading.back().done, size);
    QVERIFY2(reading.size() >= atLeast && reading.size() <= 1026, qPrintable(QString::number(reading.size())));
    // Phases come in order: nothing of Reading after Analysing started.
    bool analysing = false;
    for (const auto& s : r.reports) {
        if (s.phase == ReadPhase::Analysing) analysing = true;
        QVERIFY(!(analysing && s.phase == ReadPhase::Reading));
    }
    QVERIFY(analysing);
}

// Stopped in the middle: a cancellation, the last byte position reported before the end, and
// no report after the one that said stop.
void checkCancelled(const core::Result<core::ModelFile>& m, const Recorder& r, std::uint64_t size)
{
    QVERIFY(!m);
    QVERIFY2(core::isCancelled(m.error()), m.error().describe().c_str());
    QVERIFY(!r.reports.empty());
    const ReadStatus& last = r.reports.back();
    QCOMPARE(last.phase, ReadPhase::Reading);
    QVERIFY(last.done >= r.stopAt);
    QVERIFY2(last.done < size, qPrintable(QStringLiteral("%1 of %2").arg(last.done).arg(size)));
    QVERIFY(r.progress.stopped());
}

} // namespace

class TestReadProgress : public QObject {
    Q_OBJECT
private slots:
    void throttlesAndNeverGoesBack()
    {
        std::vector<ReadStatus> seen;
        core::ReadProgress p([&](const ReadStatus& s) { seen.push_back(s); return true; });
        QVERIFY(p.begin(ReadPhase::Reading, 100u << 20)); // 100 MiB: one report per 100 KiB at most
        for (std::uint64_t at = 0; at <= (100u << 20); at += 4096) QVERIFY(p.advance(at));
        QVERIFY(p.advance(5)); // backwards: ignored
        QVERIFY(p.finish());
        QCOMPARE(seen.size(), std::size_t{1025}); // the start, then every 100 KiB up to the end
        QCOMPARE(seen.back().done, std::uint64_t{100u << 20});
        QVERIFY(p.begin(ReadPhase::Analysing, 10));
        for (std::uint64_t i = 1; i <= 10; ++i) QVERIFY(p.advance(i));
        QCOMPARE(seen.size(), std::size_t{1025 + 11});
        QCOMPARE(seen.back().phase, ReadPhase::Analysing);
    }

    void stopIsFinal()
    {
        int calls = 0;
        core::ReadProgress p([&](const ReadStatus&) { return ++calls < 2; });
        QVERIFY(p.begin(ReadPhase::Reading, 1000));
        QVERIFY(!p.advance(1000));
        QVERIFY(!p.begin(ReadPhase::Analysing));
        QVERIFY(!p.finish());
        QCOMPARE(calls, 2);
    }

    void onnxReportsTheBytesParsed()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("weightful.onnx"));
        test::writeWeightfulOnnx(path.toStdString(), 6, 1024); // 6 × 4 MiB of weights
        const std::uint64_t size = fileSize(path);
        QVERIFY(size > (24u << 20));
        Recorder r;
        auto m = core::readModelFile(path.toStdString(), {}, &r.progress);
        QVERIFY2(m, m ? "" : m.error().describe().c_str());
        QCOMPARE(m->graph.size(), std::size_t{13}); // the input, 6 Dense, 6 ReLU
        checkReading(r, size, 100); // one report per 64 KiB chunk at most: 25 MB gives hundreds
        // Analysing counts shape inference and the 12 nodes: 0 … 13, never back.
        const auto analysing = r.of(ReadPhase::Analysing);
        QCOMPARE(analysing.front().total, std::uint64_t{13});
        QCOMPARE(analysing.back().done, std::uint64_t{13});
        for (std::size_t i = 1; i < analysing.size(); ++i) QVERIFY(analysing[i].done > analysing[i - 1].done);
        // The same model as without a progress.
        auto plain = core::readModelFile(path.toStdString());
        QVERIFY(plain);
        QCOMPARE(core::writeNativeModel(*plain), core::writeNativeModel(*m));
    }

    void onnxCancelStopsTheStream()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("weightful.onnx"));
        test::writeWeightfulOnnx(path.toStdString(), 6, 1024);
        const std::uint64_t size = fileSize(path);
        Recorder r;
        r.stopAt = size / 3;
        auto m = core::readModelFile(path.toStdString(), {}, &r.progress);
        checkCancelled(m, r, size);
        QVERIFY(r.reports.back().done < size / 3 + (1u << 20)); // stopped within a chunk or two
    }

    void nativeJsonReportsTheBytesRead()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chain.json"));
        core::ModelFile model;
        core::GraphBuilder b;
        const auto x = b.add("Input", "x", {}, {{"shape", core::IntList{256}}});
        const auto fc = b.add("Dense", "fc", {x}, {{"units", std::int64_t{256}}});
        b.add("ReLU", "act", {fc});
        model.graph = b.take();
        model.description = std::string(6u << 20, 'd'); // 6 MiB: large enough for many reports
        std::ofstream(path.toStdString(), std::ios::binary) << core::writeNativeModel(model);
        const std::uint64_t size = fileSize(path);
        Recorder r;
        auto m = core::readModelFile(path.toStdString(), {}, &r.progress);
        QVERIFY2(m, m ? "" : m.error().describe().c_str());
        QCOMPARE(m->graph.size(), std::size_t{3});
        checkReading(r, size, 6); // 1 MiB chunks
        Recorder stop;
        stop.stopAt = 2u << 20;
        checkCancelled(core::readModelFile(path.toStdString(), {}, &stop.progress), stop, size);
    }

    void prototxtReportsTheBytesRead()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chain.prototxt"));
        std::string text = "name: \"chain\"\n"
                           "layer { name: \"data\" type: \"Input\" top: \"data\" input_param { shape { dim: 8 dim: 64 } } }\n";
        std::string bottom = "data";
        for (int i = 0; i < 200; ++i) {
            const std::string fc = "fc" + std::to_string(i);
            text += "layer { name: \"" + fc + "\" type: \"InnerProduct\" bottom: \"" + bottom + "\" top: \"" + fc +
                    "\" inner_product_param { num_output: 64 } }\n";
            bottom = fc;
        }
        for (int i = 0; i < 40000; ++i) text += "# a comment line of the kind a long generated net carries ......\n";
        std::ofstream(path.toStdString(), std::ios::binary) << text;
        const std::uint64_t size = fileSize(path);
        QVERIFY(size > (2u << 20));
        Recorder r;
        auto m = core::readModelFile(path.toStdString(), {}, &r.progress);
        QVERIFY2(m, m ? "" : m.error().describe().c_str());
        QCOMPARE(m->graph.size(), std::size_t{201});
        checkReading(r, size, 2);
        Recorder stop;
        stop.stopAt = 1;
        checkCancelled(core::readModelFile(path.toStdString(), {}, &stop.progress), stop, size);
    }
};

QTEST_APPLESS_MAIN(TestReadProgress)
#include "tst_read_progress.moc"
