// Never losing work: the recovery files (ui/files/RecoveryStore), the autosave and the restore
// offer (ui/files/DocumentRecovery), the edit script the designer runs (ui/files/EditScript),
// and the real designer killed with SIGKILL and restarted.
#include "FileTestSupport.h"

#include "core/io/NativeFormat.h"
#include "core/layers/KindRegistry.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/DocumentRecovery.h"
#include "ui/files/EditScript.h"
#include "ui/settings/AppSettings.h"
#include "ui/settings/PreferencesDialog.h"
#include "ui/files/RecoveryStore.h"

#include <QDirIterator>
#include <QAbstractButton>
#include <QApplication>
#include <QElapsedTimer>
#include <QLocale>
#include <QMessageBox>
#include <QProcess>
#include <QSettings>
#include <QSpinBox>
#include <QTemporaryDir>
#include <QTimer>
#include <QtTest>

#include <memory>

using namespace netsizer;
using namespace netsizer::test;
using ui::DocumentRecovery;
using ui::RecoveredDocument;
using ui::RecoveryStore;

namespace {

// The edits the designer applies before it is killed: two structural ones (autosaved at
// once) and a batch change, which only the 1 s autosave timer writes.
const QByteArray kEdits = "# LeNet-5, edited\n"
                          "add ReLU after fc3\n"
                          "rename conv1 first_conv\n"
                          "freeze conv2\n"
                          "batch 77\n";

RecoveredDocument sampleDocument(const QString& name, const QDateTime& at)
{
    RecoveredDocument d;
    d.documentName = name;
    d.sourcePath = QStringLiteral("/models/") + name;
    d.savePath = d.sourcePath;
    d.savedAt = at;
    d.modelText = QString::fromStdString(nativeText(*fixtureDocument()));
    return d;
}

// Every recovery file under `dir`, recursively.
QStringList recoveryFiles(const QString& dir)
{
    QStringList found;
    QDirIterator it(dir, {QStringLiteral("*.recovery")}, QDir::Files, QDirIterator::Subdirectories);
    while (it.hasNext()) found << it.next();
    found.sort();
    return found;
}

std::optional<RecoveredDocument> readRecovery(const QString& path)
{
    return RecoveryStore::parse(readAll(path));
}

// Waits (processing events) until `done` holds or `ms` pass.
template <class F>
bool waitFor(F done, int ms)
{
    QElapsedTimer t;
    t.start();
    while (!done()) {
        if (t.elapsed() > ms) return false;
        QTest::qWait(50);
    }
    return true;
}

} // namespace

class TestRecovery : public QObject {
    Q_OBJECT
private slots:
    void initTestCase();
    void init();

    void recoveryFileRoundTrip();
    void newerRecoveryVersionIsRefusedNamingBoth();
    void twoStoresNeverTakeEachOthersFiles();
    void cleanExitRemovesTheRecoveryFile();
    void structuralEditIsAutosavedAtOnce();
    void batchIsAutosavedByTheTimer();
    void savingRemovesTheRecoveryFile();
    void offerRestore_data();
    void offerRestore();
    void restoreOfAnUnreadableModelKeepsTheFile();
    void dialogNamesDocumentAndTime_data();
    void dialogNamesDocumentAndTime();
    void editScriptErrorNamesTheLine();
    void preferencesDialogSetsTheInterval();

    void killedDesignerIsRestored();
    void runningDesignersKeepTheirOwnFiles();

private:
    QString folder() const { return m_tmp->filePath(QStringLiteral("recovery")); }

    std::unique_ptr<QTemporaryDir> m_tmp;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::DocumentFiles> m_files;
};

void TestRecovery::initTestCase() { isolateSettings(QStringLiteral("tst_recovery")); }

void TestRecovery::init()
{
    QSettings().clear();
    m_tmp = std::make_unique<QTemporaryDir>();
    QVERIFY(m_tmp->isValid());
    m_files.reset();
    m_doc = fixtureDocument();
    m_files = std::make_unique<ui::DocumentFiles>(*m_doc, nullptr, ui::FileInteraction{});
}

