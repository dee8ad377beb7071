// Opening a file off the UI thread (ui/files/BackgroundRead through DocumentFiles): while a slow
// read runs, the event loop keeps turning (timer ticks keep arriving: the window would paint),
// a second open is refused, a progress dialog with Cancel appears, and Cancel leaves the open
// document exactly as it was. The reader is slowed down on purpose (DocumentFiles::setModelReader);
// a synchronous read would leave one gap as long as the whole read. A 5,000-layer chain without
// positions is laid out on the worker too: the canvas takes that layout (Document::layoutHint)
// and only places its nodes, and no gap comes near the 3 s the layout and routing took on the
// UI thread. With a large file the dialog's bar follows the bytes read (determinate, only
// growing), and Cancel stops the reader at its next report (core/io/ReadProgress.h).
#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
#include "core/io/ReadProgress.h"
#include "ui/canvas/GraphLayout.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/NodeItem.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "FileTestSupport.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QFileInfo>
#include <QProgressDialog>
#include <QTemporaryDir>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>

using namespace netsizer;
using namespace netsizer::test;
using ui::DocumentFiles;

namespace {

QProgressDialog* visibleProgressDialog()
{
    for (QWidget* w : QApplication::topLevelWidgets())
        if (auto* p = qobject_cast<QProgressDialog*>(w); p && p->isVisible()) return p;
    return nullptr;
}

// A 10 ms timer and the longest gap between its ticks: the longest time the event loop (and so
// the window's painting) stood still. `onTick` runs at each tick with the tick's number.
class TickGaps {
public:
    explicit TickGaps(std::function<void(int)> onTick = {}) : m_onTick(std::move(onTick))
    {
        m_timer.setInterval(10);
        QObject::connect(&m_timer, &QTimer::timeout, [this] {
            const qint64 now = m_clock.elapsed();
            m_longest = std::max(m_longest, now - m_last);
            m_last = now;
            ++m_ticks;
            if (m_onTick) m_onTick(m_ticks);
        });
        m_clock.start();
        m_timer.start();
    }
    void stop() { m_timer.stop(); }
    qint64 elapsed() const { return m_clock.elapsed(); }
    qint64 longestGap() const { return m_longest; }
    int ticks() const { return m_ticks; }

private:
    std::function<void(int)> m_onTick;
    QElapsedTimer m_clock;
    QTimer m_timer;
    qint64 m_last = 0, m_longest = 0;
    int m_ticks = 0;
};


// A native model file of about `megabytes` MiB (a long description) holding a 3-layer chain.
QString writeLargeModel(const QTemporaryDir& dir, int megabytes)
{
    const QString path = dir.filePath(QStringLiteral("large.json"));
    core::ModelFile model;
    model.graph = ui::denseChain(3, 16);
    model.graph.name = "large";
    model.description = std::string(std::size_t(megabytes) << 20, 'd');
    writeText(path, QByteArray::fromStdString(core::writeNativeModel(model)));
    return path;
}

// A model reader that reads through a slowed-down progress (`delayMs` per report, so a read of
// a few MiB takes long enough to watch and cancel), forwarding every report to the designer's
// progress; it records the reports and whether the read ended cancelled.
struct SlowProgressReader {
    struct Log {
        std::mutex mutex;
        std::vector<core::ReadStatus> reports;
        std::atomic<bool> finished{false}, cancelled{false};
        std::atomic<qint64> finishedAtMs{0};
        QElapsedTimer clock;
    };
    std::shared_ptr<Log> log = std::make_shared<Log>();
    int delayMs = 40;

    DocumentFiles::ModelReader reader() const
    {
        log->clock.start();
        return [log = log, delay = delayMs](const std::string& path, core::ReadProgress& outer) {
            core::ReadProgress slowed([&](const core::ReadStatus& s) {
                {
                    std::lock_guard lock(log->mutex);
                    log->reports.push_back(s);
                }
                std::this_thread::sleep_for(std::chrono::milliseconds(delay));
                return outer.report(s);
            });
            auto m = core::readModelFile(path, {}, &slowed);
            log->cancelled = !m && core::isCancelled(m.error());
            log->finishedAtMs = log->clock.elapsed();
            log->finished = true;
            return m;
        };
    }
    std::vector<core::ReadStatus> reports() const
    {
        std::lock_guard lock(log->mutex);
        return log->reports;
    }
};

// A large native file about to be opened into a fixture document through the slowed reader.
struct LargeOpen {
    explicit LargeOpen(int megabytes)
        : path(writeLargeModel(dir, megabytes)), size(static_cast<std::uint64_t>(QFileInfo(path).size())),
          files(*doc, nullptr, script.interaction())
    {
        files.setModelReader(slow.reader());
    }
    QTemporaryDir dir;
    QString path;
    std::uint64_t size;
    std::unique_ptr<ui::Document> doc = fixtureDocument();
    Script script;
    SlowProgressReader slow;
    DocumentFiles files;
};

} // namespace

