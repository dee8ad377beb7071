// The layer table: one row per layer in topological order, exact engine figures, numeric
// sorting, live updates within one event-loop turn.
#include "core/estimate/Estimator.h"
#include "core/estimate/GpuCatalog.h"
#include "core/layers/KindRegistry.h"
#include "ui/document/Document.h"
#include "ui/models/BuiltinModels.h"
#include "ui/style/DisplayOptions.h"
#include "ui/table/LayerTableModel.h"
#include "ui/table/LayerTableView.h"

#include "ui/properties/PropertyPanel.h"
#include "core/util/Checked.h"
#include "tests/ui/HugeModels.h"

#include <QApplication>
#include <QLabel>
#include <QRegularExpression>
#include <QSortFilterProxyModel>
#include <QStyle>
#include <QHeaderView>
#include <QtTest>

#include <cmath>

using namespace netsizer;
using Model = ui::LayerTableModel;

namespace {
// WCAG 2 contrast ratio, computed here independently of ui::StatusColors.
double luminance(const QColor& c)
{
    const auto lin = [](double v) { return v <= 0.04045 ? v / 12.92 : std::pow((v + 0.055) / 1.055, 2.4); };
    return 0.2126 * lin(c.redF()) + 0.7152 * lin(c.greenF()) + 0.0722 * lin(c.blueF());
}
double contrast(const QColor& a, const QColor& b)
{
    const double la = luminance(a), lb = luminance(b);
    return (std::max(la, lb) + 0.05) / (std::min(la, lb) + 0.05);
}
// A dark palette like the ones desktop themes ship (near-black bases, light text).
QPalette darkPalette()
{
    QPalette p;
    p.setColor(QPalette::Window, QColor(0x2D, 0x2D, 0x30));
    p.setColor(QPalette::WindowText, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Base, QColor(0x1E, 0x1E, 0x1E));
    p.setColor(QPalette::AlternateBase, QColor(0x26, 0x26, 0x28));
    p.setColor(QPalette::Text, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Button, QColor(0x3A, 0x3A, 0x3D));
    p.setColor(QPalette::ButtonText, QColor(0xE6, 0xE6, 0xE6));
    p.setColor(QPalette::Highlight, QColor(0x3D, 0x7A, 0xD6));
    return p;
}
} // namespace