void TestRecovery::recoveryFileRoundTrip()
{
    const QDateTime at = QDateTime::fromString(QStringLiteral("2026-12-01T21:30:05.250Z"), Qt::ISODateWithMs);
    const RecoveredDocument d = sampleDocument(QStringLiteral("vgg16.json"), at);
    const auto back = RecoveryStore::parse(RecoveryStore::serialize(d));
    QVERIFY(back.has_value());
    QCOMPARE(back->documentName, QStringLiteral("vgg16.json"));
    QCOMPARE(back->sourcePath, QStringLiteral("/models/vgg16.json"));
    QCOMPARE(back->savePath, QStringLiteral("/models/vgg16.json"));
    QCOMPARE(back->savedAt, at);
    QCOMPARE(back->modelText, d.modelText); // the native text, byte for byte
}

void TestRecovery::newerRecoveryVersionIsRefusedNamingBoth()
{
    QByteArray bytes = RecoveryStore::serialize(sampleDocument(QStringLiteral("a.json"), QDateTime::currentDateTimeUtc()));
    bytes.replace("\"version\": 1", "\"version\": 3");
    QString error;
    QVERIFY(!RecoveryStore::parse(bytes, &error).has_value());
    QCOMPARE(error, QStringLiteral("/version: recovery format version 3 is not supported (this NetSizer reads 1)"));
}

void TestRecovery::twoStoresNeverTakeEachOthersFiles()
{
    RecoveryStore a(folder());
    RecoveryStore b(folder());
    QVERIFY(a.isUsable() && b.isUsable());
    QVERIFY(a.sessionId() != b.sessionId());
    const QDateTime t0 = QDateTime::currentDateTimeUtc();
    QVERIFY(a.write(sampleDocument(QStringLiteral("a.json"), t0)));
    QVERIFY(b.write(sampleDocument(QStringLiteral("b.json"), t0)));
    // Both designers run: neither sees the other's file.
    QVERIFY(b.orphans().isEmpty());
    QVERIFY(a.orphans().isEmpty());

    // A file whose designer is gone (no lock held): the first store to look takes it.
    const QString lost = QDir(folder()).filePath(QStringLiteral("gone.recovery"));
    writeText(lost, RecoveryStore::serialize(sampleDocument(QStringLiteral("lost.json"), t0.addSecs(-60))));
    const auto seenByB = b.orphans();
    QCOMPARE(seenByB.size(), 1);
    QCOMPARE(seenByB.front().path, lost);
    QCOMPARE(seenByB.front().document.documentName, QStringLiteral("lost.json"));
    QCOMPARE(seenByB.front().document.savedAt, t0.addSecs(-60));
    QVERIFY(a.orphans().isEmpty()); // b holds its lock now
    b.keep(lost);
    QCOMPARE(a.orphans().size(), 1); // released: the next one to look may take it
    a.discard(lost);
    QVERIFY(!QFile::exists(lost));
    QVERIFY(QFile::exists(a.recoveryPath()) && QFile::exists(b.recoveryPath()));
}

void TestRecovery::cleanExitRemovesTheRecoveryFile()
{
    QString path;
    {
        RecoveryStore s(folder());
        QVERIFY(s.write(sampleDocument(QStringLiteral("a.json"), QDateTime::currentDateTimeUtc())));
        path = s.recoveryPath();
        QVERIFY(QFile::exists(path));
    }
    QVERIFY(!QFile::exists(path));
    QCOMPARE(QDir(folder()).entryList(QDir::Files), QStringList()); // the lock is gone too
}

void TestRecovery::structuralEditIsAutosavedAtOnce()
{
    DocumentRecovery recovery(*m_doc, *m_files, folder());
    const QString path = recovery.store().recoveryPath();
    QVERIFY(!QFile::exists(path)); // an unmodified document has none
    const core::LayerKind* relu = core::KindRegistry::builtin().find("ReLU");
    QVERIFY(m_doc->addLayer(*relu, 10, 20));
    QVERIFY(!QFile::exists(path)); // written after the edit's turn of the event loop
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path), 1000);
    const auto saved = readRecovery(path);
    QVERIFY(saved.has_value());
    QCOMPARE(saved->modelText.toStdString(), core::writeNativeModel(m_files->currentModel()));
    QCOMPARE(saved->documentName, m_files->displayName());
    QVERIFY(qAbs(saved->savedAt.secsTo(QDateTime::currentDateTimeUtc())) < 5);
}

