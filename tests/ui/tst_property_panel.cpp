// The property panel: Trainable only where there are weights to train, the Input's shape field
// names its axes, and an analysis error wraps inside the panel instead of being cut off.
#include "core/graph/GraphBuilder.h"
#include "core/layers/KindRegistry.h"
#include "ui/document/Document.h"
#include "ui/properties/PropertyPanel.h"

#include <QCheckBox>
#include <QFormLayout>
#include <QLabel>
#include <QLineEdit>
#include <QScrollArea>
#include <QScrollBar>
#include <QtTest>

using namespace netsizer;

namespace {

core::Graph net()
{
    core::GraphBuilder b;
    auto x = b.add("Input", "input", {}, {{"shape", core::IntList{3, 32, 32}}});
    auto c = b.add("Conv2D", "conv", {x}, {{"filters", std::int64_t{8}}, {"kernel_size", core::IntList{3}}});
    auto n = b.add("BatchNorm", "bn", {c});
    b.add("ReLU", "relu", {n});
    return b.take();
}

int attrIndex(const core::Layer& l, const char* name)
{
    for (std::size_t i = 0; i < l.kind->params.size(); ++i)
        if (l.kind->params[i].name == name) return static_cast<int>(i);
    return -1;
}

// The label QFormLayout shows beside `field`.
QString labelOf(const ui::PropertyPanel& panel, QWidget* field)
{
    auto* form = qobject_cast<QFormLayout*>(panel.layout());
    if (!form) return {};
    auto* label = qobject_cast<QLabel*>(form->labelForField(field));
    return label ? label->text() : QString();
}

} // namespace

class TestPropertyPanel : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(net(), core::TrainingConfig{});
        m_panel = std::make_unique<ui::PropertyPanel>(*m_doc);
    }
    void cleanup()
    {
        m_panel.reset();
        m_doc.reset();
    }

    // A ReLU and the Input have nothing to train: no Trainable box. A convolution and an
    // affine BatchNorm have weights: the box shows; turning affine off (no weight, no bias;
    // running statistics are buffers) hides it, undo brings it back.
    void trainableOnlyWithWeights_data()
    {
        QTest::addColumn<QString>("layer");
        QTest::addColumn<bool>("shown");
        QTest::newRow("input") << "input" << false;
        QTest::newRow("conv") << "conv" << true;
        QTest::newRow("bn") << "bn" << true;
        QTest::newRow("relu") << "relu" << false;
    }
    void trainableOnlyWithWeights()
    {
        QFETCH(QString, layer);
        QFETCH(bool, shown);
        m_panel->show();
        m_panel->setLayer(m_doc->graph().findByName(layer.toStdString())->id);
        QVERIFY(m_panel->trainableBox());
        QCOMPARE(m_panel->trainableBox()->isVisible(), shown);
        if (layer != QLatin1String("bn")) return;
        const core::Layer& bn = *m_doc->graph().findByName("bn");
        QVERIFY(m_doc->setAttribute(bn.id, attrIndex(bn, "affine"), core::AttrValue{false}));
        QVERIFY(!m_panel->trainableBox()->isVisible());
        m_doc->undoStack()->undo();
        QVERIFY(m_panel->trainableBox()->isVisible());
    }

    // The Input's shape: "shape (C×H×W)", a C, H, W placeholder and a line saying it is one
    // sample without the batch.
    void inputShapeNamesItsAxes()
    {
        const core::Layer& input = *m_doc->graph().findByName("input");
        m_panel->setLayer(input.id);
        auto* edit = qobject_cast<QLineEdit*>(m_panel->editor(attrIndex(input, "shape")));
        QVERIFY(edit);
        QCOMPARE(edit->text(), QStringLiteral("3, 32, 32"));
        QCOMPARE(labelOf(*m_panel, edit), QStringLiteral("shape (C×H×W)"));
        QCOMPARE(edit->placeholderText(), QStringLiteral("C, H, W"));
        bool note = false;
        for (QLabel* l : m_panel->findChildren<QLabel*>()) note |= l->text().contains(QStringLiteral("without the batch"));
        QVERIFY(note);
        // Other layers' list fields keep their plain names.
        const core::Layer& conv = *m_doc->graph().findByName("conv");
        m_panel->setLayer(conv.id);
        QCOMPARE(labelOf(*m_panel, m_panel->editor(attrIndex(conv, "kernel_size"))), QStringLiteral("kernel_size (px)"));
    }

    // A kernel larger than its input: the error line holds the whole message and is as tall as
    // its wrapped text needs, within a narrow dock (no horizontal scrolling, nothing cut).
    void errorTextWrapsInsteadOfClipping()
    {
        const core::Layer& conv = *m_doc->graph().findByName("conv");
        QVERIFY(m_doc->setAttribute(conv.id, attrIndex(conv, "kernel_size"), core::IntList{40}));
        QScrollArea scroll;
        auto* panel = new ui::PropertyPanel(*m_doc);
        scroll.setWidget(panel);
        scroll.setWidgetResizable(true);
        scroll.setHorizontalScrollBarPolicy(Qt::ScrollBarAlwaysOff);
        scroll.resize(240, 600);
        panel->setLayer(conv.id);
        scroll.show();
        QVERIFY(QTest::qWaitForWindowExposed(&scroll));
        QLabel* status = panel->statusLabel();
        std::string message;
        for (const auto& la : m_doc->analysis().layers)
            if (la.id == conv.id && la.error) message = la.error->message;
        QVERIFY(message.size() > 40); // long enough to need wrapping at this width
        QTRY_VERIFY(status->isVisible());
        QVERIFY(status->text().contains(QString::fromStdString(message).toHtmlEscaped()));
        QVERIFY2(status->geometry().right() <= scroll.viewport()->width(),
                 qPrintable(QStringLiteral("label right %1, viewport %2").arg(status->geometry().right()).arg(scroll.viewport()->width())));
        QVERIFY2(status->height() >= status->heightForWidth(status->width()),
                 qPrintable(QStringLiteral("label %1 px high, text needs %2").arg(status->height()).arg(status->heightForWidth(status->width()))));
        QVERIFY(status->height() > status->fontMetrics().height()); // wrapped onto more than one line
    }

private:
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::PropertyPanel> m_panel;
};

QTEST_MAIN(TestPropertyPanel)
#include "tst_property_panel.moc"
