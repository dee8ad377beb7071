// Opening a file off the UI thread (ui/files/BackgroundRead through DocumentFiles): while a slow
// read runs, the event loop keeps turning (timer ticks keep arriving: the window would paint),
// a second open is refused, a progress dialog with Cancel appears, and Cancel leaves the open
// document exactly as it was. The reader is slowed down on purpose (DocumentFiles::setModelReader);
// a synchronous read would leave one gap as long as the whole read.
#include "core/io/ModelReader.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "FileTestSupport.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QProgressDialog>
#include <QPushButton>
#include <QTimer>
#include <QtTest>

#include <atomic>
#include <chrono>
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
        QElapsedTimer clock;
        qint64 last = 0, longestGap = 0;
        int ticks = 0;
        bool secondOpenRefused = false;
        QTimer tick;
        tick.setInterval(10);
        connect(&tick, &QTimer::timeout, this, [&] {
            const qint64 now = clock.elapsed();
            longestGap = std::max(longestGap, now - last);
            last = now;
            if (++ticks == 5) secondOpenRefused = !files.openFile(example(QStringLiteral("vgg16.json")));
        });
        clock.start();
        tick.start();
        QVERIFY(files.openFile(example(QStringLiteral("lenet5.json"))));
        tick.stop();
        qInfo("%d ticks in %lld ms, longest gap %lld ms", ticks, clock.elapsed(), longestGap);
        QCOMPARE(doc->graph().name, std::string("LeNet-5"));
        QVERIFY(secondOpenRefused);
        QVERIFY2(ticks >= 20, qPrintable(QString::number(ticks)));
        QVERIFY2(longestGap < 400, qPrintable(QString::number(longestGap))); // the read alone takes 800 ms
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