void TestRecovery::batchIsAutosavedByTheTimer()
{
    ui::AppSettings::instance().setAutosaveIntervalSeconds(1);
    DocumentRecovery recovery(*m_doc, *m_files, folder());
    const QString path = recovery.store().recoveryPath();
    QVERIFY(m_doc->setBatch(96));
    QTest::qWait(100);
    QVERIFY(!QFile::exists(path)); // not structural: waits for the timer
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path), 2500);
    const auto saved = readRecovery(path);
    QVERIFY(saved.has_value());
    auto model = core::readNativeModel(saved->modelText.toStdString());
    QVERIFY(model.ok());
    QCOMPARE(model->training->batch, std::uint64_t{96});
}

void TestRecovery::savingRemovesTheRecoveryFile()
{
    DocumentRecovery recovery(*m_doc, *m_files, folder());
    const QString path = recovery.store().recoveryPath();
    QVERIFY(m_doc->renameLayer(m_doc->graph().findByName("fc")->id, QStringLiteral("head")));
    QTRY_VERIFY_WITH_TIMEOUT(QFile::exists(path), 1000);
    QVERIFY(m_files->saveTo(m_tmp->filePath(QStringLiteral("saved.json"))));
    QVERIFY(!QFile::exists(path));
}

void TestRecovery::offerRestore_data()
{
    QTest::addColumn<int>("answer");
    QTest::addColumn<bool>("restored");
    QTest::addColumn<bool>("orphanRemains");
    QTest::newRow("restore") << int(DocumentRecovery::Answer::Restore) << true << false;
    QTest::newRow("discard") << int(DocumentRecovery::Answer::Discard) << false << false;
    QTest::newRow("later") << int(DocumentRecovery::Answer::Later) << false << true;
}

void TestRecovery::offerRestore()
{
    QFETCH(int, answer);
    QFETCH(bool, restored);
    QFETCH(bool, orphanRemains);
    // What a killed designer left: the fixture with a layer renamed, opened from a file.
    auto edited = fixtureDocument();
    QVERIFY(edited->renameLayer(edited->graph().findByName("conv")->id, QStringLiteral("stem")));
    RecoveredDocument left = sampleDocument(QStringLiteral("small.json"), QDateTime::currentDateTimeUtc().addSecs(-30));
    left.modelText = QString::fromStdString(nativeText(*edited));
    const QString orphan = QDir(folder()).filePath(QStringLiteral("killed.recovery"));
    QVERIFY(QDir().mkpath(folder()));
    writeText(orphan, RecoveryStore::serialize(left));

    m_doc->reset(core::Graph{}, core::TrainingConfig{});
    DocumentRecovery recovery(*m_doc, *m_files, folder());
    QStringList asked;
    QString error;
    const bool r = recovery.offerRestore(
        [&](const RecoveredDocument& d) {
            asked << d.documentName + QStringLiteral(" @ ") + d.savedAt.toString(Qt::ISODate);
            return DocumentRecovery::Answer(answer);
        },
        &error);
    QCOMPARE(asked, QStringList{QStringLiteral("small.json @ ") + left.savedAt.toString(Qt::ISODate)});
    QCOMPARE(r, restored);
    QCOMPARE(error, QString());
    QCOMPARE(QFile::exists(orphan), orphanRemains);
    if (restored) {
        QCOMPARE(nativeText(*m_doc), nativeText(*edited));
        QVERIFY(m_doc->isModified());
        QCOMPARE(m_files->savePath(), QStringLiteral("/models/small.json"));
        QCOMPARE(m_files->displayName(), QStringLiteral("small.json"));
        // Held by this designer's own recovery file before the orphan went.
        const auto own = readRecovery(recovery.store().recoveryPath());
        QVERIFY(own.has_value());
        QCOMPARE(own->modelText.toStdString(), core::writeNativeModel(m_files->currentModel()));
    } else {
        QCOMPARE(m_doc->graph().size(), std::size_t{0});
        QVERIFY(!m_doc->isModified());
    }
}

