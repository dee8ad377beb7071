// The Explain panel in the real window on resources/examples/cnn_180x50.json (batch 128, Adam,
// fp32, PyTorch): its cards for a convolution, a ReLU and a max pooling against hand-computed
// values, the panel following the batch, the optimizer and the framework, the selection shared
// with the canvas and the layer bars, the summary's totals and the peak, and Help ▸ Keyboard
// shortcuts generated from the window's actions.
#include "app/MainWindow.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/charts/LayerBarsChart.h"
#include "ui/charts/MemoryView.h"
#include "ui/charts/SummaryPanel.h"
#include "ui/document/Document.h"
#include "ui/explain/ExplainPanel.h"
#include "ui/files/DocumentFiles.h"
#include "ui/models/ModelHeader.h"
#include "core/io/NativeFormat.h"
#include "ui/help/AboutText.h"
#include "ui/help/ShortcutsDialog.h"
#include "ui/style/DisplayOptions.h"
#include "FileTestSupport.h"

#include <QLabel>
#include <QMouseEvent>
#include <QTextBrowser>
#include <QtTest>

using namespace netsizer;
using namespace netsizer::test;

class TestExplainPanel : public QObject {
    Q_OBJECT
private slots:
    void initTestCase()
    {
        isolateSettings(QStringLiteral("tst_explain_panel"));
        QLocale::setDefault(QLocale(QLocale::English, QLocale::UnitedStates));
    }
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_window = std::make_unique<app::MainWindow>(*m_doc, m_options);
        QVERIFY(m_window->files()->openFile(example(QStringLiteral("cnn_180x50.json"))));
        QCOMPARE(m_doc->config().batch, 128u);
        m_window->resize(1366, 768);
        m_window->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_window.get()));
    }
    void cleanup()
    {
        m_window.reset();
        m_doc.reset();
    }

    void cards_data();
    void cards();
    void followsTheBatch();
    void followsOptimizerAndFramework();
    void selectionIsShared();
    void summaryTotalsOpen();
    void shortcutsAreGeneratedFromActions();
    void modelPropertiesAreShownUndoableAndSaved();

private:
    core::LayerId id(const char* name) const { return m_doc->graph().findByName(name)->id; }
    QString cardsOf(const char* name)
    {
        m_window->explainPanel()->setLayer(id(name));
        return m_window->explainPanel()->plainText();
    }

    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<app::MainWindow> m_window;
};

void TestExplainPanel::cards_data()
{
    QTest::addColumn<QString>("layer");
    QTest::addColumn<QStringList>("expected");
    // conv1 on [1, 180, 50], 32 filters 3×3, padding 1: ⌊(180 + 1 + 1 − 2 − 1) / 1⌋ + 1 = 180;
    // 32 × 1 × 3 × 3 = 288 weights + 32 bias = 320 × 4 B = 1,280 B; Adam: 2 × 320 × 4 B + 4 B
    // × 2 tensors = 2,568 B = 2.51 KiB; MACs 32·180·50 = 288,000 outputs × 9 = 2,592,000. It
    // keeps its input, the mini-batch.
    QTest::newRow("conv1") << "conv1"
                           << QStringList{QStringLiteral("⌊(180 + 1 + 1 − 1 × (3 − 1) − 1) / 1⌋ + 1"),
                                          QStringLiteral("32 × 1 × 3 × 3"), QStringLiteral("320 × 4 B"),
                                          QStringLiteral("1.25 KiB"), QStringLiteral("2 × 320 × 4 B + 4 B × 2"),
                                          QStringLiteral("2.51 KiB"), QStringLiteral("288,000 × 9"),
                                          QStringLiteral("2,592,000"), QStringLiteral("the mini-batch itself"),
                                          QStringLiteral("Adam keeps two moments")};
    // relu1 keeps its output, 32 × 180 × 50 × 4 B = 1,152,000 B = 1.10 MiB per sample; × 128 =
    // 147,456,000 B = 140.63 MiB. No weights.
    QTest::newRow("relu1") << "relu1"
                           << QStringList{QStringLiteral("ReluBackward0.result"), QStringLiteral("32 × 180 × 50 × 4 B"),
                                          QStringLiteral("1.10 MiB per sample"), QStringLiteral("0 B + 128 × 1.10 MiB"),
                                          QStringLiteral("140.63 MiB"), QStringLiteral("gradient passes where the output is positive"),
                                          QStringLiteral("No weights.")};
    // pool1 keeps its input — relu1's output, charged to relu1 — and int64 indices:
    // 32 × 90 × 25 = 72,000 × 8 B = 576,000 B = 562.50 KiB per sample.
    QTest::newRow("pool1") << "pool1"
                           << QStringList{QStringLiteral("Already kept by relu1"), QStringLiteral("72,000 × 8 B"),
                                          QStringLiteral("562.50 KiB per sample"),
                                          QStringLiteral("the gradient goes back only to the element that won")};
}

