#include "ui/table/LayerTableModel.h"

#include "core/layers/LayerKind.h"
#include "core/util/NumberFormat.h"
#include "ui/document/Document.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/DisplayOptions.h"
#include "ui/style/StatusColors.h"

#include <QBrush>
#include <QColor>
#include <QFont>
#include <QGuiApplication>

namespace netsizer::ui {

LayerTableModel::LayerTableModel(Document& doc, const DisplayOptions& options, QObject* parent)
    : QAbstractTableModel(parent), m_doc(doc), m_options(options)
{
    connect(&doc, &Document::changed, this, &LayerTableModel::onChanged);
    connect(&options, &DisplayOptions::changed, this, [this] {
        if (!m_rows.empty()) emit dataChanged(index(0, FirstComponent), index(rowCount() - 1, totalColumn()));
    });
    rebuildRows();
}

void LayerTableModel::onChanged(const ChangeEvent& e)
{
    if (e.what == Changes(Change::Positions)) return;
    m_pending |= e.what;
    if (m_scheduled) return;
    m_scheduled = true;
    QMetaObject::invokeMethod(this, &LayerTableModel::refresh, Qt::QueuedConnection);
}

void LayerTableModel::refresh()
{
    m_scheduled = false;
    const Changes pending = m_pending;
    m_pending = Change::None;
    if (pending == Change::None) return;
    if (pending.testAnyFlags(Change::Structure | Change::Reset | Change::Attributes | Change::Trainable | Change::Checkpoint)) {
        beginResetModel();
        rebuildRows();
        endResetModel();
    } else if (!m_rows.empty()) {
        emit dataChanged(index(0, 0), index(rowCount() - 1, totalColumn()));
    }
}

void LayerTableModel::rebuildRows()
{
    m_rows.clear();
    const auto& graph = m_doc.graph();
    const auto& analysis = m_doc.analysis();
    std::vector<bool> placed(graph.size(), false);
    for (std::size_t i = 0; i < analysis.layers.size(); ++i) {
        const auto& la = analysis.layers[i];
        m_rows.push_back({la.id, static_cast<int>(la.layerIndex), static_cast<int>(i)});
        if (la.layerIndex < placed.size()) placed[la.layerIndex] = true;
    }
    for (std::size_t i = 0; i < graph.size(); ++i)
        if (!placed[i]) m_rows.push_back({graph.layers()[i].id, static_cast<int>(i), -1});
}

int LayerTableModel::totalColumn() const { return FirstComponent + core::kComponentCount; }

int LayerTableModel::rowCount(const QModelIndex& parent) const
{
    return parent.isValid() ? 0 : static_cast<int>(m_rows.size());
}

int LayerTableModel::columnCount(const QModelIndex& parent) const { return parent.isValid() ? 0 : totalColumn() + 1; }

int LayerTableModel::rowOf(core::LayerId id) const
{
    for (std::size_t i = 0; i < m_rows.size(); ++i)
        if (m_rows[i].id == id) return static_cast<int>(i);
    return -1;
}

core::LayerId LayerTableModel::layerAt(int row) const { return m_rows.at(static_cast<std::size_t>(row)).id; }

QVariant LayerTableModel::headerData(int section, Qt::Orientation orientation, int role) const
{
    if (orientation != Qt::Horizontal) return {};
    if (role == Qt::DecorationRole && section >= FirstComponent && section < totalColumn())
        return ComponentStyle::swatch(core::kAllComponents[static_cast<std::size_t>(section - FirstComponent)]);
    if (role == Qt::ToolTipRole && section == Params)
        return tr("Learnable parameters, frozen ones included (the summary's count); buffers are counted apart");
    if (role == Qt::ToolTipRole && section == Buffers)
        return tr("Buffers: stored with the weights (running mean and variance, counters) but never trained");
    if (role != Qt::DisplayRole) return {};
    switch (section) {
    case Name: return tr("Name");
    case Kind: return tr("Kind");
    case OutputShape: return tr("Output shape");
    case Params: return tr("Parameters");
    case Buffers: return tr("Buffers");
    case Macs: return tr("MACs");
    default: break;
    }
    if (section == totalColumn()) return tr("Total");
    return ComponentStyle::label(core::kAllComponents[static_cast<std::size_t>(section - FirstComponent)]);
}

QVariant LayerTableModel::data(const QModelIndex& index, int role) const
{
    if (!index.isValid() || index.row() >= rowCount()) return {};
    const Row& row = m_rows[static_cast<std::size_t>(index.row())];
    const auto& graph = m_doc.graph();
    const core::Layer& layer = graph.layers()[static_cast<std::size_t>(row.layerIndex)];
    const auto& analysis = m_doc.analysis();
    const core::LayerAnalysis* la = row.analysisIndex >= 0 ? &analysis.layers[static_cast<std::size_t>(row.analysisIndex)] : nullptr;
    const bool ok = la && la->analysed;
    const int col = index.column();

    if (role == kLayerIdRole) return QVariant::fromValue(core::toIndex(row.id));
    // The application palette at paint time: a palette switch repaints the view with the new ink.
    if (role == Qt::ForegroundRole && la && la->error) return QBrush(StatusColors::error(QGuiApplication::palette()));
    if (role == Qt::ToolTipRole && la && la->error) return QString::fromStdString(la->error->message);
    if (role == Qt::TextAlignmentRole)
        return col >= Params ? QVariant(Qt::AlignRight | Qt::AlignVCenter) : QVariant(Qt::AlignLeft | Qt::AlignVCenter);
    if (role == Qt::FontRole && col == Name && !layer.trainable) {
        QFont f;
        f.setItalic(true); // frozen
        return f;
    }

    std::uint64_t bytes = 0;
    bool isBytes = false;
    if (col >= FirstComponent && ok) {
        const auto& bd = m_doc.breakdown();
        const auto& lm = bd.layers[static_cast<std::size_t>(row.analysisIndex)];
        bytes = col == totalColumn() ? lm.total().at(bd.config.batch)
                                     : lm[core::kAllComponents[static_cast<std::size_t>(col - FirstComponent)]].at(bd.config.batch);
        isBytes = true;
    }

    if (role == kSortRole) {
        switch (col) {
        case Name: return QString::fromStdString(layer.name);
        case Kind: return QString::fromStdString(layer.kind->displayName);
        case OutputShape:
            return ok && !la->result.outputs.empty() ? qulonglong(la->result.outputs[0].shape.numel().value()) : qulonglong(0);
        case Params: return la ? qulonglong(la->learnableParams) : qulonglong(0);
        case Buffers: return la ? qulonglong(la->bufferParams) : qulonglong(0);
        case Macs: return ok ? qulonglong(la->result.macs) : qulonglong(0);
        default: return qulonglong(bytes);
        }
    }
    if (role == Qt::ToolTipRole && isBytes) return DisplayOptions::exactBytes(bytes);
    if (role != Qt::DisplayRole) return {};
    switch (col) {
    case Name: return QString::fromStdString(layer.name) + (layer.trainable ? QString() : tr(" (frozen)"));
    case Kind: return QString::fromStdString(layer.kind->displayName);
    case OutputShape: {
        if (la && la->error) return tr("error");
        if (!ok) return QStringLiteral("—");
        QStringList shapes;
        for (const auto& t : la->result.outputs) shapes << QString::fromStdString(t.shape.toString());
        return shapes.join(QStringLiteral(", "));
    }
    case Params: return ok ? QString::fromStdString(core::withThousands(la->learnableParams)) : QString();
    case Buffers: return ok && la->bufferParams ? QString::fromStdString(core::withThousands(la->bufferParams)) : QString();
    case Macs: return ok ? QString::fromStdString(core::withThousands(la->result.macs)) : QString();
    default: return ok ? (bytes ? m_options.size(bytes) : QStringLiteral("0")) : QString();
    }
}

} // namespace netsizer::ui