void TestRecovery::restoreOfAnUnreadableModelKeepsTheFile()
{
    RecoveredDocument left = sampleDocument(QStringLiteral("future.json"), QDateTime::currentDateTimeUtc());
    left.modelText = QStringLiteral(R"({"format":"netsizer-model","version":9,"layers":[]})");
    const QString orphan = QDir(folder()).filePath(QStringLiteral("future.recovery"));
    QVERIFY(QDir().mkpath(folder()));
    writeText(orphan, RecoveryStore::serialize(left));
    DocumentRecovery recovery(*m_doc, *m_files, folder());
    const std::string before = nativeText(*m_doc);
    QString error;
    QVERIFY(!recovery.offerRestore([](const RecoveredDocument&) { return DocumentRecovery::Answer::Restore; }, &error));
    QVERIFY2(error.contains(QStringLiteral("future.json")) && error.contains(QStringLiteral("/version")), qPrintable(error));
    QCOMPARE(nativeText(*m_doc), before);
    QVERIFY(QFile::exists(orphan));
}

void TestRecovery::dialogNamesDocumentAndTime_data()
{
    QTest::addColumn<QString>("button");
    QTest::addColumn<int>("answer");
    QTest::newRow("restore") << QStringLiteral("&Restore") << int(DocumentRecovery::Answer::Restore);
    QTest::newRow("discard") << QStringLiteral("&Discard") << int(DocumentRecovery::Answer::Discard);
    QTest::newRow("later") << QStringLiteral("Ask &Later") << int(DocumentRecovery::Answer::Later);
}

void TestRecovery::dialogNamesDocumentAndTime()
{
    QFETCH(QString, button);
    QFETCH(int, answer);
    const QDateTime at = QDateTime::fromString(QStringLiteral("2026-12-01T21:30:05Z"), Qt::ISODate);
    const RecoveredDocument d = sampleDocument(QStringLiteral("vgg16.json"), at);
    QString text, informative;
    bool clicked = false;
    // The question is modal: answer it from the event loop it runs.
    QTimer::singleShot(0, this, [&] {
        auto* box = qobject_cast<QMessageBox*>(QApplication::activeModalWidget());
        if (!box) return;
        text = box->text();
        informative = box->informativeText();
        for (QAbstractButton* b : box->buttons())
            if (!clicked && b->text() == button) {
                b->click();
                clicked = true;
            }
        if (!clicked) box->done(QDialog::Rejected); // no such button: end exec(), the test fails below
    });
    const auto got = DocumentRecovery::dialog(nullptr)(d);
    QVERIFY(clicked);
    QCOMPARE(int(got), answer);
    QVERIFY2(text.contains(QStringLiteral("“vgg16.json”")), qPrintable(text));
    QVERIFY2(text.contains(QLocale().toString(at.toLocalTime(), QLocale::LongFormat)), qPrintable(text));
    QVERIFY2(informative.contains(QStringLiteral("/models/vgg16.json")), qPrintable(informative));
}

void TestRecovery::editScriptErrorNamesTheLine()
{
    const std::string before = nativeText(*m_doc);
    QCOMPARE(ui::EditScript::apply(QStringLiteral("rename fc head\n\nadd Conv9D\n"), QStringLiteral("e.txt"), *m_doc),
             QStringLiteral("e.txt:3: unknown layer kind 'Conv9D'"));
    QVERIFY(m_doc->graph().findByName("head")); // the lines before stay applied
    QCOMPARE(ui::EditScript::apply(QStringLiteral("freeze ghost"), QStringLiteral("e.txt"), *m_doc),
             QStringLiteral("e.txt:1: no layer named 'ghost'"));
    QVERIFY(nativeText(*m_doc) != before);
}

