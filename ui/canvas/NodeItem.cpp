#include "ui/canvas/NodeItem.h"

#include "ui/canvas/EdgeItem.h"
#include "ui/style/ComponentStyle.h"
#include "ui/style/StatusColors.h"
#include "ui/style/StepMarkColor.h"

#include <QApplication>
#include <QPainter>
#include <QPalette>
#include <QStyleOptionGraphicsItem>

namespace netsizer::ui {

NodeItem::NodeItem(core::LayerId id) : m_id(id)
{
    setFlags(ItemIsMovable | ItemIsSelectable | ItemSendsGeometryChanges);
    setAcceptHoverEvents(true);
    setZValue(1);
}

void NodeItem::setInfo(const Info& info)
{
    prepareGeometryChange();
    m_info = info;
    setToolTip(info.error.isEmpty() ? info.tooltip : info.error);
    update();
}

void NodeItem::setMemory(const QString& memory, const std::array<double, core::kComponentCount>& parts,
                         const QString& tooltip)
{
    if (memory == m_info.memory && parts == m_info.parts && tooltip == m_info.tooltip) return;
    m_info.memory = memory;
    m_info.parts = parts;
    m_info.tooltip = tooltip;
    if (m_info.error.isEmpty()) setToolTip(tooltip);
    update();
}

void NodeItem::setStepMark(const QString& tag)
{
    if (tag == m_stepMark) return;
    prepareGeometryChange(); // the mark's label grows the bounding rectangle
    m_stepMark = tag;
    update();
}

QRectF NodeItem::boundingRect() const
{
    const double m = kPortRadius + 2;
    const double above = m_stepMark.isEmpty() ? m : kStepTagHeight + 4;
    return QRectF(-kWidth / 2 - 4, -kHeight / 2 - above, kWidth + 8, kHeight + above + m);
}

QPointF NodeItem::inputPortPos(int port) const
{
    const int n = std::max(1, m_info.inputPorts);
    const double x = -kWidth / 2 + kWidth * (port + 1) / (n + 1);
    return mapToScene(QPointF(x, -kHeight / 2));
}

QPointF NodeItem::outputPortPos() const { return mapToScene(QPointF(0, kHeight / 2)); }

std::optional<NodeItem::Port> NodeItem::portAt(QPointF scenePos) const
{
    const double r2 = (kPortRadius + 4) * (kPortRadius + 4);
    const auto near = [&](QPointF p) {
        const QPointF d = p - scenePos;
        return d.x() * d.x() + d.y() * d.y() <= r2;
    };
    if (m_info.hasOutput && near(outputPortPos())) return Port{false, 0};
    for (int i = 0; i < m_info.inputPorts; ++i)
        if (near(inputPortPos(i))) return Port{true, i};
    return std::nullopt;
}

QVariant NodeItem::itemChange(GraphicsItemChange change, const QVariant& value)
{
    if (change == ItemPositionHasChanged)
        for (EdgeItem* e : m_edges) e->updatePath();
    return QGraphicsItem::itemChange(change, value);
}

void NodeItem::paint(QPainter* p, const QStyleOptionGraphicsItem* option, QWidget* widget)
{
    const QPalette pal = widget ? widget->palette() : QApplication::palette();
    const bool selected = option->state & QStyle::State_Selected;
    const QRectF box(-kWidth / 2, -kHeight / 2, kWidth, kHeight);
    const QColor errorInk = StatusColors::error(pal);
    QColor fill = pal.color(QPalette::Base);
    if (!m_info.trainable) fill = pal.color(QPalette::AlternateBase);
    QPen border(m_info.error.isEmpty() ? pal.color(QPalette::Mid) : errorInk, m_info.error.isEmpty() ? 1.2 : 2.5);
    if (selected) border = QPen(pal.color(QPalette::Highlight), 2.5);
    if (!m_info.trainable) border.setStyle(Qt::DashLine);
    p->setRenderHint(QPainter::Antialiasing);
    p->setPen(border);
    p->setBrush(fill);
    p->drawRoundedRect(box, 6, 6);

    const QColor text = pal.color(QPalette::Text);
    QColor dim = text;
    dim.setAlpha(170);
    QFont f = p->font();
    f.setPointSizeF(9);
    f.setBold(true);
    p->setFont(f);
    p->setPen(text);
    const QRectF line1(box.left() + 8, box.top() + 4, kWidth - 16, 18);
    p->drawText(line1, Qt::AlignLeft | Qt::AlignVCenter,
                p->fontMetrics().elidedText(m_info.name, Qt::ElideRight, static_cast<int>(kWidth * 0.55)));
    f.setBold(false);
    f.setPointSizeF(8);
    p->setFont(f);
    p->setPen(dim);
    p->drawText(line1, Qt::AlignRight | Qt::AlignVCenter, m_info.kind + (m_info.trainable ? QString() : QStringLiteral(" ❄")));
    p->setPen(m_info.error.isEmpty() ? text : errorInk);
    const QRectF line2(box.left() + 8, box.top() + 22, kWidth - 16, 16);
    p->drawText(line2, Qt::AlignLeft | Qt::AlignVCenter,
                p->fontMetrics().elidedText(m_info.error.isEmpty() ? m_info.shape : m_info.error, Qt::ElideRight,
                                            static_cast<int>(kWidth - 16)));
    p->setPen(dim);
    const QRectF line3(box.left() + 8, box.top() + 38, kWidth - 16, 16);
    p->drawText(line3, Qt::AlignLeft | Qt::AlignVCenter, m_info.params);
    // Memory badge: total and a stacked bar of the components.
    f.setBold(true);
    p->setFont(f);
    p->setPen(text);
    p->drawText(line3, Qt::AlignRight | Qt::AlignVCenter, m_info.memory);
    double total = 0;
    for (double v : m_info.parts) total += v;
    const QRectF bar(box.left() + 8, box.bottom() - 16, kWidth - 16, 7);
    p->setPen(Qt::NoPen);
    if (total > 0) {
        double x = bar.left();
        for (std::size_t c = 0; c < m_info.parts.size(); ++c) {
            const double w = bar.width() * m_info.parts[c] / total;
            if (w <= 0) continue;
            p->setBrush(ComponentStyle::color(core::kAllComponents[c]));
            p->drawRect(QRectF(x, bar.top(), w, bar.height()));
            x += w;
        }
    } else {
        QColor empty = dim;
        empty.setAlpha(40);
        p->setBrush(empty);
        p->drawRect(bar);
    }
    if (!m_stepMark.isEmpty()) paintStepMark(p, box);
    // Ports.
    p->setPen(QPen(pal.color(QPalette::Text), 1));
    p->setBrush(pal.color(QPalette::Button));
    for (int i = 0; i < m_info.inputPorts; ++i)
        p->drawEllipse(mapFromScene(inputPortPos(i)), kPortRadius, kPortRadius);
    if (m_info.hasOutput) {
        p->setBrush(pal.color(QPalette::Highlight));
        p->drawEllipse(QPointF(0, kHeight / 2), kPortRadius, kPortRadius);
    }
}

void NodeItem::paintStepMark(QPainter* p, const QRectF& box) const
{
    const QColor accent = ui::stepMarkColor();
    p->setPen(QPen(accent, 3.5));
    p->setBrush(Qt::NoBrush);
    p->drawRoundedRect(box.adjusted(-2, -2, 2, 2), 7, 7);
    QFont f = p->font();
    f.setPointSizeF(8);
    f.setBold(true);
    p->setFont(f);
    const double w = p->fontMetrics().horizontalAdvance(m_stepMark) + 14;
    const QRectF tag(box.left(), box.top() - kStepTagHeight - 3, w, kStepTagHeight);
    p->setPen(Qt::NoPen);
    p->setBrush(accent);
    p->drawRoundedRect(tag, 4, 4);
    p->setPen(Qt::black);
    p->drawText(tag, Qt::AlignCenter, m_stepMark);
}

} // namespace netsizer::ui
