#include "ui/canvas/CanvasClipboard.h"

#include "ui/canvas/GraphLayout.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/LayerFragment.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"

#include <QClipboard>
#include <QGuiApplication>
#include <QMimeData>
#include <QRectF>

#include <cmath>

namespace netsizer::ui {

namespace {
constexpr double kGap = 40;    // scene units between the originals and a copy shifted beside them
constexpr double kMargin = 10; // nodes closer than this (edge to edge) count as covering each other
constexpr int kMaxPlacementTries = 200;
} // namespace

CanvasClipboard::CanvasClipboard(Document& doc, GraphScene& scene, QObject* parent)
    : QObject(parent), m_doc(doc), m_scene(scene)
{
}

core::Graph CanvasClipboard::selectionFragment() const
{
    m_scene.refresh(); // positions of pending edits
    return LayerFragment::extract(m_doc.graph(), m_scene.selectedLayers(), [this](core::LayerId id) {
        const NodeItem* n = m_scene.node(id);
        return n ? n->pos() : QPointF();
    });
}

bool CanvasClipboard::copy()
{
    const core::Graph fragment = selectionFragment();
    if (fragment.size() == 0) {
        emit message(tr("Nothing to copy: select layers first"));
        return false;
    }
    QGuiApplication::clipboard()->setMimeData(LayerFragment::toMimeData(fragment));
    emit message(tr("Copied %n layer(s)", nullptr, int(fragment.size())) + QStringLiteral(", ") +
                 tr("%n connection(s)", nullptr, int(fragment.connections().size())));
    return true;
}

bool CanvasClipboard::cut()
{
    if (!copy()) return false;
    m_scene.deleteSelection(tr("Cut"));
    return true;
}

std::vector<core::LayerId> CanvasClipboard::paste(std::optional<QPointF> at)
{
    auto fragment = LayerFragment::fromMimeData(QGuiApplication::clipboard()->mimeData());
    if (!fragment) {
        const core::Error& e = fragment.error();
        emit message(e.code == "empty" ? tr("Nothing to paste: %1").arg(QString::fromStdString(e.message))
                                       : tr("Nothing pasted: the clipboard is not a NetSizer model (%1)")
                                             .arg(QString::fromStdString(e.describe())));
        return {};
    }
    if (fragment->size() == 0) {
        emit message(tr("Nothing to paste: the clipboard's model has no layers"));
        return {};
    }
    return insert(std::move(fragment.value()), at, tr("Paste"));
}

std::vector<core::LayerId> CanvasClipboard::duplicate()
{
    core::Graph fragment = selectionFragment();
    if (fragment.size() == 0) {
        emit message(tr("Nothing to duplicate: select layers first"));
        return {};
    }
    return insert(std::move(fragment), std::nullopt, tr("Duplicate"));
}

QPointF CanvasClipboard::freeOffset(const core::Graph& fragment) const
{
    m_scene.refresh(); // nodes of pending edits exist, at their current places
    std::vector<QPointF> occupied;
    for (const core::Layer& l : m_doc.graph().layers())
        if (const NodeItem* n = m_scene.node(l.id)) occupied.push_back(n->pos());
    const double step = NodeItem::kWidth + kGap;
    const double w = NodeItem::kWidth + kMargin, h = NodeItem::kHeight + kMargin;
    for (int k = 0; k < kMaxPlacementTries; ++k) {
        const QPointF d(k * step, 0);
        bool clear = true;
        for (const core::Layer& l : fragment.layers()) {
            const QPointF p = QPointF(l.x, l.y) + d;
            for (const QPointF& o : occupied)
                if (std::abs(o.x() - p.x()) < w && std::abs(o.y() - p.y()) < h) {
                    clear = false;
                    break;
                }
            if (!clear) break;
        }
        if (clear) return d;
    }
    return QPointF(kMaxPlacementTries * step, 0);
}

std::vector<core::LayerId> CanvasClipboard::insert(core::Graph fragment, std::optional<QPointF> at, const QString& undoText)
{
    // A pasted model file may come without positions: lay those layers out among themselves.
    bool missing = false;
    for (const core::Layer& l : fragment.layers()) missing |= !l.hasPosition;
    if (missing) {
        const auto laid = GraphLayout::layout(fragment, QSizeF(NodeItem::kWidth, NodeItem::kHeight));
        std::vector<core::LayerId> ids;
        for (const core::Layer& l : fragment.layers()) ids.push_back(l.id);
        for (core::LayerId id : ids) {
            core::Layer* l = fragment.find(id);
            if (l->hasPosition) continue;
            const auto it = laid.find(core::toIndex(id));
            l->x = it == laid.end() ? 0.0 : it->second.x();
            l->y = it == laid.end() ? 0.0 : it->second.y();
            l->hasPosition = true;
        }
    }
    QPointF offset;
    if (at) {
        QRectF box;
        for (const core::Layer& l : fragment.layers()) box |= QRectF(QPointF(l.x, l.y), QSizeF(1e-9, 1e-9));
        offset = *at - box.center();
    } else {
        offset = freeOffset(fragment);
    }
    const auto ids = m_doc.pasteLayers(fragment, offset.x(), offset.y(), undoText);
    m_scene.refresh(); // show the new nodes now so they can be selected
    m_scene.selectLayers(ids, true);
    emit message(tr("%1: %n layer(s)", nullptr, int(ids.size())).arg(undoText) + QStringLiteral(", ") +
                 tr("%n connection(s)", nullptr, int(fragment.connections().size())));
    return ids;
}

} // namespace netsizer::ui