class TestBackgroundOpen : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() { isolateSettings(QStringLiteral("tst_background_open")); }

    void slowReadKeepsTheEventLoopTurning()
    {
        auto doc = fixtureDocument();
        Script script;
        DocumentFiles files(*doc, nullptr, script.interaction());
        files.setModelReader([](const std::string& path, core::ReadProgress& progress) {
            std::this_thread::sleep_for(std::chrono::milliseconds(800));
            return core::readModelFile(path, {}, &progress);
        });
        bool secondOpenRefused = false;
        TickGaps ticks([&](int tick) {
            if (tick == 5) secondOpenRefused = !files.openFile(example(QStringLiteral("vgg16.json")));
        });
        QVERIFY(files.openFile(example(QStringLiteral("lenet5.json"))));
        ticks.stop();
        qInfo("%d ticks in %lld ms, longest gap %lld ms", ticks.ticks(), ticks.elapsed(), ticks.longestGap());
        QCOMPARE(doc->graph().name, std::string("LeNet-5"));
        QVERIFY(secondOpenRefused);
        QVERIFY2(ticks.ticks() >= 20, qPrintable(QString::number(ticks.ticks())));
        QVERIFY2(ticks.longestGap() < 400, qPrintable(QString::number(ticks.longestGap()))); // the read alone takes 800 ms
    }

    void largeChainIsLaidOutOffTheUiThread()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("chain.json"));
        core::ModelFile model;
        model.graph = ui::denseChain(5000, 64);
        writeText(path, QByteArray::fromStdString(core::writeNativeModel(model)));
        auto doc = fixtureDocument();
        ui::DisplayOptions options;
        ui::GraphScene scene(*doc, options);
        QTest::qWait(0);
        Script script;
        DocumentFiles files(*doc, nullptr, script.interaction());
        TickGaps ticks;
        QVERIFY(files.openFile(path));
        // The worker's layout came with the graph: one centre per layer, as GraphLayout gives.
        QCOMPARE(doc->layoutHint().size(), std::size_t{5000});
        const core::LayerId lastLayer = doc->graph().layers().back().id;
        QTRY_VERIFY_WITH_TIMEOUT(scene.node(lastLayer), 30000);
        QTest::qWait(20);
        ticks.stop();
        qInfo("5,000-layer chain: canvas built after %lld ms, longest gap %lld ms", ticks.elapsed(), ticks.longestGap());
        QVERIFY(script.errors.isEmpty());
        const auto expected = ui::GraphLayout::unplaced(doc->graph());
        for (const auto& l : doc->graph().layers()) {
            QVERIFY(!l.hasPosition); // the layout is the canvas's, not the model's
            QCOMPARE(scene.node(l.id)->pos(), expected.at(core::toIndex(l.id)));
        }
        QVERIFY(!doc->isModified());
        // Generous for a loaded 2-core machine; the layout and routing on the UI thread took 3 s.
        QVERIFY2(ticks.longestGap() < 1500, qPrintable(QString::number(ticks.longestGap())));
    }

    // The dialog's bar is the share of the file read: determinate (0 to 100), only growing, with
    // values between the ends while a large file is read; the reader's own reports never go
    // back and end at the file's size.
    void progressFollowsTheBytesRead()
    {
        LargeOpen open(24);
        QList<int> values;
        QStringList labels;
        int maximum = -1;
        QTimer watch;
        watch.setInterval(10);
        connect(&watch, &QTimer::timeout, this, [&] {
            QProgressDialog* p = visibleProgressDialog();
            if (!p) return;
            maximum = p->maximum();
            if (values.isEmpty() || values.last() != p->value()) values << p->value();
            if (labels.isEmpty() || labels.last() != p->labelText()) labels << p->labelText();
            const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); // for a person to look at
            if (!shots.isEmpty() && p->value() >= 40 && !QFileInfo::exists(shots + QStringLiteral("/reading_progress.png")))
                p->grab().save(shots + QStringLiteral("/reading_progress.png"));
        });
        watch.start();
        QVERIFY(open.files.openFile(open.path));
        watch.stop();
        qInfo() << "dialog values" << values << "labels" << labels;
        QCOMPARE(open.doc->graph().name, std::string("large"));
        QVERIFY(open.script.errors.isEmpty());
        QCOMPARE(maximum, 100);
        QVERIFY(values.size() >= 3);
        for (int i = 1; i < values.size(); ++i) QVERIFY2(values[i] > values[i - 1], qPrintable(QString::number(i)));
        QVERIFY(std::any_of(values.begin(), values.end(), [](int v) { return v > 0 && v < 100; }));
        QVERIFY(labels.contains(QStringLiteral("Reading large.json…")));
        const auto reports = open.slow.reports();
        std::uint64_t last = 0;
        bool analysed = false;
        for (const auto& r : reports) {
            if (r.phase == core::ReadPhase::Analysing) analysed = true;
            if (r.phase != core::ReadPhase::Reading) continue;
            QCOMPARE(r.total, open.size);
            QVERIFY(r.done >= last);
            last = r.done;
        }
        QCOMPARE(last, open.size); // 100 %
        QVERIFY(analysed);
    }

    // Cancel in the middle of a large file stops the reader at its next report: it ends
    // cancelled well before the end of the file, and the document is untouched.
    void cancelStopsTheReader()
    {
        LargeOpen open(48);
        SlowProgressReader& slow = open.slow;
        const std::string before = nativeText(*open.doc);
        qint64 clickedAt = -1;
        QTimer::singleShot(700, this, [&] {
            QProgressDialog* p = visibleProgressDialog();
            if (!p) return;
            if (auto* button = p->findChild<QPushButton*>()) {
                clickedAt = slow.log->clock.elapsed();
                button->click();
            }
        });
        QVERIFY(!open.files.openFile(open.path));
        QVERIFY(clickedAt > 0);
        QTRY_VERIFY(slow.log->finished.load());
        const qint64 stoppedAfter = slow.log->finishedAtMs.load() - clickedAt;
        const auto reports = slow.reports();
        QVERIFY(!reports.empty());
        qInfo("stopped %lld ms after Cancel at byte %llu of %llu", stoppedAfter, qulonglong(reports.back().done), qulonglong(open.size));
        QVERIFY(slow.log->cancelled.load());
        QCOMPARE(reports.back().phase, core::ReadPhase::Reading);
        QVERIFY(reports.back().done < open.size);
        QVERIFY2(stoppedAfter < 500, qPrintable(QString::number(stoppedAfter))); // one report: 40 ms
        QCOMPARE(nativeText(*open.doc), before);
        QVERIFY(!open.doc->isModified());
        QVERIFY(open.script.errors.isEmpty());
        QVERIFY(!visibleProgressDialog());
    }

    void cancelKeepsTheDocument()
    {
        auto doc = fixtureDocument();
        Script script;
        DocumentFiles files(*doc, nullptr, script.interaction());
        QStringList messages;
        connect(&files, &DocumentFiles::statusMessage, this, [&](const QString& m) { messages << m; });
        auto release = std::make_shared<std::atomic<bool>>(false);
        auto finished = std::make_shared<std::atomic<bool>>(false);
        files.setModelReader([release, finished](const std::string& path, core::ReadProgress&) {
            while (!release->load()) std::this_thread::sleep_for(std::chrono::milliseconds(5));
            auto m = core::readModelFile(path);
            finished->store(true);
            return m;
        });
        const std::string before = nativeText(*doc);
        QString label;
        QTimer::singleShot(700, this, [&] {
            QProgressDialog* p = visibleProgressDialog();
            if (!p) return;
            label = p->labelText();
            if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty()) // for a person to look at
                p->grab().save(shots + QStringLiteral("/opening_progress.png"));
            if (auto* button = p->findChild<QPushButton*>()) button->click();
        });
        QVERIFY(!files.openFile(example(QStringLiteral("lenet5.json"))));
        QCOMPARE(label, QStringLiteral("Opening lenet5.json…"));
        QCOMPARE(nativeText(*doc), before);
        QVERIFY(!doc->isModified());
        QVERIFY(script.errors.isEmpty());
        QVERIFY(!messages.isEmpty() && messages.last().startsWith(QStringLiteral("Opening ")) &&
                messages.last().endsWith(QStringLiteral(" cancelled")));
        QVERIFY(!visibleProgressDialog());
        // The abandoned worker finishes on its own; its model never reaches the document.
        release->store(true);
        QTRY_VERIFY(finished->load());
        QTest::qWait(50);
        QCOMPARE(nativeText(*doc), before);
        // And the next open works.
        files.setModelReader({});
        QVERIFY(files.openFile(example(QStringLiteral("lenet5.json"))));
        QCOMPARE(doc->graph().name, std::string("LeNet-5"));
    }
};

QTEST_MAIN(TestBackgroundOpen)
#include "tst_background_open.moc"
