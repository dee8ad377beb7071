// File ▸ Import ▸ Caffe solver… (ui/files/CaffeSolverImport, FileMenu): a solver's training
// settings applied to the document as one undoable step, its notes shown, and a solver that
// cannot be read naming file and line while the document stays as it was.
#include "app/MainWindow.h"
#include "core/estimate/GpuCatalog.h"
#include "core/io/TrainingConfigJson.h"
#include "ui/document/Document.h"
#include "ui/files/DocumentFiles.h"
#include "ui/files/FileMenu.h"
#include "ui/style/DisplayOptions.h"
#include "FileTestSupport.h"

#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUndoStack>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace netsizer;
using ui::DocumentFiles;
using namespace netsizer::test;

class TestSolverImport : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_solver_import"));
        QVERIFY(m_dir.isValid());
    }
    void init()
    {
        QSettings().clear();
        m_script = Script{};
        m_doc = fixtureDocument();
    }
    void cleanup() { m_doc.reset(); }

    // File ▸ Import ▸ Caffe solver… on the solvers shipped with real Caffe models.
    void caffeSolverImport_data()
    {
        QTest::addColumn<QString>("solver"); // under ../shared/models
        QTest::addColumn<int>("optimizer");  // core::Optimizer
        QTest::addColumn<QString>("note");   // a note the status bar must show ("" none)
        QTest::newRow("lenet adam") << "caffe/mnist/lenet_solver_adam.prototxt" << int(core::Optimizer::Adam) << "";
        QTest::newRow("lenet sgd 0.9") << "caffe/mnist/lenet_solver.prototxt" << int(core::Optimizer::SgdMomentum) << "";
        QTest::newRow("googlenet (type by default)")
            << "caffe/bvlc/bvlc_googlenet_solver.prototxt" << int(core::Optimizer::SgdMomentum) << "";
        QTest::newRow("squeezenet iter_size 16")
            << "caffe/squeezenet/SqueezeNet_v1.1_solver.prototxt" << int(core::Optimizer::SgdMomentum) << "solver iter_size 16";
    }
    void caffeSolverImport()
    {
        QFETCH(QString, solver);
        QFETCH(int, optimizer);
        QFETCH(QString, note);
        const QString path = shared(solver);
        if (!QFileInfo::exists(path)) QSKIP("solver file absent (../shared not available)");
        resetForSolver();
        SolverRun run(*m_doc, m_script);
        const core::TrainingConfig before = m_doc->config();
        QCOMPARE(before.optimizer, core::Optimizer::Adagrad);
        const std::string beforeJson = core::trainingConfigToJson(before).dump();
        const int steps = m_doc->undoStack()->count();

        m_script.openPath = path;
        QVERIFY(run.probe.menu->importCaffeSolver());
        QVERIFY2(m_script.errors.isEmpty(), qPrintable(m_script.errors.join('\n')));
        QCOMPARE(int(m_doc->config().optimizer), optimizer);
        QCOMPARE(m_doc->config().framework, core::Framework::Caffe); // was PyTorch
        QCOMPARE(m_doc->config().batch, before.batch);               // the net's batch, not the solver's
        QCOMPARE(m_doc->config().gpu->name, before.gpu->name);
        QCOMPARE(m_doc->breakdown().config.optimizer, m_doc->config().optimizer); // re-estimated
        // One undoable step, named after the file.
        QCOMPARE(m_doc->undoStack()->count(), steps + 1);
        QCOMPARE(m_doc->undoStack()->undoText(), QStringLiteral("Import Caffe solver %1").arg(QFileInfo(path).fileName()));
        QVERIFY(m_doc->isModified());
        QCOMPARE(run.status.size(), 1);
        QVERIFY2(run.status[0].contains(QFileInfo(path).fileName()), qPrintable(run.status[0]));
        QVERIFY2(run.status[0].contains(QString::fromUtf8(core::optimizerInfo(m_doc->config().optimizer).label)), qPrintable(run.status[0]));
        QVERIFY2(run.status[0].contains(QStringLiteral("framework Caffe (was PyTorch")), qPrintable(run.status[0]));
        // The solver's notes (iter_size) come as a message of their own.
        QCOMPARE(m_script.warnings.size(), note.isEmpty() ? 0 : 1);
        if (!note.isEmpty()) QVERIFY2(m_script.warnings[0].contains(note), qPrintable(m_script.warnings[0]));

        if (const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR"); !shots.isEmpty() && !note.isEmpty()) {
            run.window.resize(1600, 1000);
            run.window.show();
            QVERIFY(QTest::qWaitForWindowExposed(&run.window));
            QTest::qWait(200);
            run.window.grab().save(shots + QStringLiteral("/solver_imported.png"));
        }

        const std::string afterJson = core::trainingConfigToJson(m_doc->config()).dump();
        m_doc->undoStack()->undo();
        QCOMPARE(core::trainingConfigToJson(m_doc->config()).dump(), beforeJson);
        QVERIFY(!m_doc->isModified());
        m_doc->undoStack()->redo();
        QCOMPARE(core::trainingConfigToJson(m_doc->config()).dump(), afterJson);
    }

    // Solvers written here: the cases ../shared's files do not cover.
    void caffeSolverWrittenByTest_data()
    {
        QTest::addColumn<QByteArray>("text");
        QTest::addColumn<int>("optimizer");
        QTest::addColumn<QString>("note");
        QTest::newRow("sgd without momentum, CPU")
            << QByteArray("base_lr: 0.1\ntype: \"SGD\"\nsolver_mode: CPU\n") << int(core::Optimizer::Sgd)
            << "the solver runs on the CPU";
        QTest::newRow("legacy solver_type") << QByteArray("momentum: 0.95\nsolver_type: NESTEROV\n")
                                            << int(core::Optimizer::Nesterov) << "";
        QTest::newRow("RMSProp") << QByteArray("type: \"RMSProp\"\nrms_decay: 0.98\n") << int(core::Optimizer::RmsProp) << "";
    }
    void caffeSolverWrittenByTest()
    {
        QFETCH(QByteArray, text);
        QFETCH(int, optimizer);
        QFETCH(QString, note);
        resetForSolver();
        SolverRun run(*m_doc, m_script);
        const QString path = m_dir.filePath(QStringLiteral("written_solver.prototxt"));
        writeText(path, text);
        QVERIFY(run.probe.menu->applyCaffeSolver(path));
        QVERIFY2(m_script.errors.isEmpty(), qPrintable(m_script.errors.join('\n')));
        QCOMPARE(int(m_doc->config().optimizer), optimizer);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(run.status.size(), 1);
        QCOMPARE(m_script.warnings.size(), note.isEmpty() ? 0 : 1);
        if (!note.isEmpty()) QVERIFY2(m_script.warnings[0].contains(note), qPrintable(m_script.warnings[0]));
        // A second import of the same solver has nothing left to change: no empty undo step.
        QVERIFY(run.probe.menu->applyCaffeSolver(path));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QVERIFY2(run.status.last().contains(QStringLiteral("already match")), qPrintable(run.status.last()));
    }

    // A solver that cannot be read leaves the document as it was, and the error names the file
    // and the line.
    void brokenCaffeSolverChangesNothing_data()
    {
        QTest::addColumn<QByteArray>("text"); // empty: the file does not exist
        QTest::addColumn<QString>("error");
        QTest::newRow("syntax error on line 3")
            << QByteArray("base_lr: 0.01\nmomentum: 0.9\nmax_iter: ten\n") << "broken_solver.prototxt:3:";
        QTest::newRow("unknown type on line 4")
            << QByteArray("# a solver\nbase_lr: 0.01\n\ntype: \"LBFGS\"\n") << "broken_solver.prototxt:4: unknown solver type 'LBFGS'";
        QTest::newRow("no such file") << QByteArray() << "broken_solver.prototxt";
    }
    void brokenCaffeSolverChangesNothing()
    {
        QFETCH(QByteArray, text);
        QFETCH(QString, error);
        resetForSolver();
        SolverRun run(*m_doc, m_script);
        const QString path = m_dir.filePath(QStringLiteral("broken_solver.prototxt"));
        QFile::remove(path);
        if (!text.isEmpty()) writeText(path, text);
        const std::string beforeJson = core::trainingConfigToJson(m_doc->config()).dump();
        const std::string documentBefore = nativeText(*m_doc);

        m_script.openPath = path;
        QVERIFY(!run.probe.menu->importCaffeSolver());
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors[0].contains(error), qPrintable(m_script.errors[0]));
        QVERIFY2(m_script.errors[0].contains(QStringLiteral("unchanged")), qPrintable(m_script.errors[0]));
        QCOMPARE(core::trainingConfigToJson(m_doc->config()).dump(), beforeJson);
        QCOMPARE(nativeText(*m_doc), documentBefore);
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QVERIFY(!m_doc->isModified());
        QVERIFY(run.status.isEmpty());
        QVERIFY(m_script.warnings.isEmpty());
    }

private:
    // A window on the document, its File menu, and the status messages its file workflow shows.
    struct SolverRun {
        ui::DisplayOptions options;
        app::MainWindow window;
        FileMenuProbe probe;
        QStringList status;
        SolverRun(ui::Document& doc, Script& script) : window(doc, options), probe(window)
        {
            window.files()->setInteraction(script.interaction());
            QObject::connect(window.files(), &DocumentFiles::statusMessage, &window, [this](const QString& text) { status << text; });
        }
    };
    // The fixture's model as a PyTorch document with Adagrad (an optimizer no solver in the tests
    // names), undo history empty.
    void resetForSolver()
    {
        core::TrainingConfig c = m_doc->config();
        c.optimizer = core::Optimizer::Adagrad;
        c.framework = core::Framework::PyTorch;
        m_doc->reset(smallNet(), c);
    }

    QTemporaryDir m_dir;
    Script m_script;
    std::unique_ptr<ui::Document> m_doc;
};

QTEST_MAIN(TestSolverImport)
#include "tst_solver_import.moc"
