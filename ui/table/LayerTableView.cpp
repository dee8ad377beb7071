#include "ui/table/LayerTableView.h"

#include "ui/table/LayerTableModel.h"

#include "ui/style/DisplayOptions.h"

#include <QHeaderView>
#include <QItemSelection>
#include <QSortFilterProxyModel>

#include <algorithm>

namespace netsizer::ui {

LayerTableView::LayerTableView(Document& doc, const DisplayOptions& options, QWidget* parent) : QTableView(parent)
{
    m_model = new LayerTableModel(doc, options, this);
    m_proxy = new QSortFilterProxyModel(this);
    m_proxy->setSourceModel(m_model);
    m_proxy->setSortRole(LayerTableModel::kSortRole);
    setModel(m_proxy);
    setSortingEnabled(true);
    sortByColumn(-1, Qt::AscendingOrder); // topological order until the user sorts
    setSelectionBehavior(QAbstractItemView::SelectRows);
    setSelectionMode(QAbstractItemView::ExtendedSelection);
    setAlternatingRowColors(true);
    // Tab leaves the table for the next view (arrows move between cells); without this the
    // table kept the focus cell after cell.
    setTabKeyNavigation(false);
    setAccessibleName(tr("Layer table"));
    setWordWrap(false);
    verticalHeader()->setVisible(false);
    verticalHeader()->setDefaultSectionSize(fontMetrics().height() + 6);
    horizontalHeader()->setSectionResizeMode(QHeaderView::Interactive);
    horizontalHeader()->setStretchLastSection(true);
    horizontalHeader()->setDefaultSectionSize(110);
    setColumnWidth(LayerTableModel::Name, 120);
    setColumnWidth(LayerTableModel::Kind, 80);
    setColumnWidth(LayerTableModel::OutputShape, 120);
    // Hide component columns that are zero for every layer (input, overhead, ... are
    // whole-network figures), re-checked after every reset.
    connect(m_model, &QAbstractItemModel::modelReset, this, &LayerTableView::hideEmptyColumns);
    connect(m_model, &QAbstractItemModel::modelReset, this, &LayerTableView::widenColumns);
    connect(&options, &DisplayOptions::changed, this, &LayerTableView::widenColumns);
    hideEmptyColumns();
    widenColumns();
    connect(selectionModel(), &QItemSelectionModel::selectionChanged, this, [this] {
        if (!m_selecting) emit selectionChangedByUser(selectedLayers());
    });
}

void LayerTableView::hideEmptyColumns()
{
    for (int c = LayerTableModel::FirstComponent; c < m_model->columnCount() - 1; ++c) {
        bool any = false;
        for (int r = 0; r < m_model->rowCount() && !any; ++r)
            any = m_model->index(r, c).data(LayerTableModel::kSortRole).toULongLong() > 0;
        setColumnHidden(c, !any);
    }
}

void LayerTableView::widenColumns()
{
    // Only ever wider: a width the person chose is kept unless the text no longer fits it.
    for (int c = 0; c < m_model->columnCount(); ++c) {
        if (isColumnHidden(c)) continue;
        const int needed = neededWidth(c);
        if (columnWidth(c) < needed) setColumnWidth(c, needed);
    }
}

int LayerTableView::neededWidth(int column) const
{
    return std::max(horizontalHeader()->sectionSizeHint(column), sizeHintForColumn(column));
}

std::vector<core::LayerId> LayerTableView::selectedLayers() const
{
    std::vector<core::LayerId> ids;
    for (const QModelIndex& i : selectionModel()->selectedRows())
        ids.push_back(core::LayerId{i.data(LayerTableModel::kLayerIdRole).toUInt()});
    return ids;
}

void LayerTableView::selectLayers(const std::vector<core::LayerId>& ids)
{
    m_selecting = true;
    QItemSelection sel;
    for (core::LayerId id : ids) {
        const int row = m_model->rowOf(id);
        if (row < 0) continue;
        const QModelIndex i = m_proxy->mapFromSource(m_model->index(row, 0));
        sel.select(i, i);
    }
    selectionModel()->select(sel, QItemSelectionModel::ClearAndSelect | QItemSelectionModel::Rows);
    m_selecting = false;
}

} // namespace netsizer::ui
