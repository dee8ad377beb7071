#pragma once
// The layer table: a sortable QTableView over LayerTableModel (through a proxy sorting by the
// raw numbers). Emits layerActivated when a row is double-clicked and exposes the selected
// layers so the window can synchronise the selection with the canvas. Columns widen to their
// header and contents after every reset and unit change, so no number or title is cut.

#include "core/graph/LayerId.h"

#include <QTableView>

#include <vector>

class QSortFilterProxyModel;

namespace netsizer::ui {

class DisplayOptions;
class Document;
class LayerTableModel;

class LayerTableView : public QTableView {
    Q_OBJECT
public:
    LayerTableView(Document& doc, const DisplayOptions& options, QWidget* parent = nullptr);

    LayerTableModel* layerModel() const { return m_model; }
    QSortFilterProxyModel* proxy() const { return m_proxy; }
    std::vector<core::LayerId> selectedLayers() const;
    // Selects exactly these layers (no signal loop: emits selectionChangedByUser only for
    // user changes).
    void selectLayers(const std::vector<core::LayerId>& ids);

    // The width column `column` needs to show its title and every cell uncut.
    int neededWidth(int column) const;

signals:
    void selectionChangedByUser(const std::vector<netsizer::core::LayerId>& ids);

private:
    void hideEmptyColumns();
    void widenColumns();

    LayerTableModel* m_model = nullptr;
    QSortFilterProxyModel* m_proxy = nullptr;
    bool m_selecting = false;
};

} // namespace netsizer::ui
