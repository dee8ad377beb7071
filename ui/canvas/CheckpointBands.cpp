#include "ui/canvas/CheckpointBands.h"

#include "ui/canvas/GraphScene.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"

#include <QBrush>
#include <QGraphicsRectItem>
#include <QGraphicsSimpleTextItem>
#include <QObject>
#include <QPen>

namespace netsizer::ui {

namespace {
constexpr double kMargin = 14;
constexpr double kLabel = 18; // room above the first node for the label
const QColor kTeal(0, 150, 136);
} // namespace

CheckpointBands::CheckpointBands(const Document& doc, GraphScene& scene) : m_doc(doc), m_scene(scene) {}

CheckpointBands::~CheckpointBands() { clear(); }

void CheckpointBands::clear()
{
    for (auto& [segment, band] : m_bands) delete band;
    m_bands.clear();
}

void CheckpointBands::rebuild()
{
    clear();
    for (const core::Layer& l : m_doc.graph().layers()) {
        if (l.checkpoint.empty() || m_bands.count(l.checkpoint)) continue;
        auto* band = new QGraphicsRectItem;
        QColor fill = kTeal;
        fill.setAlpha(38);
        QColor edge = kTeal;
        edge.setAlpha(170);
        band->setBrush(fill);
        band->setPen(QPen(edge, 1.2, Qt::DashLine));
        band->setZValue(-2); // behind group frames (-1), nodes and edges
        band->setToolTip(QObject::tr("Gradient checkpointing, segment %1: its activations are dropped in forward and "
                                     "recomputed in backward")
                             .arg(QString::fromStdString(l.checkpoint)));
        auto* label = new QGraphicsSimpleTextItem(QObject::tr("checkpointed: recomputed in backward"), band);
        label->setBrush(edge);
        m_scene.addItem(band);
        m_bands.emplace(l.checkpoint, band);
    }
    layout();
}

void CheckpointBands::layout()
{
    std::unordered_map<std::string, QRectF> rects;
    for (const core::Layer& l : m_doc.graph().layers()) {
        NodeItem* n = l.checkpoint.empty() ? nullptr : m_scene.node(l.id);
        if (!n || !n->isVisible()) continue;
        const QRectF box(n->pos() - QPointF(NodeItem::kWidth / 2, NodeItem::kHeight / 2), QSizeF(NodeItem::kWidth, NodeItem::kHeight));
        QRectF& r = rects[l.checkpoint];
        r = r.isNull() ? box : r.united(box);
    }
    for (auto& [segment, band] : m_bands) {
        auto it = rects.find(segment);
        band->setVisible(it != rects.end());
        if (it == rects.end()) continue;
        const QRectF r = it->second.adjusted(-kMargin, -kMargin - kLabel, kMargin, kMargin);
        band->setRect(r);
        if (auto* label = band->childItems().isEmpty() ? nullptr : band->childItems().front()) label->setPos(r.topLeft() + QPointF(6, 3));
    }
}

QRectF CheckpointBands::band(const std::string& segment) const
{
    auto it = m_bands.find(segment);
    return it == m_bands.end() || !it->second->isVisible() ? QRectF() : it->second->rect();
}

} // namespace netsizer::ui
