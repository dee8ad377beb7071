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

#include <QSortFilterProxyModel>
#include <QtTest>

using namespace netsizer;
using Model = ui::LayerTableModel;

class TestLayerTable : public QObject {
    Q_OBJECT
private slots:
    void init()
    {
        m_doc = std::make_unique<ui::Document>();
        m_doc->reset(ui::vgg16(), core::TrainingConfig{});
        m_view = std::make_unique<ui::LayerTableView>(*m_doc, m_options);
    }
    void rowsAndFigures()
    {
        Model* m = m_view->layerModel();
        QCOMPARE(m->rowCount(), static_cast<int>(m_doc->graph().size()));
        QCOMPARE(m->index(0, Model::Name).data().toString(), QStringLiteral("input"));
        const int conv = m->rowOf(m_doc->graph().findByName("conv1_1")->id);
        QCOMPARE(m->index(conv, Model::Params).data(Model::kSortRole).toULongLong(), qulonglong(64 * 27 + 64));
        QCOMPARE(m->index(conv, Model::OutputShape).data().toString(), QStringLiteral("[64, 224, 224]"));
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
                     qulonglong(e.layers[static_cast<std::size_t>(r)].components[static_cast<std::size_t>(core::Component::Activations)].at(7)));
    }
    void sortsNumerically()
    {
        m_view->sortByColumn(Model::Params, Qt::DescendingOrder);
        QCOMPARE(m_view->proxy()->index(0, Model::Name).data().toString(), QStringLiteral("fc6"));
        QCOMPARE(m_view->proxy()->index(1, Model::Name).data().toString(), QStringLiteral("fc7"));
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
        const auto fc7 = m_doc->graph().findByName("fc7")->id;
        m_view->selectLayers({fc7});
        QCOMPARE(m_view->selectedLayers(), std::vector<core::LayerId>{fc7});
    }

private:
    ui::DisplayOptions m_options;
    std::unique_ptr<ui::Document> m_doc;
    std::unique_ptr<ui::LayerTableView> m_view;
};

QTEST_MAIN(TestLayerTable)
#include "tst_layer_table.moc"
