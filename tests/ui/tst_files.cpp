// The designer's file handling (ui/files and the window's wiring): native save/open round-trips,
// atomic Save As, located errors that keep the document, models with shape errors that open and
// name their layers, Open Recent, the save-changes question (window close, drops), every import
// format, model export errors and the File menu's entries. Chart and breakdown exports are tested in
// tst_file_reports.cpp, File ▸ Import ▸ Caffe solver… in tst_solver_import.cpp.
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
#include "ui/files/DocumentFiles.h"
#include "ui/files/ExampleFiles.h"
#include "ui/files/FileMenu.h"
#include "ui/files/RecentFiles.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"
#include "FileTestSupport.h"

#include <QMenu>
#include <QMenuBar>
#include <QMimeData>
#include <QSettings>
#include <QStandardPaths>
#include <QTemporaryDir>
#include <QUrl>
#include <QtTest>

#include <nlohmann/json.hpp>

using namespace netsizer;
using ui::DocumentFiles;
using ui::SaveAnswer;
using namespace netsizer::test;

namespace {

// A native model whose structure is valid but whose Add joins [16, 8, 8] and [32, 8, 8].
const char* kMismatchedAdd = R"({
  "format": "netsizer-model", "version": 1, "name": "bad_add",
  "layers": [
    {"name": "input", "type": "Input", "attrs": {"shape": [3, 8, 8]}},
    {"name": "a", "type": "Conv2D", "inputs": ["input"], "attrs": {"filters": 16, "kernel_size": [3], "padding": [1]}},
    {"name": "b", "type": "Conv2D", "inputs": ["input"], "attrs": {"filters": 32, "kernel_size": [3], "padding": [1]}},
    {"name": "join", "type": "Add", "inputs": ["a", "b"]}
  ]
})";

} // namespace

