#pragma once
// The frame a lesson step draws round its target: a child of the window laid over everything,
// transparent to the mouse and keyboard, following its target (a widget, several widgets that
// make one summary row, or a layer's node on the canvas) while it moves, every 150 ms.

#include <QPointer>
#include <QRect>
#include <QTimer>
#include <QWidget>

#include <functional>

namespace netsizer::ui {

class LessonHighlight : public QWidget {
    Q_OBJECT
public:
    explicit LessonHighlight(QWidget* window);

    // Frames what `locate` returns (window coordinates; an empty rect hides the frame).
    void follow(std::function<QRect()> locate);
    void clear();
    // The rectangle framed now (window coordinates), empty when hidden.
    QRect framed() const { return m_rect; }

protected:
    void paintEvent(QPaintEvent* event) override;

private:
    void track();

    std::function<QRect()> m_locate;
    QRect m_rect;
    QTimer m_timer;
};

} // namespace netsizer::ui