class TestLayerTable : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(ui::defaultModel().graph, core::TrainingConfig{});
        m_view = std::make_unique<ui::LayerTableView>(*m_doc, m_options);
    }
    // Sizes beyond 64 bits read "> 2^64 B" through the one byte formatter (DisplayOptions::size)
    // that the table, the badges and the charts use. A layer's own figures stay inside 64 bits
    // (the analyser caps a tensor at 2^40 elements) even where the step's total saturates: in
    // the 100-ReLU chain at batch 65,536 each ReLU keeps exactly 4 × 10^12 × 65,536 bytes.
    void saturatedSizeIsNotAFigure()
    {
        QCOMPARE(m_options.size(core::kSaturated), QStringLiteral("> 2^64 B"));
        QVERIFY(ui::DisplayOptions::exactBytes(core::kSaturated).startsWith(QStringLiteral("more than 2^64")));
        QCOMPARE(m_options.size(core::kSaturated - 1), m_options.bytes(static_cast<double>(core::kSaturated - 1)));
        m_doc->reset(test::hugeReluChain(), test::hugeBatchTraining());
        QVERIFY(m_doc->breakdown().overflow());
        Model* m = m_view->layerModel();
        const int relu = m->rowOf(m_doc->graph().findByName("relu0")->id);
        const int activations = Model::FirstComponent + static_cast<int>(core::Component::Activations);
        QTRY_COMPARE(m->index(relu, activations).data(Model::kSortRole).toULongLong(), qulonglong(262'144'000'000'000'000ull));
        QCOMPARE(m->index(relu, activations).data().toString(), QStringLiteral("232.83 PiB"));
        QCOMPARE(m->index(relu, activations).data(Qt::ToolTipRole).toString(), QStringLiteral("262,144,000,000,000,000 B"));
        for (int row = 0; row < m->rowCount(); ++row)
            for (int col = Model::FirstComponent; col < m->columnCount(); ++col)
                QVERIFY(!m->index(row, col).data().toString().contains(QStringLiteral("EiB")));
    }
    void rowsAndFigures()
    {
        Model* m = m_view->layerModel();
        QCOMPARE(m->rowCount(), static_cast<int>(m_doc->graph().size()));
        QCOMPARE(m->index(0, Model::Name).data().toString(), QStringLiteral("input"));
        const int conv = m->rowOf(m_doc->graph().findByName("features.0")->id);
        QCOMPARE(m->index(conv, Model::Params).data(Model::kSortRole).toULongLong(), qulonglong(64 * 27 + 64));
        QCOMPARE(m->index(conv, Model::OutputShape).data().toString(), QStringLiteral("[64, 224, 224]"));
    }
    // One definition of "parameters": learnable elements, as the summary counts them
    // (Analysis::paramsTotal); BatchNorm's running mean and variance and its batch counter sit in
    // Buffers. torchvision-style BatchNorm2d(64): weight + bias = 128 parameters, running_mean +
    // running_var + num_batches_tracked = 64 + 64 + 1 = 129 buffers (257 together, the number the
    // old column showed).
    void parametersAreLearnableBuffersApart()
    {
        Model* m = m_view->layerModel();
        std::uint64_t sum = 0;
        for (int r = 0; r < m->rowCount(); ++r) sum += m->index(r, Model::Params).data(Model::kSortRole).toULongLong();
        QCOMPARE(sum, std::uint64_t{m_doc->analysis().paramsTotal});
        QCOMPARE(sum, std::uint64_t{138357544}); // torchvision vgg16: sum(p.numel() for p in parameters())
        const auto* bn = core::KindRegistry::builtin().find("BatchNorm");
        QVERIFY(bn);
        const auto id = *m_doc->addLayer(*bn, 0, 0, core::PortRef{m_doc->graph().findByName("features.0")->id, 0});
        QTRY_COMPARE(m->rowCount(), static_cast<int>(m_doc->graph().size()));
        const int row = m->rowOf(id);
        QCOMPARE(m->index(row, Model::Params).data().toString(), QStringLiteral("128"));
        QCOMPARE(m->index(row, Model::Buffers).data().toString(), QStringLiteral("129"));
        QCOMPARE(m->headerData(Model::Buffers, Qt::Horizontal, Qt::DisplayRole).toString(), QStringLiteral("Buffers"));
        QVERIFY(m->index(m->rowOf(m_doc->graph().findByName("features.0")->id), Model::Buffers).data().toString().isEmpty());
    }

    // No column is narrower than its title or its widest cell, after a reset and after the
    // units change (binary → decimal).
    void columnsFitTitlesAndNumbers()
    {
        m_view->resize(900, 300);
        m_view->show();
        QVERIFY(QTest::qWaitForWindowExposed(m_view.get()));
        const auto check = [&] {
            for (int c = 0; c + 1 < m_view->layerModel()->columnCount(); ++c) {
                if (m_view->isColumnHidden(c)) continue;
                const int need = m_view->neededWidth(c);
                QVERIFY2(m_view->columnWidth(c) >= need,
                         qPrintable(QStringLiteral("column %1: %2 < %3").arg(c).arg(m_view->columnWidth(c)).arg(need)));
                // Measured apart from the view's own size hints: every text fits with room to spare.
                const QFontMetrics fm = m_view->fontMetrics();
                const QString title = m_view->model()->headerData(c, Qt::Horizontal).toString();
                QVERIFY2(fm.horizontalAdvance(title) < m_view->columnWidth(c), qPrintable(title));
                for (int r = 0; r < m_view->model()->rowCount(); ++r) {
                    const QString text = m_view->model()->index(r, c).data().toString();
                    QVERIFY2(fm.horizontalAdvance(text) < m_view->columnWidth(c), qPrintable(text));
                }
            }
        };
        check();
        m_options.setUnits(core::ByteUnits::Decimal);
        QTest::qWait(0);
        check();
        m_doc->reset(ui::denseChain(6, 100000), core::TrainingConfig{});
        QTRY_COMPARE(m_view->layerModel()->rowCount(), 6);
        check();
    }

    void batchChangeUpdatesExactBytes()
    {
        Model* m = m_view->layerModel();
        m_doc->setBatch(7);
        QTest::qWait(0);
        const auto e = core::estimate(core::analyze(m_doc->graph()), m_doc->config(), core::GpuCatalog::builtin().defaultContextBytes());
        const int col = Model::FirstComponent + static_cast<int>(core::Component::Activations);
        for (int r = 0; r < m->rowCount(); ++r)
            QCOMPARE(m->index(r, col).data(Model::kSortRole).toULongLong(),
                     qulonglong(e.layers[static_cast<std::size_t>(r)][core::Component::Activations].at(7)));
    }
    void sortsNumerically()
    {
        m_view->sortByColumn(Model::Params, Qt::DescendingOrder);
        QCOMPARE(m_view->proxy()->index(0, Model::Name).data().toString(), QStringLiteral("classifier.0"));
        QCOMPARE(m_view->proxy()->index(1, Model::Name).data().toString(), QStringLiteral("classifier.3"));
    }
    void structuralEditAddsRow()
    {
        const int before = m_view->layerModel()->rowCount();
        m_doc->addLayer(*core::KindRegistry::builtin().find("Dense"), 0, 0);
        QTRY_COMPARE(m_view->layerModel()->rowCount(), before + 1);
        m_doc->undoStack()->undo();
        QTRY_COMPARE(m_view->layerModel()->rowCount(), before);
    }
    void selectionRoundTrip()
    {
        const auto fc7 = m_doc->graph().findByName("classifier.3")->id;
        m_view->selectLayers({fc7});
        QCOMPARE(m_view->selectedLayers(), std::vector<core::LayerId>{fc7});
    }

    // A shape error is shown in one red that reads on the palette: its ForegroundRole has at
    // least WCAG AA contrast (4.5) against Base and AlternateBase (the rows' backgrounds) on a
    // light and on a dark palette, it differs between the two, and the property panel's error
    // line uses the same colour.
    void errorInkReadsOnLightAndDarkPalettes()
    {
        const auto conv = m_doc->graph().findByName("features.0")->id;
        const auto& specs = m_doc->graph().find(conv)->kind->params;
        int kernel = -1;
        for (std::size_t i = 0; i < specs.size(); ++i)
            if (specs[i].name == "kernel_size") kernel = static_cast<int>(i);
        QVERIFY(kernel >= 0);
        QVERIFY(m_doc->setAttribute(conv, kernel, core::IntList{300})); // larger than the 224 × 224 input
        Model* m = m_view->layerModel();
        const int row = m->rowOf(conv);
        QTRY_COMPARE(m->index(row, Model::OutputShape).data().toString(), QStringLiteral("error"));
        QVERIFY(m->index(row, Model::Name).data(Qt::ForegroundRole).isValid());
        // A row without an error keeps the view's own text colour.
        QVERIFY(!m->index(m->rowOf(m_doc->graph().findByName("input")->id), Model::Name).data(Qt::ForegroundRole).isValid());

        ui::PropertyPanel panel(*m_doc);
        panel.setLayer(conv);
        const QPalette original = QApplication::palette();
        const QPalette light = QApplication::style()->standardPalette();
        const QPalette dark = darkPalette();
        QVERIFY(contrast(QColor(0xD6, 0x27, 0x28), dark.color(QPalette::Base)) < 4.5); // the old fixed red fails here
        QColor inks[2];
        int i = 0;
        for (const QPalette& pal : {light, dark}) {
            QApplication::setPalette(pal);
            QCoreApplication::processEvents(); // widgets take the application palette from the event loop
            const QColor ink = m->index(row, Model::Name).data(Qt::ForegroundRole).value<QBrush>().color();
            inks[i++] = ink;
            for (QPalette::ColorRole bg : {QPalette::Base, QPalette::AlternateBase})
                QVERIFY2(contrast(ink, pal.color(bg)) >= 4.5,
                         qPrintable(QStringLiteral("%1 on %2: %3").arg(ink.name(), pal.color(bg).name()).arg(contrast(ink, pal.color(bg)))));
            QVERIFY2(ink.hslHue() <= 10 || ink.hslHue() >= 350, qPrintable(ink.name())); // still a red
            // The property panel's error line: the same red, re-inked on the palette change.
            QTRY_VERIFY(panel.statusLabel()->text().contains(ink.name()));
            const QString html = panel.statusLabel()->text();
            QVERIFY2(html.contains(QStringLiteral("color:%1").arg(ink.name())), qPrintable(html + QStringLiteral(" / ") + ink.name()));
            QVERIFY(contrast(ink, pal.color(QPalette::Window)) >= 4.5);
        }
        QApplication::setPalette(original);
        QVERIFY(inks[0] != inks[1]);
        QVERIFY(luminance(inks[1]) > luminance(inks[0])); // lighter on the dark palette
    }

private:
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::LayerTableView> m_view;
};

QTEST_MAIN(TestLayerTable)
#include "tst_layer_table.moc"