class TestFiles : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_files"));
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

    void saveThenOpenRoundTrips()
    {
        const QString path = m_dir.filePath(QStringLiteral("round.json"));
        const std::string before = core::writeNativeModel(m_files->currentModel());
        QVERIFY(m_files->saveTo(path));
        QCOMPARE(readAll(path).toStdString(), before);
        QVERIFY(before.find("\"batch\": 48") != std::string::npos); // the training configuration is saved

        m_doc->reset(ui::defaultModel().graph, core::TrainingConfig{});
        QVERIFY(m_files->openFile(path));
        QCOMPARE(core::writeNativeModel(m_files->currentModel()), before);
        QCOMPARE(m_doc->config().batch, std::uint64_t{48});
        QCOMPARE(m_doc->config().optimizer, core::Optimizer::SgdMomentum);
        QCOMPARE(QString::fromStdString(m_doc->config().gpu->name), QStringLiteral("RTX 3090"));
        QCOMPARE(m_files->savePath(), QFileInfo(path).absoluteFilePath());
        QVERIFY(!m_doc->isModified());
        QVERIFY(m_script.errors.isEmpty());
    }

    void saveAsWritesAtomicallyAndClearsModified()
    {
        QTemporaryDir dir;
        const QString target = dir.filePath(QStringLiteral("model.json"));
        writeText(target, "old contents that must be replaced whole");
        QVERIFY(m_doc->setBatch(96));
        QVERIFY(m_doc->isModified());

        m_script.savePaths = {dir.filePath(QStringLiteral("model"))}; // no extension: .json is added
        QVERIFY(m_files->saveAs());
        QVERIFY(!m_doc->isModified());
        QCOMPARE(m_files->savePath(), target);
        QCOMPARE(m_files->displayName(), QStringLiteral("model.json"));
        QCOMPARE(readAll(target).toStdString(), core::writeNativeModel(m_files->currentModel()));
        // Nothing but the target in the folder: no temporary left behind.
        QCOMPARE(QDir(dir.path()).entryList(QDir::Files | QDir::Hidden), QStringList{QStringLiteral("model.json")});

        // A save that cannot happen leaves the old file and the modified flag alone.
        QVERIFY(m_doc->setBatch(97));
        QVERIFY(!m_files->saveTo(dir.filePath(QStringLiteral("no/such/dir/x.json"))));
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors[0].contains(QStringLiteral("x.json")), qPrintable(m_script.errors[0]));
        QVERIFY(m_doc->isModified());
        QCOMPARE(m_files->savePath(), target);

        // Cancelling the dialog writes nothing.
        QVERIFY(!m_files->saveAs());
    }

    void syntaxErrorIsLocatedAndKeepsDocument()
    {
        const QString path = m_dir.filePath(QStringLiteral("broken.json"));
        writeText(path, "{\n  \"format\": \"netsizer-model\",\n  \"version\": 1,,\n  \"layers\": []\n}\n");
        QVERIFY(m_doc->setBatch(64));
        const std::string before = core::writeNativeModel(m_files->currentModel());
        const int undoIndex = m_doc->undoStack()->index();
        m_script.answer = SaveAnswer::Discard;

        QVERIFY(!m_files->openFile(path));
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors[0].contains(QStringLiteral("broken.json")), qPrintable(m_script.errors[0]));
        QVERIFY2(m_script.errors[0].contains(QStringLiteral("line 3, column 16")), qPrintable(m_script.errors[0]));
        QCOMPARE(core::writeNativeModel(m_files->currentModel()), before);
        QCOMPARE(m_doc->undoStack()->index(), undoIndex);
        QVERIFY(m_doc->isModified());
        QVERIFY(m_files->savePath().isEmpty());

        // A structural error (an input naming no layer) is refused with its JSON pointer.
        const QString dangling = m_dir.filePath(QStringLiteral("dangling.json"));
        writeText(dangling, R"({"format": "netsizer-model", "version": 1, "layers": [
            {"name": "fc", "type": "Dense", "inputs": ["nowhere"], "attrs": {"units": 4}}]})");
        QVERIFY(!m_files->openFile(dangling));
        QVERIFY2(m_script.errors.last().contains(QStringLiteral("dangling.json: /layers/0/inputs/0")), qPrintable(m_script.errors.last()));
        QVERIFY2(m_script.errors.last().contains(QStringLiteral("nowhere")), qPrintable(m_script.errors.last()));
        QCOMPARE(core::writeNativeModel(m_files->currentModel()), before);
    }

    void shapeErrorOpensAndNamesLayer()
    {
        const QString path = m_dir.filePath(QStringLiteral("bad_add.json"));
        writeText(path, kMismatchedAdd);
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());

        QVERIFY(window.files()->openFile(path));
        QCOMPARE(m_doc->graph().size(), std::size_t{4});
        QCOMPARE(m_doc->analysis().errors.size(), std::size_t{1});
        QCOMPARE(QString::fromStdString(m_doc->analysis().errors[0].path), QStringLiteral("join"));
        QVERIFY(m_script.errors.isEmpty());
        QCOMPARE(m_script.warnings.size(), 1);
        QVERIFY2(m_script.warnings[0].contains(QStringLiteral("join")), qPrintable(m_script.warnings[0]));
        QVERIFY2(m_script.warnings[0].contains(QStringLiteral("bad_add.json")), qPrintable(m_script.warnings[0]));
        // The canvas marks exactly the failing layer.
        QTRY_VERIFY(window.canvas()->scene() != nullptr);
        auto* scene = static_cast<ui::GraphScene*>(window.canvas()->scene());
        QTRY_VERIFY(scene->node(m_doc->graph().findByName("join")->id) != nullptr);
        QTRY_VERIFY(!scene->node(m_doc->graph().findByName("join")->id)->info().error.isEmpty());
        QVERIFY(scene->node(m_doc->graph().findByName("a")->id)->info().error.isEmpty());
        // A native file: Save writes back to it.
        QCOMPARE(window.files()->savePath(), QFileInfo(path).absoluteFilePath());
    }

    void recentFilesOrderAndPruning()
    {
        ui::RecentFiles recent(QStringLiteral("test/recent"));
        QSignalSpy changed(&recent, &ui::RecentFiles::changed);
        QTemporaryDir dir;
        QStringList made;
        for (int i = 0; i < 12; ++i) {
            made << dir.filePath(QStringLiteral("m%1.json").arg(i));
            writeText(made.last(), "{}");
            recent.add(made.last());
        }
        QCOMPARE(changed.count(), 12);
        QStringList list = recent.files();
        QCOMPARE(list.size(), ui::RecentFiles::kMaxFiles);
        QCOMPARE(list.first(), made[11]); // most recent first
        QCOMPARE(list.last(), made[2]);   // the two oldest dropped
        recent.add(made[5]);              // re-opening moves to the front, no duplicate
        list = recent.files();
        QCOMPARE(list.first(), made[5]);
        QCOMPARE(list.count(made[5]), 1);
        QCOMPARE(list.size(), 10);
        QVERIFY(QFile::remove(made[11]));
        list = recent.files();
        QCOMPARE(list.size(), 9);
        QVERIFY(!list.contains(made[11]));
        QCOMPARE(QSettings().value(QStringLiteral("test/recent")).toStringList(), list); // pruned in storage too
        recent.clear();
        QVERIFY(recent.files().isEmpty());

        // Opening and saving feed the list; a failed open does not.
        ui::RecentFiles fed(QStringLiteral("test/fed"));
        DocumentFiles files(*m_doc, &fed, m_script.interaction());
        QVERIFY(files.saveTo(dir.filePath(QStringLiteral("saved.json"))));
        QVERIFY(files.openFile(example(QStringLiteral("lenet5.json"))));
        QVERIFY(!files.openFile(dir.filePath(QStringLiteral("missing.json"))));
        QCOMPARE(fed.files(), (QStringList{example(QStringLiteral("lenet5.json")), dir.filePath(QStringLiteral("saved.json"))}));
    }

    void closePromptCancelKeepsDiscardCloses()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        window.show();
        QVERIFY(window.windowTitle().contains(QStringLiteral("[*]")));
        QVERIFY(!window.isWindowModified());
        QVERIFY(m_doc->setBatch(7));
        QVERIFY(window.isWindowModified());

        m_script.answer = SaveAnswer::Cancel;
        QVERIFY(!window.close());
        QVERIFY(window.isVisible());
        QCOMPARE(m_script.saveQuestions, 1);

        // Save with no file yet asks for a path; cancelling that keeps the window too.
        m_script.answer = SaveAnswer::Save;
        QVERIFY(!window.close());
        QCOMPARE(m_script.suggestions.size(), 1);
        QVERIFY(window.isVisible());

        m_script.answer = SaveAnswer::Discard;
        QVERIFY(window.close());
        QVERIFY(!window.isVisible());
        QCOMPARE(m_script.saveQuestions, 3);
        QVERIFY(QSettings().contains(QStringLiteral("window/geometry"))); // the layout was saved
    }

    void newAndOpenAskBeforeLosingWork()
    {
        QVERIFY(m_doc->setBatch(5));
        m_script.answer = SaveAnswer::Cancel;
        QVERIFY(!m_files->newDocument());
        QVERIFY(!m_files->openFile(example(QStringLiteral("lenet5.json"))));
        QCOMPARE(m_doc->graph().size(), smallNet().size());
        QCOMPARE(m_script.saveQuestions, 2);

        const QString path = m_dir.filePath(QStringLiteral("saved_on_new.json"));
        m_script.answer = SaveAnswer::Save;
        m_script.savePaths = {path};
        QVERIFY(m_files->newDocument());
        QCOMPARE(m_doc->graph().size(), std::size_t{0});
        QCOMPARE(m_doc->config().batch, std::uint64_t{5}); // a new model keeps the training settings
        auto saved = core::readNativeModelFile(path.toStdString());
        QVERIFY(saved.ok());
        QCOMPARE(saved->training->batch, std::uint64_t{5});
        QCOMPARE(m_files->displayName(), QStringLiteral("untitled"));
    }

    void newDocumentInTheWindow()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        QTRY_VERIFY(window.memoryView()->refreshCount() >= 1);
        const int refreshes = window.memoryView()->refreshCount();
        QVERIFY(window.files()->newDocument());
        QTRY_VERIFY(window.memoryView()->refreshCount() > refreshes);
        QCOMPARE(window.memoryView()->barsChart()->layerNames().size(), 0);
        QVERIFY(window.canvas()->scene()->items().isEmpty());
        QVERIFY(window.windowTitle().startsWith(QStringLiteral("untitled[*]")));
        QVERIFY(!window.isWindowModified());
    }

    void droppedFileOpens()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.files()->setInteraction(m_script.interaction());
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));

        QMimeData mime;
        mime.setUrls({QUrl::fromLocalFile(example(QStringLiteral("lenet5.json")))});
        QWidget* target = window.canvas()->viewport();
        const QPoint at = target->rect().center();
        QDragEnterEvent enter(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &enter);
        QVERIFY(enter.isAccepted());
        QDropEvent drop(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(target, &drop);
        QVERIFY(drop.isAccepted());
        QTRY_COMPARE(QString::fromStdString(m_doc->graph().name), QStringLiteral("LeNet-5"));
        QCOMPARE(window.files()->savePath(), example(QStringLiteral("lenet5.json")));

        // With unsaved changes the drop asks first; Cancel keeps the document.
        QVERIFY(m_doc->setBatch(3));
        m_script.answer = SaveAnswer::Cancel;
        mime.setUrls({QUrl::fromLocalFile(example(QStringLiteral("vgg16.json")))});
        QDragEnterEvent enterWindow(at, Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &enterWindow); // Qt delivers a drop to the widget that took the enter
        QVERIFY(enterWindow.isAccepted());
        QDropEvent again(QPointF(at), Qt::CopyAction, &mime, Qt::LeftButton, Qt::NoModifier);
        QApplication::sendEvent(&window, &again);
        QTRY_COMPARE(m_script.saveQuestions, 1);
        QCOMPARE(QString::fromStdString(m_doc->graph().name), QStringLiteral("LeNet-5"));

        // A drag that is not a model file is left to the widgets (not accepted by the window).
        QMimeData text;
        text.setUrls({QUrl::fromLocalFile(m_dir.filePath(QStringLiteral("notes.txt")))});
        QDragEnterEvent other(at, Qt::CopyAction, &text, Qt::LeftButton, Qt::NoModifier);
        other.ignore();
        QApplication::sendEvent(&window, &other);
        QVERIFY(!other.isAccepted());
    }

    void importFormatsOpen_data()
    {
        QTest::addColumn<QString>("path");
        QTest::addColumn<qulonglong>("params");
        QTest::addColumn<bool>("native");
        QTest::newRow("native vgg16") << example(QStringLiteral("vgg16.json")) << 138357544ull << true;
        QTest::newRow("native resnet18") << example(QStringLiteral("resnet18.json")) << 11689512ull << true;
        QTest::newRow("caffe lenet") << shared(QStringLiteral("caffe/mnist/lenet.prototxt")) << 431080ull << false;
        QTest::newRow("caffe vgg16 V1") << shared(QStringLiteral("caffe/vgg/VGG_ILSVRC_16_layers_deploy.prototxt")) << 138357544ull << false;
        QTest::newRow("onnx squeezenet") << shared(QStringLiteral("onnx/light/light_squeezenet.onnx")) << 1235496ull << false;
        QTest::newRow("keras mnist cnn") << shared(QStringLiteral("keras/kerasjs_mnist_cnn.json")) << 600810ull << false;
        QTest::newRow("tfjs abalone") << shared(QStringLiteral("tfjs/tfjs_examples_abalone_model.json")) << 3051ull << false;
    }
    void importFormatsOpen()
    {
        QFETCH(QString, path);
        QFETCH(qulonglong, params);
        QFETCH(bool, native);
        if (!QFileInfo::exists(path)) QSKIP("model file absent (../shared not available)");
        const QByteArray original = readAll(path);
        QVERIFY2(m_files->openFile(path), qPrintable(m_script.errors.join('\n')));
        QVERIFY(m_script.errors.isEmpty());
        QCOMPARE(qulonglong(m_doc->analysis().paramsTotal), params);
        QVERIFY(m_doc->analysis().errors.empty());
        // Keras and TF.js models train under TensorFlow: they open with its profile selected.
        if (path.contains(QStringLiteral("/keras/")) || path.contains(QStringLiteral("/tfjs/")))
            QCOMPARE(int(m_doc->config().framework), int(core::Framework::TensorFlow));
        QCOMPARE(m_files->savePath().isEmpty(), !native);
        QCOMPARE(m_files->sourcePath(), QFileInfo(path).absoluteFilePath());
        if (native) return;
        // Save never overwrites a foreign file: it asks for a new .json beside it.
        QVERIFY(m_doc->setBatch(3));
        QVERIFY(!m_files->save()); // dialog cancelled
        QCOMPARE(m_script.suggestions.size(), 1);
        QCOMPARE(m_script.suggestions[0], QFileInfo(path).absolutePath() + QLatin1Char('/') + QFileInfo(path).completeBaseName() + QStringLiteral(".json"));
        QCOMPARE(readAll(path), original);
        const QString copy = m_dir.filePath(QFileInfo(path).completeBaseName() + QStringLiteral("_native.json"));
        m_script.savePaths = {copy};
        QVERIFY(m_files->save());
        auto reread = core::readNativeModelFile(copy.toStdString());
        QVERIFY(reread.ok());
        QCOMPARE(qulonglong(core::analyze(reread->graph).paramsTotal), params);
        QCOMPARE(readAll(path), original);
    }

    void examplesAreBuiltIn()
    {
        const QStringList paths = ui::ExampleFiles::paths();
        const QStringList onDisk = QDir(QStringLiteral(NETSIZER_ROOT "/resources/examples")).entryList({QStringLiteral("*.json")}, QDir::Files, QDir::Name);
        QCOMPARE(paths.size(), onDisk.size());
        QVERIFY(paths.size() >= 10);
        for (const QString& p : paths) {
            QVERIFY2(p.startsWith(QStringLiteral(":/examples/")), qPrintable(p));
            QVERIFY2(m_files->openExample(p), qPrintable(p + m_script.errors.join('\n')));
            const auto disk = core::readNativeModelFile(example(QFileInfo(p).fileName()).toStdString());
            QVERIFY(disk.ok());
            QCOMPARE(m_doc->analysis().paramsTotal, core::analyze(disk->graph).paramsTotal);
            QVERIFY(m_doc->analysis().ok());
            QVERIFY(m_files->savePath().isEmpty()); // an example is a template: Save asks for a name
        }
        QCOMPARE(m_files->displayName(), QString::fromStdString(m_doc->graph().name));
    }

    // LLaMA-2-7B: 32 decoder layers of 15 layers each, the embedding, the final norm and the head
    // (484 layers, as `netsizer-cli estimate llama-2-7b` lists) and the published 6,738,415,616
    // parameters (meta-llama/Llama-2-7b-hf).
    void presetsOpenAsTemplates()
    {
        QVERIFY2(m_files->openPreset(QStringLiteral("llama-2-7b")), qPrintable(m_script.errors.join('\n')));
        QCOMPARE(qulonglong(m_doc->analysis().paramsTotal), qulonglong{6738415616});
        QVERIFY(m_doc->analysis().ok());
        QCOMPARE(m_doc->graph().layers().size(), std::size_t{484});
        QVERIFY(m_files->savePath().isEmpty());
        m_script.errors.clear();
        QVERIFY(!m_files->openPreset(QStringLiteral("gpt5")));
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors.front().contains(QStringLiteral("llama-2-70b")), qPrintable(m_script.errors.front()));
    }

    void exportErrorNamesLayer()
    {
        // GELU has no Caffe layer: the message names the layer and its kind, nothing is written.
        const QString path = m_dir.filePath(QStringLiteral("small.prototxt"));
        QVERIFY(!m_files->exportTo(path, core::ExportFormat::Caffe));
        QCOMPARE(m_script.errors.size(), 1);
        QVERIFY2(m_script.errors[0].contains(QStringLiteral("gelu_act")), qPrintable(m_script.errors[0]));
        QVERIFY2(m_script.errors[0].contains(QStringLiteral("GELU")), qPrintable(m_script.errors[0]));
        QVERIFY(!QFileInfo::exists(path));

        // A Caffe-expressible model writes the net and its solver.
        QVERIFY(m_files->openFile(example(QStringLiteral("lenet5.json"))));
        m_script.savePaths = {m_dir.filePath(QStringLiteral("lenet_export"))};
        QVERIFY(m_files->exportAs(core::ExportFormat::Caffe));
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("lenet_export.prototxt"))).contains("Convolution"));
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("lenet_export_solver.prototxt"))).contains("base_lr"));
        QVERIFY(m_files->exportTo(m_dir.filePath(QStringLiteral("lenet_export.py")), core::ExportFormat::PyTorch));
        QVERIFY(readAll(m_dir.filePath(QStringLiteral("lenet_export.py"))).contains("import torch"));
        QVERIFY(!m_doc->isModified()); // exporting is not saving, and changes nothing
    }

    void fileMenuHasEveryEntry()
    {
        ui::DisplayOptions options;
        app::MainWindow window(*m_doc, options);
        window.resize(1400, 900);
        window.show();
        QVERIFY(QTest::qWaitForWindowExposed(&window));
        const FileMenuProbe probe(window);
        QVERIFY(probe.fileMenu);
        QStringList texts;
        for (QAction* a : probe.fileMenu->actions())
            if (!a->isSeparator()) texts << a->text().remove('&');
        QCOMPARE(texts, (QStringList{"New", "Open…", "Open Recent", "Examples", "Presets (language models)", "Open lesson…", "Save", "Save As…", "Import", "Export",
                                     "Export chart", "Export breakdown", "Close", "Quit"}));
        QMenu* importMenu = nullptr;
        for (QAction* a : probe.fileMenu->actions())
            if (a->menu() && a->text().remove('&') == QStringLiteral("Import")) importMenu = a->menu();
        QVERIFY(importMenu);
        QStringList imports;
        for (QAction* a : importMenu->actions()) imports << a->text().remove('&');
        QCOMPARE(imports, (QStringList{"Model file…", "Caffe solver…"}));
        QCOMPARE(probe.fileMenu->actions()[0]->shortcut(), QKeySequence(QKeySequence::New));
        for (QAction* a : probe.fileMenu->actions()) // every platform gets a Save As and a Quit key
            if (a->text().remove('&') == QStringLiteral("Save As…") || a->text().remove('&') == QStringLiteral("Quit"))
                QVERIFY2(!a->shortcut().isEmpty(), qPrintable(a->text()));
        QCOMPARE(probe.menu->examplesMenu()->actions().size(), static_cast<int>(ui::ExampleFiles::paths().size()));
        QCOMPARE(probe.menu->presetsMenu()->actions().size(), 10); // GPT-2 ×4, LLaMA-2 ×3, Llama-3 ×2, Mistral-7B
        // Screenshots for a person to look at (set NETSIZER_SCREENSHOT_DIR).
        const QString shots = qEnvironmentVariable("NETSIZER_SCREENSHOT_DIR");
        if (!shots.isEmpty()) {
            probe.fileMenu->popup(window.mapToGlobal(QPoint(10, 30)));
            QTest::qWait(200);
            probe.fileMenu->grab().save(shots + QStringLiteral("/file_menu.png"));
            probe.menu->examplesMenu()->popup(window.mapToGlobal(QPoint(300, 80)));
            QTest::qWait(200);
            probe.menu->examplesMenu()->grab().save(shots + QStringLiteral("/examples_menu.png"));
            importMenu->popup(window.mapToGlobal(QPoint(300, 120)));
            QTest::qWait(200);
            importMenu->grab().save(shots + QStringLiteral("/import_menu.png"));
        }
    }

private:
    QTemporaryDir m_dir;
    Script m_script;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<DocumentFiles> m_files;
};

QTEST_MAIN(TestFiles)
#include "tst_files.moc"
