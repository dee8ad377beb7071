#include "ui/lessons/LessonHighlight.h"

#include <QPainter>
#include <QPalette>

namespace netsizer::ui {

namespace {
constexpr int kMargin = 4;
}

LessonHighlight::LessonHighlight(QWidget* window) : QWidget(window)
{
    setObjectName(QStringLiteral("LessonHighlight"));
    setAttribute(Qt::WA_TransparentForMouseEvents);
    setAttribute(Qt::WA_NoSystemBackground);
    setFocusPolicy(Qt::NoFocus);
    hide();
    m_timer.setInterval(150);
    connect(&m_timer, &QTimer::timeout, this, &LessonHighlight::track);
}

void LessonHighlight::follow(std::function<QRect()> locate)
{
    m_locate = std::move(locate);
    m_timer.start();
    track();
}

void LessonHighlight::clear()
{
    m_locate = nullptr;
    m_timer.stop();
    m_rect = {};
    hide();
}

void LessonHighlight::track()
{
    const QRect r = m_locate ? m_locate() : QRect();
    if (r == m_rect && isVisible() == !r.isEmpty()) return;
    m_rect = r;
    if (r.isEmpty()) {
        hide();
        return;
    }
    setGeometry(r.adjusted(-kMargin, -kMargin, kMargin, kMargin).intersected(parentWidget()->rect()));
    show();
    raise();
    update();
}

void LessonHighlight::paintEvent(QPaintEvent*)
{
    QPainter p(this);
    p.setRenderHint(QPainter::Antialiasing);
    QPen pen(palette().color(QPalette::Highlight), 3);
    p.setPen(pen);
    p.setBrush(Qt::NoBrush);
    p.drawRoundedRect(QRectF(rect()).adjusted(1.5, 1.5, -1.5, -1.5), 6, 6);
}

} // namespace netsizer::ui