void TestRecovery::preferencesDialogSetsTheInterval()
{
    // The designer's one Preferences dialog (ui/settings) sets the interval the recovery uses.
    ui::AppSettings& settings = ui::AppSettings::instance();
    QCOMPARE(DocumentRecovery::autosaveSeconds(), ui::AppSettings::kDefaultAutosaveSeconds);
    ui::PreferencesDialog dialog(settings);
    auto* spin = dialog.findChild<QSpinBox*>();
    QVERIFY(spin);
    QCOMPARE(spin->value(), 30);
    spin->setValue(5);
    QCOMPARE(DocumentRecovery::autosaveSeconds(), 5);
    spin->setValue(0);
    QCOMPARE(DocumentRecovery::autosaveSeconds(), 0); // off: only structural edits are written
    settings.setAutosaveIntervalSeconds(5);
}

namespace {

// A designer process in its own home (HOME, XDG_* under `home`), offscreen, autosaving every
// second (its QSettings).
struct Designer {
    QProcess process;

    Designer(const QString& home, const QStringList& args, const QString& editScript = {})
    {
        QProcessEnvironment env = QProcessEnvironment::systemEnvironment();
        env.insert(QStringLiteral("HOME"), home);
        env.insert(QStringLiteral("XDG_DATA_HOME"), home + QStringLiteral("/data"));
        env.insert(QStringLiteral("XDG_CONFIG_HOME"), home + QStringLiteral("/config"));
        env.insert(QStringLiteral("XDG_CACHE_HOME"), home + QStringLiteral("/cache"));
        env.insert(QStringLiteral("XDG_RUNTIME_DIR"), home + QStringLiteral("/runtime"));
        env.insert(QStringLiteral("QT_QPA_PLATFORM"), QStringLiteral("offscreen"));
        env.remove(QStringLiteral("NETSIZER_EDIT_SCRIPT"));
        if (!editScript.isEmpty()) env.insert(QStringLiteral("NETSIZER_EDIT_SCRIPT"), editScript);
        process.setProcessEnvironment(env);
        process.setProcessChannelMode(QProcess::ForwardedErrorChannel);
        process.start(QStringLiteral(NETSIZER_DESIGNER_PATH), args);
    }
    ~Designer()
    {
        if (process.state() != QProcess::NotRunning) {
            process.kill();
            process.waitForFinished(5000);
        }
    }
    // SIGKILL: no destructor, no clean-up runs.
    void killHard()
    {
        process.kill();
        QVERIFY(process.waitForFinished(5000));
        QCOMPARE(process.exitStatus(), QProcess::CrashExit);
    }
};

void prepareHome(const QString& home)
{
    for (const char* d : {"data", "config/NetSizer", "cache", "runtime"}) QVERIFY(QDir().mkpath(home + "/" + d));
    QFile::setPermissions(home + "/runtime", QFileDevice::ReadOwner | QFileDevice::WriteOwner | QFileDevice::ExeOwner);
    writeText(home + "/config/NetSizer/NetSizer.conf", "[autosave]\nintervalSeconds=1\n");
}

// The document the edit script makes of `modelPath`, as the native file text.
std::string expectedAfterEdits(const QString& modelPath, const QByteArray& edits)
{
    ui::Document doc;
    ui::DocumentFiles files(doc, nullptr, ui::FileInteraction{});
    if (!files.openFile(modelPath)) return "cannot open " + modelPath.toStdString();
    const QString error = ui::EditScript::apply(QString::fromUtf8(edits), QStringLiteral("edits.txt"), doc);
    if (!error.isEmpty()) return error.toStdString();
    return core::writeNativeModel(files.currentModel());
}

// The recovery file under `home` whose model is `expected`, other than those in `except`.
QString fileHolding(const QString& home, const std::string& expected, const QStringList& except = {})
{
    for (const QString& f : recoveryFiles(home)) {
        if (except.contains(f)) continue;
        const auto r = readRecovery(f);
        if (r && r->modelText.toStdString() == expected) return f;
    }
    return {};
}

} // namespace

