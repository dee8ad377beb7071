#include "ui/canvas/CanvasAccessible.h"

#include "ui/canvas/GraphScene.h"
#include "ui/canvas/GraphView.h"
#include "ui/canvas/NodeItem.h"
#include "ui/document/Document.h"

#include <QCoreApplication>
#include <QHash>
#include <QPair>
#include <QSet>
#include <QWindow>

#include <algorithm>

namespace netsizer::ui {

namespace {

// Registered child interfaces, by view and layer.
QHash<QPair<const GraphView*, quint32>, QAccessible::Id>& registry()
{
    static QHash<QPair<const GraphView*, quint32>, QAccessible::Id> ids;
    return ids;
}

QAccessibleInterface* canvasFactory(const QString& className, QObject* object)
{
    if (className == QLatin1String("netsizer::ui::GraphView"))
        if (auto* view = qobject_cast<GraphView*>(object)) return new CanvasAccessible(view);
    return nullptr;
}

QAccessibleInterface* layerInterface(GraphView* view, core::LayerId id)
{
    const auto key = qMakePair(static_cast<const GraphView*>(view), core::toIndex(id));
    auto& ids = registry();
    if (const auto it = ids.find(key); it != ids.end())
        if (QAccessibleInterface* existing = QAccessible::accessibleInterface(*it)) return existing;
    auto* iface = new LayerAccessible(view, id);
    const QAccessible::Id registered = QAccessible::registerAccessibleInterface(iface);
    static QSet<const GraphView*> watched;
    if (!watched.contains(view)) {
        watched.insert(view);
        QObject::connect(view, &QObject::destroyed, view, [key] {
            // Every interface of this view goes with it.
            watched.remove(key.first);
            auto& all = registry();
            for (auto it = all.begin(); it != all.end();) {
                if (it.key().first == key.first) {
                    QAccessible::deleteAccessibleInterface(it.value());
                    it = all.erase(it);
                } else {
                    ++it;
                }
            }
        });
    }
    ids.insert(key, registered);
    return iface;
}

} // namespace

CanvasAccessible::CanvasAccessible(GraphView* view) : QAccessibleWidget(view, QAccessible::List) {}

void CanvasAccessible::install()
{
    static const bool installed = [] {
        QAccessible::installFactory(canvasFactory);
        return true;
    }();
    Q_UNUSED(installed);
}

GraphView* CanvasAccessible::view() const { return static_cast<GraphView*>(widget()); }

int CanvasAccessible::childCount() const { return static_cast<int>(view()->document().graph().layers().size()); }

QAccessibleInterface* CanvasAccessible::child(int index) const
{
    const auto& layers = view()->document().graph().layers();
    if (index < 0 || index >= static_cast<int>(layers.size())) return nullptr;
    return layerInterface(view(), layers[static_cast<std::size_t>(index)].id);
}

int CanvasAccessible::indexOfChild(const QAccessibleInterface* child) const
{
    const auto* layer = dynamic_cast<const LayerAccessible*>(child);
    if (!layer) return -1;
    const auto& layers = view()->document().graph().layers();
    for (std::size_t i = 0; i < layers.size(); ++i)
        if (layers[i].id == layer->layerId()) return static_cast<int>(i);
    return -1;
}

QAccessibleInterface* CanvasAccessible::childAt(int x, int y) const
{
    for (int i = 0; i < childCount(); ++i)
        if (QAccessibleInterface* c = child(i); c && c->rect().contains(x, y)) return c;
    return nullptr;
}

QAccessibleInterface* CanvasAccessible::focusChild() const
{
    const auto selected = view()->graphScene()->selectedLayers();
    if (selected.size() != 1) return nullptr;
    return layerInterface(view(), selected.front());
}

LayerAccessible::LayerAccessible(GraphView* view, core::LayerId id) : m_view(view), m_id(id) {}

bool LayerAccessible::isValid() const { return m_view && m_view->document().graph().find(m_id); }

QWindow* LayerAccessible::window() const { return m_view ? m_view->window()->windowHandle() : nullptr; }

QAccessibleInterface* LayerAccessible::parent() const
{
    return m_view ? QAccessible::queryAccessibleInterface(m_view.data()) : nullptr;
}

QString LayerAccessible::text(QAccessible::Text t) const
{
    if (!isValid()) return {};
    const NodeItem* node = m_view->graphScene()->node(m_id);
    const core::Layer* layer = m_view->document().graph().find(m_id);
    const QString name = QString::fromStdString(layer->name);
    if (!node) return t == QAccessible::Name ? name : QString();
    const NodeItem::Info& info = node->info();
    switch (t) {
    case QAccessible::Name:
        return QCoreApplication::translate("netsizer::ui::LayerAccessible", "%1, %2").arg(name, info.kind);
    case QAccessible::Description:
        if (!info.error.isEmpty()) return info.error;
        return QCoreApplication::translate("netsizer::ui::LayerAccessible", "output %1; %2; %3")
            .arg(info.shape, info.params, info.memory);
    default: return {};
    }
}

QRect LayerAccessible::rect() const
{
    if (!isValid()) return {};
    const NodeItem* node = m_view->graphScene()->node(m_id);
    if (!node) return {};
    const QRect inView = m_view->mapFromScene(node->sceneBox()).boundingRect();
    return QRect(m_view->viewport()->mapToGlobal(inView.topLeft()), inView.size());
}

QAccessible::State LayerAccessible::state() const
{
    QAccessible::State s;
    s.selectable = true;
    s.focusable = true;
    if (!isValid()) {
        s.invalid = true;
        return s;
    }
    const auto selected = m_view->graphScene()->selectedLayers();
    s.selected = std::find(selected.begin(), selected.end(), m_id) != selected.end();
    s.focused = s.selected && selected.size() == 1 && m_view->hasFocus();
    if (const NodeItem* node = m_view->graphScene()->node(m_id))
        s.offscreen = !m_view->viewport()->rect().intersects(m_view->mapFromScene(node->sceneBox()).boundingRect());
    return s;
}

} // namespace netsizer::ui
