// The LoRA / QLoRA controls edit the Document through undo commands and follow it back: adding
// adapters is one undo step that restores exactly the graph before it; the frozen-weight
// storage is part of the training configuration.
#include "core/estimate/WeightFormat.h"
#include "tests/ui/GraphCompare.h"
#include "ui/controls/LoraControls.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"

#include <QCheckBox>
#include <QComboBox>
#include <QLabel>
#include <QLineEdit>
#include <QPushButton>
#include <QSpinBox>
#include <QtTest>

using namespace netsizer;

class TestLoraControls : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(ui::denseChain(7), core::TrainingConfig{}); // fc1, fc3, fc5 (256 → 256)
        m_controls = std::make_unique<ui::LoraControls>(*m_doc);
    }

    void addAdaptersIsOneUndoStep()
    {
        const QString before = test::describeGraph(m_doc->graph());
        const core::Count paramsBefore = m_doc->analysis().paramsTotal;
        m_controls->rank()->setValue(4);
        m_controls->targets()->setText(QStringLiteral("fc1, fc3"));
        m_controls->addAdapters()->click();
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QVERIFY(m_controls->status()->isHidden());
        const QString after = test::describeGraph(m_doc->graph());
        QVERIFY(m_doc->graph().findByName("fc1.lora_A") && m_doc->graph().findByName("fc3.lora_B"));
        QVERIFY(!m_doc->graph().findByName("fc5.lora_A"));
        // Two adapters of 4 × (256 + 256) weights each train; nothing else does.
        QCOMPARE(m_doc->analysis().paramsTrainable, core::Count{2 * 4 * 512});
        QCOMPARE(m_doc->analysis().paramsTotal, paramsBefore + 2 * 4 * 512);
        m_doc->undoStack()->undo();
        QCOMPARE(test::describeGraph(m_doc->graph()), before);
        m_doc->undoStack()->redo();
        QCOMPARE(test::describeGraph(m_doc->graph()), after);
    }

    void unmatchedTargetsPushNothing()
    {
        m_controls->targets()->setText(QStringLiteral("q_proj"));
        m_controls->addAdapters()->click();
        QCOMPARE(m_doc->undoStack()->count(), 0);
        QVERIFY(!m_controls->status()->isHidden());
        QVERIFY(m_controls->status()->text().contains(QStringLiteral("no Linear layer")));
    }

    void storageIsUndoableConfig()
    {
        QComboBox* q = m_controls->quantize();
        QVERIFY(!m_controls->doubleQuant()->isEnabled());
        q->setCurrentIndex(q->findData(static_cast<int>(core::WeightFormat::Nf4)));
        QCOMPARE(m_doc->config().frozenWeights.quantize, core::WeightFormat::Nf4);
        QVERIFY(m_controls->doubleQuant()->isEnabled());
        m_controls->doubleQuant()->setChecked(true);
        QVERIFY(m_doc->config().frozenWeights.doubleQuant);
        QCOMPARE(m_doc->undoStack()->count(), 2);
        m_doc->undoStack()->undo();
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->config().frozenWeights, core::FrozenWeights{});
        QCOMPARE(q->currentData().toInt(), static_cast<int>(core::WeightFormat::Native));
        QVERIFY(!m_controls->doubleQuant()->isChecked());
    }

private:
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::LoraControls> m_controls;
};

QTEST_MAIN(TestLoraControls)
#include "tst_lora_controls.moc"