void TestRecovery::killedDesignerIsRestored()
{
    const QString home = m_tmp->filePath(QStringLiteral("home"));
    prepareHome(home);
    if (QTest::currentTestFailed()) return;
    const QString model = m_tmp->filePath(QStringLiteral("lenet5.json"));
    QVERIFY(QFile::copy(example(QStringLiteral("lenet5.json")), model));
    const QString script = m_tmp->filePath(QStringLiteral("edits.txt"));
    writeText(script, kEdits);
    const std::string expected = expectedAfterEdits(model, kEdits);
    QVERIFY2(expected.rfind("{", 0) == 0, expected.c_str());
    QVERIFY(expected != core::writeNativeModel(*core::readNativeModelFile(model.toStdString())));

    QString left;
    {
        Designer first(home, {model}, script);
        QVERIFY(first.process.waitForStarted(10000));
        // The batch edit comes last and only the timer writes it: the file holds all edits
        // once the 1 s autosave ran.
        QVERIFY2(waitFor([&] { return !(left = fileHolding(home, expected)).isEmpty(); }, 30000),
                 qPrintable(recoveryFiles(home).join(' ')));
        first.killHard();
        if (QTest::currentTestFailed()) return;
    }
    QVERIFY(QFile::exists(left)); // a kill leaves the recovery file ...
    QVERIFY(QFile::exists(QString(left).replace(QStringLiteral(".recovery"), QStringLiteral(".lock")))); // ... and a stale lock
    const auto orphan = readRecovery(left);
    QVERIFY(orphan.has_value());
    QCOMPARE(orphan->documentName, QStringLiteral("lenet5.json"));
    QCOMPARE(orphan->savePath, QFileInfo(model).absoluteFilePath());

    Designer second(home, {QStringLiteral("--recover")});
    QVERIFY(second.process.waitForStarted(10000));
    // Restored: the second designer's own recovery file holds the edited document, and the
    // killed designer's file is gone.
    QString restored;
    QVERIFY2(waitFor([&] { return !(restored = fileHolding(home, expected, {left})).isEmpty() && !QFile::exists(left); }, 30000),
             qPrintable(recoveryFiles(home).join(' ')));
    const auto again = readRecovery(restored);
    QVERIFY(again.has_value());
    QCOMPARE(again->modelText.toStdString(), expected); // compared as serialized JSON
    QCOMPARE(again->documentName, QStringLiteral("lenet5.json"));
    QCOMPARE(again->savePath, QFileInfo(model).absoluteFilePath());
    QCOMPARE(second.process.state(), QProcess::Running);
}

void TestRecovery::runningDesignersKeepTheirOwnFiles()
{
    const QString home = m_tmp->filePath(QStringLiteral("home"));
    prepareHome(home);
    if (QTest::currentTestFailed()) return;
    const QString model = m_tmp->filePath(QStringLiteral("lenet5.json"));
    QVERIFY(QFile::copy(example(QStringLiteral("lenet5.json")), model));
    const QString scriptA = m_tmp->filePath(QStringLiteral("a.txt"));
    const QString scriptB = m_tmp->filePath(QStringLiteral("b.txt"));
    writeText(scriptA, "rename conv1 a_conv\n");
    writeText(scriptB, "rename conv1 b_conv\n");
    const std::string expectedA = expectedAfterEdits(model, "rename conv1 a_conv\n");
    const std::string expectedB = expectedAfterEdits(model, "rename conv1 b_conv\n");

    Designer a(home, {model}, scriptA);
    QString fileA;
    QVERIFY(waitFor([&] { return !(fileA = fileHolding(home, expectedA)).isEmpty(); }, 30000));
    // B starts while A runs, told to restore without asking: A's file is not an orphan.
    Designer b(home, {QStringLiteral("--recover"), model}, scriptB);
    QString fileB;
    QVERIFY(waitFor([&] { return !(fileB = fileHolding(home, expectedB)).isEmpty(); }, 30000));
    QVERIFY(fileA != fileB);
    QCOMPARE(readRecovery(fileA)->modelText.toStdString(), expectedA); // untouched by B
    QCOMPARE(recoveryFiles(home).size(), 2);
    QCOMPARE(a.process.state(), QProcess::Running);
    QCOMPARE(b.process.state(), QProcess::Running);
}

QTEST_MAIN(TestRecovery)
#include "tst_recovery.moc"