void TestExplainPanel::cards()
{
    QFETCH(QString, layer);
    QFETCH(QStringList, expected);
    const QString text = cardsOf(layer.toUtf8().constData());
    for (const QString& e : expected) QVERIFY2(text.contains(e), qPrintable(e + QStringLiteral("\n--- in ---\n") + text));
}

void TestExplainPanel::followsTheBatch()
{
    QVERIFY(cardsOf("relu1").contains(QStringLiteral("140.63 MiB")));
    const int analyses = m_doc->analysisCount();
    // 64 × 1,152,000 B = 73,728,000 B = 70.31 MiB.
    QVERIFY(m_doc->setBatch(64));
    QTRY_VERIFY(m_window->explainPanel()->plainText().contains(QStringLiteral("0 B + 64 × 1.10 MiB")));
    QVERIFY(m_window->explainPanel()->plainText().contains(QStringLiteral("70.31 MiB")));
    QVERIFY(!m_window->explainPanel()->plainText().contains(QStringLiteral("140.63 MiB")));
    QCOMPARE(m_doc->analysisCount(), analyses); // a batch change re-renders, never re-analyses
}

void TestExplainPanel::followsOptimizerAndFramework()
{
    QVERIFY(cardsOf("conv1").contains(QStringLiteral("2 × 320 × 4 B + 4 B × 2")));
    core::TrainingConfig c = m_doc->config();
    c.optimizer = core::Optimizer::Sgd;
    QVERIFY(m_doc->setConfig(c));
    QTRY_VERIFY(m_window->explainPanel()->plainText().contains(QStringLiteral("Plain SGD keeps no state")));
    QVERIFY(!m_window->explainPanel()->plainText().contains(QStringLiteral("4 B × 2")));
    // SGD with momentum: 1 × 320 × 4 B = 1.25 KiB.
    c.optimizer = core::Optimizer::SgdMomentum;
    QVERIFY(m_doc->setConfig(c));
    QTRY_VERIFY(m_window->explainPanel()->plainText().contains(QStringLiteral("1 × 320 × 4 B")));
    // Caffe: data + diff of conv1's top blob, 2 × 288,000 × 4 B = 2,304,000 B = 2.20 MiB.
    c.framework = core::Framework::Caffe;
    QVERIFY(m_doc->setConfig(c));
    QTRY_VERIFY(m_window->explainPanel()->plainText().contains(QStringLiteral("2 × 288,000 × 4 B")));
    QVERIFY(m_window->explainPanel()->plainText().contains(QStringLiteral("literally Caffe's rule")));
}

void TestExplainPanel::selectionIsShared()
{
    ui::ExplainPanel* panel = m_window->explainPanel();
    // Canvas → panel.
    m_window->canvas()->graphScene()->selectLayers({id("conv2")}, true);
    QTRY_COMPARE(panel->layer(), std::optional(id("conv2")));
    // A bar → panel and canvas.
    emit m_window->memoryView()->barsChart()->layerClicked(id("relu2"));
    QTRY_COMPARE(panel->layer(), std::optional(id("relu2")));
    QCOMPARE(m_window->canvas()->graphScene()->selectedLayers(), std::vector{id("relu2")});
    // A layer named in a card → canvas and panel.
    panel->setLayer(id("pool1"));
    emit panel->browser()->anchorClicked(QUrl(QStringLiteral("layer:%1").arg(core::toIndex(id("relu1")))));
    QTRY_COMPARE(panel->layer(), std::optional(id("relu1")));
    QCOMPARE(m_window->canvas()->graphScene()->selectedLayers(), std::vector{id("relu1")});
}

