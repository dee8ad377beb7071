#pragma once
// What the designer's file tests share (tst_files, tst_solver_import): paths of test inputs,
// small file helpers, the fixture's model, the scripted answers to the file dialogs
// (ui::FileInteraction) and a probe for a window's File menu.
#include "core/estimate/GpuCatalog.h"
#include "core/graph/GraphBuilder.h"
#include "core/io/NativeFormat.h"
#include "ui/document/Document.h"
#include "ui/files/FileInteraction.h"
#include "ui/files/FileMenu.h"

#include <QFile>
#include <QMainWindow>
#include <QMenu>
#include <QMenuBar>
#include <QStandardPaths>
#include <QStringList>
#include <QtTest>

#include <memory>

namespace netsizer::test {

using ui::SaveAnswer;

inline QString shared(const QString& rel) { return QStringLiteral(NETSIZER_SHARED_DIR "/models/") + rel; }
inline QString example(const QString& name) { return QStringLiteral(NETSIZER_ROOT "/resources/examples/") + name; }

inline QByteArray readAll(const QString& path)
{
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

inline void writeText(const QString& path, const QByteArray& text)
{
    QFile f(path);
    QVERIFY(f.open(QIODevice::WriteOnly));
    f.write(text);
}

// The document's graph and configuration as the native file would hold them.
inline std::string nativeText(const ui::Document& doc)
{
    core::ModelFile m;
    m.graph = doc.graph();
    m.training = doc.config();
    return core::writeNativeModel(m);
}

inline core::Graph smallNet()
{
    core::GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", core::IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{16}}, {"kernel_size", core::IntList{3}}, {"padding", core::IntList{1}}});
    auto r = b.add("GELU", "gelu_act", {c});
    auto f = b.add("Flatten", "flatten", {r});
    b.add("Dense", "fc", {f}, {{"units", std::int64_t{10}}});
    core::Graph g = b.take();
    g.name = "small";
    return g;
}

// Answers every question the file workflow asks, and records what it was told.
struct Script {
    SaveAnswer answer = SaveAnswer::Cancel;
    QStringList savePaths; // answers to askSavePath, in order (empty list: cancel)
    QString openPath;
    int saveQuestions = 0;
    QStringList suggestions, errors, warnings;

    ui::FileInteraction interaction()
    {
        ui::FileInteraction io;
        io.askSaveChanges = [this](const QString&) { ++saveQuestions; return answer; };
        io.askSavePath = [this](const QString&, const QString& suggested, const QString&) {
            suggestions << suggested;
            return savePaths.isEmpty() ? QString() : savePaths.takeFirst();
        };
        io.askOpenPath = [this](const QString&, const QString&) { return openPath; };
        io.showError = [this](const QString& title, const QString& text) { errors << title + QStringLiteral(": ") + text; };
        io.showWarning = [this](const QString& title, const QString& text) { warnings << title + QStringLiteral(": ") + text; };
        return io;
    }
};

// Finds the File menu of a window and the FileMenu object that fills it.
struct FileMenuProbe {
    QMenu* fileMenu = nullptr;
    ui::FileMenu* menu = nullptr;
    explicit FileMenuProbe(QMainWindow& w)
    {
        for (QAction* a : w.menuBar()->actions())
            if (a->menu() && a->text().remove('&') == QStringLiteral("File")) fileMenu = a->menu();
        if (fileMenu) menu = fileMenu->findChild<ui::FileMenu*>();
    }
};

// QSettings and standard paths of a test of its own (Open Recent must not see the user's).
inline void isolateSettings(const QString& testName)
{
    QStandardPaths::setTestModeEnabled(true);
    QCoreApplication::setOrganizationName(QStringLiteral("NetSizerTests"));
    QCoreApplication::setApplicationName(testName);
}

// The fixtures' document: smallNet() at batch 48, SGD with momentum, on an RTX 3090.
inline std::unique_ptr<ui::Document> fixtureDocument()
{
    auto doc = std::make_unique<ui::Document>();
    core::TrainingConfig c;
    c.batch = 48;
    c.optimizer = core::Optimizer::SgdMomentum;
    c.gpu = core::GpuCatalog::builtin().find("RTX 3090");
    doc->reset(smallNet(), c);
    return doc;
}

} // namespace netsizer::test
