// Opening a file off the UI thread (ui/files/BackgroundRead through DocumentFiles): while a slow
// read runs, the event loop keeps turning (timer ticks keep arriving: the window would paint),
// a second open is refused, a progress dialog with Cancel appears, and Cancel leaves the open
// document exactly as it was. The reader is slowed down on purpose (DocumentFiles::setModelReader);
// a synchronous read would leave one gap as long as the whole read. A 5,000-layer chain without
// positions is laid out on the worker too: the canvas takes that layout (Document::layoutHint)
// and only places its nodes, and no gap comes near the 3 s the layout and routing took on the
// UI thread.
#include "core/io/ModelReader.h"
#include "core/io/NativeFormat.h"
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
#include <QProgressDialog>
#include <QTemporaryDir>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

#include <atomic>
#include <chrono>
#include <functional>
#include <memory>
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
        files.setModelReader([](const std::string& path) {
            std::this_thread::sleep_for(std::chrono::milliseconds(800));
            return core::readModelFile(path);
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

    void cancelKeepsTheDocument()
    {
        auto doc = fixtureDocument();
        Script script;
        DocumentFiles files(*doc, nullptr, script.interaction());
        QStringList messages;
        connect(&files, &DocumentFiles::statusMessage, this, [&](const QString& m) { messages << m; });
        auto release = std::make_shared<std::atomic<bool>>(false);
        auto finished = std::make_shared<std::atomic<bool>>(false);
        files.setModelReader([release, finished](const std::string& path) {
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