void TestExplainPanel::summaryTotalsOpen()
{
    ui::ExplainPanel* panel = m_window->explainPanel();
    QLabel* activations = nullptr;
    QLabel* headline = nullptr;
    for (QLabel* l : m_window->memoryView()->summary()->findChildren<QLabel*>()) {
        if (l->property("explainComponent").toInt() == int(core::Component::Activations) &&
            l->property("explainComponent").isValid())
            activations = l;
        if (l->property("explainPeak").toBool()) headline = l;
    }
    QVERIFY(activations && headline);
    QTest::mouseClick(activations, Qt::LeftButton);
    QTRY_COMPARE(panel->component(), std::optional(core::Component::Activations));
    // The sum of its layers: relu1 keeps 140.63 MiB at batch 128; the sum is the component.
    const QString text = panel->plainText();
    QVERIFY2(text.contains(QStringLiteral("relu1")) && text.contains(QStringLiteral("140.63 MiB")), qPrintable(text));
    const auto sum = m_doc->breakdown()[core::Component::Activations].at(128);
    QVERIFY(text.contains(QLocale().formattedDataSize(qint64(sum), 2, QLocale::DataSizeIecFormat)));
    // The peak: what is alive then adds up to the headline.
    QTest::mouseClick(headline, Qt::LeftButton);
    QTRY_VERIFY(panel->showsPeak());
    const auto peak = m_doc->breakdown().peakCompositionAt(128);
    QVERIFY(panel->plainText().contains(QLocale().formattedDataSize(qint64(peak.bytes), 2, QLocale::DataSizeIecFormat)));
    // A selection on the canvas brings the layer back; deselecting keeps a total in place.
    m_window->canvas()->graphScene()->selectLayers({id("fc1")}, true);
    QTRY_COMPARE(panel->layer(), std::optional(id("fc1")));
}

void TestExplainPanel::shortcutsAreGeneratedFromActions()
{
    const auto entries = ui::ShortcutsDialog::collect(m_window.get());
    auto find = [&](const QString& action) {
        for (const auto& e : entries)
            if (e.action == action) return e.shortcut;
        return QString();
    };
    QCOMPARE(find(QStringLiteral("Edit ▸ Undo")), QKeySequence(QKeySequence::Undo).toString(QKeySequence::NativeText));
    // A shortcut added to any action later shows up without editing a list.
    auto* extra = new QAction(QStringLiteral("Frobnicate"), m_window.get());
    extra->setShortcut(QKeySequence(QStringLiteral("Ctrl+Alt+F")));
    m_window->addAction(extra);
    bool found = false;
    for (const auto& e : ui::ShortcutsDialog::collect(m_window.get()))
        found |= e.action == QStringLiteral("Frobnicate") && e.shortcut == QKeySequence(QStringLiteral("Ctrl+Alt+F")).toString(QKeySequence::NativeText);
    QVERIFY(found);
    const QString about = ui::AboutText::html();
    QVERIFY(about.contains(QStringLiteral("GPL-3.0-or-later")));
    QVERIFY(about.contains(QString::fromLatin1(qVersion())));
    QVERIFY(about.contains(QStringLiteral("1.12.0"))); // ONNX as built (Debian 12's libonnx-dev)
}

void TestExplainPanel::modelPropertiesAreShownUndoableAndSaved()
{
    // The example's own name and question, in the header and the title bar.
    ui::ModelHeader* header = m_window->modelHeader();
    QCOMPARE(header->nameText(), QStringLiteral("CNN 180×50"));
    QVERIFY(header->descriptionText().startsWith(QStringLiteral("A small CNN on a 180×50×1 grayscale input")));
    QVERIFY(header->isVisible());
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("CNN 180×50")));
    const std::string before = core::writeNativeModel(m_window->files()->currentModel());
    QVERIFY(m_window->files()->setModelProperties(QStringLiteral("  Lesson CNN "), QStringLiteral("Why 224 MB is not the answer")));
    QCOMPARE(header->nameText(), QStringLiteral("Lesson CNN"));
    QCOMPARE(header->descriptionText(), QStringLiteral("Why 224 MB is not the answer"));
    QVERIFY(m_window->windowTitle().contains(QStringLiteral("Lesson CNN")));
    QVERIFY(m_doc->isModified());
    const std::string after = core::writeNativeModel(m_window->files()->currentModel());
    QVERIFY(QString::fromStdString(after).contains(QStringLiteral("\"description\": \"Why 224 MB is not the answer\"")));
    QVERIFY(QString::fromStdString(after).contains(QStringLiteral("\"name\": \"Lesson CNN\"")));
    QVERIFY(!m_window->files()->setModelProperties(QStringLiteral("Lesson CNN"), QStringLiteral("Why 224 MB is not the answer")));
    m_doc->undoStack()->undo();
    QCOMPARE(core::writeNativeModel(m_window->files()->currentModel()), before);
    QCOMPARE(header->nameText(), QStringLiteral("CNN 180×50"));
    m_doc->undoStack()->redo();
    QCOMPARE(core::writeNativeModel(m_window->files()->currentModel()), after);
}

QTEST_MAIN(TestExplainPanel)
#include "tst_explain_panel.moc"
