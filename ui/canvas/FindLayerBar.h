#pragma once
// Find a layer by name (Ctrl+F on the canvas): a small bar over the canvas's top-right corner
// with a text field, "2 of 5", previous / next and close. Typing matches layer names
// case-insensitively anywhere in the name, in the graph's layer order, and goes to the first
// match; Enter (or next) goes to the next one, Shift+Enter (or previous) back, wrapping. Going
// to a layer selects it (the table and property panel follow, as for a click) and centres the
// canvas on it, zooming in to at least kFindZoom when the canvas is zoomed out further. No
// match: the count reads "No match" in the error colour and the selection is left alone.
// Escape or close hides the bar and gives the focus back to the canvas. Owned by its
// GraphView, which places it.

#include "core/graph/LayerId.h"

#include <QFrame>

#include <vector>

class QLabel;
class QLineEdit;
class QToolButton;

namespace netsizer::ui {

class Document;
class GraphView;

class FindLayerBar : public QFrame {
    Q_OBJECT
public:
    static constexpr double kFindZoom = 0.75;

    FindLayerBar(Document& doc, GraphView& canvas);

    QLineEdit* field() const { return m_field; }
    // "2 of 5", "No match" or empty (nothing typed).
    QString countText() const;
    // The layers matching the current text, in graph order.
    const std::vector<core::LayerId>& matches() const { return m_matches; }

public slots:
    // Shows the bar with its text selected and focused.
    void activate();
    void next();
    void previous();
    void dismiss();

protected:
    void keyPressEvent(QKeyEvent* event) override;
    bool eventFilter(QObject* watched, QEvent* event) override;

private:
    void search();
    void goTo(int index);
    void showCount();

    Document& m_doc;
    GraphView& m_canvas;
    QLineEdit* m_field = nullptr;
    QLabel* m_count = nullptr;
    std::vector<core::LayerId> m_matches;
    int m_current = -1;
};

} // namespace netsizer::ui
