#pragma once
// The layers as table rows — the Keras-summary view, live: name, kind, output shape,
// parameters (learnable elements, frozen included: what the summary and PyTorch's
// parameters() count), buffers (running statistics and counters: stored, never trained), MACs, then each memory component at the configured batch and the layer's total.
// Rows follow the analysis' topological order (layers it could not place come last).
// DisplayRole gives formatted text, Qt::UserRole (kSortRole) the raw number for sorting,
// ToolTipRole the exact bytes. Layers with an error show it in red with the message on hover.
// Updates coalesce to at most one per event-loop turn.

#include "core/graph/LayerId.h"
#include "ui/document/ChangeEvent.h"

#include <QAbstractTableModel>

#include <cstdint>
#include <vector>

namespace netsizer::ui {

class DisplayOptions;
class Document;

class LayerTableModel : public QAbstractTableModel {
    Q_OBJECT
public:
    enum Column { Name, Kind, OutputShape, Params, Buffers, Macs, FirstComponent };
    static constexpr int kSortRole = Qt::UserRole;
    static constexpr int kLayerIdRole = Qt::UserRole + 1; // core::LayerId as uint

    LayerTableModel(Document& doc, const DisplayOptions& options, QObject* parent = nullptr);

    int rowCount(const QModelIndex& parent = {}) const override;
    int columnCount(const QModelIndex& parent = {}) const override;
    QVariant data(const QModelIndex& index, int role) const override;
    QVariant headerData(int section, Qt::Orientation orientation, int role) const override;

    // Row of the layer, or -1.
    int rowOf(core::LayerId id) const;
    core::LayerId layerAt(int row) const;

public slots:
    // Applies every pending change now (normally runs queued).
    void refresh();

private:
    struct Row {
        core::LayerId id{};
        int layerIndex = -1;    // into Graph::layers()
        int analysisIndex = -1; // into Analysis::layers / MemoryBreakdown::layers, -1 if absent
    };
    void onChanged(const ChangeEvent& e);
    void rebuildRows();
    int totalColumn() const;

    Document& m_doc;
    const DisplayOptions& m_options;
    std::vector<Row> m_rows;
    Changes m_pending;
    bool m_scheduled = false;
};

} // namespace netsizer::ui
