#include "ui/canvas/CanvasKeyboard.h"

#include "core/layers/LayerKind.h"
#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"

#include <QAccessible>
#include <QKeyEvent>

#include <algorithm>

namespace netsizer::ui {

namespace {
bool plain(const QKeyEvent* e) { return (e->modifiers() & ~(Qt::KeypadModifier | Qt::ShiftModifier)) == Qt::NoModifier; }

// The layers in the graph's order (inputs first), or as stored when there is none (a cycle).
std::vector<core::LayerId> layerOrder(const core::Graph& g)
{
    std::vector<core::LayerId> ids;
    if (const auto order = g.topologicalOrder(); order.ok()) {
        for (std::size_t i : *order) ids.push_back(g.layers()[i].id);
    } else {
        for (const core::Layer& l : g.layers()) ids.push_back(l.id);
    }
    return ids;
}
} // namespace

CanvasKeyboard::CanvasKeyboard(Document& doc, GraphScene& scene, GraphView& view)
    : QObject(&view), m_doc(doc), m_scene(scene), m_view(view)
{
    connect(&doc, &Document::changed, this, [this] {
        if (m_source && !m_doc.graph().find(*m_source)) m_source.reset();
    });
}

bool CanvasKeyboard::isCanvasKey(const QKeyEvent* e)
{
    if (!plain(e)) return false;
    switch (e->key()) {
    case Qt::Key_Up:
    case Qt::Key_Down:
    case Qt::Key_Left:
    case Qt::Key_Right:
    case Qt::Key_BracketLeft:
    case Qt::Key_BracketRight:
    case Qt::Key_C: return true;
    default: return false;
    }
}

QList<QPair<QString, QString>> CanvasKeyboard::keyHelp()
{
    return {{tr("Canvas ▸ Select the layer fed by the selected one"), tr("Down")},
            {tr("Canvas ▸ Select the layer feeding the selected one"), tr("Up")},
            {tr("Canvas ▸ Select the next / previous branch of the same input"), tr("Right, Left")},
            {tr("Canvas ▸ Select the next / previous layer"), QStringLiteral("], [")},
            {tr("Canvas ▸ Connect: from the selected layer's output, then to the selected layer's input"), QStringLiteral("C")},
            {tr("Canvas ▸ Cancel the connection, else clear the selection"), tr("Esc")}};
}

bool CanvasKeyboard::handle(const QKeyEvent* e)
{
    const std::vector<core::LayerId> selected = m_scene.selectedLayers();
    const std::optional<core::LayerId> one = selected.size() == 1 ? std::optional(selected.front()) : std::nullopt;
    if (e->key() == Qt::Key_Escape && plain(e)) {
        if (m_source) {
            m_source.reset();
            emit message(tr("Connection cancelled"));
        } else {
            m_scene.selectLayers({}, true);
        }
        return true;
    }
    if (!isCanvasKey(e)) return false;
    if (e->key() == Qt::Key_C) {
        connectKey(one);
        return true;
    }
    const std::vector<core::LayerId> order = layerOrder(m_doc.graph());
    if (order.empty()) return true;
    if (!one) {
        select(order.front());
        return true;
    }
    if (const auto next = neighbour(*one, e->key())) select(*next);
    return true;
}

std::optional<core::LayerId> CanvasKeyboard::neighbour(core::LayerId from, int key) const
{
    const core::Graph& g = m_doc.graph();
    if (key == Qt::Key_BracketLeft || key == Qt::Key_BracketRight) {
        const std::vector<core::LayerId> ids = layerOrder(g);
        const auto it = std::find(ids.begin(), ids.end(), from);
        if (it == ids.end()) return std::nullopt;
        const auto at = static_cast<std::size_t>(it - ids.begin());
        if (key == Qt::Key_BracketRight) return at + 1 < ids.size() ? std::optional(ids[at + 1]) : std::nullopt;
        return at > 0 ? std::optional(ids[at - 1]) : std::nullopt;
    }
    if (key == Qt::Key_Down || key == Qt::Key_Up) {
        for (const core::Connection& c : g.connections()) {
            if (key == Qt::Key_Down && c.from.layer == from) return c.to.layer;
            if (key == Qt::Key_Up && c.to.layer == from) return c.from.layer;
        }
        return std::nullopt;
    }
    // Left / Right: the siblings fed by the same producer, or the sources.
    std::optional<core::LayerId> producer;
    for (const core::Connection& c : g.connections())
        if (c.to.layer == from) {
            producer = c.from.layer;
            break;
        }
    std::vector<core::LayerId> siblings;
    if (producer) {
        for (const core::Connection& c : g.connections())
            if (c.from.layer == *producer && std::find(siblings.begin(), siblings.end(), c.to.layer) == siblings.end())
                siblings.push_back(c.to.layer);
    } else {
        for (const core::LayerId id : layerOrder(g)) {
            const bool fed = std::any_of(g.connections().begin(), g.connections().end(),
                                         [id](const core::Connection& c) { return c.to.layer == id; });
            if (!fed) siblings.push_back(id);
        }
    }
    const auto it = std::find(siblings.begin(), siblings.end(), from);
    if (it == siblings.end() || siblings.size() < 2) return std::nullopt;
    const auto at = static_cast<std::size_t>(it - siblings.begin());
    const std::size_t n = siblings.size();
    return siblings[key == Qt::Key_Right ? (at + 1) % n : (at + n - 1) % n];
}

void CanvasKeyboard::select(core::LayerId id)
{
    m_scene.selectLayers({id}, true);
    if (NodeItem* n = m_scene.node(id)) m_view.ensureVisible(n);
    // Screen readers: the layer's accessible item has the focus now (CanvasAccessible).
    const auto& layers = m_doc.graph().layers();
    for (std::size_t i = 0; i < layers.size(); ++i)
        if (layers[i].id == id) {
            QAccessibleEvent event(&m_view, QAccessible::Focus);
            event.setChild(static_cast<int>(i));
            QAccessible::updateAccessibility(&event);
        }
}

void CanvasKeyboard::connectKey(std::optional<core::LayerId> selected)
{
    const core::Graph& g = m_doc.graph();
    if (!selected) {
        emit message(tr("Select one layer first, then press C to connect from its output"));
        return;
    }
    const core::Layer* target = g.find(*selected);
    if (!m_source || *m_source == *selected) {
        m_source = selected;
        emit message(tr("Connecting from '%1': select the layer to feed and press C (Esc cancels)")
                         .arg(QString::fromStdString(target->name)));
        return;
    }
    // The target's first input port that takes no connection yet.
    std::uint16_t port = 0;
    const int maxInputs = target->kind ? target->kind->maxInputs : 1;
    while (std::any_of(g.connections().begin(), g.connections().end(),
                       [&](const core::Connection& c) { return c.to.layer == *selected && c.to.port == port; }))
        ++port;
    const core::Layer* source = g.find(*m_source);
    const QString from = source ? QString::fromStdString(source->name) : QString();
    const QString to = QString::fromStdString(target->name);
    if (maxInputs != core::LayerKind::kUnbounded && port >= maxInputs) {
        emit message(tr("Not connected: every input of '%1' is taken").arg(to));
        return;
    }
    QString error;
    if (m_doc.connectPorts({{*m_source, 0}, {*selected, port}}, &error)) {
        emit message(tr("Connected '%1' to '%2'").arg(from, to));
        m_source.reset();
    } else {
        emit message(tr("Not connected: %1").arg(error));
    }
}

} // namespace netsizer::ui
