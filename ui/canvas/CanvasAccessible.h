#pragma once
// The canvas for assistive technology: QGraphicsView items have no accessible interfaces of
// their own, so the canvas (GraphView) reports one child per layer, in the graph's layer order:
// role ListItem, name "conv1, Conv2D", description its output shape, parameters and memory, its
// rectangle on screen, and selected / focused as on the canvas (CanvasKeyboard announces focus
// changes). Child interfaces are registered once per layer and unregistered with the view.

#include "core/graph/LayerId.h"

#include <QAccessibleWidget>
#include <QPointer>

namespace netsizer::ui {

class GraphView;

class CanvasAccessible : public QAccessibleWidget {
public:
    explicit CanvasAccessible(GraphView* view);
    // Installs the factory that gives every GraphView this interface (once per process).
    static void install();

    int childCount() const override;
    QAccessibleInterface* child(int index) const override;
    int indexOfChild(const QAccessibleInterface* child) const override;
    QAccessibleInterface* childAt(int x, int y) const override;
    QAccessibleInterface* focusChild() const override;

private:
    GraphView* view() const;
};

// One layer of the canvas (see CanvasAccessible).
class LayerAccessible : public QAccessibleInterface {
public:
    LayerAccessible(GraphView* view, core::LayerId id);

    bool isValid() const override;
    QObject* object() const override { return nullptr; }
    QWindow* window() const override;
    QAccessibleInterface* parent() const override;
    QAccessibleInterface* child(int) const override { return nullptr; }
    int childCount() const override { return 0; }
    int indexOfChild(const QAccessibleInterface*) const override { return -1; }
    QAccessibleInterface* childAt(int, int) const override { return nullptr; }
    QString text(QAccessible::Text t) const override;
    void setText(QAccessible::Text, const QString&) override {}
    QRect rect() const override;
    QAccessible::Role role() const override { return QAccessible::ListItem; }
    QAccessible::State state() const override;
    core::LayerId layerId() const { return m_id; }

private:
    QPointer<GraphView> m_view;
    core::LayerId m_id;
};

} // namespace netsizer::ui
