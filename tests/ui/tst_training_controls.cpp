// Training controls edit the Document through undo commands and follow it back.
#include "core/estimate/GpuCatalog.h"
#include "core/estimate/Precision.h"
#include "ui/controls/BatchSlider.h"
#include "ui/controls/TrainingControls.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"

#include <QComboBox>
#include <QDoubleSpinBox>
#include <QLabel>
#include <QStandardItemModel>
#include <QSlider>
#include <QSpinBox>
#include <QtTest>

using namespace netsizer;

class TestTrainingControls : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(ui::denseChain(5), core::TrainingConfig{});
        m_controls = std::make_unique<ui::TrainingControls>(*m_doc);
    }
    void logScaleMapping()
    {
        QCOMPARE(ui::BatchSlider::batchAt(0), std::uint64_t{1});
        QCOMPARE(ui::BatchSlider::batchAt(1600), std::uint64_t{65536});
        // Powers of two sit exactly on the scale; others land within one slider step (~0.7%).
        for (std::uint64_t b : {1, 2, 32, 1024, 65536}) QCOMPARE(ui::BatchSlider::batchAt(ui::BatchSlider::positionOf(b)), b);
        const auto near1000 = ui::BatchSlider::batchAt(ui::BatchSlider::positionOf(1000));
        QVERIFY(near1000 >= 995 && near1000 <= 1005);
    }
    void sliderDragIsOneUndoStep()
    {
        QSlider* s = m_controls->batch()->slider();
        s->setSliderDown(true);
        for (int pos : {600, 700, 800, 900}) s->setValue(pos);
        s->setSliderDown(false);
        QCOMPARE(m_doc->config().batch, ui::BatchSlider::batchAt(900));
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QCOMPARE(m_controls->batch()->spinBox()->value(), int(ui::BatchSlider::batchAt(900)));
        // A second drag is its own step.
        s->setSliderDown(true);
        s->setValue(1000);
        s->setValue(1100);
        s->setSliderDown(false);
        QCOMPARE(m_doc->undoStack()->count(), 2);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->config().batch, ui::BatchSlider::batchAt(900));
        QCOMPARE(m_controls->batch()->spinBox()->value(), int(ui::BatchSlider::batchAt(900)));
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->config().batch, std::uint64_t{32});
        QCOMPARE(m_controls->batch()->spinBox()->value(), 32);
    }
    void spinBoxSetsExactBatch()
    {
        m_controls->batch()->spinBox()->setValue(1000);
        QCOMPARE(m_doc->config().batch, std::uint64_t{1000});
        QCOMPARE(m_controls->batch()->spinBox()->maximum(), 65536);
        QCOMPARE(m_controls->batch()->spinBox()->minimum(), 1);
    }
    void combosEditAndFollow()
    {
        QComboBox* opt = m_controls->optimizer();
        opt->setCurrentIndex(opt->findData(int(core::Optimizer::Sgd)));
        QCOMPARE(m_doc->config().optimizer, core::Optimizer::Sgd);
        QComboBox* gpu = m_controls->gpu();
        gpu->setCurrentIndex(2); // the second preset
        QVERIFY(m_doc->config().gpu);
        QCOMPARE(m_doc->config().gpu->name, core::GpuCatalog::builtin().gpus()[1].name);
        m_doc->undoStack()->undo();
        QCOMPARE(gpu->currentIndex(), 0);
        m_doc->undoStack()->undo();
        QCOMPARE(opt->currentData().toInt(), int(core::Optimizer::Adam));
        QCOMPARE(m_doc->undoStack()->index(), 0);
    }
    // The loss: one undo step, the estimate's loss event follows (cross-entropy adds what it keeps).
    void lossComboEditsAndUndoes()
    {
        QComboBox* loss = m_controls->loss();
        QVERIFY(!loss->toolTip().isEmpty());
        QCOMPARE(loss->currentData().toInt(), int(core::LossKind::None));
        const auto activations = m_doc->breakdown()[core::Component::Activations];
        loss->setCurrentIndex(loss->findData(int(core::LossKind::CrossEntropy)));
        QCOMPARE(m_doc->config().loss, core::LossKind::CrossEntropy);
        QCOMPARE(m_doc->undoStack()->count(), 1);
        QVERIFY(m_doc->breakdown()[core::Component::Activations].perSample > activations.perSample);
        m_doc->undoStack()->undo();
        QCOMPARE(m_doc->config().loss, core::LossKind::None);
        QCOMPARE(loss->currentData().toInt(), int(core::LossKind::None));
        QCOMPARE(m_doc->breakdown()[core::Component::Activations], activations);
    }
    void customMemory()
    {
        QComboBox* gpu = m_controls->gpu();
        gpu->setCurrentIndex(gpu->count() - 1);
        QVERIFY(m_doc->config().gpu);
        QCOMPARE(m_doc->config().gpu->name, std::string("custom"));
        m_controls->customMemory()->setValue(8);
        QCOMPARE(m_doc->config().gpu->memoryBytes, std::uint64_t{8} << 30);
    }

    // Precisions the framework or GPU cannot run are disabled with the reason: fp16 and mixed
    // fp16 on a GRID K520 (Kepler, sm_30), bf16 before Ampere (V100, sm_70; fine on an A100,
    // sm_80), everything but fp32 in BVLC Caffe. A configuration that holds one anyway (the
    // GPU switched after the precision) keeps it selected and shows a warning.
    void unavailablePrecisionsAreMarked_data()
    {
        QTest::addColumn<QString>("gpu");
        QTest::addColumn<int>("framework");
        QTest::addColumn<QList<int>>("unavailable");
        QTest::addColumn<QString>("reasonHas");
        using P = core::Precision;
        const int pt = int(core::Framework::PyTorch);
        QTest::newRow("K520 pytorch") << "GRID K520" << pt
                                      << QList<int>{int(P::Fp16), int(P::Bf16), int(P::MixedFp16), int(P::MixedBf16), int(P::Bf16Master)}
                                      << "GRID K520 (Kepler, compute capability 3.0)";
        QTest::newRow("V100 pytorch") << "V100 16GB" << pt << QList<int>{int(P::Bf16), int(P::MixedBf16), int(P::Bf16Master)}
                                      << "compute capability 8.0 (Ampere)";
        QTest::newRow("A100 pytorch") << "A100 40GB" << pt << QList<int>{} << "";
        QTest::newRow("A100 caffe") << "A100 40GB" << int(core::Framework::Caffe)
                                    << QList<int>{int(P::Fp16), int(P::Bf16), int(P::MixedFp16), int(P::MixedBf16), int(P::Bf16Master)}
                                    << "BVLC Caffe 1.0 trains in fp32 only";
        QTest::newRow("A100 tensorflow") << "A100 40GB" << int(core::Framework::TensorFlow) << QList<int>{int(P::Bf16Master)}
                                         << "scheme of Megatron-LM and DeepSpeed";
        QTest::newRow("K520 pytorch-cpu") << "GRID K520" << int(core::Framework::PyTorchCpu) << QList<int>{} << "";
    }
    void unavailablePrecisionsAreMarked()
    {
        QFETCH(QString, gpu);
        QFETCH(int, framework);
        QFETCH(QList<int>, unavailable);
        QFETCH(QString, reasonHas);
        core::TrainingConfig c = m_doc->config();
        c.gpu = core::GpuCatalog::builtin().find(gpu.toStdString());
        QVERIFY(c.gpu);
        c.framework = static_cast<core::Framework>(framework);
        QVERIFY(m_doc->setConfig(c));
        QComboBox* box = m_controls->precision();
        auto* model = qobject_cast<QStandardItemModel*>(box->model());
        QVERIFY(model);
        for (int i = 0; i < box->count(); ++i) {
            const int p = box->itemData(i).toInt();
            const bool off = unavailable.contains(p);
            QCOMPARE(model->item(i)->isEnabled(), !off || p == int(c.precision));
            QCOMPARE(model->item(i)->toolTip().isEmpty(), !off);
            if (off) QVERIFY2(model->item(i)->toolTip().contains(reasonHas), qPrintable(model->item(i)->toolTip()));
        }
        QVERIFY(m_controls->precisionWarning()->isHidden()); // fp32 is always available
        if (unavailable.isEmpty()) return;
        // Holding an unavailable precision anyway: still selected, and the warning says why.
        c.precision = static_cast<core::Precision>(unavailable.back());
        QVERIFY(m_doc->setConfig(c));
        QCOMPARE(box->currentData().toInt(), unavailable.back());
        QVERIFY(!m_controls->precisionWarning()->isHidden());
        QVERIFY2(m_controls->precisionWarning()->text().contains(reasonHas), qPrintable(m_controls->precisionWarning()->text()));
        QVERIFY(m_controls->precisionWarning()->text().contains(QStringLiteral("not available")));
    }

private:
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::TrainingControls> m_controls;
};

QTEST_MAIN(TestTrainingControls)
#include "tst_training_controls.moc"
