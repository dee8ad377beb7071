#pragma once
// The canvas without a mouse. While the canvas has the focus:
// - Down / Up select the layer the selected one feeds / is fed by (its first consumer / first
//   producer, by connection order); Right / Left select the next / previous layer fed by the
//   same producer (a branch), or with no producer the next / previous source;
// - ] / [ select the next / previous layer in the graph's order, connected or not;
// - C on a selected layer starts a connection from its output; C again on another layer
//   connects it to that layer's first free input (one undo step, or the refusal's reason);
//   Esc cancels a pending connection, else clears the selection.
// With nothing selected, any of these keys selects the first layer. The selected layer is
// brought into view and announced (GraphScene::layerSelectionChanged), as a click would.
// keyHelp() lists these keys for Help ▸ Keyboard shortcuts.

#include "core/graph/LayerId.h"

#include <QList>
#include <QObject>
#include <QPair>
#include <QString>

#include <optional>

class QKeyEvent;

namespace netsizer::ui {

class Document;
class GraphScene;
class GraphView;

class CanvasKeyboard : public QObject {
    Q_OBJECT
public:
    CanvasKeyboard(Document& doc, GraphScene& scene, GraphView& view);

    // Whether `event` is one of the keys above (ShortcutOverride: the canvas keeps them).
    static bool isCanvasKey(const QKeyEvent* event);
    // Handles one of the keys; false when `event` is not one of them.
    bool handle(const QKeyEvent* event);
    // The layer a connection is pending from, if any.
    std::optional<core::LayerId> pendingSource() const { return m_source; }
    // (what, key) pairs for the shortcut list, translated.
    static QList<QPair<QString, QString>> keyHelp();

signals:
    // A one-line message for the status bar (a connection started, made or refused).
    void message(const QString& text);

private:
    void select(core::LayerId id);
    void connectKey(std::optional<core::LayerId> selected);
    std::optional<core::LayerId> neighbour(core::LayerId from, int key) const;

    Document& m_doc;
    GraphScene& m_scene;
    GraphView& m_view;
    std::optional<core::LayerId> m_source;
};

} // namespace netsizer::ui
